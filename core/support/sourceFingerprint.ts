import { hash as sha256 } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';

/** Relative module specifiers of a source file: static imports and re-exports, `import('…')`, bare `import '…'`. */
const SPECIFIER = /\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const CODE = new Set(['.ts', '.js', '.mjs', '.cjs', '.mts', '.cts']);

/** Where a relative specifier leads: the file itself, or its TypeScript source when it names the `.js` output (tsx). */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const target = resolve(dirname(from), specifier);
  if (existsSync(target) && statSync(target).isFile()) return target;
  for (const [js, ts] of [['.js', '.ts'], ['.mjs', '.mts'], ['.cjs', '.cts']]) {
    if (target.endsWith(js)) {
      const source = `${target.slice(0, -js.length)}${ts}`;
      if (existsSync(source)) return source;
    }
  }
  return undefined;
}

function filesUnder(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/**
 * A content hash of the code and data that make something behave as it does: the given files and
 * every file under the given folders, and, for each code file among them, the modules it imports
 * by relative specifier, transitively (bare package imports are left to `packages`: hash their
 * lock or manifest file in by listing it). Paths enter the hash relative to `root`, so two clones
 * with the same content give the same fingerprint; a specifier that resolves to nothing enters as
 * such. Changing any byte of any file reached changes the fingerprint.
 */
export function sourceFingerprint(root: string, entries: { files?: readonly string[]; dirs?: readonly string[] }): string {
  const pending: string[] = [...(entries.files ?? [])];
  for (const dir of entries.dirs ?? []) filesUnder(dir, pending);
  const seen = new Set<string>();
  const parts: string[] = [];
  while (pending.length > 0) {
    const file = resolve(pending.pop()!);
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(file)) {
      parts.push(`missing ${relative(root, file)}`);
      continue;
    }
    const content = readFileSync(file);
    parts.push(`${relative(root, file)} ${sha256('sha256', content, 'hex')}`);
    if (!CODE.has(extname(file))) continue;
    const text = content.toString('utf8');
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const target = resolveSpecifier(file, specifier);
      if (target === undefined) parts.push(`unresolved ${relative(root, file)} ${specifier}`);
      else if (!seen.has(target)) pending.push(target);
    }
  }
  parts.sort();
  return sha256('sha256', parts.join('\n'), 'hex');
}
