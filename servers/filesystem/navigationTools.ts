import { defineTool } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import { DIRECTORY_SIZE, joinPath, linesOf, modeBits, modeText, permissionString, type FilesystemState, type FsNode } from './FilesystemState.js';
import { ENTRY_SCHEMA, PATH_HELP, bool, int, list, object, pathArgument, result, str } from './filesystemViews.js';
import { FsView, entryView, usedBytes, type Located } from './fsView.js';

/** Where you are, who you are, what is where: the session and the read-only views of the tree. */

type S = FilesystemState;
const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const SESSION = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export const printWorkingDirectory = defineTool<S, Record<string, never>>({
  name: 'print_working_directory',
  description: 'Show the current directory of this shell session (pwd) and the user it runs as. Relative paths in every other tool start here.',
  input: object({}),
  output: result({ path: str('The current directory, absolute.'), user: str('The user the session runs as.') }, ['path', 'user']),
  annotations: { title: 'pwd', ...READ },
  handler(_args, ctx) {
    return { path: ctx.base.session.cwd, user: ctx.base.session.user };
  },
});

function enter(fs: FsView, raw: string, doing: string): Located {
  const located = fs.findDirectory(raw, doing);
  fs.require(located, 'execute', doing);
  return located;
}

export const changeDirectory = defineTool<S, { path: string }>({
  name: 'change_directory',
  description:
    'Change the current directory (cd). Needs search (x) permission on the directory and every directory above it. "-" goes back to the previous directory, "~" home, ".." up. ' +
    'The new directory is reported by its physical path (symlinks resolved, like cd -P). Returns the new and the previous directory.',
  input: object({ path: pathArgument(`The directory to go to. ${PATH_HELP} "-" is the previous directory.`) }, ['path']),
  output: result({ cwd: str('The new current directory.'), previous_cwd: str('Where the session was before.') }, ['cwd', 'previous_cwd']),
  annotations: { title: 'cd', ...SESSION, idempotentHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'cd');
    const old = fs.session.cwd;
    let raw = args.path;
    if (raw === '-') {
      if (fs.session.previous_cwd === null) fs.fail('OLDPWD not set: there is no previous directory yet in this session');
      raw = fs.session.previous_cwd!;
    }
    const located = enter(fs, raw, 'change directory to');
    fs.setSession({ cwd: located.path, previous_cwd: old });
    fs.commit();
    return { cwd: located.path, previous_cwd: old };
  },
});

function stackView(cwd: string, stack: readonly string[]): string[] {
  return [cwd, ...[...stack].reverse()];
}

export const pushDirectory = defineTool<S, { path: string }>({
  name: 'push_directory',
  description: 'Remember the current directory on the directory stack and change to another (pushd). pop_directory comes back. Returns the stack as dirs shows it, the new current directory first.',
  input: object({ path: pathArgument(`The directory to change to. ${PATH_HELP}`) }, ['path']),
  output: result({ cwd: str('The new current directory.'), stack: list({ type: 'string' }, 'The directory stack, current directory first.') }, ['cwd', 'stack']),
  annotations: { title: 'pushd', ...SESSION, idempotentHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'pushd');
    const old = fs.session.cwd;
    if (fs.session.stack.length >= 32) fs.fail('directory stack full (32 entries); pop_directory first');
    const located = enter(fs, args.path, 'change directory to');
    const stack = [...fs.session.stack, old];
    fs.setSession({ cwd: located.path, previous_cwd: old, stack });
    fs.commit();
    return { cwd: located.path, stack: stackView(located.path, stack) };
  },
});

