import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errors, writeFileAtomic } from '../../core/index.js';

let packageRoot: string | undefined;

/**
 * The folder of prove's own package.json, found by walking up from this module, so that fixtures
 * resolve the same from the sources (tsx) and from dist/ after a build.
 */
export function proveRoot(): string {
  if (packageRoot !== undefined) return packageRoot;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string };
      if (pkg.name === 'prove-rl') return (packageRoot = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw errors.fixtureMissing(fileURLToPath(import.meta.url), 'no package.json named "prove-rl" above this module');
    dir = parent;
  }
}

const cache = new Map<string, unknown>();

/**
 * Read and parse `fixtures/<domain>/<file>` once per process. Callers get the same object every
 * time; the kit freezes worlds, so nobody may mutate what this returns.
 */
export function loadFixture<T>(domain: string, file = 'world.json'): T {
  const path = join(proveRoot(), 'fixtures', domain, file);
  let value = cache.get(path);
  if (value === undefined) {
    if (!existsSync(path)) throw errors.fixtureMissing(path, 'the file does not exist; run the domain\'s fixture generator');
    try {
      value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    } catch (error) {
      throw errors.fixtureMissing(path, `not valid JSON: ${(error as Error).message}`);
    }
    cache.set(path, value);
  }
  return value as T;
}

/** Write `fixtures/<domain>/<file>` atomically (a temporary file, then a rename); returns its path. */
export function writeFixture(domain: string, text: string, file = 'world.json'): string {
  const path = join(proveRoot(), 'fixtures', domain, file);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, text);
  cache.delete(path);
  return path;
}

/**
 * The command line of a domain's generator script, `npx tsx servers/<domain>/generateWorld.ts [seed]`:
 * when `moduleUrl` is the script being run, renders the world of the seed (42 by default) and writes
 * it to `fixtures/<domain>/world.json`. Does nothing when the module is merely imported.
 */
export function runWorldGenerator(moduleUrl: string, domain: string, render: (seed: number) => string): void {
  const script = process.argv[1];
  if (script === undefined || resolve(script) !== fileURLToPath(moduleUrl)) return;
  const argument = process.argv[2];
  const seed = argument === undefined ? 42 : Number(argument);
  if (!Number.isSafeInteger(seed)) {
    process.stderr.write(`seed must be an integer, got ${JSON.stringify(argument)}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${writeFixture(domain, render(seed))}\n`);
}
