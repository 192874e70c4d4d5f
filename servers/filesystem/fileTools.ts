import { defineTool } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import { baseName, byteLength, joinPath, linesOf, modeBits, modeText, permissionString, type FilesystemState, type FsNode } from './FilesystemState.js';
import { PATH_HELP, bool, int, object, pathArgument, result, str } from './filesystemViews.js';
import { FsView, countNodes, usedBytes, type Located } from './fsView.js';

/** The tools that change the tree: create, remove, move, copy, link, write, and change modes and owners. */

type S = FilesystemState;
const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

function last<T>(items: readonly T[]): T {
  return items[items.length - 1];
}

const under = (path: string, top: string): boolean => path === top || path.startsWith(top === '/' ? '/' : `${top}/`);

/** Session paths (current, previous, stacked directories) that pointed into a moved tree, moved with it. */
function movedSessionPaths(fs: FsView, from: string, to: string): void {
  const move = (path: string) => (under(path, from) ? to + path.slice(from.length) : path);
  const { cwd, previous_cwd, stack } = fs.session;
  if ([cwd, previous_cwd ?? '', ...stack].some((path) => under(path, from))) {
    fs.setSession({ cwd: move(cwd), previous_cwd: previous_cwd === null ? null : move(previous_cwd), stack: stack.map(move) });
  }
}

function refuseIfHoldsCwd(fs: FsView, located: Located, doing: string): void {
  if (under(fs.session.cwd, located.path)) {
    fs.fail(`cannot ${doing} '${located.path}': it is or contains the current directory (${fs.session.cwd}); change_directory out of it first`);
  }
}

export const makeDirectory = defineTool<S, { directory_path: string; parents?: boolean; mode?: string }>({
  name: 'make_directory',
  description:
    'Create a directory (mkdir). parents: also create missing directories on the way and accept one that exists (mkdir -p). Needs write permission on the parent. ' +
    'The new directory is yours, its mode 0777 less the umask unless mode is given. Returns the directories created.',
  input: object(
    {
      directory_path: pathArgument(`The directory to create. ${PATH_HELP}`),
      parents: bool('Create missing parents too, and do not fail if it exists (mkdir -p). Default false.'),
      mode: { type: 'string', pattern: '^0?[0-7]{3}$', description: 'Exact octal mode for the new directory, e.g. 750 (mkdir -m).' },
    },
    ['directory_path'],
  ),
  output: result({ path: str('The directory asked for, absolute.'), created: { type: 'array', items: { type: 'string' }, description: 'Directories created, top first (empty when it existed).' } }, ['path', 'created']),
  annotations: { title: 'mkdir', ...WRITE, idempotentHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'mkdir');
    const doing = 'create directory';
    const created: string[] = [];
    const make = (parent: Located, name: string, exact: boolean) => {
      fs.checkName(name, args.directory_path, doing);
      fs.require(parent, 'write', doing);
      const node = fs.newNode(name, 'directory', { children: [] });
      if (exact && args.mode !== undefined) node.mode = modeText((modeBits(args.mode) & 0o777) | (modeBits(parent.node.mode) & 0o2000));
      else if (modeBits(parent.node.mode) & 0o2000) node.mode = modeText(modeBits(node.mode) | 0o2000);
      // A directory in a setgid directory takes its group (and the bit), as on Linux.
      if (modeBits(parent.node.mode) & 0o2000) node.group = parent.node.group;
      fs.insert(parent.at, node);
      created.push(joinPath(parent.path, name));
    };
    if (args.parents === true) {
      const expanded = fs.expand(args.directory_path, doing);
      const parts = expanded.split('/').filter((part) => part !== '');
      const prefix = expanded.startsWith('/') ? '/' : '';
      let top = '';
      for (let k = 1; k <= parts.length; k++) {
        const found = fs.walk(prefix + parts.slice(0, k).join('/'), true, doing);
        if ('frames' in found) {
          const node = last(found.frames);
          if (node.node.type !== 'directory') fs.fail(`cannot ${doing} '${args.directory_path}': File exists and is not a directory ('${node.path}' is a ${node.node.type})`);
          top = node.path;
          continue;
        }
        make(found.parent, found.name, k === parts.length);
        top = joinPath(found.parent.path, found.name);
      }
      fs.commit();
      return { path: top, created };
    }
    const place = fs.placeFor(args.directory_path, doing);
    make(place.parent, place.name, true);
    fs.commit();
    return { path: created[0], created };
  },
});

