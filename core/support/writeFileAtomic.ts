import { renameSync, writeFileSync } from 'node:fs';

/** Write a whole file so that readers see the old content or the new, never a part: a temporary file, then a rename. */
export function writeFileAtomic(path: string, data: string): void {
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}
