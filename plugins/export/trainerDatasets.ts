import { execa } from 'execa';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errors, type ChatMessage, type Example, type JsonSchema, type ToolSchema } from '../../core/index.js';
import { readExamples } from '../rollout/readExamples.js';

/**
 * Datasets for the scale-out engines: VERL (parquet rows, tool config, agent-loop config) and TRL
 * (parquet rows for GRPOTrainer). Rows carry the whole example as a JSON string (`prove_example`),
 * so that the served reward (`POST /reward`) and the per-trajectory sessions need nothing else.
 */

/** The agent loop of prove_rl (plugins/integrations/python) that VERL rows name. */
export const VERL_AGENT_NAME = 'prove_agent';
export const VERL_AGENT_CLASS = 'prove_rl.verl.ProveAgentLoop';
export const VERL_TOOL_CLASS = 'prove_rl.verl.ProveTool';

/** What VERL's `OpenAIFunctionPropertySchema` keeps of a property (verl/tools/schemas.py, 0.9.1). */
const VERL_PROPERTY_KEYS = new Set(['type', 'description', 'enum']);
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types a schema admits, when they can be told without nesting: `type`, a list, or `anyOf`/`oneOf` of typed branches, or `enum`/`const` values. */
function typesOf(schema: JsonSchema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type as string[];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches)) {
    const all = branches.map((b) => typesOf(b));
    if (all.every((t) => t !== undefined)) return [...new Set(all.flat() as string[])];
  }
  const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
  if (values) return [...new Set(values.map(typeOfValue))];
  return undefined;
}

/**
 * One property as VERL's schema class keeps it: `type` (one JSON type or a list), `description`,
 * `enum`. What it would drop (nested `items`/`properties`, `anyOf`, bounds, formats) goes into the
 * description as compact JSON Schema, so the model still reads it and the round trip through
 * `OpenAIFunctionToolSchema` is exact.
 */
export function flattenProperty(schema: JsonSchema): JsonSchema {
  const types = typesOf(schema) ?? ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
  const out: JsonSchema = { type: types.length === 1 ? types[0] : types.filter((t) => JSON_TYPES.has(t)) };
  const dropped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' || key === 'description') continue;
    if (key === 'enum' && Array.isArray(value)) out.enum = value;
    else if (!VERL_PROPERTY_KEYS.has(key)) dropped[key] = value;
  }
  // An anyOf/oneOf of bare types is all in the type list; one with more is kept in the note.
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.every((b) => Object.keys(b).every((k) => k === 'type'))) {
    delete dropped.anyOf;
    delete dropped.oneOf;
  }
  const description = typeof schema.description === 'string' ? schema.description : '';
  const note = Object.keys(dropped).length ? `JSON Schema: ${JSON.stringify(dropped)}` : '';
  const text = [description, note].filter(Boolean).join(' ');
  if (text) out.description = text;
  return out;
}

/** A tool schema in the shape VERL's `OpenAIFunctionToolSchema` reproduces exactly (tested against it). */
export function flattenToolForVerl(tool: ToolSchema): ToolSchema {
  const parameters = (tool.function.parameters ?? {}) as JsonSchema;
  const properties = (parameters.properties ?? {}) as Record<string, JsonSchema>;
  const flat: Record<string, JsonSchema> = {};
  for (const [name, property] of Object.entries(properties)) flat[name] = flattenProperty(property);
  const dropped = Object.fromEntries(Object.entries(parameters).filter(([k]) => !['type', 'properties', 'required', 'additionalProperties'].includes(k)));
  let description = tool.function.description ?? '';
  if (Object.keys(dropped).length) description = `${description} Arguments JSON Schema: ${JSON.stringify(dropped)}`.trim();
  return {
    type: 'function',
    function: {
      name: tool.function.name,
      description: description || tool.function.name,
      parameters: { type: 'object', properties: flat, required: Array.isArray(parameters.required) ? (parameters.required as string[]) : [] },
    },
  };
}