export const removePath = defineTool<S, { path: string; recursive?: boolean; force?: boolean }>({
  name: 'remove_path',
  description:
    'Remove a file, symlink (not what it points to) or, with recursive, a directory and everything in it (rm / rm -r). Needs write permission on the parent directory ' +
    '(and, for a tree, read/write/search on every directory in it); in a sticky directory such as /tmp only your own entries. All or nothing: if anything cannot be removed, nothing is. ' +
    'force: a missing path is not an error (rm -f).',
  input: object(
    {
      path: pathArgument(`What to remove. ${PATH_HELP}`),
      recursive: bool('Remove a directory with its contents (rm -r). Default false.'),
      force: bool('Succeed without removing anything when the path does not exist (rm -f). Default false.'),
    },
    ['path'],
  ),
  output: result({ removed: { type: ['string', 'null'], description: 'The path removed, or null (force, nothing there).' }, files: int('Files removed.'), directories: int('Directories removed.'), freed_bytes: int('Bytes freed.') }, ['removed', 'files', 'directories', 'freed_bytes']),
  annotations: { title: 'rm', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'rm');
    const doing = 'remove';
    if (args.force === true && fs.probe(args.path, false) === undefined) return { removed: null, files: 0, directories: 0, freed_bytes: 0 };
    if (/(^|\/)\.\.?\/*$/.test(args.path)) fs.fail(`refusing to remove '.' or '..' directory: skipping '${args.path}'`);
    const { parent, entry } = fs.parentOf(args.path, doing);
    if (entry.node.type === 'directory') {
      if (args.recursive !== true) fs.fail(`cannot remove '${args.path}': Is a directory (use recursive to remove it with its ${entry.node.children!.length} entries, or remove_empty_directory if it is empty)`);
      refuseIfHoldsCwd(fs, entry, doing);
      const check = (dir: FsNode, path: string) => {
        if (dir.children!.length === 0) return;
        const located = { node: dir, at: [], path };
        if (!fs.can(dir, 'read') || !fs.can(dir, 'execute') || !fs.can(dir, 'write')) {
          fs.fail(`cannot remove '${path}': Permission denied (you need read, write and search permission on it; it is ${permissionString(dir)} ${dir.owner}:${dir.group}). Nothing was removed`);
        }
        for (const child of dir.children!) {
          const childPath = joinPath(path, child.name);
          fs.requireUnlink(located, { node: child, at: [], path: childPath }, doing);
          if (child.type === 'directory') check(child, childPath);
        }
      };
      check(entry.node, entry.path);
    }
    fs.requireUnlink(parent, entry, doing);
    const counts = countNodes(entry.node);
    const freed = usedBytes(entry.node);
    fs.removeChild(parent.at, last(entry.at));
    fs.commit();
    return { removed: entry.path, files: counts.files + counts.symlinks, directories: counts.directories, freed_bytes: freed };
  },
});

export const removeEmptyDirectory = defineTool<S, { directory_path: string }>({
  name: 'remove_empty_directory',
  description: 'Remove an empty directory (rmdir). Refused when it still has entries (remove_path with recursive removes those too) or is the current directory.',
  input: object({ directory_path: pathArgument(`The empty directory to remove. ${PATH_HELP}`) }, ['directory_path']),
  output: result({ removed: str('The directory removed.'), path: str('The directory it was removed from.') }, ['removed', 'path']),
  annotations: { title: 'rmdir', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'rmdir');
    const doing = 'remove directory';
    const { parent, entry } = fs.parentOf(args.directory_path, doing);
    if (entry.node.type !== 'directory') fs.fail(`failed to remove '${args.directory_path}': Not a directory ('${entry.path}' is a ${entry.node.type}; remove_path removes it)`);
    const children = entry.node.children!;
    if (children.length > 0) {
      fs.fail(`failed to remove '${args.directory_path}': Directory not empty (it holds ${children.slice(0, 6).map((c) => c.name).join(', ')}${children.length > 6 ? ', …' : ''}; remove_path with recursive removes it with its contents)`);
    }
    refuseIfHoldsCwd(fs, entry, doing);
    fs.requireUnlink(parent, entry, doing);
    fs.removeChild(parent.at, last(entry.at));
    fs.commit();
    return { removed: entry.path, path: parent.path };
  },
});

/** Where a move or copy goes: into an existing directory under the source's name, over an existing non-directory, or to a new name. */
function destination(fs: FsView, raw: string, name: string, doing: string): { parent: Located; name: string; existing?: Located } {
  const found = fs.walk(raw, true, doing);
  if (!('frames' in found)) {
    fs.checkName(found.name, raw, doing);
    return { parent: found.parent, name: found.name };
  }
  const top = last(found.frames);
  if (top.node.type === 'directory') {
    const index = top.node.children!.findIndex((child) => child.name === name);
    const existing = index === -1 ? undefined : { node: top.node.children![index], at: [...top.at, index], path: joinPath(top.path, name) };
    return { parent: top, name, existing };
  }
  const { parent, entry } = fs.parentOf(raw, doing);
  return { parent, name: entry.node.name, existing: entry };
}

const FROM_TO = (what: string) =>
  object(
    {
      from_path: pathArgument(`The ${what}. ${PATH_HELP}`),
      to_path: pathArgument('Where it goes: an existing directory (it goes inside, keeping its name), or a new or existing file name.'),
    },
    ['from_path', 'to_path'],
  );

export const movePath = defineTool<S, { from_path: string; to_path: string }>({
  name: 'move_path',
  description:
    'Move or rename a file, symlink or directory (mv). Into an existing directory it keeps its name; over an existing file it replaces it. Needs write permission on both ' +
    'directories (sticky ones: only your own entries). A directory cannot go inside itself. If the current directory moves, the session follows it. Returns the old and new path.',
  input: FROM_TO('file or directory to move'),
  output: result({ from: str('The old path.'), to: str('The new path.'), type: str('What moved.'), replaced: bool('An existing file was replaced.') }, ['from', 'to', 'type', 'replaced']),
  annotations: { title: 'mv', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'mv');
    const doing = 'move';
    const source = fs.parentOf(args.from_path, doing);
    const node = source.entry.node;
    const dest = destination(fs, args.to_path, node.name, doing);
    const to = joinPath(dest.parent.path, dest.name);
    if (dest.existing?.path === source.entry.path || to === source.entry.path) fs.fail(`'${args.from_path}' and '${args.to_path}' are the same file`);
    if (node.type === 'directory' && under(to, source.entry.path)) fs.fail(`cannot move '${source.entry.path}' to a subdirectory of itself, '${to}'`);
    if (dest.existing !== undefined) {
      const other = dest.existing.node;
      if (other.type === 'directory' && node.type !== 'directory') fs.fail(`cannot overwrite directory '${dest.existing.path}' with non-directory '${source.entry.path}'`);
      if (other.type === 'directory' && other.children!.length > 0) fs.fail(`cannot move '${source.entry.path}' to '${dest.existing.path}': Directory not empty`);
      if (other.type !== 'directory' && node.type === 'directory') fs.fail(`cannot overwrite non-directory '${dest.existing.path}' with directory '${source.entry.path}'`);
      refuseIfHoldsCwd(fs, dest.existing, 'replace');
      fs.requireUnlink(dest.parent, dest.existing, 'replace');
    }
    fs.requireUnlink(source.parent, source.entry, doing);
    fs.require(dest.parent, 'write', doing);
    if (node.type === 'directory' && dest.parent.path !== source.parent.path) fs.require(source.entry, 'write', 'move directory');
    fs.removeChild(source.parent.at, last(source.entry.at));
    let parent = fs.find(dest.parent.path, doing);
    if (dest.existing !== undefined) {
      fs.removeChild(parent.at, parent.node.children!.findIndex((child) => child.name === dest.name));
      parent = fs.find(dest.parent.path, doing);
    }
    fs.insert(parent.at, node.name === dest.name ? node : { ...node, name: dest.name });
    movedSessionPaths(fs, source.entry.path, to);
    fs.commit();
    return { from: source.entry.path, to, type: node.type, replaced: dest.existing !== undefined };
  },
});

export const copyPath = defineTool<S, { from_path: string; to_path: string; recursive?: boolean }>({
  name: 'copy_path',
  description:
    'Copy a file or, with recursive, a directory tree (cp / cp -r). Into an existing directory the copy keeps its name; over an existing file it replaces that file\'s content. ' +
    'Copies are yours, with the source\'s mode less the umask; symlinks inside a tree are copied as symlinks. Needs read permission on everything copied and write on the destination directory.',
  input: object(
    {
      from_path: pathArgument(`What to copy (symlinks followed). ${PATH_HELP}`),
      to_path: pathArgument('Where the copy goes: an existing directory (inside it, same name) or a new or existing file name.'),
      recursive: bool('Copy a directory with its contents (cp -r). Default false.'),
    },
    ['from_path', 'to_path'],
  ),
  output: result({ from: str('The source.'), to: str('The copy.'), files: int('Files copied.'), directories: int('Directories copied.'), bytes: int('Bytes copied.') }, ['from', 'to', 'files', 'directories', 'bytes']),
  annotations: { title: 'cp', ...WRITE },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'cp');
    const doing = 'copy';
    const source = fs.find(args.from_path, doing);
    if (source.node.type === 'directory' && args.recursive !== true) fs.fail(`-r not specified; omitting directory '${source.path}' (set recursive to copy it with its contents)`);
    const dest = destination(fs, args.to_path, source.node.name, doing);
    const to = joinPath(dest.parent.path, dest.name);
    if (dest.existing?.path === source.path) fs.fail(`'${args.from_path}' and '${args.to_path}' are the same file`);
    if (source.node.type === 'directory' && under(to, source.path)) fs.fail(`cannot copy a directory, '${source.path}', into itself, '${to}'`);
    const umask = modeBits(fs.session.umask);
    const user = fs.user;
    const now = fs.now;
    let files = 0;
    let directories = 0;
    const clone = (node: FsNode, path: string, name: string): FsNode => {
      if (node.type === 'symlink') return { ...node, name, owner: user.name, group: user.primary_group, modified: now };
      if (!fs.can(node, 'read') || (node.type === 'directory' && !fs.can(node, 'execute'))) {
        fs.denied(path, node, node.type === 'directory' && fs.can(node, 'read') ? 'execute' : 'read', 'copy');
      }
      const mode = modeText(modeBits(node.mode) & 0o777 & ~umask);
      if (node.type === 'file') {
        files++;
        return { ...node, name, owner: user.name, group: user.primary_group, mode, modified: now };
      }
      directories++;
      return { ...node, name, owner: user.name, group: user.primary_group, mode, modified: now, children: node.children!.map((child) => clone(child, joinPath(path, child.name), child.name)) };
    };
    const copy = clone(source.node, source.path, dest.name);
    fs.require(dest.parent, 'write', doing);
    if (dest.existing !== undefined) {
      const other = dest.existing.node;
      if (other.type === 'directory') fs.fail(`cannot overwrite directory '${dest.existing.path}'${source.node.type === 'directory' ? ' (copy into a new name, or remove it first)' : ' with a non-directory'}`);
      if (source.node.type === 'directory') fs.fail(`cannot overwrite non-directory '${dest.existing.path}' with directory '${source.path}'`);
      // cp over an existing file writes into it: its owner and mode stay, it needs write permission.
      const target = fs.find(dest.existing.path, doing);
      fs.require(target, 'write', 'overwrite');
      if (target.node.type !== 'file') fs.fail(`cannot overwrite '${dest.existing.path}': not a regular file`);
      const size = source.node.size;
      fs.replace(target.at, (file) => {
        const next: FsNode = { ...file, content: source.node.content, size, modified: now };
        if (source.node.blob !== undefined) next.blob = source.node.blob;
        else delete next.blob;
        return next;
      });
      fs.used += size - target.node.size;
      if (fs.used > fs.base.disk.capacity_bytes) fs.fail(`No space left on device (${fs.base.disk.capacity_bytes - fs.base.disk.used_bytes} bytes free)`);
      fs.commit();
      return { from: source.path, to: target.path, files: 1, directories: 0, bytes: size };
    }
    fs.insert(dest.parent.at, copy);
    fs.commit();
    return { from: source.path, to, files, directories, bytes: usedBytes(copy) };
  },
});

