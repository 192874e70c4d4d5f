import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve as resolvePath } from 'node:path';
import { defineCommand, errors, type Engine, type EnvironmentSession, type ExecutedCall, type Example, type RewardSheet, type ToolCall } from '../../core/index.js';
import { readExamples } from '../rollout/readExamples.js';
import { toolRouting } from '../rollout/toolRouting.js';
import { writeFileAtomic } from '../../core/support/index.js';
import { parseTrajectoryLine } from './parseTrajectoryLine.js';
import { PreparedExample } from './PreparedExample.js';

/** A line that will be scored. */
interface Pending {
  line: number;
  example: Example;
  calls: ToolCall[];
}

/** A line that cannot be scored, and why. */
interface Skipped {
  line: number;
  reason: string;
}

interface TermSummary {
  weight: number | null;
  mean: number;
  min: number;
  max: number;
}

/** Replay the calls in fresh sessions of the example's live servers, routed as a rollout routes them. */
async function replay(engine: Engine, example: Example, calls: readonly ToolCall[]): Promise<ExecutedCall[]> {
  const routing = toolRouting(engine, example);
  const sessions = new Map<string, EnvironmentSession>();
  try {
    for (const server of example.servers) sessions.set(server, await engine.openSession(server, example.world));
    const out: ExecutedCall[] = [];
    for (const call of calls) {
      const { step, turn } = call as ExecutedCall;
      const plain: ToolCall = { ...(call.id === undefined ? {} : { id: call.id }), name: call.name, arguments: call.arguments, ...(call.malformed === undefined ? {} : { malformed: call.malformed }) };
      const server = routing.serverOf.get(call.name);
      let executed: ExecutedCall;
      if (call.malformed !== undefined) {
        executed = { ...plain, server: server ?? '', ok: false, error: { kind: 'malformed', message: 'the tool call could not be parsed' } };
      } else if (server === undefined || !routing.candidates.has(call.name)) {
        const reason = routing.candidates.has(call.name) ? 'is offered but no live server of the example provides it' : 'is not among the candidate tools';
        executed = { ...plain, server: server ?? '', ok: false, error: { kind: 'unknown_tool', message: `tool "${call.name}" ${reason}` } };
      } else {
        executed = await engine.execute({ server, session: sessions.get(server)!, call: plain });
        if (!executed.server) executed = { ...executed, server };
      }
      out.push({ ...executed, ...(step === undefined ? {} : { step }), ...(turn === undefined ? {} : { turn }) });
    }
    return out;
  } finally {
    for (const session of sessions.values()) await session.close().catch(() => undefined);
  }
}

/** Recorded outcomes, with an unparseable call that carries none counted as failed. */
function withOutcomes(calls: readonly ToolCall[]): ExecutedCall[] {
  return calls.map((call) => {
    const executed = call as ExecutedCall;
    if (executed.ok !== undefined) return executed;
    return { ...call, server: executed.server ?? '', ok: false, error: { kind: 'malformed', message: 'the tool call could not be parsed' } };
  });
}

function summarize(sheets: readonly RewardSheet[]): { terms: Record<string, TermSummary>; total: TermSummary } {
  const acc = new Map<string, { weight: number | null; sum: number; min: number; max: number; count: number }>();
  const total = { weight: null, sum: 0, min: Infinity, max: -Infinity, count: 0 };
  for (const sheet of sheets) {
    for (const [term, value] of Object.entries(sheet.terms)) {
      let entry = acc.get(term);
      if (!entry) acc.set(term, (entry = { weight: sheet.weights[term] ?? null, sum: 0, min: Infinity, max: -Infinity, count: 0 }));
      entry.sum += value;
      entry.min = Math.min(entry.min, value);
      entry.max = Math.max(entry.max, value);
      entry.count++;
    }
    total.sum += sheet.total;
    total.min = Math.min(total.min, sheet.total);
    total.max = Math.max(total.max, sheet.total);
    total.count++;
  }
  const finish = (e: { weight: number | null; sum: number; min: number; max: number; count: number }): TermSummary => ({ weight: e.weight, mean: e.sum / e.count, min: e.min, max: e.max });
  return { terms: Object.fromEntries([...acc].map(([term, e]) => [term, finish(e)])), total: finish(total) };
}

function renderTable(terms: Record<string, TermSummary>, total: TermSummary): string {
  const rows: string[][] = [['term', 'weight', 'mean', 'min', 'max']];
  const number = (value: number) => value.toFixed(4);
  for (const [term, s] of Object.entries(terms)) rows.push([term, s.weight === null ? '-' : String(s.weight), number(s.mean), number(s.min), number(s.max)]);
  rows.push(['total', '', number(total.mean), number(total.min), number(total.max)]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).join('\n');
}

