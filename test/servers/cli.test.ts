import { expect } from 'chai';
import { join } from 'node:path';
import { execa } from 'execa';
import { domainNames, loadDomain } from '../../servers/index.js';
import { REPO_ROOT } from '../support/project.js';
import { McpPort } from './support/ToolPort.js';

const CLI = ['--import', 'tsx', join(REPO_ROOT, 'core', 'cli', 'bin.ts')];
const prove = (args: string[]) => execa(process.execPath, [...CLI, ...args], { cwd: REPO_ROOT, reject: false, timeout: 60_000 });

describe('prove-rl serve and prove-rl tools (run as child processes)', function () {
  this.timeout(60_000);
  const names = domainNames();

  it('prove-rl tools --json prints the MCP tools/list entries of a domain, with sensitive parameters', async function () {
    if (names.length === 0) this.skip();
    const domain = await loadDomain(names[0]);
    const { exitCode, stdout } = await prove(['tools', domain.name, '--json']);
    expect(exitCode).to.equal(0);
    const listed = JSON.parse(stdout) as { domain: string; tools: Array<{ name: string; inputSchema: unknown; annotations: unknown; sensitive: string[] }> };
    expect(listed.domain).to.equal(domain.name);
    expect(listed.tools.map((t) => t.name)).to.deep.equal(domain.tools.map((t) => t.name));
    expect(listed.tools[0].inputSchema).to.deep.equal(domain.tools[0].input);
    expect(listed.tools.map((t) => t.sensitive)).to.deep.equal(domain.tools.map((t) => t.sensitive ?? []));
  });

  it('prove-rl tools lists every domain in text, one block each', async () => {
    const { exitCode, stdout } = await prove(['tools']);
    expect(exitCode).to.equal(0);
    for (const name of names) expect(stdout).to.match(new RegExp(`^${name} — `, 'm'));
  });

  it('an unknown domain is one clear line listing the valid ones', async () => {
    const { exitCode, stderr } = await prove(['serve', 'bankin']);
    expect(exitCode).to.equal(1);
    expect(stderr).to.match(/^prove-rl: no domain named "bankin"; domains: .*\[PROVE_UNKNOWN_DOMAIN\]$/);
    for (const name of names) expect(stderr).to.include(`"${name}"`);
  });

  it('stdio serves exactly one domain; several need --http', async function () {
    if (names.length < 2) this.skip();
    const { exitCode, stderr } = await prove(['serve', names[0], names[1]]);
    expect(exitCode).to.equal(1);
    expect(stderr).to.include('stdio serves exactly one domain');
    expect(stderr).to.include('--http');
  });

  it('prove-rl serve --http serves every named domain on its own path until SIGTERM, behind the token', async function () {
    if (names.length === 0) this.skip();
    const served = names.slice(0, 2);
    const child = execa(process.execPath, [...CLI, 'serve', ...served, '--http', '--port', '0', '--token', 'cli-token', '--max-sessions', '4'], { cwd: REPO_ROOT, reject: false });
    try {
      const urls = await new Promise<string[]>((resolve, reject) => {
        let text = '';
        child.stdout?.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const found = [...text.matchAll(/ at (http:\/\/\S+)/g)].map((m) => m[1]);
          if (found.length === served.length) resolve(found);
        });
        child.once('exit', () => reject(new Error(`prove-rl serve exited early: ${text}`)));
      });
      for (const [i, url] of urls.entries()) {
        expect(url).to.match(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/mcp/${served[i]}$`));
        const port = await McpPort.http(url, 'cli-token');
        const domain = await loadDomain(served[i]);
        expect((await port.listTools()).map((t) => t.name)).to.deep.equal(domain.tools.map((t) => t.name));
        expect(await port.hash()).to.match(/^[0-9a-f]{64}$/);
        await port.close();
      }
      const refused = await fetch(urls[0], { method: 'POST', body: '{}' });
      expect(refused.status).to.equal(401);
    } finally {
      child.kill('SIGTERM');
    }
    const result = await child;
    expect(result.exitCode).to.equal(0);
  });
});
