import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine, sourceFingerprint } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import type { DependencyGraph } from '../../plugins/synthesis/DependencyGraph.js';
import { DependencyGraphPlugin } from '../../plugins/synthesis/DependencyGraphPlugin.js';

const DOMAIN = 'budget';

/** The graph an engine hands on for DOMAIN, with the graph cache in `cacheDir`. */
async function graphOf(cacheDir: string, change?: (engine: Engine) => void): Promise<DependencyGraph> {
  const engine = new Engine();
  try {
    await engine.use(new DomainEnvironmentPlugin({ domain: DOMAIN }));
    await engine.use(new DependencyGraphPlugin({ cacheDir }));
    change?.(engine);
    const environment = engine.environment(DOMAIN);
    const session = await engine.openSession(DOMAIN, { seed: 0, referenceDate: environment.defaultReferenceDate! });
    try {
      return (await engine.sample({ server: DOMAIN, session, seed: 0 })).meta.dependencyGraph as DependencyGraph;
    } finally {
      await session.close();
    }
  } finally {
    await engine.close();
  }
}

describe('graph cache', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'prove-graph-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fingerprints files and what they import, not unrelated files, the same in any clone', () => {
    const write = (root: string, files: Record<string, string>) => {
      for (const [name, text] of Object.entries(files)) {
        mkdirSync(join(root, name, '..'), { recursive: true });
        writeFileSync(join(root, name), text);
      }
    };
    const files = {
      'domain/entry.ts': "import { b } from '../shared/b.js';\nexport const a = b + 1;\n",
      'domain/world.json': '{"n": 1}',
      'shared/b.ts': "export { c } from './c.js';\nexport const b = 1;\n",
      'shared/c.ts': 'export const c = 2;\n',
      'shared/unused.ts': 'export const u = 3;\n',
    };
    const [one, two] = [join(dir, 'one'), join(dir, 'two')];
    write(one, files);
    write(two, files);
    const of = (root: string) => sourceFingerprint(root, { dirs: [join(root, 'domain')] });
    const first = of(one);
    expect(of(two), 'a clone with the same content').to.equal(first);
    write(one, { 'shared/unused.ts': 'export const u = 4;\n' });
    expect(of(one), 'a file nothing imports').to.equal(first);
    write(one, { 'shared/c.ts': 'export const c = 5;\n' });
    const changedImport = of(one);
    expect(changedImport, 'a module imported two steps away').to.not.equal(first);
    write(one, { 'domain/world.json': '{"n": 2}' });
    expect(of(one), "a data file of the domain's folder").to.not.equal(changedImport);
  });

  it('keeps a built-in domain fingerprinted by its folder, fixtures and dependencies', async () => {
    const engine = new Engine();
    try {
      await engine.use(new DomainEnvironmentPlugin({ domain: DOMAIN }));
      const fingerprint = engine.environment(DOMAIN).fingerprint!();
      expect(fingerprint).to.match(/^[0-9a-f]{64}$/);
      expect(engine.environment(DOMAIN).fingerprint!()).to.equal(fingerprint);
    } finally {
      await engine.close();
    }
  });

  it('discovers once, reads the same graph back, and ignores corrupt, foreign or changed-code entries', async () => {
    const cold = await graphOf(dir);
    const files = readdirSync(dir);
    expect(files).to.have.length(1);
    const file = join(dir, files[0]);
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { key: string; graph: DependencyGraph };
    expect(entry.graph).to.deep.equal(cold);

    // Warm: the graph is read, not discovered (an entry under the right key whose graph lacks its edges is handed on as is).
    expect(await graphOf(dir)).to.deep.equal(cold);
    writeFileSync(file, JSON.stringify({ key: entry.key, graph: { ...cold, edges: [] } }));
    expect((await graphOf(dir)).edges).to.deep.equal([]);

    // Corrupt, foreign (another key in the file) and malformed entries are discovered again and written over.
    for (const text of ['{"key": "', JSON.stringify({ key: 'f'.repeat(64), graph: { ...cold, edges: [] } }), JSON.stringify({ key: entry.key, graph: { server: DOMAIN } })]) {
      writeFileSync(file, text);
      expect(await graphOf(dir)).to.deep.equal(cold);
      expect(JSON.parse(readFileSync(file, 'utf8'))).to.deep.equal(entry);
    }

    // Changed code (another fingerprint) misses the cache: a second entry, the same graph here.
    expect(await graphOf(dir, (engine) => (engine.environment(DOMAIN).fingerprint = () => 'changed'))).to.deep.equal(cold);
    expect(readdirSync(dir)).to.have.length(2);
  });

  it('keeps nothing on disk with cache: false or for an environment without a fingerprint', async () => {
    const engine = new Engine();
    try {
      await engine.use(new DomainEnvironmentPlugin({ domain: DOMAIN }));
      await engine.use(new DependencyGraphPlugin({ cacheDir: dir, cache: false }));
      const session = await engine.openSession(DOMAIN, { seed: 0, referenceDate: engine.environment(DOMAIN).defaultReferenceDate! });
      await engine.sample({ server: DOMAIN, session, seed: 0 });
      await session.close();
    } finally {
      await engine.close();
    }
    await graphOf(dir, (engine) => delete engine.environment(DOMAIN).fingerprint);
    expect(readdirSync(dir)).to.deep.equal([]);
  });
});
