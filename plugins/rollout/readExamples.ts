import { existsSync, readFileSync } from 'node:fs';
import { compileSchema, errors, explainSchemaErrors, formatSchemaProblems, type Example, type JsonSchema } from '../../core/index.js';

const TOOL_CALL: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 }, arguments: { type: 'object' } },
  required: ['name', 'arguments'],
};

/** The shape of one dataset line (the shared `Example` of core/types.ts). Unknown keys are kept, for forward compatibility. */
export const EXAMPLE_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1 },
    kind: { enum: ['multi_turn', 'clarification', 'abstention'] },
    servers: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { const: 'function' },
          function: { type: 'object', properties: { name: { type: 'string', minLength: 1 }, parameters: { type: 'object' } }, required: ['name', 'parameters'] },
        },
        required: ['type', 'function'],
      },
    },
    world: {
      type: 'object',
      properties: { seed: { type: 'integer' }, referenceDate: { type: 'string', format: 'date-time' } },
      required: ['seed', 'referenceDate'],
    },
    turns: { type: 'array', items: { type: 'object', properties: { user: { type: 'string' } }, required: ['user'] }, minItems: 1 },
    messages: { type: 'array', items: { type: 'object', properties: { role: { enum: ['system', 'user', 'assistant', 'tool'] } }, required: ['role'] } },
    groundTruth: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', minLength: 1 },
          turn: { type: 'integer', minimum: 0 },
          calls: { type: 'array', items: TOOL_CALL },
          dependsOn: { type: 'array', items: { type: 'string' } },
        },
        required: ['id', 'turn', 'calls', 'dependsOn'],
      },
    },
    perturbations: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object' },
    split: { enum: ['train', 'test'] },
  },
  required: ['id', 'kind', 'servers', 'tools', 'world', 'turns', 'messages', 'groundTruth', 'perturbations', 'meta'],
};

/**
 * Read a dataset (JSONL, one `Example` per line; blank lines are skipped). A line that is not
 * JSON, does not have the Example shape, or repeats an id fails the read with its line number:
 * an evaluation on part of a dataset would report numbers for a dataset nobody asked for.
 */
export function readExamples(file: string): Example[] {
  if (!existsSync(file)) throw errors.datasetNotFound(file);
  const validate = compileSchema(EXAMPLE_SCHEMA);
  const examples: Example[] = [];
  const lineOf = new Map<string, number>();
  const lines = readFileSync(file, 'utf8').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].trim();
    if (text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw errors.datasetLineInvalid(file, i + 1, `not valid JSON (${(error as Error).message})`);
    }
    if (!validate(value)) {
      throw errors.datasetLineInvalid(file, i + 1, `not an example: ${formatSchemaProblems(explainSchemaErrors(validate.errors, value), 'line')}`);
    }
    const example = value as Example;
    const earlier = lineOf.get(example.id);
    if (earlier !== undefined) throw errors.datasetLineInvalid(file, i + 1, `id "${example.id}" repeats the example of line ${earlier}; ids must be unique`);
    lineOf.set(example.id, i + 1);
    examples.push(example);
  }
  return examples;
}

/** Examples of one split (`all` keeps every example). */
export function selectSplit(file: string, examples: readonly Example[], split: string): Example[] {
  if (split === 'all') return [...examples];
  const selected = examples.filter((example) => example.split === split);
  if (selected.length === 0) {
    const counts: Record<string, number> = {};
    for (const example of examples) counts[example.split ?? '(none)'] = (counts[example.split ?? '(none)'] ?? 0) + 1;
    throw errors.datasetEmpty(file, split, counts);
  }
  return selected;
}