export const createSymlink = defineTool<S, { target_path: string; link_path: string }>({
  name: 'create_symlink',
  description:
    'Create a symbolic link (ln -s TARGET LINK). The target is stored as given (relative targets are relative to the link\'s directory) and may not exist yet. ' +
    'If link_path is an existing directory, the link goes inside it under the target\'s name. Needs write permission there.',
  input: object(
    {
      target_path: pathArgument('What the link points to, e.g. /srv/shared or ../notes.md.'),
      link_path: pathArgument(`The link to create, or an existing directory to create it in. ${PATH_HELP}`),
    },
    ['target_path', 'link_path'],
  ),
  output: result({ link: str('The new link.'), target: str('What it points to.'), dangling: bool('The target does not exist (yet).') }, ['link', 'target', 'dangling']),
  annotations: { title: 'ln -s', ...WRITE },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'ln');
    const doing = 'create symbolic link';
    const found = fs.walk(args.link_path, true, doing);
    let parent: Located;
    let name: string;
    if ('frames' in found) {
      const top = last(found.frames);
      if (top.node.type !== 'directory') fs.fail(`failed to create symbolic link '${args.link_path}': File exists ('${top.path}' is a ${top.node.type})`);
      name = baseName(args.target_path);
      if (name === '' || name === '.' || name === '..' || name === '/') fs.fail(`failed to create symbolic link in '${top.path}': the target '${args.target_path}' has no name to give the link; name the link in link_path`);
      if (top.node.children!.some((child) => child.name === name)) fs.fail(`failed to create symbolic link '${joinPath(top.path, name)}': File exists`);
      parent = top;
    } else {
      parent = found.parent;
      name = found.name;
    }
    fs.checkName(name, args.link_path, doing);
    fs.require(parent, 'write', doing);
    const target = args.target_path;
    fs.insert(parent.at, fs.newNode(name, 'symlink', { target, size: byteLength(target) }));
    const link = joinPath(parent.path, name);
    const dangling = fs.probe(target.startsWith('/') || target.startsWith('~') ? target : joinPath(parent.path, target)) === undefined;
    fs.commit();
    return { link, target, dangling };
  },
});