/** The messages the model sees first: everything up to and including the first user turn (system prompt with the date, the request). */
export function promptOf(example: Example): ChatMessage[] {
  const firstUser = example.messages.findIndex((m) => m.role === 'user');
  if (firstUser >= 0) return example.messages.slice(0, firstUser + 1).map((m) => ({ role: m.role, content: (m as { content?: unknown }).content ?? '' }) as ChatMessage);
  return [{ role: 'user', content: example.turns[0].user } as ChatMessage];
}

const environmentOf = (example: Example): string => example.servers.join('+');

export interface VerlRow {
  data_source: string;
  agent_name: string;
  prompt: ChatMessage[];
  ability: string;
  reward_model: { style: string; ground_truth: string };
  extra_info: {
    split: string;
    index: number;
    example_id: string;
    kind: string;
    servers: string[];
    tool_selection: string[];
    need_tools_kwargs: boolean;
    tools_kwargs: string;
    interaction_kwargs: { name: string; turns: string };
    prove_example: string;
  };
}

export function verlRow(example: Example, index: number): VerlRow {
  return {
    data_source: `prove/${environmentOf(example)}`,
    agent_name: VERL_AGENT_NAME,
    prompt: promptOf(example),
    ability: 'tool_use',
    reward_model: { style: 'rule', ground_truth: JSON.stringify(example.groundTruth) },
    extra_info: {
      split: example.split ?? 'train',
      index,
      example_id: example.id,
      kind: example.kind,
      servers: example.servers,
      // VERL's tool agent loop offers each row only these of the configured tools.
      tool_selection: example.tools.map((t) => t.function.name),
      // The tools need nothing per call: the agent loop opens the trajectory's sessions from prove_example.
      need_tools_kwargs: false,
      tools_kwargs: '{}',
      // Read by ProveAgentLoop (VERL 0.9 has no interaction classes): the scripted user turns after the first.
      interaction_kwargs: { name: 'prove_scripted_user', turns: JSON.stringify(example.turns.slice(1).map((t) => t.user)) },
      prove_example: JSON.stringify(example),
    },
  };
}

export interface TrlRow {
  prompt: ChatMessage[];
  environment: string;
  example_id: string;
  kind: string;
  turns: string;
  prove_example: string;
}

export function trlRow(example: Example): TrlRow {
  return {
    prompt: promptOf(example),
    environment: environmentOf(example),
    example_id: example.id,
    kind: example.kind,
    turns: JSON.stringify(example.turns.slice(1).map((t) => t.user)),
    prove_example: JSON.stringify(example),
  };
}

/** The union of the dataset's candidate tools, flattened, one VERL tool entry each (names unique: the first schema of a name wins). */
export function verlToolConfig(examples: readonly Example[], serveUrl: string): { tools: unknown[] } {
  const seen = new Map<string, ToolSchema>();
  for (const example of examples) for (const tool of example.tools) if (!seen.has(tool.function.name)) seen.set(tool.function.name, flattenToolForVerl(tool));
  return {
    tools: [...seen.values()].map((schema) => ({ class_name: VERL_TOOL_CLASS, config: { type: 'native', prove_url: serveUrl }, tool_schema: schema })),
  };
}

/** YAML without a library: JSON is YAML (1.2), and OmegaConf reads it. */
const yaml = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

export interface TrainerExportOptions {
  format: 'verl' | 'trl';
  dataset: string;
  out: string;
  cwd: string;
  python?: string;
  /** The `prove-rl serve --http` base URL the tool config names (default http://127.0.0.1:3717). */
  serveUrl?: string;
}