export const popDirectory = defineTool<S, Record<string, never>>({
  name: 'pop_directory',
  description: 'Go back to the directory most recently remembered by push_directory and drop it from the stack (popd). Fails when the stack is empty.',
  input: object({}),
  output: result({ cwd: str('The current directory now.'), stack: list({ type: 'string' }, 'The directory stack left, current directory first.') }, ['cwd', 'stack']),
  annotations: { title: 'popd', ...SESSION, idempotentHint: false },
  handler(_args, ctx) {
    const fs = new FsView(ctx, 'popd');
    const stack = fs.session.stack;
    if (stack.length === 0) fs.fail('directory stack empty: push_directory remembers a directory first');
    const top = stack[stack.length - 1];
    const located = enter(fs, top, 'change directory to');
    const rest = stack.slice(0, -1);
    fs.setSession({ cwd: located.path, previous_cwd: fs.session.cwd, stack: rest });
    fs.commit();
    return { cwd: located.path, stack: stackView(located.path, rest) };
  },
});

export const listDirectory = defineTool<S, { path?: string; all?: boolean }>({
  name: 'list_directory',
  description:
    'List a directory like ls -l: name, absolute path, type, permissions, owner, group, size and modification time of each entry, sorted by name. ' +
    'Hidden entries (names starting with ".") only with all. Needs read permission on the directory. A file is listed alone.',
  input: object({
    path: pathArgument(`The directory (default: the current one). ${PATH_HELP}`),
    all: bool('Also list hidden entries (ls -a). Default false.'),
  }),
  output: result({ path: str('The directory listed, absolute.'), entries: list(ENTRY_SCHEMA, 'Its entries.'), count: int('Number of entries listed.') }, ['path', 'entries', 'count']),
  annotations: { title: 'ls', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'ls');
    const located = fs.find(args.path ?? '.', 'access');
    if (located.node.type !== 'directory') return { path: located.path, entries: [entryView(located.node, located.path)], count: 1 };
    fs.require(located, 'read', 'open directory');
    const entries = located.node.children!.filter((child) => args.all === true || !child.name.startsWith('.')).map((child) => entryView(child, joinPath(located.path, child.name)));
    return { path: located.path, entries, count: entries.length };
  },
});

export const treeDirectory = defineTool<S, { path?: string; depth?: number; all?: boolean }>({
  name: 'tree_directory',
  description:
    'Show a directory tree like tree -L: every entry down to a depth, with its depth and type, directories before their contents, plus counts. ' +
    'Directories you may not read are shown but not opened (unreadable: true).',
  input: object({
    path: pathArgument(`The top directory (default: the current one). ${PATH_HELP}`),
    depth: { type: 'integer', minimum: 1, maximum: 6, description: 'How many levels to descend (default 2).' },
    all: bool('Include hidden entries. Default false.'),
  }),
  output: result(
    {
      path: str('The top directory.'),
      entries: list(
        { type: 'object', properties: { path: str('Absolute path.'), type: str('directory, file or symlink.'), depth: int('1 for the top directory\'s own entries.'), unreadable: bool('A directory you may not read.') }, required: ['path', 'type', 'depth'] },
        'The entries, depth first.',
      ),
      directories: int('Directories shown.'),
      files: int('Files and symlinks shown.'),
      truncated: bool('More than 300 entries: the rest left out.'),
    },
    ['path', 'entries', 'directories', 'files', 'truncated'],
  ),
  annotations: { title: 'tree', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'tree');
    const top = fs.findDirectory(args.path ?? '.', 'open directory');
    fs.require(top, 'read', 'open directory');
    const maxDepth = args.depth ?? 2;
    const entries: Array<Record<string, unknown>> = [];
    let directories = 0;
    let files = 0;
    let truncated = false;
    const visit = (node: FsNode, path: string, depth: number) => {
      for (const child of node.children!) {
        if (args.all !== true && child.name.startsWith('.')) continue;
        if (entries.length >= 300) {
          truncated = true;
          return;
        }
        const childPath = joinPath(path, child.name);
        const entry: Record<string, unknown> = { path: childPath, type: child.type, depth };
        entries.push(entry);
        if (child.type !== 'directory') {
          files++;
          continue;
        }
        directories++;
        if (depth >= maxDepth) continue;
        if (!fs.can(child, 'read') || !fs.can(child, 'execute')) entry.unreadable = true;
        else visit(child, childPath, depth + 1);
      }
    };
    visit(top.node, top.path, 1);
    return { path: top.path, entries, directories, files, truncated };
  },
});

