import { existsSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve as resolvePath } from 'node:path';
import { createEngine, defineCommand, errors, type CommandContext, type Engine, type EnvironmentSession, type ExecutedCall, type Example, type RewardSheet, type ToolCall } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../environments/DomainEnvironmentPlugin.js';
import { readExamples } from '../rollout/readExamples.js';
import { AtomicFileWriter, LineReader } from './lineStreams.js';
import { parseTrajectoryLine } from './parseTrajectoryLine.js';
import { PreparedExample } from './PreparedExample.js';
import { replay, withOutcomes } from './replayCalls.js';

/** A line that cannot be scored, and why. */
interface Skipped {
  line: number;
  reason: string;
}

/** At most this many skipped lines are listed in the JSON summary (all of them are counted, and each is reported on stderr). */
const SKIPPED_LISTED = 1000;

interface TermSummary {
  weight: number | null;
  mean: number;
  min: number;
  max: number;
}

/** Running mean, min and max of every term and of the total: the summary without keeping the sheets. */
class Summary {
  private readonly terms = new Map<string, { weight: number | null; sum: number; min: number; max: number; count: number }>();
  private readonly total = { weight: null, sum: 0, min: Infinity, max: -Infinity, count: 0 };

  add(sheet: RewardSheet): void {
    const terms = sheet.terms;
    for (const term in terms) {
      const value = terms[term];
      let entry = this.terms.get(term);
      if (!entry) this.terms.set(term, (entry = { weight: sheet.weights[term] ?? null, sum: 0, min: Infinity, max: -Infinity, count: 0 }));
      entry.sum += value;
      if (value < entry.min) entry.min = value;
      if (value > entry.max) entry.max = value;
      entry.count++;
    }
    const total = this.total;
    total.sum += sheet.total;
    if (sheet.total < total.min) total.min = sheet.total;
    if (sheet.total > total.max) total.max = sheet.total;
    total.count++;
  }

  get count(): number {
    return this.total.count;
  }

  result(): { terms: Record<string, TermSummary>; total: TermSummary } {
    const finish = (e: { weight: number | null; sum: number; min: number; max: number; count: number }): TermSummary => ({ weight: e.weight, mean: e.sum / e.count, min: e.min, max: e.max });
    return { terms: Object.fromEntries([...this.terms].map(([term, e]) => [term, finish(e)])), total: finish(this.total) };
  }
}

/** The engine that scores: without --execute the built-in domains are left out (no call runs, and starting them compiles every tool's schema). */
async function scoringEngine(context: CommandContext, execute: boolean): Promise<{ engine: Engine; owned: boolean }> {
  if (execute) return { engine: await context.engine(), owned: false };
  const resolved = await context.config();
  return { engine: await createEngine({ plugins: resolved.plugins.filter((entry) => !(entry.plugin instanceof DomainEnvironmentPlugin)) }), owned: true };
}

/** A number as JSON.stringify writes it: String() when finite, else null (0 and 1, the commonest terms, without formatting). */
const numberJson = (value: number): string => (value === 1 ? '1' : value === 0 ? '0' : Number.isFinite(value) ? String(value) : 'null');

/** JSON keys, quoted once each. */
const quotedKeys = new Map<string, string>();

/**
 * A flat record of numbers as JSON: what JSON.stringify gives, without its generic walk. `memo`
 * keeps the last record's keys, values and text: the weights are the same on every sheet.
 */
function numbersJson(values: Record<string, number>, memo?: { keys: string[]; values: number[]; text: string }): string {
  if (memo !== undefined) {
    let k = 0;
    let same = true;
    for (const key in values) {
      if (k >= memo.keys.length || memo.keys[k] !== key || !Object.is(memo.values[k], values[key])) {
        same = false;
        break;
      }
      k++;
    }
    if (same && k === memo.keys.length) return memo.text;
  }
  let out = '{';
  for (const key in values) {
    let quoted = quotedKeys.get(key);
    if (quoted === undefined) quotedKeys.set(key, (quoted = JSON.stringify(key) + ':'));
    if (out.length > 1) out += ',';
    out += quoted + numberJson(values[key]);
  }
  out += '}';
  if (memo !== undefined) {
    memo.keys = Object.keys(values);
    memo.values = memo.keys.map((key) => values[key]);
    memo.text = out;
  }
  return out;
}

