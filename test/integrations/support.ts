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

/** Run a Python command, its output streamed to this process's stderr (long runs show progress), resolving with its exit code and output. */
export function runPython(python: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', python, ...args], { cwd: REPO_ROOT, env: { ...process.env, ...env, PYTHONUNBUFFERED: '1' } });
    let output = '';
    const keep = (d: Buffer) => {
      output += d.toString();
      if (process.env.PROVE_TEST_VERBOSE) process.stderr.write(d);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