export interface TrainerExportResult {
  out: string;
  files: string[];
  rows: { train: number; test: number };
  tools: number;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The writer script, beside this module in the source tree (dist/ has no .py files). */
function writerScript(): string {
  for (const candidate of [join(here, 'write_parquet.py'), resolve(here, '..', '..', '..', 'plugins', 'export', 'write_parquet.py')]) if (existsSync(candidate)) return candidate;
  throw errors.exportFailed('parquet', 'plugins/export/write_parquet.py is missing from the package');
}

/** An interpreter with pyarrow: --python, $PROVE_PYTHON, then the engines' venvs (.venv-verl, .venv-trl), then .venv, then python3. */
async function pythonWithPyarrow(format: string, explicit: string | undefined, cwd: string): Promise<string> {
  const candidates = explicit ? [explicit] : [process.env.PROVE_PYTHON, ...['.venv-verl', '.venv-trl', '.venv'].flatMap((v) => [join(cwd, v, 'bin', 'python'), resolve(here, '..', '..', '..', v, 'bin', 'python'), resolve(here, '..', '..', v, 'bin', 'python')]), 'python3'];
  for (const python of candidates) {
    if (!python || (python.includes('/') && !existsSync(python))) continue;
    const probe = await execa(python, ['-c', 'import pyarrow'], { reject: false });
    if (probe.exitCode === 0) return python;
  }
  throw errors.exportFailed(format, `no Python with pyarrow found (${explicit ? explicit : 'tried --python, $PROVE_PYTHON, .venv-verl, .venv-trl, .venv, python3'}); run npm run setup:${format} or pass --python`);
}

/** Write train/test parquet files (by each example's split) and, for VERL, the tool and agent-loop configs; atomically: a temporary folder renamed to `out`. */
export async function exportTrainerDataset(options: TrainerExportOptions): Promise<TrainerExportResult> {
  const { format } = options;
  const examples = readExamples(resolve(options.cwd, options.dataset));
  if (examples.length === 0) throw errors.exportFailed(format, `the dataset ${options.dataset} has no examples`);
  const out = resolve(options.cwd, options.out);
  const temporary = `${out}.tmp-${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  mkdirSync(temporary, { recursive: true });
  try {
    const bySplit: Record<'train' | 'test', unknown[]> = { train: [], test: [] };
    examples.forEach((example, index) => bySplit[example.split === 'test' ? 'test' : 'train'].push(format === 'verl' ? verlRow(example, index) : trlRow(example)));
    const files: string[] = [];
    const jobs: Array<{ rows: string; parquet: string }> = [];
    for (const split of ['train', 'test'] as const) {
      if (bySplit[split].length === 0) continue;
      const rows = join(temporary, `${split}.rows.jsonl`);
      writeFileSync(rows, bySplit[split].map((row) => JSON.stringify(row)).join('\n') + '\n');
      jobs.push({ rows, parquet: join(temporary, `${split}.parquet`) });
      files.push(`${split}.parquet`);
    }
    let tools = 0;
    if (format === 'verl') {
      const config = verlToolConfig(examples, options.serveUrl ?? 'http://127.0.0.1:3717');
      tools = config.tools.length;
      writeFileSync(join(temporary, 'tool_config.yaml'), yaml(config));
      writeFileSync(join(temporary, 'agent_loop.yaml'), yaml([{ name: VERL_AGENT_NAME, _target_: VERL_AGENT_CLASS }]));
      files.push('tool_config.yaml', 'agent_loop.yaml');
    }
    const python = await pythonWithPyarrow(format, options.python, options.cwd);
    const result = await execa(python, [writerScript(), ...jobs.flatMap((j) => [j.rows, j.parquet])], { reject: false });
    if (result.exitCode !== 0) throw errors.exportFailed(format, `${python} could not write parquet: ${String(result.stderr).trim().split('\n').slice(-5).join('\n')}`);
    for (const job of jobs) rmSync(job.rows);
    rmSync(out, { recursive: true, force: true });
    renameSync(temporary, out);
    return { out, files, rows: { train: bySplit.train.length, test: bySplit.test.length }, tools };
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
}
