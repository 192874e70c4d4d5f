import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the filesystem domain, played in order on one fresh session of the seed-42
 * world (fixtures/filesystem/world.json, reference date 2026-03-16T09:00Z). The session starts as
 * maya (groups maya, staff, dev, finance, adm) in /home/maya, umask 0022. She looks around, reads
 * and searches files (her own, the shared and project trees, logs she reads as a member of adm),
 * is refused ben's and priya's private homes, /etc/shadow, other people's files in the sticky
 * /tmp and files of groups she is not in; she builds ~/projects/website, copies, renames, links,
 * chmods and chgrps it, uses the directory stack and the umask, then becomes root (the password
 * she holds) and gives her projects to ben.
 */
const names = (r: { entries: Array<{ name: string }> }) => r.entries.map((e) => e.name);

export const filesystemCases: ToolCase[] = [
  { title: 'the session starts in maya\'s home', tool: 'print_working_directory', args: {}, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya', user: 'maya' }) },
  { title: 'pwd takes no arguments', tool: 'print_working_directory', args: { verbose: true }, ok: false, errorIncludes: ['verbose'] },
  {
    title: 'ls of the current directory hides dotfiles and shows symlinks with their targets',
    tool: 'list_directory',
    args: {},
    ok: true,
    check: (r) => {
      expect(r.path).to.equal('/home/maya');
      expect(names(r)).to.deep.equal(['Desktop', 'Documents', 'Downloads', 'Videos', 'archive', 'current-project', 'old-drafts', 'scripts', 'shared']);
      expect(r.entries[8]).to.include({ type: 'symlink', target: '/srv/shared', permissions: 'lrwxrwxrwx' });
    },
  },
  { title: 'ls -a shows the dotfiles too', tool: 'list_directory', args: { path: '~', all: true }, ok: true, check: (r) => expect(names(r).slice(0, 3)).to.deep.equal(['.bashrc', '.profile', '.ssh']) },
  { title: 'ben\'s home (0700) cannot be listed by maya', tool: 'list_directory', args: { path: '/home/ben' }, ok: false, errorIncludes: ['permission denied', 'drwx------ ben:ben', 'you are maya'] },
  { title: 'cd into a relative directory', tool: 'change_directory', args: { path: 'Documents' }, ok: true, check: (r) => expect(r).to.deep.equal({ cwd: '/home/maya/Documents', previous_cwd: '/home/maya' }) },
  { title: 'cd into a file is refused', tool: 'change_directory', args: { path: 'todo.txt' }, ok: false, errorIncludes: ['not a directory', '/home/maya/Documents/todo.txt'] },
  { title: 'cd into priya\'s private home is refused', tool: 'change_directory', args: { path: '/home/priya' }, ok: false, errorIncludes: ['permission denied', '/home/priya'] },
  {
    title: 'cat reads a file relative to the new current directory',
    tool: 'read_file',
    args: { path: 'todo.txt' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ path: '/home/maya/Documents/todo.txt', lines: 8, bytes: 244, truncated: false });
      expect(r.content.split('\n')[0]).to.equal('- [x] clean up old log files');
    },
  },
  { title: 'a misspelt file names the closest one', tool: 'read_file', args: { path: 'todo.tx' }, ok: false, errorIncludes: ['no such file', 'did you mean', '/home/maya/Documents/todo.txt'] },
  { title: 'a binary file is not printed', tool: 'read_file', args: { path: 'report-2025-09.pdf' }, ok: false, errorIncludes: ['binary file', 'checksum_file'] },
  { title: '__proto__ as a path is a plain not-found', tool: 'read_file', args: { path: '__proto__' }, ok: false, errorIncludes: ['no such file', '__proto__'] },
  { title: 'head of a CSV starts with its header', tool: 'head_file', args: { path: 'expenses.csv', lines: 3 }, ok: true, check: (r) => expect(r.lines[0]).to.equal('date,category,vendor,amount') && expect(r.lines).to.have.length(3) },
  { title: 'head of a directory is refused', tool: 'head_file', args: { path: '../Downloads' }, ok: false, errorIncludes: ['is a directory'] },
  {
    title: 'tail of the app log gives its newest lines',
    tool: 'tail_file',
    args: { path: '/var/log/app.log', lines: 2 },
    ok: true,
    check: (r) => expect(r).to.deep.equal({ path: '/var/log/app.log', lines: ['2026-03-11T10:38:51Z app ERROR timeout calling payments API', '2026-03-11T10:45:31Z app INFO server started on port 8080'], total_lines: 80 }),
  },
  { title: 'the backups directory (0700 root) cannot be searched, even through ..', tool: 'tail_file', args: { path: '/var/log/nginx/../../backups/db-1.sql.gz' }, ok: false, errorIncludes: ['permission denied', '/var/backups', 'only root'] },
  {
    title: 'grep finds the TODO comment of every project source file',
    tool: 'grep_files',
    args: { pattern: 'TODO', path: '/srv/projects' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ count: 12, files_matched: 12, truncated: false });
      expect(r.matches[0]).to.deep.equal({ path: '/srv/projects/atlas/src/api.py', line_number: 7, line: '    # TODO: handle missing files' });
    },
  },
  { title: 'grep in a directory that does not exist names the closest', tool: 'grep_files', args: { pattern: 'TODO', path: '/srv/project' }, ok: false, errorIncludes: ['no such file', '/srv/projects'] },
  {
    title: 'find by glob under the home',
    tool: 'find_paths',
    args: { path: '~', name: '*.md' },
    ok: true,
    check: (r) => expect(r.paths.map((p: { path: string }) => p.path)).to.deep.equal(['/home/maya/Documents/ideas.md', '/home/maya/Documents/meeting-notes-2026-02-07.md', '/home/maya/Documents/meeting-notes-2026-03-03.md', '/home/maya/archive/2025/q4-summary.md']),
  },
  { title: 'find below a file is refused', tool: 'find_paths', args: { path: 'todo.txt/x' }, ok: false, errorIncludes: ['not a directory'] },
  { title: 'wc counts lines, words and bytes', tool: 'count_file_words', args: { path: '~/Documents/todo.txt' }, ok: true, check: (r) => expect(r).to.include({ lines: 8, bytes: 244, characters: 244 }) },
  { title: 'wc of a directory is refused', tool: 'count_file_words', args: { path: '~/Documents' }, ok: false, errorIncludes: ['is a directory'] },
  { title: 'sort by the first CSV field, reversed', tool: 'sort_file_lines', args: { path: '/srv/shared/holidays.csv', field: 1, delimiter: ',', reverse: true }, ok: true, check: (r) => expect(r.lines.slice(0, 2)).to.deep.equal(['date,holiday', '2026-12-26,Boxing Day']) },
  { title: '/etc/shadow cannot be sorted by maya', tool: 'sort_file_lines', args: { path: '/etc/shadow' }, ok: false, errorIncludes: ['permission denied', '-rw------- root:root'] },
  { title: 'uniq -c of a todo list: every line once', tool: 'count_unique_lines', args: { path: '~/Documents/todo.txt' }, ok: true, check: (r) => expect(r).to.include({ distinct: 8, total: 8 }) },
  { title: 'uniq of a missing file', tool: 'count_unique_lines', args: { path: '~/Documents/todos.txt' }, ok: false, errorIncludes: ['did you mean', 'todo.txt'] },
  { title: 'cut the user and shell columns of /etc/passwd', tool: 'cut_file_fields', args: { path: '/etc/passwd', delimiter: ':', fields: [7, 1] }, ok: true, check: (r) => expect(r.lines[0]).to.equal('root:/bin/bash') && expect(r.count).to.equal(13) },
  { title: 'root\'s notes are out of reach', tool: 'cut_file_fields', args: { path: '/root/notes.txt', delimiter: ' ', fields: [1] }, ok: false, errorIncludes: ['permission denied', '/root'] },
  {
    title: 'diff of the empty invoice template and an invoice: only added lines',
    tool: 'diff_files',
    args: { from_path: '/srv/shared/templates/invoice-template.csv', to_path: '/srv/finance/invoices/invoice-2031-contoso.csv' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ identical: false, removed: 0, added: 3 });
      expect(r.changes[0]).to.deep.equal({ change: '+', line_number: 2, line: 'software,5,271.00' });
    },
  },
  { title: 'diff of a directory is refused', tool: 'diff_files', args: { from_path: '~/Documents', to_path: '~/Documents/todo.txt' }, ok: false, errorIncludes: ['is a directory'] },
  { title: 'sha256 of the handbook', tool: 'checksum_file', args: { path: '/srv/shared/handbook.md' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/srv/shared/handbook.md', algorithm: 'sha256', digest: '6b0b3ffae47c791ad2116419b549eab5c523b7624719e2505f703905ecde79dd', bytes: 165 }) },
  { title: 'the database backup cannot be read', tool: 'checksum_file', args: { path: '/var/backups/db-1.sql.gz' }, ok: false, errorIncludes: ['permission denied'] },
  { title: 'stat of the setgid projects directory', tool: 'stat_path', args: { path: '/srv/projects' }, ok: true, check: (r) => expect(r).to.include({ mode: '2775', permissions: 'drwxrwsr-x', owner: 'root', group: 'dev', gid: 2001, entries: 4 }) },
  { title: 'stat of a missing path', tool: 'stat_path', args: { path: '/srv/projects/zeta' }, ok: false, errorIncludes: ['no such file', '/srv/projects'] },
  { title: 'maya may not read /etc/shadow: test -r answers, with the reason', tool: 'check_path_access', args: { path: '/etc/shadow' }, ok: true, check: (r) => expect(r).to.include({ exists: true, readable: false, writable: false, executable: false }) && expect(r.reason).to.include('others') },
  { title: 'a path that does not exist answers exists: false', tool: 'check_path_access', args: { path: '~/nothing-here' }, ok: true, check: (r) => expect(r).to.include({ path: '/home/maya/nothing-here', exists: false }) },
  { title: 'access below a home maya cannot search is refused', tool: 'check_path_access', args: { path: '/home/priya/notes' }, ok: false, errorIncludes: ['permission denied', '/home/priya'] },
  { title: '.. after a symlink is physical: ~/shared/.. is /srv', tool: 'resolve_real_path', args: { path: '~/shared/../projects' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/srv/projects', type: 'directory' }) },
  { title: 'realpath of a missing path', tool: 'resolve_real_path', args: { path: '~/shared/handbok.md' }, ok: false, errorIncludes: ['did you mean', '/srv/shared/handbook.md'] },
  { title: 'readlink of a relative symlink', tool: 'read_symlink', args: { path: '/var/log/latest' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/var/log/latest', target_path: 'app.log', resolves_to: '/var/log/app.log' }) },
  { title: 'readlink of a regular file', tool: 'read_symlink', args: { path: '/var/log/app.log' }, ok: false, errorIncludes: ['not a symbolic link'] },
  { title: 'whoami', tool: 'show_current_user', args: {}, ok: true, check: (r) => expect(r).to.include({ user: 'maya', uid: 1000, path: '/home/maya/Documents', umask: '0022' }) && expect(r.groups).to.deep.equal(['maya', 'staff', 'dev', 'finance', 'adm']) },
  { title: 'whoami takes no arguments', tool: 'show_current_user', args: { user: 'ben' }, ok: false, errorIncludes: ['user'] },
  { title: 'the dev group\'s members', tool: 'list_system_users', args: { group: 'dev' }, ok: true, check: (r) => expect(r.users.map((u: { name: string }) => u.name)).to.deep.equal(['maya', 'ben', 'priya', 'omar', 'raj', 'kai']) },
  { title: 'an unknown group names the closest', tool: 'list_system_users', args: { group: 'devs' }, ok: false, errorIncludes: ['no group', 'did you mean dev'] },
  { title: 'df', tool: 'disk_free_space', args: {}, ok: true, check: (r) => expect(r).to.include({ path: '/', capacity_bytes: 256000000, used_bytes: 175208011, available_bytes: 80791989, use_percent: 69 }) },
  { title: 'df of a missing path', tool: 'disk_free_space', args: { path: '/mnt/usb' }, ok: false, errorIncludes: ['no such file'] },
  { title: 'du of Documents adds up its files', tool: 'disk_usage', args: { path: '~/Documents' }, ok: true, check: (r) => expect(r).to.include({ bytes: 525509, files: 6, directories: 1 }) && expect(r.entries[0].path).to.equal('/home/maya/Documents/report-2025-09.pdf') },
  { title: 'du of a missing directory', tool: 'disk_usage', args: { path: '~/Music' }, ok: false, errorIncludes: ['no such file'] },
  { title: 'mkdir -p creates the missing parents', tool: 'make_directory', args: { directory_path: '~/projects/website', parents: true }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects/website', created: ['/home/maya/projects', '/home/maya/projects/website'] }) },
  { title: 'mkdir of an existing directory without -p', tool: 'make_directory', args: { directory_path: '~/Documents' }, ok: false, errorIncludes: ['file exists'] },
  { title: 'mkdir in /etc needs root', tool: 'make_directory', args: { directory_path: '/etc/myapp' }, ok: false, errorIncludes: ['permission denied', '/etc', 'only root'] },
  { title: 'write creates a file with a final newline, mode 0644 from the umask', tool: 'write_file', args: { path: '~/projects/website/index.html', text: 'hello' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects/website/index.html', bytes: 6, lines: 1, created: true }) },
  { title: '/etc/hosts is not maya\'s to write', tool: 'write_file', args: { path: '/etc/hosts', text: '10.0.0.9 evil' }, ok: false, errorIncludes: ['permission denied', '-rw-r--r-- root:root'] },
  { title: 'append adds a line', tool: 'append_to_file', args: { path: '~/projects/website/index.html', text: 'more' }, ok: true, check: (r) => expect(r).to.include({ bytes: 11, lines: 2, created: false }) },
  { title: 'appending text to a PDF is refused', tool: 'append_to_file', args: { path: '~/Documents/report-2025-09.pdf', text: 'x' }, ok: false, errorIncludes: ['binary file'] },
  { title: 'touch creates an empty file', tool: 'touch_file', args: { path: '~/projects/website/style.css' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects/website/style.css', created: true, modified: '2026-03-16T09:00:00Z' }) },
  { title: 'touch of the design group\'s palette is refused (maya is not in design)', tool: 'touch_file', args: { path: '/srv/design/palette.txt' }, ok: false, errorIncludes: ['permission denied', 'lena:design'] },
  {
    title: 'tree of the new project, directories before their contents',
    tool: 'tree_directory',
    args: { path: '~/projects', depth: 3 },
    ok: true,
    check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects', entries: [{ path: '/home/maya/projects/website', type: 'directory', depth: 1 }, { path: '/home/maya/projects/website/index.html', type: 'file', depth: 2 }, { path: '/home/maya/projects/website/style.css', type: 'file', depth: 2 }], directories: 1, files: 2, truncated: false }),
  },
  { title: 'tree of a file is refused', tool: 'tree_directory', args: { path: '~/projects/website/index.html' }, ok: false, errorIncludes: ['not a directory'] },
  { title: 'cp -r into /tmp', tool: 'copy_path', args: { from_path: '~/projects/website', to_path: '/tmp', recursive: true }, ok: true, check: (r) => expect(r).to.deep.equal({ from: '/home/maya/projects/website', to: '/tmp/website', files: 2, directories: 1, bytes: 11 }) },
  { title: 'cp of a directory without recursive', tool: 'copy_path', args: { from_path: '~/projects/website', to_path: '/tmp/site2' }, ok: false, errorIncludes: ['-r not specified', 'recursive'] },
  { title: 'mv renames a file', tool: 'move_path', args: { from_path: '~/projects/website/style.css', to_path: '~/projects/website/main.css' }, ok: true, check: (r) => expect(r).to.deep.equal({ from: '/home/maya/projects/website/style.css', to: '/home/maya/projects/website/main.css', type: 'file', replaced: false }) },
  { title: 'a directory cannot move into itself', tool: 'move_path', args: { from_path: '~/projects', to_path: '~/projects/website' }, ok: false, errorIncludes: ['subdirectory of itself'] },
  { title: 'ln -s makes a link to the site', tool: 'create_symlink', args: { target_path: '/home/maya/projects/website', link_path: '~/site' }, ok: true, check: (r) => expect(r).to.deep.equal({ link: '/home/maya/site', target: '/home/maya/projects/website', dangling: false }) },
  { title: 'ln -s over an existing file', tool: 'create_symlink', args: { target_path: '/tmp', link_path: '~/site/index.html' }, ok: false, errorIncludes: ['file exists', '/home/maya/projects/website/index.html'] },
  { title: 'chmod 600 through the link', tool: 'change_file_mode', args: { path: '~/site/index.html', mode: '600' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects/website/index.html', mode: '0600', permissions: '-rw-------', changed: 1 }) },
  { title: 'chmod of a file owned by ade', tool: 'change_file_mode', args: { path: '/srv/shared/handbook.md', mode: 'a+w' }, ok: false, errorIncludes: ['operation not permitted', 'ade'] },
  { title: 'chgrp to a group maya is in', tool: 'change_file_group', args: { path: '~/projects/website/index.html', group: 'finance' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects/website/index.html', group: 'finance', changed: 1 }) },
  { title: 'chgrp to a group maya is not in', tool: 'change_file_group', args: { path: '~/projects/website/index.html', group: 'design' }, ok: false, errorIncludes: ['not in group design', 'maya, staff, dev, finance, adm'] },
  { title: 'sed -i replaces literally', tool: 'replace_in_file', args: { path: '~/projects/website/index.html', search: 'hello', replacement: 'Hello, world' }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects/website/index.html', replacements: 1, bytes: 18 }) },
  { title: 'sed -i on a file maya may only read', tool: 'replace_in_file', args: { path: '/etc/hosts', search: 'db-1', replacement: 'db-2' }, ok: false, errorIncludes: ['permission denied'] },
  { title: 'ben\'s scratch file in the sticky /tmp is not maya\'s to remove', tool: 'remove_path', args: { path: '/tmp/ben-scratch-4.txt' }, ok: false, errorIncludes: ['sticky', 'ben'] },
  { title: 'rm of a directory without recursive', tool: 'remove_path', args: { path: '/tmp/website' }, ok: false, errorIncludes: ['is a directory', 'recursive'] },
  { title: 'rm -r of her own copy in /tmp', tool: 'remove_path', args: { path: '/tmp/website', recursive: true }, ok: true, check: (r) => expect(r).to.deep.equal({ removed: '/tmp/website', files: 2, directories: 1, freed_bytes: 11 }) },
  { title: 'rm -f of nothing', tool: 'remove_path', args: { path: '/tmp/website', force: true }, ok: true, check: (r) => expect(r.removed).to.equal(null) },
  { title: 'rmdir of an empty directory', tool: 'remove_empty_directory', args: { directory_path: '~/old-drafts' }, ok: true, check: (r) => expect(r).to.deep.equal({ removed: '/home/maya/old-drafts', path: '/home/maya' }) },
  { title: 'rmdir of a directory with files', tool: 'remove_empty_directory', args: { directory_path: '~/Documents' }, ok: false, errorIncludes: ['not empty', 'recursive'] },
  { title: 'pushd remembers the current directory', tool: 'push_directory', args: { path: '/srv/projects/delta' }, ok: true, check: (r) => expect(r).to.deep.equal({ cwd: '/srv/projects/delta', stack: ['/srv/projects/delta', '/home/maya/Documents'] }) },
  { title: 'pushd into a file', tool: 'push_directory', args: { path: 'README.md' }, ok: false, errorIncludes: ['not a directory'] },
  { title: 'popd goes back', tool: 'pop_directory', args: {}, ok: true, check: (r) => expect(r).to.deep.equal({ cwd: '/home/maya/Documents', stack: ['/home/maya/Documents'] }) },
  { title: 'popd with an empty stack', tool: 'pop_directory', args: {}, ok: false, errorIncludes: ['stack empty'] },
  { title: 'a private umask', tool: 'set_umask', args: { umask: '077' }, ok: true, check: (r) => expect(r).to.deep.equal({ umask: '0077', previous: '0022', mode: '0600', directory_mode: '0700' }) },
  { title: 'an umask that is not octal', tool: 'set_umask', args: { umask: '999' }, ok: false, errorIncludes: ['umask'] },
  { title: 'chown needs root', tool: 'change_file_owner', args: { path: '~/projects', owner: 'ben' }, ok: false, errorIncludes: ['operation not permitted', 'switch_user to root'] },
  { title: 'su root with a wrong password', tool: 'switch_user', args: { username: 'root', password: 'hunter2' }, ok: false, errorIncludes: ['authentication failure', 'still maya'] },
  { title: 'su root with the password maya holds', tool: 'switch_user', args: { username: 'root', password: 'tundra-189-root' }, ok: true, check: (r) => expect(r).to.deep.equal({ user: 'root', previous_user: 'maya', cwd: '/home/maya/Documents' }) },
  { title: 'root gives the projects tree to ben', tool: 'change_file_owner', args: { path: '/home/maya/projects', owner: 'ben', group: 'dev', recursive: true }, ok: true, check: (r) => expect(r).to.deep.equal({ path: '/home/maya/projects', owner: 'ben', group: 'dev', changed: 4 }) },
  { title: 'chown to a user that does not exist', tool: 'change_file_owner', args: { path: '/home/maya/projects', owner: 'bne' }, ok: false, errorIncludes: ['invalid user', 'did you mean ben'] },
  { title: 'root lists ben\'s private home', tool: 'list_directory', args: { path: '~ben' }, ok: true, check: (r) => expect(r.path).to.equal('/home/ben') && expect(r.count).to.equal(6) },
];