export const resolveRealPath = defineTool<S, { path: string }>({
  name: 'resolve_real_path',
  description: 'The canonical absolute path of a path (realpath): ~, ., .. and every symlink resolved. Fails when it does not exist.',
  input: object({ path: pathArgument(`The path. ${PATH_HELP}`) }, ['path']),
  output: result({ path: str('The canonical path.'), type: str('directory, file or symlink (a symlink only when dangling is impossible: never).') }, ['path', 'type']),
  annotations: { title: 'realpath', ...READ },
  handler(args, ctx) {
    const located = new FsView(ctx, 'realpath').find(args.path, 'resolve');
    return { path: located.path, type: located.node.type };
  },
});

export const readSymlink = defineTool<S, { path: string }>({
  name: 'read_symlink',
  description: 'What a symbolic link points to (readlink), and the path that resolves to, or null when the link dangles. Fails for anything that is not a symlink.',
  input: object({ path: pathArgument(`The symlink. ${PATH_HELP}`) }, ['path']),
  output: result({ path: str('The link, absolute.'), target_path: str('Its target, as stored.'), resolves_to: { type: ['string', 'null'], description: 'Where the target resolves now; null if it does not exist.' } }, ['path', 'target_path', 'resolves_to']),
  annotations: { title: 'readlink', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'readlink');
    const located = fs.find(args.path, 'read link', false);
    if (located.node.type !== 'symlink') fs.fail(`'${args.path}': Invalid argument ('${located.path}' is a ${located.node.type}, not a symbolic link)`);
    const target = located.node.target!;
    const parent = located.path.slice(0, located.path.lastIndexOf('/')) || '/';
    const resolved = fs.probe(target.startsWith('/') ? target : joinPath(parent, target));
    return { path: located.path, target_path: target, resolves_to: resolved?.path ?? null };
  },
});

function statView(fs: FsView, located: Located): Record<string, unknown> {
  const { node } = located;
  const owner = fs.base.users[node.owner];
  const group = fs.base.groups[node.group];
  const out: Record<string, unknown> = {
    path: located.path,
    name: node.name,
    type: node.type,
    mode: node.mode,
    permissions: permissionString(node),
    owner: node.owner,
    uid: owner.uid,
    group: node.group,
    gid: group.gid,
    size: node.size,
    modified: node.modified,
  };
  if (node.type === 'symlink') out.target = node.target;
  if (node.type === 'directory') out.entries = node.children!.length;
  if (node.type === 'file') {
    out.binary = node.content === null;
    if (node.content !== null && node.content !== undefined) out.lines = linesOf(node.content).length;
  }
  return out;
}

const STAT_SCHEMA = result(
  {
    path: str('Absolute path.'),
    name: str('Its name.'),
    type: str('directory, file or symlink.'),
    mode: str('Octal mode, e.g. 0644.'),
    permissions: str('As ls -l shows them.'),
    owner: str('Owning user.'),
    uid: int('Owner\'s uid.'),
    group: str('Owning group.'),
    gid: int('Group\'s gid.'),
    size: int('Bytes.'),
    modified: str('Last modification, ISO-8601 UTC.'),
    target: str('A symlink\'s target.'),
    entries: int('A directory\'s number of entries.'),
    binary: bool('A file holds binary data.'),
    lines: int('A text file\'s number of lines.'),
  },
  ['path', 'name', 'type', 'mode', 'permissions', 'owner', 'uid', 'group', 'gid', 'size', 'modified'],
);

