import type { GoldGraph } from './types.js';

// Paths of things that exist come from the tools that find or list them, and from the writes that
// just made them. A path for something new (write_file, touch_file, make_directory, the target of a
// move or copy, a link's own path) is the user's choice: no edge. The working directory, the home
// and the mount point (print_working_directory, show_current_user, disk_*) are not things to act on.
const FOUND = ['find_paths', 'grep_files', 'list_directory', 'tree_directory'];
const MADE_DIRECTORIES = ['make_directory'];
const MADE_FILES = ['write_file', 'touch_file', 'append_to_file'];
const ON_DIRECTORIES = ['change_directory', 'push_directory', 'remove_empty_directory'];
const ON_FILES = ['read_file', 'head_file', 'tail_file', 'count_file_words', 'sort_file_lines', 'count_unique_lines', 'cut_file_fields', 'diff_files', 'replace_in_file', 'checksum_file', 'append_to_file'];
const ON_ANY = ['resolve_real_path', 'read_symlink', 'stat_path', 'check_path_access', 'remove_path', 'move_path', 'copy_path', 'create_symlink', 'change_file_mode', 'change_file_owner', 'change_file_group'];

const explicit: Record<string, string[]> = {};
for (const tool of ON_DIRECTORIES) explicit[tool] = [...FOUND, ...MADE_DIRECTORIES];
for (const tool of ON_FILES) explicit[tool] = [...FOUND, ...MADE_FILES].filter((source) => source !== tool);
for (const tool of ON_ANY) explicit[tool] = [...FOUND, ...MADE_DIRECTORIES, ...MADE_FILES];
// A symlink's target (read_symlink) is a path that can be linked again.
explicit.create_symlink.push('read_symlink');

export const gold: GoldGraph = {
  domain: 'filesystem',
  explicit,
  // pop_directory needs a pushed directory; changing a file's owner needs root.
  implicit: [
    ['push_directory', 'pop_directory'],
    ['switch_user', 'change_file_owner'],
  ],
};
