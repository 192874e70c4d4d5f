import type { DomainSampler } from '../kit/Domain.js';
import { linesOf, modeBits, type FilesystemState, type FsNode, type FsUser } from './FilesystemState.js';

/**
 * Read-only discovery of what a conversation can mention, as the session's user (maya in the seed
 * world) sees the machine: files she may read, directories she may enter and write, words that
 * occur in them, and the root password she holds as the admin.
 */

function can(user: FsUser, node: FsNode, bit: number): boolean {
  if (user.name === 'root') return true;
  const shift = node.owner === user.name ? 6 : user.groups.includes(node.group) ? 3 : 0;
  return ((modeBits(node.mode) >> shift) & bit) !== 0;
}

/** Every node the user can reach by name (search permission on every directory above), with its path. */
function reachable(state: FilesystemState): Array<{ node: FsNode; path: string; parent: FsNode }> {
  const user = state.users[state.session.user];
  const out: Array<{ node: FsNode; path: string; parent: FsNode }> = [];
  const visit = (dir: FsNode, path: string) => {
    if (!can(user, dir, 1) || !can(user, dir, 4)) return;
    for (const child of dir.children!) {
      const childPath = path === '/' ? `/${child.name}` : `${path}/${child.name}`;
      out.push({ node: child, path: childPath, parent: dir });
      if (child.type === 'directory') visit(child, childPath);
    }
  };
  visit(state.root, '/');
  return out;
}

const SEARCH_WORDS = ['TODO', 'invoice', 'ERROR', 'WARN', 'budget', 'backup', 'Northwind', 'security', 'release', 'password', 'deploy', 'timeout', 'hiring', 'offsite', 'travel'];
const SNIPPETS = [
  '- [ ] call the landlord about the heating',
  'meeting moved to Thursday 14:00',
  '- [ ] renew the domain name before April',
  'Remember: the staging server reboots on Sunday.',
  'export PATH="$HOME/bin:$PATH"',
  '2026-03-16,office,Contoso,49.90',
  '- [x] sent the slides to Priya',
  'Ask Ben for the API credentials handover.',
];
const REPLACEMENTS: Array<[string, string]> = [
  ['TODO', 'DONE'],
  ['Northwind', 'Northwind Traders'],
  ['2025', '2026'],
  ['db-1', 'db-2'],
  ['[ ]', '[x]'],
  ['Contoso', 'Contoso Ltd'],
  ['port 8080', 'port 9090'],
];
const MODES: Array<[string, string, string]> = [
  ['640', '027', 'owner read/write, group read, others nothing'],
  ['600', '077', 'private to the owner'],
  ['644', '022', 'everyone may read, only the owner writes'],
  ['750', '027', 'owner everything, group read and enter'],
  ['755', '022', 'everyone may read and enter or run'],
  ['u+x', '002', 'make it runnable by its owner'],
  ['go-w', '022', 'nobody but the owner may write'],
  ['g+w', '002', 'let the group write it too'],
];

const NEW_DIRECTORIES = ['taxes-2026', 'old-drafts', 'receipts', 'release-1.6'];
const NEW_LINKS = ['handbook-link', 'latest-log', 'project-link'];

