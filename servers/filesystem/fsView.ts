import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import {
  DIRECTORY_SIZE,
  MAX_PATH_LENGTH,
  MAX_SYMLINK_HOPS,
  baseName,
  isValidName,
  joinPath,
  modeBits,
  permissionString,
  type FilesystemState,
  type FsNode,
  type FsSession,
  type FsUser,
} from './FilesystemState.js';

/**
 * The filesystem as one call sees and changes it: the tree (replaced path-copy by path-copy, so a
 * change copies only the directories on its way), the session and the disk's used bytes. Paths
 * resolve as a POSIX kernel resolves them: relative to the current directory, `~` and `~user` for
 * homes, `.` and `..` physically (after a symlink, `..` is the target's parent), symlinks followed
 * in every component but the last unless asked, search (x) permission needed on every directory
 * passed through. Nothing is written to the session until `commit`.
 */

/** A node found in the tree: the indexes of `children` leading to it, and its canonical path. */
export interface Located {
  node: FsNode;
  at: number[];
  path: string;
}

/** A path whose last component does not exist (yet): where it would go. */
export interface Missing {
  parent: Located;
  name: string;
}

export type Access = 'read' | 'write' | 'execute';
const BIT: Record<Access, number> = { read: 4, write: 2, execute: 1 };

type Context = ToolContext<FilesystemState>;

/** Thrown instead of failing the call while probing. */
const SOFT_MISS = new Error('probe: no such path');

function splitPath(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** A copy of `node` with the node at `at` below it replaced by what `change` makes of it. */
function updateAt(node: FsNode, at: readonly number[], depth: number, change: (node: FsNode) => FsNode): FsNode {
  if (depth === at.length) return change(node);
  const children = node.children!.slice();
  children[at[depth]] = updateAt(children[at[depth]], at, depth + 1, change);
  return directoryWith(node, children, node.modified);
}

/**
 * A directory with new children, as an object literal: a spread copies a frozen object key by key
 * through V8's slow path (the tree's nodes are frozen), a literal costs a few nanoseconds.
 */
export function directoryWith(node: FsNode, children: FsNode[], modified: string): FsNode {
  return { name: node.name, type: node.type, owner: node.owner, group: node.group, mode: node.mode, modified, size: node.size, children };
}

/** Index at which `name` goes into sorted `children` (code-unit order, as `ls` with LC_ALL=C). */
function insertionIndex(children: readonly FsNode[], name: string): number {
  let low = 0;
  let high = children.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (children[mid].name < name) low = mid + 1;
    else high = mid;
  }
  return low;
}

export class FsView {
  root: FsNode;
  session: FsSession;
  used: number;
  private changedRoot = false;
  private changedSession = false;
  readonly base: FilesystemState;

  constructor(
    private readonly ctx: Context,
    readonly tool: string,
  ) {
    this.base = ctx.base;
    this.root = ctx.base.root;
    this.session = ctx.base.session;
    this.used = ctx.base.disk.used_bytes;
  }

  /** The session clock as the tree stamps it: ISO-8601 UTC to the second. */
  get now(): string {
    return this.ctx.now.replace(/\.\d{3}Z$/, 'Z');
  }

  get user(): FsUser {
    return this.base.users[this.session.user];
  }

  get isRoot(): boolean {
    return this.session.user === 'root';
  }

  fail(message: string): never {
    if (this.soft) throw SOFT_MISS;
    return this.ctx.fail(`${this.tool}: ${message}`);
  }

  private soft = false;

  /** The node `raw` resolves to (symlinks followed), or undefined when it does not resolve for any reason: a probe that never fails the call. */
  probe(raw: string, follow = true): Located | undefined {
    this.soft = true;
    try {
      const found = this.walk(raw, follow, 'probe');
      return 'frames' in found ? found.frames[found.frames.length - 1] : undefined;
    } catch (error) {
      if (error === SOFT_MISS) return undefined;
      throw error;
    } finally {
      this.soft = false;
    }
  }

  /** Whether the session's user has `access` to `node`, by its owner, group and mode (root may do anything but run a file no one may run). */
  can(node: FsNode, access: Access): boolean {
    const bit = BIT[access];
    const bits = modeBits(node.mode);
    if (this.isRoot) return access !== 'execute' || node.type === 'directory' || (bits & 0o111) !== 0;
    const user = this.user;
    const shift = node.owner === user.name ? 6 : user.groups.includes(node.group) ? 3 : 0;
    return ((bits >> shift) & bit) !== 0;
  }

