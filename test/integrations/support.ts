import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PROVE_BIN, REPO_ROOT, runProve } from '../support/project.js';

/** The fixture examples of these domains, one JSONL file. */
export const DOMAINS = ['banking', 'calendar', 'iot_devices', 'shopping', 'travel_booking'];
export const PYTHON_DIR = join(REPO_ROOT, 'plugins', 'integrations', 'python');

export function venvPython(engine: 'trl' | 'verl'): string | undefined {
  const python = join(REPO_ROOT, `.venv-${engine}`, 'bin', 'python');
  return existsSync(python) ? python : undefined;
}

/**
 * Whether an engine's tests run, and with which Python. `npm test` installs .venv-trl and .venv-verl
 * first (test/support/setup.mjs --engines), so they run there. Without the venv they fail under CI
 * (CI=true) and with PROVE_TRL_TESTS=1 / PROVE_VERL_TESTS=1 (npm run test:trl, test:verl), and skip
 * with the reason elsewhere (a plain `npx mocha` on a checkout that never ran the setup).
 */
export function engineGate(engine: 'trl' | 'verl'): { python?: string; skip?: string; fail?: string } {
  const python = venvPython(engine);
  if (python) return { python };
  const reason = `.venv-${engine} is missing: npm test installs it (node test/support/setup.mjs --engines), or npm run setup:${engine}`;
  const required = process.env.CI === 'true' || process.env.CI === '1' || process.env[`PROVE_${engine.toUpperCase()}_TESTS`] === '1';
  return required ? { fail: reason } : { skip: reason };
}

/** All fixture examples in one file (cross-domain included), in a fresh folder. */
export function fixtureDataset(): { dir: string; file: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'prove-integrations-'));
  const file = join(dir, 'examples.jsonl');
  const names = ['banking', 'calendar', 'cross_domain', 'iot_devices', 'shopping', 'travel_booking'];
  writeFileSync(file, names.map((n) => readFileSync(join(REPO_ROOT, 'fixtures', 'examples', `${n}.jsonl`), 'utf8').trim()).join('\n') + '\n');
  return { dir, file, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function exportDataset(format: 'verl' | 'trl', dataset: string, out: string, python: string): Promise<void> {
  const run = await runProve(['export', '--format', format, '--dataset', dataset, '--out', out, '--python', python], { timeout: 120_000 });
  if (run.code !== 0) throw new Error(`prove-rl export failed: ${run.stderr}`);
}

/** `prove-rl serve <domains> --http --port 0` as a child process; resolves once it prints its URLs. */
export async function startServe(domains: readonly string[]): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [PROVE_BIN, 'serve', ...domains, '--http', '--port', '0'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const match = /POST (http:\/\/[^ ]+)\/reward/.exec(line);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`prove-rl serve exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Run a Python command (under nice -n 10), resolving with its exit code and output. Lines matching
 * `progress` are shown as they come (a long run shows where it is); PROVE_TEST_VERBOSE shows all.
 */
export function runPython(python: string, args: string[], env: Record<string, string>, timeoutMs: number, progress?: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', python, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env, PYTHONUNBUFFERED: '1' } });
    let output = '';
    // One partial line per stream, split at \r too: tqdm's progress bars (stderr) must not glue onto a step line (stdout).
    const keep = () => {
      let partial = '';
      return (d: Buffer) => {
        const text = d.toString();
        output += text;
        if (process.env.PROVE_TEST_VERBOSE) process.stderr.write(d);
        else if (progress) {
          const lines = (partial + text).split(/\r\n|\r|\n/);
          partial = lines.pop()!;
          for (const line of lines) if (progress.test(line)) process.stdout.write(`      ${line.length > 160 ? line.slice(0, 157) + '...' : line}\n`);
        }
      };
    };
    child.stdout.on('data', keep());
    child.stderr.on('data', keep());
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
