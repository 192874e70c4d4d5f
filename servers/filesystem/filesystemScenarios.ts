import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import type { FilesystemState, FsNode } from './FilesystemState.js';

/**
 * Goals of the machine's user (maya, in her home directory), played as shell sessions. She names
 * files and folders as a person at a shell does: "my Documents folder", "the meeting notes", "the
 * app log in /var/log", a colleague by full name; the assistant changes directory, finds paths and
 * then works with relative paths from where the session now is (cd → find → mv → grep), looks up
 * user names, and follows symlinks.
 */

type Row = Record<string, any>;

/** The node at an absolute path (no symlinks followed), or undefined. */
function nodeAt(state: FilesystemState, path: string): FsNode | undefined {
  let node: FsNode | undefined = state.root;
  for (const part of path.split('/').filter(Boolean)) node = node?.children?.find((c) => c.name === part);
  return node;
}

const textFiles = (dir: FsNode | undefined): FsNode[] => (dir?.children ?? []).filter((c) => c.type === 'file' && typeof c.content === 'string' && c.content.length > 0);

const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** Whether `user` may use `node` in a way (r 4, w 2, x 1) by its mode, as the kernel decides. */
function may(state: FilesystemState, user: string, node: FsNode, bit: number): boolean {
  if (user === 'root') return true;
  const digits = node.mode.slice(-3);
  const who = node.owner === user ? 0 : state.users[user]?.groups.includes(node.group) === true ? 1 : 2;
  return (Number(digits[who]) & bit) !== 0;
}

/** Every node under an absolute directory (depth-first, by name) that the user can reach and read, with its path. */
function readableUnder(state: FilesystemState, user: string, top: string, maxDepth = 4): Array<{ path: string; node: FsNode }> {
  const out: Array<{ path: string; node: FsNode }> = [];
  const start = nodeAt(state, top);
  const walk = (dir: FsNode, path: string, depth: number): void => {
    if (!may(state, user, dir, 4) || !may(state, user, dir, 1)) return;
    for (const child of dir.children ?? []) {
      const at = `${path === '/' ? '' : path}/${child.name}`;
      if (child.type === 'directory') {
        if (depth < maxDepth) walk(child, at, depth + 1);
        out.push({ path: at, node: child });
      } else if (child.type === 'file' && may(state, user, child, 4)) out.push({ path: at, node: child });
    }
  };
  if (start?.type === 'directory') walk(start, top, 1);
  return out;
}

const parentOf = (path: string): string => path.slice(0, path.lastIndexOf('/')) || '/';

/** A path as the user says it: under their home with ~, else absolute. */
const spoken = (home: string, path: string): string => (path === home ? '~' : path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path);

/** The home of the session's user and their full name: what the context tells the assistant. */
function home(state: FilesystemState): ScenarioFacts {
  const user = state.users[state.session.user];
  return { user: user.name, full_name: user.full_name, home: user.home, cwd: state.session.cwd };
}

const SHELL = ['The user is {full_name} (login {user}); the shell starts in {cwd}.'];

/** What a person remembers of a note's line, for grep: the task itself ("rotate the database password"). */
function phraseOf(line: string): string | undefined {
  const text = line.replace(/^- /, '').replace(/^[a-z]+: /, '').replace(/^discussed how to /, '').trim();
  return text.split(' ').length >= 2 ? text : undefined;
}

const removedLines = (result: { changes: Row[] }): boolean => result.changes.length > 0;