export const touchFile = defineTool<S, { path: string }>({
  name: 'touch_file',
  description: 'Set a file\'s modification time to now, or create it empty if it does not exist (touch). Needs write permission on the file, or on the directory to create it.',
  input: object({ path: pathArgument(`The file. ${PATH_HELP}`) }, ['path']),
  output: result({ path: str('The file.'), created: bool('It did not exist and was created.'), modified: str('Its modification time now.') }, ['path', 'created', 'modified']),
  annotations: { title: 'touch', ...WRITE },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'touch');
    const doing = 'touch';
    const found = fs.walk(args.path, true, doing);
    if ('frames' in found) {
      const located = last(found.frames);
      if (!fs.can(located.node, 'write') && located.node.owner !== fs.user.name) fs.denied(located.path, located.node, 'write', 'touch');
      fs.replace(located.at, (node) => ({ ...node, modified: fs.now }));
      fs.commit();
      return { path: located.path, created: false, modified: fs.now };
    }
    fs.checkName(found.name, args.path, doing);
    fs.require(found.parent, 'write', doing);
    fs.insert(found.parent.at, fs.newNode(found.name, 'file', { content: '', size: 0 }));
    fs.commit();
    return { path: joinPath(found.parent.path, found.name), created: true, modified: fs.now };
  },
});

