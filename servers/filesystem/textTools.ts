import { createHash } from 'node:crypto';
import { defineTool } from '../kit/Domain.js';
import { MAX_LINES, MAX_RESULTS, byteLength, joinPath, linesOf, type FilesystemState, type FsNode } from './FilesystemState.js';
import { LINES_SCHEMA, PATH_HELP, bool, int, list, object, pathArgument, result, str } from './filesystemViews.js';
import { FsView, type Located } from './fsView.js';

/** The read-only tools over file contents: cat, head, tail, grep, find, wc, sort, uniq, cut, diff, checksums, and sed -i. */

type S = FilesystemState;
const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
const FILE = (what = 'The file') => pathArgument(`${what}. ${PATH_HELP}`);

export const readFile = defineTool<S, { path: string }>({
  name: 'read_file',
  description: `Print a text file (cat). Needs read permission; binary files and directories are refused. Long files are cut after ${MAX_LINES} lines (head_file and tail_file read parts).`,
  input: object({ path: FILE() }, ['path']),
  output: result({ path: str('The file, absolute.'), content: str('Its text.'), lines: int('Its number of lines.'), bytes: int('Its size.'), truncated: bool('Cut after 500 lines.') }, ['path', 'content', 'lines', 'bytes', 'truncated']),
  annotations: { title: 'cat', ...READ },
  handler(args, ctx) {
    const { located, text } = new FsView(ctx, 'cat').readText(args.path, 'open');
    const lines = linesOf(text);
    const truncated = lines.length > MAX_LINES;
    return { path: located.path, content: truncated ? `${lines.slice(0, MAX_LINES).join('\n')}\n` : text, lines: lines.length, bytes: located.node.size, truncated };
  },
});

const COUNT = { type: 'integer', minimum: 1, maximum: MAX_LINES, description: 'How many lines (default 10).' };
const PART = result({ path: str('The file.'), lines: LINES_SCHEMA, total_lines: int('Lines in the whole file.') }, ['path', 'lines', 'total_lines']);

export const headFile = defineTool<S, { path: string; lines?: number }>({
  name: 'head_file',
  description: 'The first lines of a text file (head -n). Needs read permission.',
  input: object({ path: FILE(), lines: COUNT }, ['path']),
  output: PART,
  annotations: { title: 'head', ...READ },
  handler(args, ctx) {
    const { located, text } = new FsView(ctx, 'head').readText(args.path, 'open');
    const lines = linesOf(text);
    return { path: located.path, lines: lines.slice(0, args.lines ?? 10), total_lines: lines.length };
  },
});

export const tailFile = defineTool<S, { path: string; lines?: number }>({
  name: 'tail_file',
  description: 'The last lines of a text file (tail -n): the newest entries of a log. Needs read permission.',
  input: object({ path: FILE(), lines: COUNT }, ['path']),
  output: PART,
  annotations: { title: 'tail', ...READ },
  handler(args, ctx) {
    const { located, text } = new FsView(ctx, 'tail').readText(args.path, 'open');
    const lines = linesOf(text);
    return { path: located.path, lines: lines.slice(Math.max(0, lines.length - (args.lines ?? 10))), total_lines: lines.length };
  },
});

/** Every file under `top` (itself if a file) the walk may open, depth first, names sorted; unreadable directories and files reported. */
function filesUnder(fs: FsView, top: Located, visit: (node: FsNode, path: string, depth: number) => void, unreadable: string[], maxDepth = 64): void {
  const walk = (node: FsNode, path: string, depth: number) => {
    visit(node, path, depth);
    if (node.type !== 'directory' || depth >= maxDepth) return;
    if (!fs.can(node, 'read') || !fs.can(node, 'execute')) {
      if (depth > 0) unreadable.push(path);
      return;
    }
    for (const child of node.children!) walk(child, joinPath(path, child.name), depth + 1);
  };
  walk(top.node, top.path, 0);
}