export const filesystemScenarios: DomainScenario<FilesystemState>[] = [
  {
    name: 'file_meeting_notes_then_grep',
    goal: 'cd into a folder of the home, find two or three files by a glob there, move them into a new folder, then grep them for a remembered phrase.',
    context: SHELL,
    weight: 3,
    cast(state, random) {
      const facts = home(state);
      const user = facts.user as string;
      const groups: Array<{ dir: string; glob: string; files: FsNode[] }> = [];
      for (const { path, node } of readableUnder(state, user, facts.home as string, 3)) {
        if (node.type !== 'directory' || !may(state, user, node, 2)) continue;
        const files = (node.children ?? []).filter((c) => c.type === 'file' && may(state, user, c, 4));
        const byPrefix = new Map<string, FsNode[]>();
        const byExt = new Map<string, FsNode[]>();
        for (const file of files) {
          const prefix = /^([a-z]+-[a-z]+)-/.exec(file.name)?.[1];
          if (prefix !== undefined) byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), file]);
          const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1) : undefined;
          if (ext !== undefined) byExt.set(ext, [...(byExt.get(ext) ?? []), file]);
        }
        const dir = path.slice(String(facts.home).length + 1);
        for (const [prefix, list] of byPrefix) groups.push({ dir, glob: `${prefix}*`, files: list });
        for (const [ext, list] of byExt) groups.push({ dir, glob: `*.${ext}`, files: list });
      }
      // Two or three files: each move is a call, and a capped rollout has ten assistant messages.
      const usable = groups.filter((g) => g.files.length >= 2 && g.files.length <= 3);
      if (usable.length === 0) return undefined;
      const group = random.pick(usable);
      const folder = random.pick(['meetings', 'notes', 'sorted', 'minutes', 'old', 'keep', 'review', 'by-topic', 'batch', 'to-file']);
      if (nodeAt(state, `${facts.home}/${group.dir}/${folder}`) !== undefined) return undefined;
      const texts = group.files.filter((f) => typeof f.content === 'string' && f.content.includes('\n- '));
      const source = texts.length > 0 ? random.pick(texts) : undefined;
      const lines = source?.content!.split('\n').filter((l) => l.startsWith('- ')) ?? [];
      const phrase = lines.length > 0 ? phraseOf(random.pick(lines)) : undefined;
      const first = [...group.files].sort((x, y) => (x.name < y.name ? -1 : 1))[0].name;
      const misspelt = first.includes('.') ? `${first.slice(0, first.lastIndexOf('.'))}.txt` : `${first}.txt`;
      if (misspelt === first) return undefined;
      return { ...facts, dir: group.dir, glob: group.glob, folder, phrase, misspelt };
    },
    turns: [
      {
        say: ['Go to my {dir} folder and find the {glob} files in there.', 'cd into {dir} and look for {glob}, please.', 'Switch to ~/{dir}. Which {glob} files do I have there?'],
        steps: [
          { tool: 'change_directory', args: (f) => ({ path: f.dir }) },
          {
            tool: 'find_paths',
            args: (f) => ({ path: '.', name: f.glob, type: 'file', max_depth: 1 }),
            learn: (r: { paths: Row[] }) => (r.paths.length < 2 || r.paths.length > 3 ? undefined : { found: r.paths.map((p) => p.path) }),
          },
        ],
      },
      {
        say: ['Make a folder called {folder} here and move all of them into it.', 'Tidy up: put those into a new {folder} directory right here.'],
        steps: [
          { tool: 'make_directory', args: (f) => ({ directory_path: f.folder }) },
          ...[0, 1, 2].map((i) => ({
            tool: 'move_path',
            args: (f: ScenarioFacts) => {
              const found = f.found as string[];
              return i < found.length ? { from_path: found[i], to_path: f.folder } : undefined;
            },
            ...(i === 0 ? { fault: { kind: 'guessed_id' as const, tool: 'move_path', args: (f: ScenarioFacts) => ({ from_path: f.misspelt, to_path: f.folder }), recovery: 'retry_corrected' as const } } : {}),
          })),
        ],
      },
      {
        say: ['Which of them mentions "{phrase}"?', 'Search the {folder} folder for "{phrase}" and tell me where it comes up.'],
        when: (f) => f.phrase !== undefined && (f.found as string[]).length === 2,
        steps: [{ tool: 'grep_files', args: (f) => ({ pattern: f.phrase, path: f.folder }), learn: (r: { matches: Row[] }) => (r.matches.length === 0 ? undefined : {}) }],
      },
      {
        say: ['How much space do they take together now?', 'How big is the {folder} folder?'],
        when: (f) => f.phrase === undefined && (f.found as string[]).length === 2,
        steps: [{ tool: 'disk_usage', args: (f) => ({ path: f.folder }) }],
      },
    ],
  },
  {
    name: 'investigate_log_errors',
    goal: 'Go to a log directory, read the newest entries of a log, grep one level, count repeats, and see where a link there points.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const logs = readableUnder(state, facts.user as string, '/var/log').filter(({ node }) => node.type === 'file' && typeof node.content === 'string' && /\b(ERROR|WARN|INFO)\b/.test(node.content));
      if (logs.length === 0) return undefined;
      const { path, node } = random.pick(logs);
      const levels = ['ERROR', 'WARN', 'INFO'].filter((l) => node.content!.includes(` ${l} `));
      const dir = parentOf(path);
      const link = (nodeAt(state, dir)?.children ?? []).find((c) => c.type === 'symlink');
      return { ...facts, dir, log_name: node.name, level: random.pick(levels), count: random.pick([5, 8, 10, 15, 20]), link_name: link !== undefined && random.next() < 0.6 ? link.name : undefined, repeats: random.next() < 0.6 };
    },
    turns: [
      {
        say: ['Go to {dir} and show me the last {count} lines of {log_name}.', 'cd {dir}, then tail {log_name}, {count} lines please.'],
        steps: [
          { tool: 'change_directory', args: (f) => ({ path: f.dir }) },
          {
            tool: 'tail_file',
            args: (f) => ({ path: f.log_name, lines: f.count }),
            fault: { kind: 'out_of_range', tool: 'tail_file', args: (f) => ({ path: f.log_name, lines: 0 }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Now only the {level} lines of that log.', 'grep it for {level}.'],
        steps: [{ tool: 'grep_files', args: (f) => ({ pattern: f.level, path: f.log_name }) }],
      },
      {
        say: ['Which lines repeat in it, and how often?', 'Are any lines duplicated in there?'],
        when: (f) => f.repeats === true,
        steps: [{ tool: 'count_unique_lines', args: (f) => ({ path: f.log_name }) }],
      },
      {
        say: ['What does "{link_name}" in here point to?', 'And the {link_name} link, where does it go?'],
        when: (f) => f.link_name !== undefined,
        steps: [{ tool: 'read_symlink', args: (f) => ({ path: f.link_name }) }],
      },
    ],
  },
  {
    name: 'expense_csv_report',
    goal: 'Count, cut, sort and de-duplicate the rows of a CSV the user names by folder and file name.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const csvs = [...readableUnder(state, facts.user as string, facts.home as string), ...readableUnder(state, facts.user as string, '/srv')].filter(
        ({ node }) => node.type === 'file' && node.name.endsWith('.csv') && typeof node.content === 'string' && node.content.split('\n')[0].split(',').length >= 2,
      );
      if (csvs.length === 0) return undefined;
      const { path, node } = random.pick(csvs);
      const header = node.content!.split('\n')[0].split(',');
      const second = node.content!.split('\n')[1]?.split(',') ?? [];
      const first = random.int(0, header.length - 1);
      const other = random.pick(header.map((_, i) => i).filter((i) => i !== first));
      const numeric = header.map((_, i) => i).filter((i) => /^-?\d+(\.\d+)?$/.test(second[i] ?? ''));
      const sortBy = numeric.length > 0 ? random.pick(numeric) : random.int(0, header.length - 1);
      const [a, b] = first < other ? [first, other] : [other, first];
      return {
        ...facts,
        file: spoken(facts.home as string, path),
        csv: node.name,
        col_a: header[a],
        col_b: header[b],
        fields: [a + 1, b + 1],
        sort_col: header[sortBy],
        sort_field: sortBy + 1,
        numeric: numeric.includes(sortBy),
        order: random.pick(['biggest first', 'smallest first']),
        dedupe: random.next() < 0.5,
      };
    },
    turns: [
      {
        say: ['How many lines does {file} have?', 'Count the rows of {file} for me.'],
        steps: [{ tool: 'count_file_words', args: (f) => ({ path: f.file }) }],
      },
      {
        say: ['Show me only the {col_a} and {col_b} columns.', 'Just the {col_a} and {col_b} columns from it, please.'],
        steps: [
          {
            tool: 'cut_file_fields',
            args: (f) => ({ path: f.file, delimiter: ',', fields: f.fields }),
            fault: { kind: 'missing_argument', tool: 'cut_file_fields', args: (f) => ({ path: f.file, fields: f.fields }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Sort the rows by {sort_col}, {order}.', 'Order it by {sort_col}, {order}.'],
        steps: [{ tool: 'sort_file_lines', args: (f) => ({ path: f.file, delimiter: ',', field: f.sort_field, ...(f.numeric === true ? { numeric: true } : {}), ...(f.order === 'biggest first' ? { reverse: true } : {}) }) }],
      },
      {
        say: ['Are there any duplicate rows in it?', 'Check whether any row appears twice.'],
        when: (f) => f.dedupe === true,
        steps: [{ tool: 'count_unique_lines', args: (f) => ({ path: f.file }) }],
      },
    ],
  },
  {
    name: 'backup_edit_and_compare',
    goal: 'Copy a file to a backup, edit the original in place, check the edit (diff or the whole file), and checksum the backup.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const candidates = textFiles(nodeAt(state, `${facts.home}/Documents`)).filter((f) => (f.mode[1] === '6' || f.mode[1] === '7') && f.content!.includes('- [ ] '));
      const file = candidates.length > 0 ? random.pick(candidates) : undefined;
      if (file === undefined) return undefined;
      const open = file.content!.split('\n').filter((l) => l.startsWith('- [ ] ')).map((l) => l.slice(6));
      const task = random.pick(open);
      if (file.content!.split(`[ ] ${task}`).length !== 2) return undefined;
      const search = `[ ] ${task}`;
      const replacement = `[x] ${task}`;
      const backup = random.pick([`${file.name}.bak`, `${file.name}.orig`]);
      if (nodeAt(state, `${facts.home}/Documents/${backup}`) !== undefined) return undefined;
      const check_space = random.next() < 0.4;
      return { ...facts, file: file.name, backup, task, search, replacement, algorithm: random.pick(['sha256', 'md5']), check_space, space_question: check_space ? ' Is there enough room on the disk for it?' : '', show: random.next() < 0.4 };
    },
    turns: [
      {
        say: ['Before I change ~/Documents/{file}, make a backup copy called {backup} next to it.{space_question}', 'Back up ~/Documents/{file} as {backup} in the same folder.{space_question}'],
        steps: [
          { tool: 'disk_free_space', args: (f) => (f.check_space === true ? { path: '~/Documents' } : undefined) },
          { tool: 'change_directory', args: () => ({ path: '~/Documents' }) },
          { tool: 'copy_path', args: (f) => ({ from_path: f.file, to_path: f.backup }) },
        ],
      },
      {
        say: ['Now tick off "{task}" in {file}: replace "{search}" with "{replacement}", then diff it against the backup so I can check the edit.', 'In {file}, mark "{task}" as done (replace "{search}" with "{replacement}") and show me the difference to {backup}.'],
        when: (f) => f.show !== true,
        steps: [
          {
            tool: 'replace_in_file',
            args: (f) => ({ path: f.file, search: f.search, replacement: f.replacement }),
            learn: (r: Row) => (r.replacements > 0 ? { replacements: r.replacements } : undefined),
            fault: { kind: 'missing_argument', tool: 'replace_in_file', args: (f) => ({ path: f.file, search: f.search }), recovery: 'retry_corrected' },
          },
          { tool: 'diff_files', args: (f) => ({ from_path: f.backup, to_path: f.file }), learn: (r: { changes: Row[] }) => (removedLines(r) ? {} : undefined) },
        ],
      },
      {
        say: ['Now tick off "{task}" in {file}: replace "{search}" with "{replacement}", and show me the whole list afterwards.', 'In {file}, replace "{search}" with "{replacement}" to mark "{task}" as done, then print the file.'],
        when: (f) => f.show === true,
        steps: [
          {
            tool: 'replace_in_file',
            args: (f) => ({ path: f.file, search: f.search, replacement: f.replacement }),
            learn: (r: Row) => (r.replacements > 0 ? { replacements: r.replacements } : undefined),
            fault: { kind: 'missing_argument', tool: 'replace_in_file', args: (f) => ({ path: f.file, search: f.search }), recovery: 'retry_corrected' },
          },
          { tool: 'read_file', args: (f) => ({ path: f.file }) },
        ],
      },
      {
        say: ['Good. Give me the {algorithm} checksum of the backup so I can verify it later.', 'What is the {algorithm} sum of {backup}?'],
        steps: [{ tool: 'checksum_file', args: (f) => ({ path: f.backup, algorithm: f.algorithm }) }],
      },
    ],
  },
  {
    name: 'hand_file_to_colleague',
    goal: 'Give a file to a colleague named by full name: look up their login, become root with the password the user gives, chown, and switch back.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const files = textFiles(nodeAt(state, `${facts.home}/Documents`));
      const others = Object.values(state.users)
        .filter((u) => u.uid >= 1000 && u.name !== facts.user)
        .sort((a, b) => a.uid - b.uid);
      if (files.length === 0 || others.length === 0 || state.users.root === undefined) return undefined;
      const colleague = random.pick(others);
      // Root's ~ is not the user's home: the user names the file by its absolute path.
      return { ...facts, path: `${facts.home}/Documents/${random.pick(files).name}`, colleague: colleague.full_name, root_password: state.users.root.password, my_password: state.users[facts.user as string].password };
    },
    turns: [
      {
        say: ['Please make {colleague} the owner of {path}. The root password is {root_password}.', 'Hand {path} over to {colleague}; you will need root, the password is {root_password}.'],
        steps: [
          {
            tool: 'list_system_users',
            args: () => ({}),
            learn: (r: { users: Row[] }, f) => {
              const u = r.users.find((row) => row.full_name === f.colleague);
              return u === undefined ? undefined : { login: u.name };
            },
          },
          {
            tool: 'switch_user',
            args: (f) => ({ username: 'root', password: f.root_password }),
            fault: { kind: 'state_refusal', tool: 'change_file_owner', args: (f) => ({ path: f.path, owner: f.login }), recovery: 'retry_alternative' },
          },
          { tool: 'change_file_owner', args: (f) => ({ path: f.path, owner: f.login }) },
        ],
      },
      {
        say: ['Thanks. Go back to being me, my password is {my_password}.', 'Done? Then switch back to my own user ({my_password} is my password).'],
        steps: [
          { tool: 'switch_user', args: (f) => ({ username: f.user, password: f.my_password }) },
          { tool: 'show_current_user', args: () => ({}) },
        ],
      },
    ],
  },
  {
    name: 'share_file_with_group',
    goal: 'Inspect a private file, give it to one of the user\'s groups with group read access, and check access.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const me = state.users[facts.user as string];
      const files = textFiles(nodeAt(state, `${facts.home}/Documents`)).filter((f) => f.owner === me.name);
      const groups = me.groups.filter((g) => g !== me.primary_group).sort();
      const outside = Object.keys(state.groups)
        .filter((g) => !me.groups.includes(g) && g !== 'root')
        .sort();
      if (files.length === 0 || groups.length === 0) return undefined;
      const file = random.pick(files);
      const group = random.pick(groups);
      return { ...facts, file: file.name, group, group_said: group, wrong_group: outside.length > 0 ? random.pick(outside) : undefined, mode: random.pick(['g+r', 'g+rw', '640', '660']) };
    },
    turns: [
      {
        say: ['Who owns ~/Documents/{file}, and what are its permissions?', 'Show me the permissions on ~/Documents/{file}.'],
        steps: [{ tool: 'stat_path', args: (f) => ({ path: `~/Documents/${f.file}` }) }],
      },
      {
        say: ['Put it in the {group_said} group and set the mode to {mode}.', 'Let the {group_said} group have it: chgrp to {group_said}, then chmod {mode}.'],
        steps: [
          {
            tool: 'change_file_group',
            args: (f) => ({ path: `~/Documents/${f.file}`, group: f.group }),
            fault: {
              kind: 'state_refusal',
              tool: 'change_file_group',
              args: (f) => (f.wrong_group === undefined ? undefined : { path: `~/Documents/${f.file}`, group: f.wrong_group }),
              said: (f) => ({ group_said: f.wrong_group }),
              recovery: 'ask_user',
              ask: ['You are not in that group, so I cannot give the file to it. Which of your groups should it go to?', 'That group is not one of yours. Which group instead?'],
              reply: ['Oh right, use {group} then.', 'Make it {group}.'],
            },
          },
          { tool: 'change_file_mode', args: (f) => ({ path: `~/Documents/${f.file}`, mode: f.mode }) },
        ],
      },
      {
        say: ['Can I still write to it myself?', 'Check my own access to it now.'],
        steps: [{ tool: 'check_path_access', args: (f) => ({ path: `~/Documents/${f.file}` }) }],
      },
    ],
  },
  {
    name: 'scratch_area_in_tmp',
    goal: 'pushd to /tmp with a tighter umask, make a scratch folder with a notes file, link the file into the home, and popd.',
    context: SHELL,
    weight: 3,
    cast(state, random) {
      const facts = home(state);
      const folder = `${facts.user}-${random.pick(['scratch', 'work', 'tmp', 'sandbox', 'notes', 'drafts', 'test', 'play'])}`;
      if (nodeAt(state, `/tmp/${folder}`) !== undefined) return undefined;
      const link = random.pick(['scratch-notes', 'tmp-notes', 'notes-link', 'today', 'quick-notes', 'tmp-todo']);
      if (nodeAt(state, `${facts.home}/${link}`) !== undefined) return undefined;
      return {
        ...facts,
        folder,
        file: random.pick(['notes.txt', 'todo.txt', 'plan.md', 'ideas.md', 'log.txt']),
        link,
        umask: random.pick(['077', '027', '007']),
        line: random.pick(['check the backup job', 'call the vendor about the invoice', 'draft the release notes', 'ask ops about disk space', 'update the wiki', 'book the room for Friday']),
      };
    },
    turns: [
      {
        say: ['Take me to /tmp for a bit, but remember where I was, and set my umask to {umask}.', 'pushd into /tmp (I will come back here later) and make my umask {umask}.'],
        steps: [
          { tool: 'push_directory', args: () => ({ path: '/tmp' }) },
          {
            tool: 'set_umask',
            args: (f) => ({ umask: f.umask }),
            fault: { kind: 'out_of_range', tool: 'set_umask', args: () => ({ umask: '0999' }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Create a directory {folder} there and write "{line}" into {folder}/{file}.', 'mkdir {folder}, then put "{line}" in {folder}/{file}.'],
        steps: [
          { tool: 'make_directory', args: (f) => ({ directory_path: f.folder }) },
          { tool: 'write_file', args: (f) => ({ path: `${f.folder}/${f.file}`, text: f.line }), learn: (r: Row) => ({ written: r.path }) },
        ],
      },
      {
        say: ['Link that file into my home as ~/{link}, then take me back to where I was.', 'Make a symlink ~/{link} pointing at it, and popd.'],
        steps: [
          { tool: 'create_symlink', args: (f) => ({ target_path: f.written, link_path: `~/${f.link}` }) },
          { tool: 'pop_directory', args: () => ({}) },
        ],
      },
    ],
  },
  {
    name: 'notes_folder_then_clean_up',
    goal: 'Check where the shell is, make a folder with a file in it, look at it, then remove the file and the emptied folder.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const folder = random.pick(['drafts', 'ideas', 'inbox-notes', 'reading', 'todo-today', 'temp-work', 'meeting-prep', 'scratchpad']);
      if (nodeAt(state, `${facts.cwd}/${folder}`) !== undefined) return undefined;
      return {
        ...facts,
        folder,
        file: random.pick(['notes.txt', 'todo.md', 'ideas.txt', 'list.txt', 'plan.md']),
        line: random.pick(['read the onboarding guide', 'reply to the budget thread', 'prepare the demo', 'renew the certificate', 'sort the photos']),
        empty: random.next() < 0.4,
        view: random.pick(['list', 'tree']),
      };
    },
    turns: [
      {
        say: ['Where am I right now, and as which user?', 'Which directory is this shell in, and who am I logged in as?'],
        steps: [{ tool: 'print_working_directory', args: () => ({}) }],
      },
      {
        say: ['Create a folder {folder} here with an empty file {folder}/{file} in it.', 'mkdir {folder} and touch {folder}/{file}.'],
        when: (f) => f.empty === true,
        steps: [
          { tool: 'make_directory', args: (f) => ({ directory_path: f.folder }) },
          { tool: 'touch_file', args: (f) => ({ path: `${f.folder}/${f.file}` }) },
        ],
      },
      {
        say: ['Create a folder {folder} here and add the line "{line}" to {folder}/{file}.', 'mkdir {folder}, then append "{line}" to {folder}/{file}.'],
        when: (f) => f.empty !== true,
        steps: [
          { tool: 'make_directory', args: (f) => ({ directory_path: f.folder }) },
          { tool: 'append_to_file', args: (f) => ({ path: `${f.folder}/${f.file}`, text: f.line }) },
        ],
      },
      {
        say: ['Show me what is in {folder} now.', 'List {folder}, please.'],
        when: (f) => f.view === 'list',
        steps: [{ tool: 'list_directory', args: (f) => ({ path: f.folder }) }],
      },
      {
        say: ['Show me {folder} as a tree.', 'What does the tree of {folder} look like now?'],
        when: (f) => f.view === 'tree',
        steps: [{ tool: 'tree_directory', args: (f) => ({ path: f.folder }) }],
      },
      {
        say: ['Actually I do not need it: delete {folder}/{file} and then the empty folder.', 'Never mind, remove {folder}/{file} and the empty {folder} directory.'],
        steps: [
          { tool: 'remove_path', args: (f) => ({ path: `${f.folder}/${f.file}` }) },
          { tool: 'remove_empty_directory', args: (f) => ({ directory_path: f.folder }) },
        ],
      },
    ],
  },
  {
    name: 'free_disk_space',
    goal: 'Check how full the disk is, see what takes space in a folder of the home, find big files there, delete the largest, and check again.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const dirs = readableUnder(state, facts.user as string, facts.home as string, 3).filter(({ node }) => node.type === 'directory' && (node.children ?? []).some((c) => c.type === 'file' && c.size >= 10_000));
      if (dirs.length === 0) return undefined;
      const { path, node } = random.pick(dirs);
      const largest = Math.max(...node.children!.filter((c) => c.type === 'file').map((c) => c.size));
      const thresholds = [10_000, 50_000, 100_000, 500_000, 1_000_000, 2_000_000].filter((t) => t <= largest);
      const min = random.pick(thresholds);
      const said = min >= 1_000_000 ? `${min / 1_000_000} MB` : `${min / 1000} KB`;
      return { ...facts, dir: spoken(facts.home as string, path), min_size: min, size_said: said };
    },
    turns: [
      {
        say: ['How full is the disk?', 'Am I running out of disk space?'],
        steps: [{ tool: 'disk_free_space', args: () => ({}) }],
      },
      {
        say: ['What is taking up the space in {dir}? Which files there are over {size_said}?', 'Show me the usage of {dir} and the files bigger than {size_said} in it.'],
        steps: [
          { tool: 'disk_usage', args: (f) => ({ path: f.dir }) },
          {
            tool: 'find_paths',
            args: (f) => ({ path: f.dir, type: 'file', min_size: f.min_size }),
            learn: (r: { paths: Row[] }) => {
              const big = [...r.paths].sort((x, y) => y.size - x.size || (x.path < y.path ? -1 : 1))[0];
              return big === undefined ? undefined : { largest: big.path };
            },
            fault: { kind: 'out_of_range', tool: 'find_paths', args: (f) => ({ path: f.dir, type: 'file', min_size: -1 }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Delete the biggest of those, I do not need it anymore. How much is free now?', 'Remove the largest one and check the disk again.'],
        steps: [
          { tool: 'remove_path', args: (f) => ({ path: f.largest }) },
          { tool: 'disk_free_space', args: (f) => ({ path: f.dir }) },
        ],
      },
    ],
  },
  {
    name: 'follow_project_link',
    goal: 'See where a symlink in the home points, cd through it and look around, find files by type and read one (or grep), and go back with cd -.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const links = (nodeAt(state, facts.home as string)?.children ?? []).filter((c) => c.type === 'symlink' && c.target?.startsWith('/') === true && nodeAt(state, c.target)?.type === 'directory');
      if (links.length === 0) return undefined;
      const link = random.pick(links);
      const files = readableUnder(state, facts.user as string, link.target!).filter(({ node }) => node.type === 'file' && typeof node.content === 'string' && node.content.length > 0);
      const exts = [...new Set(files.map(({ node }) => (node.name.includes('.') ? node.name.slice(node.name.lastIndexOf('.')) : '')).filter((e) => e.length > 1))].sort();
      if (exts.length === 0) return undefined;
      const ext = random.pick(exts);
      const words = [...new Set(files.flatMap(({ node }) => node.content!.match(/\b[A-Za-z]{5,}\b/g) ?? []))].sort();
      const hidden = random.next() < 0.5;
      return {
        ...facts,
        link: link.name,
        ext,
        word: words.length > 0 && random.next() < 0.4 ? random.pick(words) : undefined,
        lines: random.pick([5, 10, 20]),
        hidden,
        hidden_said: hidden ? ', hidden files too' : '',
        real: random.next() < 0.5,
      };
    },
    turns: [
      {
        say: ['Where does my {link} link point to? Go in there and show me what is in it{hidden_said}.', 'What is ~/{link} a link to? cd into it and list it{hidden_said}.'],
        when: (f) => f.real !== true,
        steps: [
          { tool: 'read_symlink', args: (f) => ({ path: f.link }) },
          { tool: 'change_directory', args: (f) => ({ path: f.link }) },
          { tool: 'list_directory', args: (f) => (f.hidden === true ? { all: true } : {}) },
        ],
      },
      {
        say: ['What is the real path behind my {link} link? Then go in there and list it{hidden_said}.', 'Resolve ~/{link} to its real path, cd into it and show me what is there{hidden_said}.'],
        when: (f) => f.real === true,
        steps: [
          { tool: 'resolve_real_path', args: (f) => ({ path: f.link }) },
          { tool: 'change_directory', args: (f) => ({ path: f.link }) },
          { tool: 'list_directory', args: (f) => (f.hidden === true ? { all: true } : {}) },
        ],
      },
      {
        say: ['Find the *{ext} files in here and show me the first {lines} lines of the first one.', 'Which *{ext} files are there? Open the first, {lines} lines.'],
        when: (f) => f.word === undefined,
        steps: [
          {
            tool: 'find_paths',
            args: (f) => ({ path: '.', name: `*${f.ext}`, type: 'file' }),
            learn: (r: { paths: Row[] }) => {
              const first = r.paths[0]?.path as string | undefined;
              return first === undefined ? undefined : { first };
            },
          },
          { tool: 'head_file', args: (f) => ({ path: f.first, lines: f.lines }) },
        ],
      },
      {
        say: ['Search this whole project for "{word}", ignoring case.', 'grep everything here for {word}, case-insensitive.'],
        when: (f) => f.word !== undefined,
        steps: [{ tool: 'grep_files', args: (f) => ({ pattern: f.word, path: '.', ignore_case: true }) }],
      },
      {
        say: ['OK, cd - back to where I was. Where am I now?', 'Go back with cd - and tell me which directory we are in.'],
        steps: [
          { tool: 'change_directory', args: () => ({ path: '-' }) },
          { tool: 'print_working_directory', args: () => ({}) },
        ],
      },
    ],
  },
];