function writeText(fs: FsView, raw: string, text: string, append: boolean): { path: string; bytes: number; lines: number; created: boolean } {
  const doing = append ? 'append to' : 'write';
  const found = fs.walk(raw, true, doing);
  if ('frames' in found) {
    const located = last(found.frames);
    if (located.node.type === 'directory') fs.fail(`cannot ${doing} '${raw}': Is a directory`);
    fs.require(located, 'write', doing);
    if (append && located.node.content === null) fs.fail(`cannot append to '${raw}': binary file; write_file replaces it with text`);
    const content = append ? (located.node.content ?? '') + text : text;
    fs.setContent(located.at, content);
    return { path: located.path, bytes: byteLength(content), lines: linesOf(content).length, created: false };
  }
  fs.checkName(found.name, raw, doing);
  fs.require(found.parent, 'write', 'create');
  fs.insert(found.parent.at, fs.newNode(found.name, 'file', { content: text, size: byteLength(text) }));
  return { path: joinPath(found.parent.path, found.name), bytes: byteLength(text), lines: linesOf(text).length, created: true };
}

const TEXT = { type: 'string', maxLength: 20000, description: 'The text. A newline is added at the end if it has none.' };
const WRITE_RESULT = result({ path: str('The file.'), bytes: int('Its size now.'), lines: int('Its lines now.'), created: bool('It was created.') }, ['path', 'bytes', 'lines', 'created']);