export const grepFiles = defineTool<S, { pattern: string; path?: string; ignore_case?: boolean; whole_word?: boolean }>({
  name: 'grep_files',
  description:
    'Search text files for lines containing a fixed string (grep -rnF): a file, or every file under a directory (hidden ones included, symlinks not followed). ' +
    `Returns each matching line with its file and line number (at most ${MAX_RESULTS}); binary files and files or directories you may not read are skipped and listed.`,
  input: object(
    {
      pattern: { type: 'string', minLength: 1, maxLength: 200, description: 'The text to look for, taken literally (not a regular expression), e.g. TODO or invoice.' },
      path: pathArgument(`A file or directory to search (default: the current directory). ${PATH_HELP}`),
      ignore_case: bool('Match regardless of case (grep -i). Default false.'),
      whole_word: bool('Match whole words only (grep -w). Default false.'),
    },
    ['pattern'],
  ),
  output: result(
    {
      pattern: str('The text searched for.'),
      matches: list({ type: 'object', properties: { path: str('The file.'), line_number: int('1-based line number.'), line: str('The line.') }, required: ['path', 'line_number', 'line'] }, 'Matching lines, file by file.'),
      count: int('Matching lines found (all of them, even past the limit).'),
      files_matched: int('Files with a match.'),
      skipped: list({ type: 'string' }, 'Paths not searched: permission denied.'),
      truncated: bool('More matches than returned.'),
    },
    ['pattern', 'matches', 'count', 'files_matched', 'skipped', 'truncated'],
  ),
  annotations: { title: 'grep -rnF', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'grep');
    const top = fs.find(args.path ?? '.', 'search');
    if (top.node.type === 'file') fs.require(top, 'read', 'open');
    const needle = args.ignore_case === true ? args.pattern.toLowerCase() : args.pattern;
    const isWord = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
    const matchesLine = (line: string): boolean => {
      const hay = args.ignore_case === true ? line.toLowerCase() : line;
      for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, at + 1)) {
        if (args.whole_word !== true || (!isWord(hay[at - 1]) && !isWord(hay[at + needle.length]))) return true;
      }
      return false;
    };
    const matches: Array<{ path: string; line_number: number; line: string }> = [];
    const skipped: string[] = [];
    let count = 0;
    let filesMatched = 0;
    filesUnder(fs, top, (node, path) => {
      if (node.type !== 'file' || node.content === null || node.content === undefined) return;
      if (!fs.can(node, 'read')) {
        skipped.push(path);
        return;
      }
      let found = false;
      const lines = linesOf(node.content);
      for (let i = 0; i < lines.length; i++) {
        if (!matchesLine(lines[i])) continue;
        count++;
        found = true;
        if (matches.length < MAX_RESULTS) matches.push({ path, line_number: i + 1, line: lines[i] });
      }
      if (found) filesMatched++;
    }, skipped);
    return { pattern: args.pattern, matches, count, files_matched: filesMatched, skipped, truncated: count > matches.length };
  },
});

/** A shell glob (*, ?, [abc]) as a regular expression over a whole name. */
function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*') out += '.*';
    else if (c === '?') out += '.';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end === -1) out += '\\[';
      else {
        out += `[${glob.slice(i + 1, end).replace(/\\/g, '\\\\').replace(/^!/, '^')}]`;
        i = end;
      }
    } else out += c.replace(/[.+^${}()|\\\]]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 'su');
}

export const findPaths = defineTool<S, { path?: string; name?: string; type?: 'file' | 'directory' | 'symlink'; min_size?: number; max_size?: number; modified_after?: string; owner?: string; max_depth?: number }>({
  name: 'find_paths',
  description:
    'Find files, directories and symlinks under a directory (find): by name glob (*.csv, report*), type, size in bytes, modification date and owner. Directories you may not read are skipped and listed. ' +
    `Returns at most ${MAX_RESULTS} paths, depth first.`,
  input: object({
    path: pathArgument(`Where to start (default: the current directory). ${PATH_HELP}`),
    name: { type: 'string', minLength: 1, maxLength: 255, description: 'A name or glob the entry\'s name matches, e.g. notes.md, *.log, report-202?-*.pdf (case-sensitive).' },
    type: { type: 'string', enum: ['file', 'directory', 'symlink'], description: 'Only entries of this type.' },
    min_size: { type: 'integer', minimum: 0, description: 'Only entries of at least this many bytes.' },
    max_size: { type: 'integer', minimum: 0, description: 'Only entries of at most this many bytes.' },
    modified_after: { type: 'string', format: 'date', description: 'Only entries modified on or after this day, YYYY-MM-DD.' },
    owner: { type: 'string', minLength: 1, maxLength: 32, description: 'Only entries owned by this user.' },
    max_depth: { type: 'integer', minimum: 1, maximum: 32, description: 'Descend at most this many levels.' },
  }),
  output: result(
    {
      path: str('Where the search started.'),
      paths: list({ type: 'object', properties: { path: str('Absolute path.'), type: str('directory, file or symlink.'), size: int('Bytes.'), modified: str('Last modification.') }, required: ['path', 'type', 'size', 'modified'] }, 'What matched.'),
      count: int('Matches (all of them).'),
      skipped: list({ type: 'string' }, 'Directories not searched: permission denied.'),
      truncated: bool('More matches than returned.'),
    },
    ['path', 'paths', 'count', 'skipped', 'truncated'],
  ),
  annotations: { title: 'find', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'find');
    const top = fs.find(args.path ?? '.', 'search');
    const pattern = args.name === undefined ? undefined : globToRegExp(args.name);
    const paths: Array<{ path: string; type: string; size: number; modified: string }> = [];
    const skipped: string[] = [];
    let count = 0;
    filesUnder(fs, top, (node, path, depth) => {
      if (depth === 0 && node.type === 'directory') return;
      if (pattern !== undefined && !pattern.test(node.name)) return;
      if (args.type !== undefined && node.type !== args.type) return;
      if (args.min_size !== undefined && node.size < args.min_size) return;
      if (args.max_size !== undefined && node.size > args.max_size) return;
      if (args.modified_after !== undefined && node.modified.slice(0, 10) < args.modified_after) return;
      if (args.owner !== undefined && node.owner !== args.owner) return;
      count++;
      if (paths.length < MAX_RESULTS) paths.push({ path, type: node.type, size: node.size, modified: node.modified });
    }, skipped, args.max_depth ?? 64);
    return { path: top.path, paths, count, skipped, truncated: count > paths.length };
  },
});

