import type { JsonSchema } from '../../core/index.js';

/** Argument and result schemas shared by the filesystem tools. */

export function pathArgument(description: string): JsonSchema {
  return { type: 'string', minLength: 1, maxLength: 4096, description };
}

export const PATH_HELP = 'Absolute (/srv/projects) or relative to the current directory (notes/todo.txt, ../shared); ~ is your home, ~ben is ben\'s.';

export function object(properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

export function result(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return { type: 'object', properties, required };
}

export const str = (description: string): JsonSchema => ({ type: 'string', description });
export const int = (description: string): JsonSchema => ({ type: 'integer', description });
export const bool = (description: string): JsonSchema => ({ type: 'boolean', description });
export const list = (items: JsonSchema, description: string): JsonSchema => ({ type: 'array', items, description });

export const ENTRY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    name: str('The entry\'s name.'),
    path: str('Its absolute path.'),
    type: { type: 'string', enum: ['directory', 'file', 'symlink'], description: 'What it is.' },
    permissions: str('As ls -l shows them, e.g. -rw-r--r--.'),
    owner: str('Owning user.'),
    group: str('Owning group.'),
    size: int('Bytes (a directory: 4096).'),
    modified: str('Last modification, ISO-8601 UTC.'),
    target: str('For a symlink: what it points to.'),
  },
  required: ['name', 'path', 'type', 'permissions', 'owner', 'group', 'size', 'modified'],
};

export const LINES_SCHEMA = list({ type: 'string' }, 'The lines, without their newlines.');
