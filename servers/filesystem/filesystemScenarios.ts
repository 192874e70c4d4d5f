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
    goal: 'cd into Documents, find the meeting notes, move them into a new folder with relative paths, then grep them for a remembered phrase and read the match.',
    context: SHELL,
    weight: 3,
    cast(state, random) {
      const facts = home(state);
      const docs = nodeAt(state, `${facts.home}/Documents`);
      const notes = textFiles(docs).filter((f) => f.name.startsWith('meeting-notes'));
      if (notes.length < 2 || notes.length > 5) return undefined;
      const folder = random.pick(['meetings', 'notes', 'meeting-notes-archive', 'minutes']);
      if (docs!.children!.some((c) => c.name === folder)) return undefined;
      const source = random.pick(notes);
      const lines = source.content!.split('\n').filter((l) => l.startsWith('- '));
      const line = lines.length > 0 ? random.pick(lines) : undefined;
      const phrase = line && phraseOf(line);
      if (phrase === undefined) return undefined;
      const misspelt = notes[0].name.replace(/\.md$/, '.txt');
      return { ...facts, folder, phrase, note_count: notes.length, misspelt };
    },
    turns: [
      {
        say: ['Go to my Documents folder and find all my meeting notes in there.', 'cd into Documents and look for the meeting notes files, please.', 'Switch to my Documents directory. Which meeting notes do I have?'],
        steps: [
          { tool: 'change_directory', args: () => ({ path: 'Documents' }), learn: (r: Row) => ({ docs: r.cwd }) },
          {
            tool: 'find_paths',
            args: () => ({ path: '.', name: 'meeting-notes*', type: 'file' }),
            learn: (r: { paths: Row[] }) => (r.paths.length < 2 ? undefined : { notes: r.paths.map((p) => baseName(p.path)) }),
          },
        ],
      },
      {
        say: ['Make a folder called {folder} here and move all of them into it.', 'Tidy up: put those notes into a new {folder} directory inside Documents.'],
        steps: [
          { tool: 'make_directory', args: (f) => ({ directory_path: f.folder }) },
          ...[0, 1, 2, 3, 4].map((i) => ({
            tool: 'move_path',
            args: (f: ScenarioFacts) => {
              const notes = f.notes as string[];
              return i < notes.length ? { from_path: notes[i], to_path: `${f.folder}/` } : undefined;
            },
            ...(i === 0 ? { fault: { kind: 'guessed_id' as const, tool: 'move_path', args: (f: ScenarioFacts) => ({ from_path: f.misspelt, to_path: `${f.folder}/` }), recovery: 'retry_corrected' as const } } : {}),
          })),
        ],
      },
      {
        say: ['Which of those notes mentions "{phrase}"?', 'Search the {folder} folder for "{phrase}" and tell me where it comes up.'],
        steps: [
          {
            tool: 'grep_files',
            args: (f) => ({ pattern: f.phrase, path: f.folder }),
            learn: (r: { matches: Row[] }) => (r.matches.length === 0 ? undefined : { match_file: r.matches[0].path, match_name: baseName(r.matches[0].path) }),
          },
        ],
      },
      {
        say: ['Show me the top of that file.', 'Open that one, just the first lines.'],
        steps: [{ tool: 'head_file', args: (f) => ({ path: `${f.folder}/${f.match_name}`, lines: 8 }) }],
      },
      {
        say: ['Where am I now, by the way?', 'Remind me which directory we are in.'],
        steps: [{ tool: 'print_working_directory', args: () => ({}) }],
      },
    ],
  },
  {
    name: 'investigate_log_errors',
    goal: 'Go to the log directory, read the newest entries of a log, grep one level, and see where the "latest" link points.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const log = nodeAt(state, '/var/log');
      const logs = textFiles(log).filter((f) => f.name.endsWith('.log') && f.mode.endsWith('4') === true);
      if (logs.length === 0) return undefined;
      const file = random.pick(logs);
      const level = random.pick(['ERROR', 'WARN']);
      const link = (log!.children ?? []).find((c) => c.type === 'symlink');
      return { ...facts, log_name: file.name, level, count: random.pick([5, 10, 15]), link_name: link?.name };
    },
    turns: [
      {
        say: ['Go to /var/log and show me the last {count} lines of {log_name}.', 'cd /var/log, then tail {log_name}, {count} lines please.'],
        steps: [
          { tool: 'change_directory', args: () => ({ path: '/var/log' }) },
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
        say: ['Which messages repeat in it, and how often?', 'Are any lines duplicated in there?'],
        steps: [{ tool: 'count_unique_lines', args: (f) => ({ path: f.log_name }) }],
      },
      {
        say: ['What does "{link_name}" in here point to?', 'And the {link_name} link, where does it go?'],
        when: (f) => f.link_name !== undefined,
        steps: [
          { tool: 'read_symlink', args: (f) => ({ path: f.link_name }) },
          { tool: 'resolve_real_path', args: (f) => ({ path: f.link_name }) },
        ],
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
      const csvs: Array<{ dir: string; file: FsNode }> = [];
      for (const dir of ['Documents', 'archive/2025']) for (const file of textFiles(nodeAt(state, `${facts.home}/${dir}`))) if (file.name.endsWith('.csv')) csvs.push({ dir, file });
      if (csvs.length === 0) return undefined;
      const { dir, file } = random.pick(csvs);
      const header = file.content!.split('\n')[0].split(',');
      const amount = header.findIndex((h) => /amount|total|cost/.test(h));
      const name = header.findIndex((h) => /vendor|category|name/.test(h));
      if (amount < 0 || name < 0) return undefined;
      return { ...facts, dir, csv: file.name, amount_col: header[amount], amount_field: amount + 1, name_col: header[name], name_field: name + 1 };
    },
    turns: [
      {
        say: ['How many rows are in {csv} in my {dir} folder?', 'Count the lines of ~/{dir}/{csv} for me.'],
        steps: [{ tool: 'count_file_words', args: (f) => ({ path: `~/${f.dir}/${f.csv}` }) }],
      },
      {
        say: ['Show me only the {name_col} and {amount_col} columns.', 'Just the {name_col} and {amount_col} columns from it, please.'],
        steps: [
          {
            tool: 'cut_file_fields',
            args: (f) => ({ path: `~/${f.dir}/${f.csv}`, delimiter: ',', fields: [f.name_field, f.amount_field] }),
            fault: { kind: 'missing_argument', tool: 'cut_file_fields', args: (f) => ({ path: `~/${f.dir}/${f.csv}`, fields: [f.name_field, f.amount_field] }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Sort the rows by {amount_col}, biggest first.', 'Which are the largest by {amount_col}? Sort it descending.'],
        steps: [{ tool: 'sort_file_lines', args: (f) => ({ path: `~/${f.dir}/${f.csv}`, delimiter: ',', field: f.amount_field, numeric: true, reverse: true }) }],
      },
      {
        say: ['Are there any duplicate rows in it?', 'Check whether any row appears twice.'],
        steps: [{ tool: 'count_unique_lines', args: (f) => ({ path: `~/${f.dir}/${f.csv}` }) }],
      },
    ],
  },
  {
    name: 'backup_edit_and_compare',
    goal: 'Copy a file to a backup, edit the original in place, compare the two, and checksum the backup.',
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
      return { ...facts, file: file.name, backup, task, search, replacement, algorithm: random.pick(['sha256', 'md5']) };
    },
    turns: [
      {
        say: ['Before I change {file} in Documents, make a backup copy called {backup} next to it.', 'Back up ~/Documents/{file} as {backup} in the same folder.'],
        steps: [
          { tool: 'change_directory', args: () => ({ path: '~/Documents' }) },
          { tool: 'copy_path', args: (f) => ({ from_path: f.file, to_path: f.backup }) },
        ],
      },
      {
        say: ['Now tick off "{task}" in {file}: turn its "[ ]" into "[x]".', 'In {file}, mark "{task}" as done (replace "{search}" with "{replacement}").'],
        steps: [
          {
            tool: 'replace_in_file',
            args: (f) => ({ path: f.file, search: f.search, replacement: f.replacement }),
            learn: (r: Row) => (r.replacements > 0 ? { replacements: r.replacements } : undefined),
            fault: { kind: 'missing_argument', tool: 'replace_in_file', args: (f) => ({ path: f.file, search: f.search }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Show me the difference between the backup and the new version.', 'diff the two files so I can check the edit.'],
        steps: [{ tool: 'diff_files', args: (f) => ({ from_path: f.backup, to_path: f.file }), learn: (r: { changes: Row[] }) => (removedLines(r) ? {} : undefined) }],
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
      return { ...facts, file: random.pick(files).name, colleague: colleague.full_name, root_password: state.users.root.password, my_password: state.users[facts.user as string].password };
    },
    turns: [
      {
        say: ['Please make {colleague} the owner of {file} in my Documents. The root password is {root_password}.', 'Hand ~/Documents/{file} over to {colleague}; you will need root, the password is {root_password}.'],
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
            fault: { kind: 'state_refusal', tool: 'change_file_owner', args: (f) => ({ path: `~${f.user}/Documents/${f.file}`, owner: f.login }), recovery: 'retry_alternative' },
          },
          { tool: 'change_file_owner', args: (f) => ({ path: `~${f.user}/Documents/${f.file}`, owner: f.login }) },
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
        say: ['Who owns {file} in my Documents, and what are its permissions?', 'Show me the permissions on ~/Documents/{file}.'],
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
    goal: 'pushd to /tmp, tighten the umask, build a scratch folder with a notes file and a link home, look at it, clean up and popd.',
    context: SHELL,
    weight: 3,
    cast(state, random) {
      const facts = home(state);
      const folder = `${facts.user}-${random.pick(['scratch', 'work', 'tmp', 'sandbox'])}`;
      if (nodeAt(state, `/tmp/${folder}`) !== undefined) return undefined;
      const link = random.pick(['scratch-notes', 'tmp-notes', 'notes-link']);
      if (nodeAt(state, `${facts.home}/${link}`) !== undefined) return undefined;
      return {
        ...facts,
        folder,
        file: random.pick(['notes.txt', 'todo.txt', 'plan.md']),
        link,
        umask: random.pick(['077', '027']),
        line: random.pick(['check the backup job', 'call the vendor about the invoice', 'draft the release notes', 'ask ops about disk space']),
        line2: random.pick(['then update the wiki', 'and book the room', 'before Friday']),
        cleanup: random.chance(0.5),
      };
    },
    turns: [
      {
        say: ['Take me to /tmp for a bit, but remember where I was.', 'pushd into /tmp, I will come back here later.'],
        steps: [{ tool: 'push_directory', args: () => ({ path: '/tmp' }) }],
      },
      {
        say: ['Set my umask to {umask} first, then create a folder {folder} with an empty {file} in it.', 'umask {umask} please, and make a {folder} directory with a blank {file}.'],
        steps: [
          {
            tool: 'set_umask',
            args: (f) => ({ umask: f.umask }),
            fault: { kind: 'out_of_range', tool: 'set_umask', args: () => ({ umask: '0999' }), recovery: 'retry_corrected' },
          },
          { tool: 'make_directory', args: (f) => ({ directory_path: f.folder }) },
          { tool: 'touch_file', args: (f) => ({ path: `${f.folder}/${f.file}` }) },
        ],
      },
      {
        say: ['Write "{line}" into it, then add a second line "{line2}".', 'Put "{line}" in {file} and append "{line2}".'],
        steps: [
          { tool: 'write_file', args: (f) => ({ path: `${f.folder}/${f.file}`, text: `${f.line}\n` }) },
          { tool: 'append_to_file', args: (f) => ({ path: `${f.folder}/${f.file}`, text: `${f.line2}\n` }) },
        ],
      },
      {
        say: ['Link that file into my home as {link}, and show me the tree of {folder}.', 'Make a symlink {link} in my home pointing at it, then show the {folder} tree.'],
        steps: [
          { tool: 'create_symlink', args: (f) => ({ target_path: `/tmp/${f.folder}/${f.file}`, link_path: `~/${f.link}` }) },
          { tool: 'tree_directory', args: (f) => ({ path: f.folder }) },
        ],
      },
      {
        say: ['Actually, clean it all up: remove the link, the file and the folder, then take me back.', 'Never mind, delete the link, the file and the empty folder again, and popd.'],
        when: (f) => f.cleanup === true,
        steps: [
          { tool: 'remove_path', args: (f) => ({ path: `~/${f.link}` }) },
          { tool: 'remove_path', args: (f) => ({ path: `${f.folder}/${f.file}` }) },
          {
            tool: 'remove_empty_directory',
            args: (f) => ({ directory_path: f.folder }),
          },
          { tool: 'pop_directory', args: () => ({}) },
        ],
      },
      {
        say: ['Great, take me back to where I was and list it.', 'OK, popd and show me what is there.'],
        when: (f) => f.cleanup !== true,
        steps: [
          { tool: 'pop_directory', args: () => ({}) },
          { tool: 'list_directory', args: () => ({}) },
        ],
      },
    ],
  },
  {
    name: 'free_disk_space',
    goal: 'Check how full the disk is, find what is big in Downloads, delete the largest file, and check again.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const downloads = nodeAt(state, `${facts.home}/Downloads`);
      const files = (downloads?.children ?? []).filter((c) => c.type === 'file');
      if (files.length === 0) return undefined;
      const mb = random.pick([1, 2]);
      if (!files.some((f) => f.size >= mb * 1_000_000)) return undefined;
      return { ...facts, mb, min_size: mb * 1_000_000 };
    },
    turns: [
      {
        say: ['How full is the disk?', 'Am I running out of disk space?'],
        steps: [{ tool: 'disk_free_space', args: () => ({}) }],
      },
      {
        say: ['What is taking up the space in my Downloads folder?', 'Which files in ~/Downloads are the big ones?'],
        steps: [
          { tool: 'disk_usage', args: () => ({ path: '~/Downloads' }), learn: (r: { entries: Row[] }) => (r.entries.length === 0 ? undefined : { largest: baseName(r.entries[0].path) }) },
          {
            tool: 'find_paths',
            args: (f) => ({ path: '~/Downloads', type: 'file', min_size: f.min_size }),
            fault: { kind: 'out_of_range', tool: 'find_paths', args: () => ({ path: '~/Downloads', type: 'file', min_size: -1 }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Delete the biggest one, I do not need it anymore. How much is free now?', 'Remove the largest file there and check the disk again.'],
        steps: [
          { tool: 'remove_path', args: (f) => ({ path: `~/Downloads/${f.largest}` }) },
          { tool: 'disk_free_space', args: () => ({ path: '~' }) },
        ],
      },
    ],
  },
  {
    name: 'follow_project_link',
    goal: 'See where a symlink in the home points, cd through it, look around, grep the project and read a file, then go back with cd -.',
    context: SHELL,
    weight: 2,
    cast(state, random) {
      const facts = home(state);
      const links = (nodeAt(state, facts.home as string)?.children ?? []).filter((c) => c.type === 'symlink' && c.target?.startsWith('/srv/') === true && nodeAt(state, c.target)?.type === 'directory');
      if (links.length === 0) return undefined;
      const link = random.pick(links);
      const word = random.pick(['TODO', 'release', 'deploy', 'version', 'API']);
      return { ...facts, link: link.name, spoken: link.name.replace(/-/g, ' '), word };
    },
    turns: [
      {
        say: ['Where does my {spoken} link point to?', 'What is {link} in my home a link to?'],
        steps: [{ tool: 'read_symlink', args: (f) => ({ path: f.link }) }],
      },
      {
        say: ['Go in there and show me what is in it, hidden files too.', 'cd into it and list everything, including dotfiles.'],
        steps: [
          { tool: 'change_directory', args: (f) => ({ path: f.link }) },
          { tool: 'list_directory', args: () => ({ all: true }), learn: (r: { entries: Row[] }) => ({ has_readme: r.entries.some((e) => e.name === 'README.md' || baseName(String(e.path)) === 'README.md') }) },
        ],
      },
      {
        say: ['Where am I really, with the link resolved?', 'What is the real path of this directory?'],
        steps: [{ tool: 'resolve_real_path', args: () => ({ path: '.' }) }],
      },
      {
        say: ['Search this project for "{word}".', 'grep the whole project for {word}, ignoring case.'],
        steps: [{ tool: 'grep_files', args: (f) => ({ pattern: f.word, path: '.', ignore_case: true }) }],
      },
      {
        say: ['Show me its README.', 'Print the README here.'],
        when: (f) => f.has_readme === true,
        steps: [{ tool: 'read_file', args: () => ({ path: 'README.md' }) }],
      },
      {
        say: ['OK, back to where I was.', 'cd back to the previous directory.'],
        steps: [{ tool: 'change_directory', args: () => ({ path: '-' }) }],
      },
    ],
  },
];