export const countFileWords = defineTool<S, { path: string }>({
  name: 'count_file_words',
  description: 'Count the lines, words, characters and bytes of a text file (wc).',
  input: object({ path: FILE() }, ['path']),
  output: result({ path: str('The file.'), lines: int('Newline-terminated lines.'), words: int('Whitespace-separated words.'), characters: int('Characters.'), bytes: int('Bytes.') }, ['path', 'lines', 'words', 'characters', 'bytes']),
  annotations: { title: 'wc', ...READ },
  handler(args, ctx) {
    const { located, text } = new FsView(ctx, 'wc').readText(args.path, 'open');
    const words = text.split(/\s+/).filter((w) => w !== '').length;
    let newlines = 0;
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) newlines++;
    return { path: located.path, lines: newlines, words, characters: [...text].length, bytes: byteLength(text) };
  },
});

function fieldOf(line: string, field: number | undefined, delimiter: string | undefined): string {
  if (field === undefined) return line;
  const parts = delimiter === undefined ? line.trim().split(/\s+/) : line.split(delimiter);
  return parts[field - 1] ?? '';
}

export const sortFileLines = defineTool<S, { path: string; reverse?: boolean; numeric?: boolean; unique?: boolean; field?: number; delimiter?: string }>({
  name: 'sort_file_lines',
  description:
    'The lines of a text file sorted (sort), without changing the file: by text or number, reversed, duplicates dropped, or by one field (sort -t, -k). ' +
    `Returns at most ${MAX_LINES} lines.`,
  input: object(
    {
      path: FILE(),
      reverse: bool('Largest first (sort -r).'),
      numeric: bool('Compare as numbers (sort -n).'),
      unique: bool('Drop repeated lines (sort -u).'),
      field: { type: 'integer', minimum: 1, maximum: 100, description: 'Sort by this field (1-based, sort -k N,N).' },
      delimiter: { type: 'string', minLength: 1, maxLength: 1, description: 'Field separator, e.g. "," (default: runs of blanks).' },
    },
    ['path'],
  ),
  output: result({ path: str('The file.'), lines: LINES_SCHEMA, count: int('Lines in the sorted output.') }, ['path', 'lines', 'count']),
  annotations: { title: 'sort', ...READ },
  handler(args, ctx) {
    const { located, text } = new FsView(ctx, 'sort').readText(args.path, 'open');
    let lines = linesOf(text);
    const key = (line: string) => fieldOf(line, args.field, args.delimiter);
    const number = (s: string) => {
      const value = Number.parseFloat(s.trim());
      return Number.isNaN(value) ? 0 : value;
    };
    const compare = args.numeric === true ? (a: string, b: string) => number(key(a)) - number(key(b)) || (a < b ? -1 : a > b ? 1 : 0) : (a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a < b ? -1 : a > b ? 1 : 0);
    lines = lines.slice().sort(compare);
    if (args.reverse === true) lines.reverse();
    if (args.unique === true) lines = lines.filter((line, i) => i === 0 || line !== lines[i - 1]);
    return { path: located.path, lines: lines.slice(0, MAX_LINES), count: lines.length };
  },
});