export const statPath = defineTool<S, { path: string; follow_symlinks?: boolean }>({
  name: 'stat_path',
  description: 'Everything about one file, directory or symlink (stat): type, octal mode and permissions, owner and group with their ids, size, modification time, and lines, entries or target.',
  input: object({ path: pathArgument(`The path. ${PATH_HELP}`), follow_symlinks: bool('Describe what a symlink points to rather than the link (default true, like stat -L).') }, ['path']),
  output: STAT_SCHEMA,
  annotations: { title: 'stat', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'stat');
    return statView(fs, fs.find(args.path, 'stat', args.follow_symlinks !== false));
  },
});

export const checkPathAccess = defineTool<S, { path: string }>({
  name: 'check_path_access',
  description:
    'Whether the session\'s user may read, write and execute (search, for a directory) a path, like test -r/-w/-x, with the reason: which of owner, group or others applies. ' +
    'A path that does not exist (its last part) answers exists: false.',
  input: object({ path: pathArgument(`The path. ${PATH_HELP}`) }, ['path']),
  output: result(
    {
      path: str('The path, absolute when it exists.'),
      exists: bool('Whether it exists.'),
      type: str('directory, file or symlink.'),
      readable: bool('You may read it.'),
      writable: bool('You may write it.'),
      executable: bool('You may execute it (or search the directory).'),
      reason: str('Which permission class applies to you, and the permissions.'),
    },
    ['path', 'exists', 'readable', 'writable', 'executable', 'reason'],
  ),
  annotations: { title: 'test -r/-w/-x', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'test');
    const found = fs.walk(args.path, true, 'access');
    if (!('frames' in found)) {
      return { path: joinPath(found.parent.path, found.name), exists: false, readable: false, writable: false, executable: false, reason: `no '${found.name}' in '${found.parent.path}'` };
    }
    const located = found.frames[found.frames.length - 1];
    const { node } = located;
    const user = fs.user;
    const applies = fs.isRoot ? 'you are root' : node.owner === user.name ? 'you own it' : user.groups.includes(node.group) ? `you are in its group ${node.group}` : 'you are neither its owner nor in its group, so "others" applies';
    return {
      path: located.path,
      exists: true,
      type: node.type,
      readable: fs.can(node, 'read'),
      writable: fs.can(node, 'write'),
      executable: fs.can(node, 'execute'),
      reason: `${applies}; ${permissionString(node)} ${node.owner}:${node.group}`,
    };
  },
});

export const showCurrentUser = defineTool<S, Record<string, never>>({
  name: 'show_current_user',
  description: 'Who the session runs as (whoami / id): user name and uid, full name, groups, home, shell, plus the current directory and umask.',
  input: object({}),
  output: result(
    { user: str('User name.'), uid: int('User id.'), full_name: str('Full name.'), groups: list({ type: 'string' }, 'Groups, primary first.'), home: str('Home directory.'), shell: str('Login shell.'), path: str('The current directory.'), umask: str('The umask, e.g. 0022.') },
    ['user', 'uid', 'full_name', 'groups', 'home', 'shell', 'path', 'umask'],
  ),
  annotations: { title: 'whoami', ...READ },
  handler(_args, ctx) {
    const session = ctx.base.session;
    const user = ctx.base.users[session.user];
    return { user: user.name, uid: user.uid, full_name: user.full_name, groups: user.groups, home: user.home, shell: user.shell, path: session.cwd, umask: session.umask };
  },
});