  /** Why `access` to the node at `path` is denied, and what would work. */
  denied(path: string, node: FsNode, access: Access, doing: string): never {
    const user = this.user;
    const who = node.owner === user.name ? 'its owner' : user.groups.includes(node.group) ? `group ${node.group}` : 'others';
    const verb = access === 'read' ? 'read' : access === 'write' ? 'write' : node.type === 'directory' ? 'search (x)' : 'execute';
    return this.fail(
      `cannot ${doing} '${path}': Permission denied. You are ${user.name} (groups ${user.groups.join(', ')}); ` +
        `'${path}' is ${permissionString(node)} ${node.owner}:${node.group}, so ${who} may not ${verb} it. ` +
        (node.owner === 'root' ? 'Only root can change that (switch_user to root).' : `Its owner ${node.owner} or root can change that (switch_user to root, or ask ${node.owner}).`),
    );
  }

  require(located: Located, access: Access, doing: string): void {
    if (!this.can(located.node, access)) this.denied(located.path, located.node, access, doing);
  }

  private homeOf(name: string, raw: string, doing: string): string {
    if (!Object.hasOwn(this.base.users, name)) {
      const near = closestName(name, Object.keys(this.base.users));
      return this.fail(`cannot ${doing} '${raw}': no user named '${name}'${near ? `; did you mean ~${near}?` : ''}`);
    }
    return this.base.users[name].home;
  }

  /** `~`, `~/x`, `~ben/x` expanded; anything else as given. */
  expand(raw: string, doing: string): string {
    if (!raw.startsWith('~')) return raw;
    const slash = raw.indexOf('/');
    const name = slash === -1 ? raw.slice(1) : raw.slice(1, slash);
    const home = name === '' ? this.user.home : this.homeOf(name, raw, doing);
    return slash === -1 ? home : home + raw.slice(slash);
  }

  private rootFrame(): Located {
    return { node: this.root, at: [], path: '/' };
  }

  /** The frames from the root to the current directory (which always exists: see the invariants). */
  private cwdFrames(): Located[] {
    const frames = [this.rootFrame()];
    for (const name of splitPath(this.session.cwd)) {
      const top = frames[frames.length - 1];
      const index = top.node.children!.findIndex((child) => child.name === name);
      frames.push({ node: top.node.children![index], at: [...top.at, index], path: joinPath(top.path, name) });
    }
    return frames;
  }