export const countUniqueLines = defineTool<S, { path: string; ignore_case?: boolean }>({
  name: 'count_unique_lines',
  description: 'How often each distinct line occurs in a text file, most frequent first (sort | uniq -c | sort -rn): repeated log messages, duplicate entries.',
  input: object({ path: FILE(), ignore_case: bool('Treat lines differing only in case as the same (uniq -i).') }, ['path']),
  output: result({ path: str('The file.'), lines: list({ type: 'object', properties: { line: str('The line.'), count: int('Occurrences.') }, required: ['line', 'count'] }, 'Distinct lines with their counts.'), distinct: int('Distinct lines.'), total: int('All lines.') }, ['path', 'lines', 'distinct', 'total']),
  annotations: { title: 'uniq -c', ...READ },
  handler(args, ctx) {
    const { located, text } = new FsView(ctx, 'uniq').readText(args.path, 'open');
    const counts = new Map<string, { line: string; count: number }>();
    const all = linesOf(text);
    for (const line of all) {
      const key = args.ignore_case === true ? line.toLowerCase() : line;
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { line, count: 1 });
    }
    const lines = [...counts.values()].sort((a, b) => b.count - a.count || (a.line < b.line ? -1 : a.line > b.line ? 1 : 0));
    return { path: located.path, lines: lines.slice(0, MAX_LINES), distinct: lines.length, total: all.length };
  },
});

export const cutFileFields = defineTool<S, { path: string; delimiter: string; fields: number[] }>({
  name: 'cut_file_fields',
  description: 'Select columns of a delimited text file, e.g. the 2nd and 4th column of a CSV (cut -d, -f2,4). Lines without the delimiter are printed whole, as cut does.',
  input: object(
    {
      path: FILE(),
      delimiter: { type: 'string', minLength: 1, maxLength: 1, description: 'The field separator, e.g. "," for CSV, ":" for /etc/passwd, "\\t" as a real tab.' },
      fields: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 100 }, minItems: 1, maxItems: 20, description: 'The 1-based columns to keep, e.g. [1, 3].' },
    },
    ['path', 'delimiter', 'fields'],
  ),
  output: result({ path: str('The file.'), lines: LINES_SCHEMA, count: int('Lines.') }, ['path', 'lines', 'count']),
  annotations: { title: 'cut', ...READ },
  handler(args, ctx) {
    const { located, text } = new FsView(ctx, 'cut').readText(args.path, 'open');
    const fields = [...new Set(args.fields)].sort((a, b) => a - b);
    const lines = linesOf(text).map((line) => {
      if (!line.includes(args.delimiter)) return line;
      const parts = line.split(args.delimiter);
      return fields.filter((f) => f <= parts.length).map((f) => parts[f - 1]).join(args.delimiter);
    });
    return { path: located.path, lines: lines.slice(0, MAX_LINES), count: lines.length };
  },
});

/** A line diff by longest common subsequence: removed lines (with their number in the old file), then added ones. */
function lineDiff(a: readonly string[], b: readonly string[]): Array<{ change: '-' | '+'; line_number: number; line: string }> {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const out: Array<{ change: '-' | '+'; line_number: number; line: string }> = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      i++;
      j++;
    } else if (j < m && (i === n || table[i][j + 1] >= table[i + 1][j])) {
      out.push({ change: '+', line_number: j + 1, line: b[j] });
      j++;
    } else {
      out.push({ change: '-', line_number: i + 1, line: a[i] });
      i++;
    }
  }
  return out;
}

