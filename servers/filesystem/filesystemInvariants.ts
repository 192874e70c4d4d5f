import type { DomainInvariant } from '../kit/Domain.js';
import { DIRECTORY_SIZE, byteLength, isValidName, type FilesystemState, type FsNode } from './FilesystemState.js';

/**
 * Properties every reachable filesystem state keeps. Subtrees a call did not touch are the very
 * objects of the state before it (path copying), so the walks are cheap to reason about, and each
 * check looks at the whole tree.
 */

function* walk(node: FsNode, path: string): Generator<[FsNode, string]> {
  yield [node, path];
  for (const child of node.children ?? []) yield* walk(child, path === '/' ? `/${child.name}` : `${path}/${child.name}`);
}

/** The directory at a canonical path (no symlinks, no `.` or `..`), following names only. */
function directoryAt(root: FsNode, path: string): FsNode | undefined {
  let node: FsNode | undefined = root;
  for (const name of path.split('/').filter((part) => part !== '')) {
    node = node?.children?.find((child) => child.name === name);
    if (node === undefined || node.type !== 'directory') return undefined;
  }
  return node;
}

export const filesystemInvariants: DomainInvariant<FilesystemState>[] = [
  {
    name: 'every path resolves to exactly one node: valid names, unique and sorted in each directory; only directories have children',
    check(state) {
      if (state.root.type !== 'directory' || state.root.name !== '') return 'the root is not a directory named ""';
      for (const [node, path] of walk(state.root, '/')) {
        if (node !== state.root && !isValidName(node.name)) return `${path}: invalid name`;
        if (node.type === 'directory') {
          if (!Array.isArray(node.children)) return `${path}: a directory without children`;
          for (let i = 1; i < node.children.length; i++) {
            if (!(node.children[i - 1].name < node.children[i].name)) return `${path}: entries ${node.children[i - 1].name} and ${node.children[i].name} are duplicated or out of order`;
          }
        } else if (node.children !== undefined) return `${path}: a ${node.type} with children`;
        if (node.type === 'symlink' && (typeof node.target !== 'string' || node.target === '')) return `${path}: a symlink without a target`;
      }
      return undefined;
    },
  },
  {
    name: 'sizes add up: each file its content\'s bytes, each symlink its target\'s, and the disk\'s used bytes the sum of all files, within capacity',
    check(state) {
      let used = 0;
      for (const [node, path] of walk(state.root, '/')) {
        if (node.type === 'file') {
          if (node.content !== null && node.content !== undefined && node.size !== byteLength(node.content)) return `${path}: size ${node.size} but ${byteLength(node.content)} bytes of content`;
          if (node.content === null && typeof node.blob !== 'string') return `${path}: a binary file without data`;
          used += node.size;
        } else if (node.type === 'symlink' && node.size !== byteLength(node.target!)) return `${path}: symlink size ${node.size}`;
        else if (node.type === 'directory' && node.size !== DIRECTORY_SIZE) return `${path}: directory size ${node.size}`;
      }
      if (used !== state.disk.used_bytes) return `disk used_bytes ${state.disk.used_bytes} but the files hold ${used}`;
      if (used > state.disk.capacity_bytes) return `disk over capacity: ${used} > ${state.disk.capacity_bytes}`;
      return undefined;
    },
  },
  {
    name: 'every owner and group exists and every mode is four octal digits',
    check(state) {
      for (const [node, path] of walk(state.root, '/')) {
        if (!Object.hasOwn(state.users, node.owner)) return `${path}: unknown owner ${node.owner}`;
        if (!Object.hasOwn(state.groups, node.group)) return `${path}: unknown group ${node.group}`;
        if (!/^[0-7]{4}$/.test(node.mode)) return `${path}: mode ${node.mode}`;
      }
      return undefined;
    },
  },
  {
    name: 'the session runs as a known user in an existing directory, given by its canonical path',
    check(state) {
      const { session } = state;
      if (!Object.hasOwn(state.users, session.user)) return `session user ${session.user} does not exist`;
      if (!session.cwd.startsWith('/') || /\/\.\.?(\/|$)/.test(session.cwd) || (session.cwd !== '/' && session.cwd.endsWith('/'))) return `cwd ${session.cwd} is not canonical`;
      if (directoryAt(state.root, session.cwd) === undefined) return `cwd ${session.cwd} is not a directory`;
      if (!/^0[0-7]{3}$/.test(session.umask)) return `umask ${session.umask}`;
      if (!session.stack.every((path) => path.startsWith('/'))) return 'a relative path on the directory stack';
      return undefined;
    },
  },
];