const withNewline = (text: string) => (text === '' || text.endsWith('\n') ? text : `${text}\n`);

export const writeFile = defineTool<S, { path: string; text: string }>({
  name: 'write_file',
  description: 'Write text to a file, replacing what it held (echo … > file), or create it. Needs write permission on the file, or on its directory to create it. Fails when the disk is full.',
  input: object({ path: pathArgument(`The file. ${PATH_HELP}`), text: TEXT }, ['path', 'text']),
  output: WRITE_RESULT,
  annotations: { title: 'write (>)', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'write');
    const out = writeText(fs, args.path, withNewline(args.text), false);
    fs.commit();
    return out;
  },
});

export const appendToFile = defineTool<S, { path: string; text: string }>({
  name: 'append_to_file',
  description: 'Add text at the end of a file (echo … >> file), creating it if needed. Needs write permission. Returns the file\'s new size and line count.',
  input: object({ path: pathArgument(`The file. ${PATH_HELP}`), text: TEXT }, ['path', 'text']),
  output: WRITE_RESULT,
  annotations: { title: 'append (>>)', ...WRITE },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'append');
    const out = writeText(fs, args.path, withNewline(args.text), true);
    fs.commit();
    return out;
  },
});

const MODE_PATTERN = '^(0?[0-7]{3}|[0-7]{4}|[ugoa]*[-+=][rwxXst]*(,[ugoa]*[-+=][rwxXst]*)*)$';