export const diffFiles = defineTool<S, { from_path: string; to_path: string }>({
  name: 'diff_files',
  description: 'Compare two text files line by line (diff): the lines only in the first (-, numbered in the first) and only in the second (+, numbered in the second). Binary files are only reported as differing or not.',
  input: object({ from_path: FILE('The first (old) file'), to_path: FILE('The second (new) file') }, ['from_path', 'to_path']),
  output: result(
    {
      from: str('The first file.'),
      to: str('The second file.'),
      identical: bool('Same content.'),
      changes: list({ type: 'object', properties: { change: { type: 'string', enum: ['-', '+'], description: '- only in the first, + only in the second.' }, line_number: int('Line number in its file.'), line: str('The line.') }, required: ['change', 'line_number', 'line'] }, 'The differing lines.'),
      removed: int('Lines only in the first.'),
      added: int('Lines only in the second.'),
    },
    ['from', 'to', 'identical', 'changes', 'removed', 'added'],
  ),
  annotations: { title: 'diff', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'diff');
    const open = (raw: string) => {
      const located = fs.find(raw, 'open');
      if (located.node.type === 'directory') fs.fail(`'${raw}' is a directory; compare two files`);
      fs.require(located, 'read', 'open');
      return located;
    };
    const a = open(args.from_path);
    const b = open(args.to_path);
    if (a.node.content === null || b.node.content === null) {
      const identical = a.node.content === b.node.content && a.node.blob === b.node.blob && a.node.size === b.node.size;
      return { from: a.path, to: b.path, identical, changes: [], removed: 0, added: 0 };
    }
    const left = linesOf(a.node.content ?? '');
    const right = linesOf(b.node.content ?? '');
    if (left.length > 2000 || right.length > 2000) fs.fail(`files too long to compare here (${left.length} and ${right.length} lines; at most 2000 each)`);
    const changes = lineDiff(left, right);
    return { from: a.path, to: b.path, identical: changes.length === 0 && a.node.content === b.node.content, changes: changes.slice(0, MAX_LINES), removed: changes.filter((c) => c.change === '-').length, added: changes.filter((c) => c.change === '+').length };
  },
});

export const replaceInFile = defineTool<S, { path: string; search: string; replacement: string; ignore_case?: boolean }>({
  name: 'replace_in_file',
  description:
    'Replace every occurrence of a fixed string in a text file, in place (sed -i \'s/…/…/g\' with literal text). Needs read and write permission. ' +
    'With no occurrence the file is left untouched and replacements is 0.',
  input: object(
    {
      path: FILE(),
      search: { type: 'string', minLength: 1, maxLength: 200, description: 'The text to replace, taken literally.' },
      replacement: { type: 'string', maxLength: 2000, description: 'What to put instead (may be empty).' },
      ignore_case: bool('Match regardless of case. Default false.'),
    },
    ['path', 'search', 'replacement'],
  ),
  output: result({ path: str('The file.'), replacements: int('Occurrences replaced.'), bytes: int('Its size now.') }, ['path', 'replacements', 'bytes']),
  annotations: { title: 'sed -i', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'sed');
    const { located, text } = fs.readText(args.path, 'edit');
    fs.require(located, 'write', 'edit');
    const hay = args.ignore_case === true ? text.toLowerCase() : text;
    const needle = args.ignore_case === true ? args.search.toLowerCase() : args.search;
    let out = '';
    let from = 0;
    let replacements = 0;
    for (let at = hay.indexOf(needle); at !== -1; at = hay.indexOf(needle, from)) {
      out += text.slice(from, at) + args.replacement;
      from = at + needle.length;
      replacements++;
    }
    if (replacements === 0) return { path: located.path, replacements: 0, bytes: located.node.size };
    out += text.slice(from);
    fs.setContent(located.at, out);
    fs.commit();
    return { path: located.path, replacements, bytes: byteLength(out) };
  },
});

export const checksumFile = defineTool<S, { path: string; algorithm?: 'sha256' | 'sha1' | 'md5' }>({
  name: 'checksum_file',
  description: 'A file\'s checksum (sha256sum, sha1sum, md5sum) to check that two copies are the same or a download is intact. Works on binary files too. Needs read permission.',
  input: object({ path: FILE(), algorithm: { type: 'string', enum: ['sha256', 'sha1', 'md5'], description: 'Hash function (default sha256).' } }, ['path']),
  output: result({ path: str('The file.'), algorithm: str('The hash function.'), digest: str('The checksum, hex.'), bytes: int('Its size.') }, ['path', 'algorithm', 'digest', 'bytes']),
  annotations: { title: 'sha256sum', ...READ },
  handler(args, ctx) {
    const fs = new FsView(ctx, 'checksum');
    const located = fs.find(args.path, 'open');
    if (located.node.type === 'directory') fs.fail(`'${args.path}': Is a directory`);
    fs.require(located, 'read', 'open');
    const algorithm = args.algorithm ?? 'sha256';
    const data = located.node.content ?? located.node.blob ?? '';
    return { path: located.path, algorithm, digest: createHash(algorithm).update(data, 'utf8').digest('hex'), bytes: located.node.size };
  },
});