export const filesystemSamplers: DomainSampler<FilesystemState>[] = [
  {
    collection: 'files',
    description: 'Text files the session\'s user may read: path, name, size, lines, owner, group and whether they may write it.',
    sample(state) {
      const user = state.users[state.session.user];
      return reachable(state)
        .filter(({ node }) => node.type === 'file' && typeof node.content === 'string' && node.content !== '' && can(user, node, 4))
        .map(({ node, path }) => ({ path, name: node.name, size: node.size, lines: linesOf(node.content!).length, owner: node.owner, group: node.group, writable: can(user, node, 2), modified: node.modified.slice(0, 10) }));
    },
  },
  {
    collection: 'directories',
    description: 'Directories the session\'s user may enter and list, with how many entries they hold and whether new files may be created there.',
    sample(state) {
      const user = state.users[state.session.user];
      return reachable(state)
        .filter(({ node }) => node.type === 'directory' && can(user, node, 1) && can(user, node, 4))
        .map(({ node, path }) => ({ path, name: node.name, owner: node.owner, group: node.group, entries: node.children!.length, writable: can(user, node, 2) }));
    },
  },
  {
    collection: 'binary_files',
    description: 'Binary files (PDFs, images, archives) the session\'s user may read: only stat, checksums, copies and moves work on them.',
    sample(state) {
      const user = state.users[state.session.user];
      return reachable(state)
        .filter(({ node }) => node.type === 'file' && node.content === null && can(user, node, 4))
        .map(({ node, path }) => ({ path, name: node.name, size: node.size, owner: node.owner }));
    },
  },
  {
    collection: 'symlinks',
    description: 'Symbolic links the session\'s user can reach, with their targets.',
    sample(state) {
      return reachable(state)
        .filter(({ node }) => node.type === 'symlink')
        .map(({ node, path }) => ({ path, name: node.name, target: node.target }));
    },
  },
  {
    collection: 'csv_files',
    description: 'Comma-separated files with a header line, for column tools: path, delimiter and header.',
    sample(state) {
      const user = state.users[state.session.user];
      return reachable(state)
        .filter(({ node }) => node.type === 'file' && node.name.endsWith('.csv') && typeof node.content === 'string' && node.content.includes(',') && can(user, node, 4))
        .map(({ node, path }) => ({ path, name: node.name, delimiter: ',', header: linesOf(node.content!)[0] }));
    },
  },
  {
    collection: 'search_terms',
    description: 'Words and phrases that occur in readable files (a grep pattern a user would type), with how many files hold them.',
    sample(state) {
      const user = state.users[state.session.user];
      const texts = reachable(state).filter(({ node }) => node.type === 'file' && typeof node.content === 'string' && can(user, node, 4)).map(({ node }) => node.content!);
      return SEARCH_WORDS.map((pattern) => ({ pattern, files: texts.filter((text) => text.includes(pattern)).length })).filter((term) => term.files > 0);
    },
  },
  {
    collection: 'edits',
    description: 'Lines a user might write or append (text), and literal replacements they might make in a file (search, replacement).',
    sample() {
      return [...SNIPPETS.map((text) => ({ text })), ...REPLACEMENTS.map(([search, replacement]) => ({ search, replacement }))];
    },
  },
  {
    collection: 'permission_presets',
    description: 'Modes a user asks for (octal or symbolic) and umasks, with what they mean.',
    sample() {
      return MODES.map(([mode, umask, meaning]) => ({ mode, umask, meaning }));
    },
  },
  {
    collection: 'groups',
    description: 'The groups the session\'s user belongs to (a file of theirs may be given to one of these), with their members.',
    sample(state) {
      const user = state.users[state.session.user];
      return user.groups.map((group) => ({ group, members: state.groups[group].members }));
    },
  },
  {
    collection: 'users',
    description: 'The machine\'s people: user name (an owner a file can be given to), full name and groups.',
    sample(state) {
      return Object.values(state.users)
        .filter((user) => user.name !== 'root')
        .map((user) => ({ owner: user.name, full_name: user.full_name, groups: user.groups, home: user.home }));
    },
  },
  {
    collection: 'empty_directories',
    description: 'Empty directories the session\'s user may remove (write permission on the parent).',
    sample(state) {
      const user = state.users[state.session.user];
      return reachable(state)
        .filter(({ node, parent }) => node.type === 'directory' && node.children!.length === 0 && can(user, parent, 2))
        .map(({ node, path }) => ({ directory_path: path, name: node.name }));
    },
  },
  {
    collection: 'new_names',
    description: 'Paths that do not exist yet where the session\'s user may create a directory (directory_path) or a link (link_path).',
    sample(state) {
      const user = state.users[state.session.user];
      const taken = new Set(reachable(state).map(({ path }) => path));
      const out: Array<Record<string, unknown>> = [];
      for (const { node, path } of reachable(state)) {
        if (node.type !== 'directory' || !can(user, node, 2) || !can(user, node, 1)) continue;
        for (const name of NEW_DIRECTORIES) if (!taken.has(`${path}/${name}`)) out.push({ directory_path: `${path}/${name}`, in_directory: path });
        for (const name of NEW_LINKS) if (!taken.has(`${path}/${name}`)) out.push({ link_path: `${path}/${name}`, in_directory: path });
      }
      return out.filter((_, i) => i % 3 === 0);
    },
  },
  {
    collection: 'credentials',
    description: 'The administrator password the session\'s user knows: the root account\'s. A user may state it to switch_user to root; no tool returns it.',
    sample(state) {
      return [{ username: 'root', password: state.users.root.password }];
    },
  },
];
