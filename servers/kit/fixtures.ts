import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errors } from '../../core/index.js';

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
      if (pkg.name === 'prove') return (packageRoot = dir);
    }
    const parent = dirname(dir);
    if (parent === dir) throw errors.fixtureMissing(fileURLToPath(import.meta.url), 'no package.json named "prove" above this module');
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
