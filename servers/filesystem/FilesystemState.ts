/**
 * The state of the filesystem domain: one machine's tree of directories, files and symbolic links
 * with POSIX owners, groups and modes, its users and groups, the disk they share, and the shell
 * session (who is logged in, the current directory, the directory stack, the umask).
 */

export const FILESYSTEM_REFERENCE_DATE = '2026-03-16T09:00:00Z';

export const NODE_TYPES = ['directory', 'file', 'symlink'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/**
 * One node of the tree. A directory holds its children (sorted by name, names unique), a file its
 * text (`content`, or `null` for binary data, which `blob` stands in for), a symlink its target.
 */
export interface FsNode {
  name: string;
  type: NodeType;
  owner: string;
  group: string;
  /** Four octal digits: special bits (setgid 2, sticky 1), then owner, group, others ("0644", "1777"). */
  mode: string;
  /** ISO-8601 UTC. */
  modified: string;
  /** Bytes: a file's content (UTF-8), a symlink's target length, 4096 for a directory. */
  size: number;
  content?: string | null;
  /** For binary files: a stand-in for their bytes (checksums hash it; copies keep it). */
  blob?: string;
  target?: string;
  children?: FsNode[];
}

export interface FsUser {
  name: string;
  uid: number;
  full_name: string;
  primary_group: string;
  /** Every group the user belongs to, the primary one first. */
  groups: string[];
  home: string;
  shell: string;
  password: string;
}

export interface FsGroup {
  name: string;
  gid: number;
  members: string[];
}

export interface FsSession {
  user: string;
  cwd: string;
  previous_cwd: string | null;
  /** pushd's stack, most recent last. */
  stack: string[];
  umask: string;
}

export interface FilesystemState {
  hostname: string;
  users: Record<string, FsUser>;
  groups: Record<string, FsGroup>;
  disk: { capacity_bytes: number; used_bytes: number };
  session: FsSession;
  root: FsNode;
}

export const DIRECTORY_SIZE = 4096;
/** Symlinks followed while resolving one path before ELOOP. */
export const MAX_SYMLINK_HOPS = 40;
export const MAX_NAME_LENGTH = 255;
export const MAX_PATH_LENGTH = 4096;
/** Lines a text tool returns at most. */
export const MAX_LINES = 500;
/** Matches or paths a search returns at most. */
export const MAX_RESULTS = 200;

export function byteLength(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** "0644" → 0o644. */
const MODE_BITS = new Map<string, number>();

export function modeBits(mode: string): number {
  let bits = MODE_BITS.get(mode);
  if (bits === undefined) {
    bits = Number.parseInt(mode, 8);
    if (MODE_BITS.size < 4096) MODE_BITS.set(mode, bits);
  }
  return bits;
}

/** 0o2775 → "2775". */
export function modeText(bits: number): string {
  return (bits & 0o7777).toString(8).padStart(4, '0');
}

/** `ls -l`'s permission string: "drwxr-sr-x", "-rw-r--r--", "lrwxrwxrwx", "drwxrwxrwt". */
export function permissionString(node: FsNode): string {
  const bits = modeBits(node.mode);
  const kind = node.type === 'directory' ? 'd' : node.type === 'symlink' ? 'l' : '-';
  const triple = (shift: number, special: boolean, letter: string) => {
    const r = bits & (4 << shift) ? 'r' : '-';
    const w = bits & (2 << shift) ? 'w' : '-';
    const x = bits & (1 << shift);
    const e = special ? (x ? letter : letter.toUpperCase()) : x ? 'x' : '-';
    return r + w + e;
  };
  return kind + triple(6, (bits & 0o4000) !== 0, 's') + triple(3, (bits & 0o2000) !== 0, 's') + triple(0, (bits & 0o1000) !== 0, 't');
}

export function isValidName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_NAME_LENGTH && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\u0000');
}

export function joinPath(dir: string, name: string): string {
  return dir === '/' ? `/${name}` : `${dir}/${name}`;
}

export function baseName(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const at = trimmed.lastIndexOf('/');
  return at === -1 ? trimmed : trimmed.slice(at + 1);
}

/** Splits text into lines as line-oriented tools do (a final newline ends the last line, it does not start another). */
export function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