export default defineCommand({
  name: 'score',
  summary: 'score trajectories against a dataset with the configured reward; one reward sheet per line (JSONL) and a summary per term',
  usage: '<trajectories.jsonl>',
  description: [
    'Each trajectory line is {"exampleId", "calls": [...]} with the calls\' outcomes (ok, error, result: ExecutedCall),',
    'only the calls (ToolCall), a line of prove-rl eval\'s rollouts.jsonl ({"exampleId", "trajectory"}), or',
    '{"exampleId", "messages": [...]} (an OpenAI conversation with tool_calls). Lines without outcomes need',
    "--execute, which replays the calls in fresh sessions of the live environments on the example's world.",
    'Writes {line, exampleId, total, terms, weights, details} per scored line (atomically). A line that is not',
    'JSON, not a trajectory, or names an unknown example is reported with its number and skipped (--strict: the',
    'run fails and writes nothing). Exit code 1 when nothing could be scored.',
  ].join('\n'),
  options: {
    dataset: { type: 'string', short: 'd', valueName: 'FILE', description: 'the examples (JSONL) the trajectories were played on' },
    execute: { type: 'boolean', description: 'replay every call live to learn its outcome (ignores recorded outcomes)' },
    strict: { type: 'boolean', description: 'fail when any line cannot be scored, writing nothing' },
    out: { type: 'string', short: 'o', valueName: 'FILE', description: 'where to write the sheets (default: <trajectories>.rewards.jsonl)' },
    json: { type: 'boolean', description: 'print the summary as JSON' },
  },
  examples: ['prove-rl score --dataset data/test.jsonl runs/trajectories.jsonl', 'prove-rl score -d data/test.jsonl calls.jsonl --execute --strict --out calls.rewards.jsonl'],
  async run(context) {
    const settings = await context.settings();
    if (context.positionals.length !== 1) throw errors.usage('score', `expected one trajectories file, got ${context.positionals.length}`);
    if (typeof settings.dataset !== 'string') throw errors.usage('score', '--dataset FILE is required (the examples the trajectories were played on)');
    const datasetFile = resolvePath(context.cwd, settings.dataset);
    const trajectoriesFile = resolvePath(context.cwd, context.positionals[0]);
    const outFile =
      typeof settings.out === 'string' ? resolvePath(context.cwd, settings.out) : join(dirname(trajectoriesFile), `${basename(trajectoriesFile).replace(/\.jsonl?$/, '')}.rewards.jsonl`);
    const execute = settings.execute === true;
    const strict = settings.strict === true;
    if (outFile === trajectoriesFile || outFile === datasetFile) throw errors.usage('score', `--out ${outFile} would overwrite an input file`);
    if (!existsSync(trajectoriesFile)) throw errors.usage('score', `trajectories file ${trajectoriesFile} does not exist`);

    const byId = new Map<string, Example>();
    for (const example of readExamples(datasetFile)) {
      PreparedExample.of(example);
      byId.set(example.id, example);
    }

    const pending: Pending[] = [];
    const skipped: Skipped[] = [];
    const lines = readFileSync(trajectoriesFile, 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i].trim();
      if (text === '') continue;
      const parsed = parseTrajectoryLine(text);
      let reason: string | undefined;
      if ('problem' in parsed) reason = parsed.problem;
      else if (!byId.has(parsed.exampleId)) reason = `exampleId "${parsed.exampleId}" is not in the dataset ${datasetFile}`;
      else if (!execute && !parsed.hasOutcomes) reason = 'the calls carry no outcomes ("ok"); pass --execute to replay them live';
      if (reason !== undefined) skipped.push({ line: i + 1, reason });
      else if (!('problem' in parsed)) pending.push({ line: i + 1, example: byId.get(parsed.exampleId)!, calls: parsed.calls });
    }
    if (strict && skipped.length > 0) {
      throw errors.scoreStrictFailed(skipped.length, errors.scoreInputInvalid(trajectoriesFile, skipped[0].line, skipped[0].reason).message);
    }
    for (const s of skipped) context.stderr(`prove-rl score: ${errors.scoreInputInvalid(trajectoriesFile, s.line, s.reason).message} (skipped)\n`);
    if (pending.length === 0) throw errors.scoreNothingScored(trajectoriesFile, skipped.length);

    const engine = await context.engine();
    if (engine.hooks.onReward.taps.length === 0) throw errors.noRewardPlugins();
    const sheets: RewardSheet[] = [];
    let output = '';
    for (const entry of pending) {
      const calls = execute ? await replay(engine, entry.example, entry.calls) : withOutcomes(entry.calls);
      const sheet = await engine.reward({ example: entry.example, calls });
      sheets.push(sheet);
      output += JSON.stringify({ line: entry.line, exampleId: entry.example.id, ...sheet }) + '\n';
    }
    writeFileAtomic(outFile, output);

    const { terms, total } = summarize(sheets);
    if (context.values.json === true || settings.json === true) {
      context.stdout(JSON.stringify({ scored: sheets.length, skipped, out: outFile, terms, total }, null, 2) + '\n');
    } else {
      context.stdout(`scored ${sheets.length} trajector${sheets.length === 1 ? 'y' : 'ies'}${skipped.length ? `, skipped ${skipped.length}` : ''} -> ${outFile}\n\n${renderTable(terms, total)}\n`);
    }
    return 0;
  },
});