/** chmod's new mode bits from an octal or symbolic spec (u+x, g-w, o=, a+r, u=rwx,g=rx,o=). */
export function applyModeSpec(current: number, spec: string, isDirectory: boolean): number {
  if (/^[0-7]+$/.test(spec)) {
    const bits = Number.parseInt(spec, 8);
    // Three digits leave a directory's setgid and sticky bits alone, as GNU chmod does.
    return spec.length === 4 ? bits : (bits & 0o777) | (isDirectory ? current & 0o7000 : 0);
  }
  let mode = current;
  for (const clause of spec.split(',')) {
    const match = /^([ugoa]*)([-+=])([rwxXst]*)$/.exec(clause)!;
    const who = match[1] === '' || match[1].includes('a') ? 'ugo' : match[1];
    let mask = 0;
    let perms = 0;
    for (const c of who) mask |= c === 'u' ? 0o4700 : c === 'g' ? 0o2070 : 0o1007;
    for (const p of match[3]) {
      if (p === 'r') perms |= 0o444;
      else if (p === 'w') perms |= 0o222;
      else if (p === 'x') perms |= 0o111;
      else if (p === 'X') perms |= isDirectory || current & 0o111 ? 0o111 : 0;
      else if (p === 's') perms |= 0o6000;
      else if (p === 't') perms |= 0o1000;
    }
    perms &= mask;
    if (match[2] === '+') mode |= perms;
    else if (match[2] === '-') mode &= ~perms;
    else mode = (mode & ~(mask & 0o777)) | perms;
  }
  return mode & 0o7777;
}

function everyNode(node: FsNode, path: string, visit: (node: FsNode, path: string) => void, recursive: boolean): void {
  visit(node, path);
  if (recursive && node.type === 'directory') for (const child of node.children!) everyNode(child, joinPath(path, child.name), visit, true);
}

function rebuild(node: FsNode, change: (node: FsNode) => FsNode, recursive: boolean): FsNode {
  const changed = node.type === 'symlink' ? node : change(node);
  if (!recursive || node.type !== 'directory') return changed;
  return { ...changed, children: node.children!.map((child) => rebuild(child, change, true)) };
}

const RECURSIVE = bool('Apply to everything inside a directory too (-R). Default false.');

export const changeFileMode = defineTool<S, { path: string; mode: string; recursive?: boolean }>({
  name: 'change_file_mode',
  description:
    'Change permissions (chmod), octal (640, 2775) or symbolic (u+x, g-w, o=, a+r, u=rw,g=r,o=). Only the owner or root may. Symlinks are followed; inside a recursive change they are skipped. ' +
    'Returns the new mode and permissions.',
  input: object({ path: pathArgument(`The file or directory. ${PATH_HELP}`), mode: { type: 'string', minLength: 1, maxLength: 40, pattern: MODE_PATTERN, description: 'Octal (640, 0755, 2775) or symbolic (u+x, go-w, a=r).' }, recursive: RECURSIVE }, ['path', 'mode']),
  output: result({ path: str('The path changed.'), mode: str('Its octal mode now.'), permissions: str('As ls -l shows them.'), changed: int('Entries changed.') }, ['path', 'mode', 'permissions', 'changed']),
  annotations: { title: 'chmod', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'chmod');
    const located = fs.find(args.path, 'change permissions of');
    let changed = 0;
    everyNode(located.node, located.path, (node, path) => {
      if (node.type === 'symlink') return;
      if (!fs.isRoot && node.owner !== fs.user.name) fs.fail(`changing permissions of '${path}': Operation not permitted (its owner is ${node.owner}; only the owner or root may change its mode)`);
      changed++;
    }, args.recursive === true);
    fs.replace(located.at, (top) => rebuild(top, (node) => ({ ...node, mode: modeText(applyModeSpec(modeBits(node.mode), args.mode, node.type === 'directory')) }), args.recursive === true));
    fs.commit();
    const node = fs.find(located.path, 'stat').node;
    return { path: located.path, mode: node.mode, permissions: permissionString(node), changed };
  },
});