export const switchUser = defineTool<S, { username: string; password: string; login?: boolean }>({
  name: 'switch_user',
  description:
    'Run the session as another user (su), with that user\'s password (root may switch to anyone without one). From then on permissions are checked for that user; ' +
    'switch to root to change owners or reach files no one else may. login: also go to the user\'s home (su -).',
  input: object(
    {
      username: { type: 'string', minLength: 1, maxLength: 32, description: 'The user to become, e.g. root or ben (list_system_users lists them).' },
      password: { type: 'string', minLength: 1, maxLength: 128, description: 'That user\'s password, exactly as the user gave it (sensitive).' },
      login: bool('Also change to the user\'s home directory, like su - (default false: stay in the current directory).'),
    },
    ['username', 'password'],
  ),
  output: result({ user: str('Who the session runs as now.'), previous_user: str('Who it ran as before.'), cwd: str('The current directory.') }, ['user', 'previous_user', 'cwd']),
  annotations: { title: 'su', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  sensitive: ['password'],
  handler(args, ctx) {
    const fs = new FsView(ctx, 'su');
    const users = fs.base.users;
    if (!Object.hasOwn(users, args.username)) {
      const near = closestName(args.username, Object.keys(users));
      fs.fail(`user '${args.username}' does not exist${near ? `; did you mean ${near}?` : ''} (list_system_users lists the users)`);
    }
    const target = users[args.username];
    if (!fs.isRoot && target.password !== args.password) fs.fail(`Authentication failure: wrong password for ${target.name}; nothing changed (you are still ${fs.user.name})`);
    const previous = fs.session.user;
    fs.setSession({ user: target.name });
    if (args.login === true) {
      const home = fs.findDirectory(target.home, 'change directory to');
      fs.require(home, 'execute', 'change directory to');
      fs.setSession({ cwd: home.path, previous_cwd: fs.session.cwd });
    }
    fs.commit();
    return { user: target.name, previous_user: previous, cwd: fs.session.cwd };
  },
});

export const listSystemUsers = defineTool<S, { group?: string }>({
  name: 'list_system_users',
  description: 'The machine\'s users (getent passwd) with uid, full name, groups and home; with group, only that group\'s members. Also lists the groups with their members.',
  input: object({ group: { type: 'string', minLength: 1, maxLength: 32, description: 'Only members of this group, e.g. dev.' } }),
  output: result(
    {
      users: list(
        { type: 'object', properties: { name: str('User name.'), uid: int('User id.'), full_name: str('Full name.'), groups: list({ type: 'string' }, 'Groups.'), home: str('Home.') }, required: ['name', 'uid', 'full_name', 'groups', 'home'] },
        'The users.',
      ),
      groups: list({ type: 'object', properties: { group: str('Group name.'), gid: int('Group id.'), members: list({ type: 'string' }, 'Members.') }, required: ['group', 'gid', 'members'] }, 'The groups.'),
      count: int('Users listed.'),
    },
    ['users', 'groups', 'count'],
  ),
  annotations: { title: 'getent passwd', ...READ },
  handler(args, ctx) {
    const { users, groups } = ctx.base;
    let names = Object.keys(users);
    let groupNames = Object.keys(groups);
    if (args.group !== undefined) {
      if (!Object.hasOwn(groups, args.group)) {
        const near = closestName(args.group, groupNames);
        ctx.fail(`getent: no group named '${args.group}'${near ? `; did you mean ${near}?` : ''}; groups: ${groupNames.join(', ')}`);
      }
      names = names.filter((name) => users[name].groups.includes(args.group!));
      groupNames = [args.group];
    }
    const list = names.map((name) => ({ name, uid: users[name].uid, full_name: users[name].full_name, groups: users[name].groups, home: users[name].home }));
    return { users: list, groups: groupNames.map((name) => ({ group: name, gid: groups[name].gid, members: groups[name].members })), count: list.length };
  },
});

export const setUmask = defineTool<S, { umask: string }>({
  name: 'set_umask',
  description: 'Set the session\'s umask: the permission bits taken away from new files (created 0666 less it) and directories (0777 less it). 0022 gives 0644 and 0755; 0077 keeps new things private.',
  input: object({ umask: { type: 'string', pattern: '^0?[0-7]{3}$', description: 'Three octal digits, optionally with a leading 0: 022, 027, 077.' } }, ['umask']),
  output: result({ umask: str('The new umask.'), previous: str('The one before.'), mode: str('The mode a new file gets now (0666 less the umask).'), directory_mode: str('The mode a new directory gets now (0777 less the umask).') }, ['umask', 'previous', 'mode', 'directory_mode']),
  annotations: { title: 'umask', ...SESSION },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'umask');
    const bits = modeBits(args.umask);
    const previous = fs.session.umask;
    const umask = modeText(bits);
    fs.setSession({ umask });
    fs.commit();
    return { umask, previous, mode: modeText(0o666 & ~bits), directory_mode: modeText(0o777 & ~bits) };
  },
});