const lastWeights = { keys: [] as string[], values: [] as number[], text: '{}' };

/** One output line: the sheet, with its per-call details only when asked for. */
function sheetLine(line: number, exampleId: string, sheet: RewardSheet, details: boolean): string {
  if (details) return JSON.stringify({ line, exampleId, ...sheet }) + '\n';
  return `{"line":${line},"exampleId":${JSON.stringify(exampleId)},"total":${numberJson(sheet.total)},"terms":${numbersJson(sheet.terms)},"weights":${numbersJson(sheet.weights, lastWeights)}}\n`;
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
    'Streams: reads and writes one line at a time, in order, with bounded memory. Writes {line, exampleId, total,',
    'terms, weights} per scored line (with --details, also the per-call details), atomically when the run ends.',
    'A line that is not JSON, not a trajectory, or names an unknown example is reported with its number and',
    'skipped (--strict: the run stops there and writes nothing). Exit code 1 when nothing could be scored.',
  ].join('\n'),
  options: {
    dataset: { type: 'string', short: 'd', valueName: 'FILE', description: 'the examples (JSONL) the trajectories were played on' },
    execute: { type: 'boolean', description: 'replay every call live to learn its outcome (ignores recorded outcomes)' },
    strict: { type: 'boolean', description: 'fail at the first line that cannot be scored, writing nothing' },
    details: { type: 'boolean', description: 'write each term\'s per-call details (alignment, levels, pairs) into every sheet' },
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

    const details = settings.details === true;
    if (statSync(trajectoriesFile).isDirectory()) throw errors.usage('score', `trajectories file ${trajectoriesFile} is a directory`);

    const byId = new Map<string, Example>();
    for (const example of readExamples(datasetFile)) {
      PreparedExample.of(example);
      byId.set(example.id, example);
    }

    const { engine, owned } = await scoringEngine(context, execute);
    const summary = new Summary();
    const skipped: Skipped[] = [];
    let skippedCount = 0;
    const writer = new AtomicFileWriter(outFile);
    try {
      if (engine.hooks.onReward.taps.length === 0) throw errors.noRewardPlugins();
      for (const read of new LineReader(trajectoriesFile)) {
        let reason: string | undefined;
        if ('problem' in read) reason = read.problem;
        else {
          const text = read.text.trim();
          if (text === '') continue;
          const parsed = parseTrajectoryLine(text);
          if ('problem' in parsed) reason = parsed.problem;
          else {
            const example = byId.get(parsed.exampleId);
            if (example === undefined) reason = `exampleId "${parsed.exampleId}" is not in the dataset ${datasetFile}`;
            else if (!execute && !parsed.hasOutcomes) reason = 'the calls carry no outcomes ("ok"); pass --execute to replay them live';
            else {
              const calls = execute ? await replay(engine, example, parsed.calls) : withOutcomes(parsed.calls);
              const sheet = await engine.reward({ example, calls });
              summary.add(sheet);
              writer.write(sheetLine(read.line, example.id, sheet, details));
              continue;
            }
          }
        }
        const problem = errors.scoreInputInvalid(trajectoriesFile, read.line, reason);
        if (strict) throw errors.scoreStrictFailed(1, problem.message);
        context.stderr(`prove-rl score: ${problem.message} (skipped)\n`);
        skippedCount++;
        if (skipped.length < SKIPPED_LISTED) skipped.push({ line: read.line, reason });
      }
      if (summary.count === 0) throw errors.scoreNothingScored(trajectoriesFile, skippedCount);
      writer.commit();
    } catch (error) {
      writer.abort();
      throw error;
    } finally {
      if (owned) await engine.close();
    }

    const { terms, total } = summary.result();
    const scored = summary.count;
    if (context.values.json === true || settings.json === true) {
      context.stdout(JSON.stringify({ scored, skipped, skippedCount, out: outFile, terms, total }, null, 2) + '\n');
    } else {
      context.stdout(`scored ${scored} trajector${scored === 1 ? 'y' : 'ies'}${skippedCount ? `, skipped ${skippedCount}` : ''} -> ${outFile}\n\n${renderTable(terms, total)}\n`);
    }
    return 0;
  },
});
