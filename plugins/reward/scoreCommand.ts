import { existsSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, resolve as resolvePath } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createEngine, defineCommand, errors, type CommandContext, type Engine, type Example, type ProveConfig } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../environments/DomainEnvironmentPlugin.js';
import { readExamples } from '../rollout/readExamples.js';
import { AtomicFileWriter, readLineBatches, type LineBatch } from './lineStreams.js';
import { PreparedExample } from './PreparedExample.js';
import { BatchScorer, type BatchResult, type BatchScorerOptions } from './scoreBatch.js';
import type { ScoreWorkerData, ScoreWorkerJob } from './scoreWorker.js';

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

  /** The scored lines of a batch, in order (BatchResult: per line its shape, then its total and term values). */
  addBatch(result: BatchResult): void {
    let at = 0;
    for (let k = 0; k < result.shapeOf.length; k++) {
      const shape = result.shapes[result.shapeOf[k]];
      const sheetTotal = result.values[at++];
      for (let t = 0; t < shape.terms.length; t++) {
        const term = shape.terms[t];
        const value = result.values[at++];
        let entry = this.terms.get(term);
        if (!entry) this.terms.set(term, (entry = { weight: shape.weights[t], sum: 0, min: Infinity, max: -Infinity, count: 0 }));
        entry.sum += value;
        if (value < entry.min) entry.min = value;
        if (value > entry.max) entry.max = value;
        entry.count++;
      }
      const total = this.total;
      total.sum += sheetTotal;
      if (sheetTotal < total.min) total.min = sheetTotal;
      if (sheetTotal > total.max) total.max = sheetTotal;
      total.count++;
    }
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

function renderTable(terms: Record<string, TermSummary>, total: TermSummary): string {
  const rows: string[][] = [['term', 'weight', 'mean', 'min', 'max']];
  const number = (value: number) => value.toFixed(4);
  for (const [term, s] of Object.entries(terms)) rows.push([term, s.weight === null ? '-' : String(s.weight), number(s.mean), number(s.min), number(s.max)]);
  rows.push(['total', '', number(total.mean), number(total.min), number(total.max)]);
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map((r) => r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')).join('\n');
}

/**
 * How many worker threads score (1: none, all in this thread), from --threads. One by default:
 * each worker holds its own engine and dataset (about 90 MB and half a second of CPU to start),
 * which pays only where idle cores wait; --execute always scores in this thread.
 */
function workerThreads(option: unknown, execute: boolean): number {
  if (option === undefined) return 1;
  if (typeof option !== 'string' || !/^[0-9]+$/.test(option) || Number(option) < 1 || Number(option) > 256) throw errors.usage('score', `--threads must be a whole number from 1 to 256, got ${String(option)}`);
  return execute ? 1 : Number(option);
}

/** A configuration made of plain data only (strings, numbers, arrays, plain objects: the built-in defaults), which a worker can be handed as is. */
function plainConfig(config: ProveConfig): ProveConfig | undefined {
  const plain = (value: unknown): boolean => {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
    if (Array.isArray(value)) return value.every(plain);
    if (typeof value !== 'object') return false;
    const prototype = Object.getPrototypeOf(value);
    return (prototype === Object.prototype || prototype === null) && Object.values(value as object).every(plain);
  };
  return plain(config) ? config : undefined;
}

/** Worker threads that score batches of lines (scoreWorker.ts), each answering its batches in the order sent. */
class ScoringPool {
  private next = 0;
  private readonly waiting = new Map<number, (result: BatchResult | { failed: string }) => void>();
  private readonly gone = new Set<Worker>();
  private sent = 0;

  private constructor(
    private readonly workers: Worker[],
    readonly taps: number,
  ) {
    for (const worker of workers) {
      worker.on('message', (message: { id: number; result?: BatchResult; failed?: string }) => {
        const resolve = this.waiting.get(message.id);
        this.waiting.delete(message.id);
        resolve?.(message.result ?? { failed: message.failed ?? 'no result' });
      });
      // A worker that dies leaves its batches to the command's thread.
      worker.on('error', () => this.abandon(worker));
      worker.on('exit', () => this.abandon(worker));
    }
  }

  /** Starts `count` workers; rejects when one cannot build its engine (the command then reports why). */
  static async start(count: number, data: ScoreWorkerData): Promise<ScoringPool> {
    const own = fileURLToPath(import.meta.url);
    const entry = join(dirname(own), `scoreWorker${extname(own)}`);
    // Run from the TypeScript sources (tsx), a worker does not inherit the loader: it registers tsx's first.
    const bootstrap =
      extname(own) === '.ts' ? `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); });` : undefined;
    const workers = Array.from({ length: count }, () => (bootstrap ? new Worker(bootstrap, { eval: true, workerData: data }) : new Worker(entry, { workerData: data })));
    try {
      const ready = await Promise.all(
        workers.map(
          (worker) =>
            new Promise<number>((resolve, reject) => {
              worker.once('message', (message: { ready: boolean; taps?: number; failed?: string }) => (message.ready ? resolve(message.taps ?? 0) : reject(new Error(message.failed))));
              worker.once('error', reject);
            }),
        ),
      );
      return new ScoringPool(workers, Math.min(...ready));
    } catch (error) {
      for (const worker of workers) void worker.terminate();
      throw error;
    }
  }

  /** The batch's result, or why its worker could not score it. */
  score(batch: LineBatch): Promise<BatchResult | { failed: string }> {
    const id = this.sent++;
    const worker = this.workers[this.next++ % this.workers.length];
    return new Promise((resolve) => {
      if (this.gone.has(worker)) return resolve({ failed: 'its worker thread stopped' });
      this.waiting.set(id, resolve);
      const job: ScoreWorkerJob = { id, firstLine: batch.firstLine, lines: batch.lines, bytes: batch.bytes };
      worker.postMessage(job);
    });
  }

  /** A worker died: every batch still waiting is left to the command's thread (answers that come later are ignored). */
  private abandon(worker: Worker): void {
    this.gone.add(worker);
    for (const resolve of this.waiting.values()) resolve({ failed: 'its worker thread stopped' });
    this.waiting.clear();
  }

  close(): void {
    for (const worker of this.workers) void worker.terminate();
  }
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
    'Worker threads parse and score batches of lines in parallel (--threads); the output is the same, in the same order.',
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
    threads: {
      type: 'string',
      valueName: 'N',
      description: 'worker threads that parse and score batches of lines in parallel, each with its own engine and dataset (default 1: all in this thread; not with --execute)',
    },
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

    const threads = workerThreads(settings.threads, execute);
    const scorerOptions: BatchScorerOptions = { datasetFile, execute, details };
    // The engine of this thread: the only one without workers; with workers, built only to redo a batch a worker could not score.
    let local: Promise<{ engine: Engine; owned: boolean; scorer: BatchScorer }> | undefined;
    const localScorer = () =>
      (local ??= scoringEngine(context, execute).then((built) => {
        if (built.engine.hooks.onReward.taps.length === 0) throw errors.noRewardPlugins();
        return { ...built, scorer: new BatchScorer(built.engine, byId, scorerOptions) };
      }));
    const summary = new Summary();
    const skipped: Skipped[] = [];
    let skippedCount = 0;
    const writer = new AtomicFileWriter(outFile);
    let pool: ScoringPool | undefined;
    /** Lines that cannot be scored: reported with their number and skipped, or (--strict) the end of the run. */
    const report = (line: number, reason: string) => {
      const problem = errors.scoreInputInvalid(trajectoriesFile, line, reason);
      if (strict) throw errors.scoreStrictFailed(1, problem.message);
      context.stderr(`prove-rl score: ${problem.message} (skipped)\n`);
      skippedCount++;
      if (skipped.length < SKIPPED_LISTED) skipped.push({ line, reason });
    };
    const take = (result: BatchResult) => {
      for (const problem of result.problems) report(problem.line, problem.reason);
      writer.write(result.out);
      summary.addBatch(result);
    };
    try {
      if (threads > 1) {
        const resolved = await context.config();
        // Workers that cannot start leave the work to this thread, which then raises whatever stopped them.
        pool = await ScoringPool.start(threads, { configFile: resolved.file, config: plainConfig(resolved.config), cwd: context.cwd, datasetFile, details }).catch((error: unknown) => {
          context.stderr(`prove-rl score: worker threads could not start (${error instanceof Error ? error.message : String(error)}); scoring in this thread\n`);
          return undefined;
        });
        if (pool?.taps === 0) throw errors.noRewardPlugins();
      }
      if (!pool) await localScorer();
      // Batches in flight, in file order; each is taken (written, summed, its problems reported) in that order.
      const inFlight: Array<{ batch: LineBatch; result: Promise<BatchResult | { failed: string }> } | { line: number; problem: string }> = [];
      const takeFirst = async () => {
        const head = inFlight.shift()!;
        if ('problem' in head) return report(head.line, head.problem);
        const result = await head.result;
        if (!('failed' in result)) return take(result);
        // A batch a worker could not score is scored here, where its error is raised as without workers.
        const last = head.batch.firstLine + head.batch.lines - 1;
        context.stderr(`prove-rl score: a worker thread could not score lines ${head.batch.firstLine}–${last} (${result.failed}); scoring them in this thread\n`);
        take(await (await localScorer()).scorer.score(head.batch));
      };
      // Workers get 1 MiB batches (fewer messages); this thread scores 64 KiB at a time, so that less lives through a scavenge and is promoted.
      for (const item of readLineBatches(trajectoriesFile, pool ? 1 << 20 : 64 << 10)) {
        if ('problem' in item) inFlight.push(item);
        else if (pool) {
          // Kept until taken, while later reads refill the reader's buffer: a copy, for this thread to score if the worker cannot.
          const batch = { ...item, bytes: item.bytes.slice() };
          inFlight.push({ batch, result: pool.score(batch) });
        } else inFlight.push({ batch: item, result: (await localScorer()).scorer.score(item) });
        while (inFlight.length > (pool ? 2 * threads : 0)) await takeFirst();
      }
      while (inFlight.length > 0) await takeFirst();
      if (summary.count === 0) throw errors.scoreNothingScored(trajectoriesFile, skippedCount);
      writer.commit();
    } catch (error) {
      writer.abort();
      throw error;
    } finally {
      pool?.close();
      if (local) {
        const built = await local.catch(() => undefined);
        if (built?.owned) await built.engine.close();
      }
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