function requireUser(fs: FsView, name: string): void {
  if (Object.hasOwn(fs.base.users, name)) return;
  const near = closestName(name, Object.keys(fs.base.users));
  fs.fail(`invalid user: '${name}'${near ? `; did you mean ${near}?` : ''} (list_system_users lists the users)`);
}

function requireGroup(fs: FsView, name: string): void {
  if (Object.hasOwn(fs.base.groups, name)) return;
  const near = closestName(name, Object.keys(fs.base.groups));
  fs.fail(`invalid group: '${name}'${near ? `; did you mean ${near}?` : ''} (groups: ${Object.keys(fs.base.groups).join(', ')})`);
}

export const changeFileOwner = defineTool<S, { path: string; owner: string; group?: string; recursive?: boolean }>({
  name: 'change_file_owner',
  description:
    'Give a file or directory to another user, and optionally another group (chown owner[:group]). Only root may: switch_user to root first. Symlinks are followed. Returns the new owner and group.',
  input: object(
    {
      path: pathArgument(`The file or directory. ${PATH_HELP}`),
      owner: { type: 'string', minLength: 1, maxLength: 32, description: 'The new owner\'s user name, e.g. ben.' },
      group: { type: 'string', minLength: 1, maxLength: 32, description: 'The new group, e.g. dev (default: unchanged).' },
      recursive: RECURSIVE,
    },
    ['path', 'owner'],
  ),
  output: result({ path: str('The path changed.'), owner: str('Owner now.'), group: str('Group now.'), changed: int('Entries changed.') }, ['path', 'owner', 'group', 'changed']),
  annotations: { title: 'chown', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'chown');
    requireUser(fs, args.owner);
    if (args.group !== undefined) requireGroup(fs, args.group);
    const located = fs.find(args.path, 'change owner of');
    if (!fs.isRoot) fs.fail(`changing ownership of '${located.path}': Operation not permitted (only root may give files away; you are ${fs.user.name}: switch_user to root first)`);
    let changed = 0;
    everyNode(located.node, located.path, (node) => void (node.type !== 'symlink' && changed++), args.recursive === true);
    fs.replace(located.at, (top) => rebuild(top, (node) => ({ ...node, owner: args.owner, group: args.group ?? node.group }), args.recursive === true));
    fs.commit();
    return { path: located.path, owner: args.owner, group: args.group ?? located.node.group, changed };
  },
});

export const changeFileGroup = defineTool<S, { path: string; group: string; recursive?: boolean }>({
  name: 'change_file_group',
  description: 'Change the group of a file or directory (chgrp). Its owner may give it to a group they belong to; root to any group. Returns the new group.',
  input: object({ path: pathArgument(`The file or directory. ${PATH_HELP}`), group: { type: 'string', minLength: 1, maxLength: 32, description: 'The new group, e.g. dev or finance.' }, recursive: RECURSIVE }, ['path', 'group']),
  output: result({ path: str('The path changed.'), group: str('Group now.'), changed: int('Entries changed.') }, ['path', 'group', 'changed']),
  annotations: { title: 'chgrp', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'chgrp');
    requireGroup(fs, args.group);
    const located = fs.find(args.path, 'change group of');
    const user = fs.user;
    let changed = 0;
    everyNode(located.node, located.path, (node, path) => {
      if (node.type === 'symlink') return;
      if (!fs.isRoot) {
        if (node.owner !== user.name) fs.fail(`changing group of '${path}': Operation not permitted (its owner is ${node.owner}; only the owner or root may change its group)`);
        if (!user.groups.includes(args.group)) fs.fail(`changing group of '${path}': Operation not permitted (you are not in group ${args.group}; your groups: ${user.groups.join(', ')})`);
      }
      changed++;
    }, args.recursive === true);
    fs.replace(located.at, (top) => rebuild(top, (node) => ({ ...node, group: args.group }), args.recursive === true));
    fs.commit();
    return { path: located.path, group: args.group, changed };
  },
});
