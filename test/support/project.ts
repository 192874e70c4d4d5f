import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

/** The repository root (where package.json of prove lives). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The compiled CLI; `npm test` builds it first. */
export const PROVE_BIN = join(REPO_ROOT, 'dist', 'core', 'cli', 'bin.js');

function link(target: string, path: string): void {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  symlinkSync(target, path, 'dir');
}

/**
 * A throwaway project folder in which `prove` is installed (a link to this repository) and, when
 * asked, the third-party packages under test/packages — the way a user's project looks.
 */
export function makeProject(files: Record<string, string> = {}, packages: string[] = []): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'prove-test-'));
  link(REPO_ROOT, join(dir, 'node_modules', 'prove-rl'));
  for (const name of packages) {
    const source = join(REPO_ROOT, 'test', 'packages', name);
    // The package resolves `prove` from its own folder, as an installed dependency would.
    link(REPO_ROOT, join(source, 'node_modules', 'prove-rl'));
    link(source, join(dir, 'node_modules', name));
  }
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }, null, 2));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Run the real `prove` CLI as a child process. */
export async function runProve(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string; timeout?: number } = {}) {
  const result = await execa('node', [PROVE_BIN, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: options.env,
    input: options.input,
    reject: false,
    stripFinalNewline: false,
    timeout: options.timeout ?? 60_000,
  });
  return { code: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}