export const diskFreeSpace = defineTool<S, { path?: string }>({
  name: 'disk_free_space',
  description: 'How full the disk is (df): capacity, used and available bytes and the percentage used. Writes fail once it is full.',
  input: object({ path: pathArgument(`Any path on the disk asked about (default: the current directory); this machine has one disk, mounted on /. ${PATH_HELP}`) }),
  output: result({ filesystem: str('The device.'), path: str('Where the disk holding the path is mounted.'), capacity_bytes: int('Size.'), used_bytes: int('Used by files.'), available_bytes: int('Free.'), use_percent: int('Used, in percent (rounded up).') }, ['filesystem', 'path', 'capacity_bytes', 'used_bytes', 'available_bytes', 'use_percent']),
  annotations: { title: 'df', ...READ },
  handler(args, ctx) {
    if (args.path !== undefined) new FsView(ctx, 'df').find(args.path, 'stat');
    const { capacity_bytes, used_bytes } = ctx.base.disk;
    return { filesystem: '/dev/vda1', path: '/', capacity_bytes, used_bytes, available_bytes: capacity_bytes - used_bytes, use_percent: Math.ceil((used_bytes * 100) / capacity_bytes) };
  },
});

export const diskUsage = defineTool<S, { path?: string }>({
  name: 'disk_usage',
  description:
    'How many bytes a directory and each entry in it take (du -b -d1), largest first, with file and directory counts. Directories you may not read are skipped and listed. A file gives its own size.',
  input: object({ path: pathArgument(`The directory or file (default: the current directory). ${PATH_HELP}`) }),
  output: result(
    {
      path: str('The path measured.'),
      bytes: int('Total bytes of the files under it.'),
      files: int('Files counted.'),
      directories: int('Directories counted (itself included).'),
      entries: list({ type: 'object', properties: { path: str('An entry.'), bytes: int('Its bytes.') }, required: ['path', 'bytes'] }, 'Each entry\'s total, largest first.'),
      skipped: list({ type: 'string' }, 'Directories not read: permission denied.'),
    },
    ['path', 'bytes', 'files', 'directories', 'entries', 'skipped'],
  ),
  annotations: { title: 'du', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'du');
    const top = fs.find(args.path ?? '.', 'access');
    const skipped: string[] = [];
    let files = 0;
    let directories = 0;
    const measure = (node: FsNode, path: string): number => {
      if (node.type === 'file') {
        files++;
        return node.size;
      }
      if (node.type !== 'directory') return 0;
      directories++;
      if (!fs.can(node, 'read') || !fs.can(node, 'execute')) {
        skipped.push(path);
        return 0;
      }
      let total = 0;
      for (const child of node.children!) total += measure(child, joinPath(path, child.name));
      return total;
    };
    if (top.node.type !== 'directory') return { path: top.path, bytes: usedBytes(top.node), files: top.node.type === 'file' ? 1 : 0, directories: 0, entries: [], skipped };
    fs.require(top, 'read', 'read directory');
    const entries: Array<{ path: string; bytes: number }> = [];
    directories++;
    let bytes = 0;
    for (const child of top.node.children!) {
      const path = joinPath(top.path, child.name);
      const size = measure(child, path);
      bytes += size;
      entries.push({ path, bytes: size });
    }
    entries.sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
    return { path: top.path, bytes, files, directories, entries, skipped };
  },
});

export { DIRECTORY_SIZE };