  /**
   * Resolves `raw`. `follow`: follow a symlink in the last component. Returns the frames down to the
   * node, or where a missing last component would go; fails for anything else (a missing directory
   * on the way, a file used as a directory, no search permission, a symlink loop).
   */
  walk(raw: string, follow: boolean, doing: string): { frames: Located[] } | Missing {
    if (raw === '') this.fail(`cannot ${doing} '': No such file or directory (an empty path)`);
    if (raw.length > MAX_PATH_LENGTH) this.fail(`cannot ${doing} '${raw.slice(0, 40)}…': File name too long (a path has at most ${MAX_PATH_LENGTH} characters)`);
    const path = this.expand(raw, doing);
    let frames = path.startsWith('/') ? [this.rootFrame()] : this.cwdFrames();
    const queue = splitPath(path);
    let hops = 0;
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (name === '.') continue;
      if (name === '..') {
        if (frames.length > 1) frames.pop();
        continue;
      }
      const dir = frames[frames.length - 1];
      if (dir.node.type !== 'directory') this.fail(`cannot ${doing} '${raw}': Not a directory ('${dir.path}' is a ${dir.node.type})`);
      if (!this.can(dir.node, 'execute')) this.denied(dir.path, dir.node, 'execute', doing);
      const children = dir.node.children!;
      let index = -1;
      for (let i = 0; i < children.length; i++) {
        if (children[i].name === name) {
          index = i;
          break;
        }
      }
      if (index === -1) {
        if (queue.length === 0) return { parent: dir, name };
        return this.notFound(raw, dir, name, doing);
      }
      const node = children[index];
      const located = { node, at: [...dir.at, index], path: joinPath(dir.path, name) };
      if (node.type === 'symlink' && (queue.length > 0 || follow)) {
        if (++hops > MAX_SYMLINK_HOPS) this.fail(`cannot ${doing} '${raw}': Too many levels of symbolic links (at '${located.path}')`);
        const target = node.target!;
        if (target.startsWith('/')) frames = [this.rootFrame()];
        queue.unshift(...splitPath(target));
        continue;
      }
      frames.push(located);
    }
    return { frames };
  }

  private notFound(raw: string, dir: Located, name: string, doing: string): never {
    const names = dir.node.children!.map((child) => child.name);
    const near = closestName(name, names);
    const listed = names.filter((n) => !n.startsWith('.')).slice(0, 8);
    const hint = near !== undefined ? `did you mean '${joinPath(dir.path, near)}'?` : listed.length > 0 ? `'${dir.path}' holds ${listed.join(', ')}${names.length > listed.length ? ', …' : ''}` : `'${dir.path}' is empty`;
    return this.fail(`cannot ${doing} '${raw}': No such file or directory (no '${name}' in '${dir.path}'; ${hint})`);
  }

  /** The existing node at `raw`, or a failure naming the closest name where the path breaks off. */
  find(raw: string, doing: string, follow = true): Located {
    const found = this.walk(raw, follow, doing);
    if ('frames' in found) return found.frames[found.frames.length - 1];
    return this.notFound(raw, found.parent, found.name, doing);
  }

  findDirectory(raw: string, doing: string): Located {
    const located = this.find(raw, doing);
    if (located.node.type !== 'directory') this.fail(`cannot ${doing} '${raw}': Not a directory ('${located.path}' is a ${located.node.type})`);
    return located;
  }

  /** A regular file (symlinks followed) the user may read, with text content. */
  readText(raw: string, doing: string): { located: Located; text: string } {
    const located = this.find(raw, doing);
    if (located.node.type === 'directory') this.fail(`cannot ${doing} '${raw}': Is a directory (list it with list_directory)`);
    this.require(located, 'read', doing);
    if (located.node.content === null || located.node.content === undefined) {
      this.fail(`cannot ${doing} '${raw}': binary file (${located.node.size} bytes); only stat_path, checksum_file, copy_path and move_path work on it`);
    }
    return { located, text: located.node.content };
  }

  /** Where a new entry `raw` goes: its parent directory (which the user may write) and its name; fails if it exists. */
  placeFor(raw: string, doing: string): Missing {
    const found = this.walk(raw, false, doing);
    if ('frames' in found) {
      const node = found.frames[found.frames.length - 1];
      this.fail(`cannot ${doing} '${raw}': File exists ('${node.path}' is a ${node.node.type})`);
    }
    this.checkName(found.name, raw, doing);
    this.require(found.parent, 'write', doing);
    return found;
  }

  checkName(name: string, raw: string, doing: string): void {
    if (!isValidName(name)) this.fail(`cannot ${doing} '${raw}': invalid file name '${name.slice(0, 40)}' (1–255 characters, no '/')`);
  }

  /** The entry at `at` may be removed or renamed out of its parent `parent`: write on the parent, and the sticky bit's rule. */
  requireUnlink(parent: Located, entry: Located, doing: string): void {
    this.require(parent, 'write', doing);
    const bits = modeBits(parent.node.mode);
    if (bits & 0o1000 && !this.isRoot && entry.node.owner !== this.user.name && parent.node.owner !== this.user.name) {
      this.fail(
        `cannot ${doing} '${entry.path}': Operation not permitted ('${parent.path}' is sticky (${permissionString(parent.node)}): only the owner ${entry.node.owner}, the directory's owner or root may remove or rename it)`,
      );
    }
  }

  /** The parent frame of an existing entry (the path it was found by, without following it). */
  parentOf(raw: string, doing: string): { parent: Located; entry: Located } {
    const found = this.walk(raw, false, doing);
    if (!('frames' in found)) return this.notFound(raw, found.parent, found.name, doing);
    const frames = found.frames;
    if (frames.length < 2) this.fail(`cannot ${doing} '/': Device or resource busy (the root directory cannot be removed or moved)`);
    return { parent: frames[frames.length - 2], entry: frames[frames.length - 1] };
  }

  // ---- writes (path copies; nothing reaches the session before commit) ----

  replace(at: readonly number[], change: (node: FsNode) => FsNode): void {
    this.root = updateAt(this.root, at, 0, change);
    this.changedRoot = true;
  }

  /** Adds `child` to the directory at `at` (keeping names sorted) and stamps the directory. */
  insert(at: readonly number[], child: FsNode): void {
    const now = this.now;
    this.replace(at, (dir) => {
      const children = dir.children!.slice();
      children.splice(insertionIndex(children, child.name), 0, child);
      return directoryWith(dir, children, now);
    });
    this.used += usedBytes(child);
    this.checkSpace();
  }

  /** Removes the child at `index` of the directory at `at` and stamps the directory. */
  removeChild(at: readonly number[], index: number): FsNode {
    const now = this.now;
    let removed: FsNode | undefined;
    this.replace(at, (dir) => {
      const children = dir.children!.slice();
      removed = children.splice(index, 1)[0];
      return directoryWith(dir, children, now);
    });
    this.used -= usedBytes(removed!);
    return removed!;
  }

  /** Replaces the content of the file at `at`. */
  setContent(at: readonly number[], text: string): void {
    const now = this.now;
    let before = 0;
    const size = Buffer.byteLength(text, 'utf8');
    this.replace(at, (file) => {
      before = file.size;
      return { name: file.name, type: file.type, owner: file.owner, group: file.group, mode: file.mode, modified: now, size, content: text };
    });
    this.used += size - before;
    this.checkSpace();
  }

  private checkSpace(): void {
    const capacity = this.base.disk.capacity_bytes;
    if (this.used > capacity) this.fail(`No space left on device (${capacity - this.base.disk.used_bytes} bytes free; remove files first, disk_free shows the disk)`);
  }

  setSession(changes: Partial<FsSession>): void {
    this.session = { ...this.session, ...changes };
    this.changedSession = true;
  }

  /** Writes what changed into the session state. */
  commit(): void {
    if (!this.changedRoot && !this.changedSession) return;
    const state = this.ctx.edit<FilesystemState>();
    if (this.changedRoot) {
      state.root = this.root;
      if (this.used !== this.base.disk.used_bytes) state.disk = { capacity_bytes: this.base.disk.capacity_bytes, used_bytes: this.used };
    }
    if (this.changedSession) state.session = this.session;
  }

  /** A new node owned by the session's user, its mode the default less the umask. */
  newNode(name: string, type: 'directory' | 'file' | 'symlink', extra: Partial<FsNode>, requestedMode?: number): FsNode {
    const user = this.user;
    const umask = modeBits(this.session.umask);
    const base = type === 'directory' ? 0o777 : type === 'file' ? 0o666 : 0o777;
    const bits = type === 'symlink' ? 0o777 : (requestedMode ?? base) & ~umask;
    return {
      name,
      type,
      owner: user.name,
      group: user.primary_group,
      mode: (bits & 0o7777).toString(8).padStart(4, '0'),
      modified: this.now,
      size: type === 'directory' ? DIRECTORY_SIZE : 0,
      ...extra,
    };
  }

  /** The frames of `at` again after a change (indexes stay valid for paths not under a changed directory's later siblings). */
  locateAt(path: string, doing: string): Located {
    return this.find(path, doing, false);
  }
}

/** Bytes a subtree takes on the disk: its regular files' sizes. */
export function usedBytes(node: FsNode): number {
  if (node.type === 'file') return node.size;
  if (node.type !== 'directory') return 0;
  let total = 0;
  for (const child of node.children!) total += usedBytes(child);
  return total;
}

export function countNodes(node: FsNode): { files: number; directories: number; symlinks: number } {
  const out = { files: 0, directories: 0, symlinks: 0 };
  const visit = (n: FsNode) => {
    if (n.type === 'file') out.files++;
    else if (n.type === 'symlink') out.symlinks++;
    else {
      out.directories++;
      for (const child of n.children!) visit(child);
    }
  };
  visit(node);
  return out;
}

/** The compact listing entry of a node. */
export function entryView(node: FsNode, path: string): Record<string, unknown> {
  const entry: Record<string, unknown> = {
    name: node.name,
    path,
    type: node.type,
    permissions: permissionString(node),
    owner: node.owner,
    group: node.group,
    size: node.size,
    modified: node.modified,
  };
  if (node.type === 'symlink') entry.target = node.target;
  return entry;
}

export { baseName };
