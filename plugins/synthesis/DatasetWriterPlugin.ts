import { hash as sha256 } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errors, type Engine, type Example, type ProvePlugin, type UpdateBatch } from '../../core/index.js';
import { STAGES } from '../stages.js';
import { writeFileAtomic } from '../../core/support/index.js';
import { serializeExample } from './serializeExample.js';

const PLUGIN_NAME = 'DatasetWriterPlugin';

/** Options of {@link DatasetWriterPlugin}. */
export interface DatasetWriterOptions {
  /** Share of examples in the test split, chosen by a hash of the id (default 0.1). */
  testFraction?: number;
}

/** What a run is, for the manifest and for checking that a resume continues the same run. */
export interface RunDescription {
  outDir: string;
  count: number;
  seed: number;
  domains: string[];
  configHash: string;
  graphHashes: Record<string, string>;
  config: Record<string, unknown>;
}

/** Progress kept next to the partial file, so that an interrupted run resumes exactly where it stopped. */
interface PartialState {
  configHash: string;
  count: number;
  seed: number;
  /** Bytes of the partial file that belong to finished batches. */
  bytes: number;
  kept: number;
  nextIndex: number;
  dropped: Record<string, number>;
  kinds: Record<string, number>;
  domains: Record<string, number>;
  perturbations: Record<string, number>;
  splits: Record<string, number>;
  /** Examples with several live environments, by their names joined with `+` (cross-domain scenarios). */
  crossDomain?: Record<string, number>;
}

function add(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

function sorted(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Writes the validated examples of `prove-rl synth`: each batch is appended to a partial file with
 * its progress saved atomically beside it; the finished run becomes `examples.jsonl` (train/test
 * split, the partial file renamed) and `manifest.json` (a temporary file, renamed). No wall-clock time is
 * written, so the same seed and configuration give the same bytes.
 */
export class DatasetWriterPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  static readonly description = 'writes examples.jsonl (train/test split) and manifest.json, atomically and resumably';
  static readonly commands = [];
  static readonly optionsSchema = { type: 'object', properties: { testFraction: { type: 'number', minimum: 0, maximum: 1, default: 0.1 } }, additionalProperties: false };
  readonly name = PLUGIN_NAME;
  private run: RunDescription | undefined;
  private state: PartialState | undefined;

  constructor(readonly options: DatasetWriterOptions = {}) {}

  private get partialDir(): string {
    return join(this.run!.outDir, '.partial');
  }

  /**
   * Start (or, with `resume`, continue) a run. Returns where to continue: the next conversation
   * index and the examples already kept (for deduplication).
   */
  beginRun(run: RunDescription, resume: boolean): { nextIndex: number; kept: Example[]; dropped: Record<string, number> } {
    this.run = run;
    mkdirSync(run.outDir, { recursive: true });
    const stateFile = join(this.partialDir, 'state.json');
    const finished = existsSync(join(run.outDir, 'manifest.json'));
    if (!resume) {
      if (finished || existsSync(stateFile)) throw errors.synthesisOutputExists(run.outDir);
      mkdirSync(this.partialDir, { recursive: true });
      writeFileSync(join(this.partialDir, 'examples.jsonl'), '');
      this.state = { configHash: run.configHash, count: run.count, seed: run.seed, bytes: 0, kept: 0, nextIndex: 0, dropped: {}, kinds: {}, domains: {}, perturbations: {}, splits: {}, crossDomain: {} };
      writeFileAtomic(stateFile, JSON.stringify(this.state));
      return { nextIndex: 0, kept: [], dropped: {} };
    }
    if (!existsSync(stateFile)) {
      if (finished) throw errors.synthesisResumeMismatch(run.outDir, 'the run is already finished');
      return this.beginRun(run, false);
    }
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as PartialState;
    if (state.configHash !== run.configHash || state.count !== run.count || state.seed !== run.seed) {
      throw errors.synthesisResumeMismatch(run.outDir, `it was started with seed ${state.seed}, count ${state.count} and config ${state.configHash.slice(0, 12)}`);
    }
    const file = join(this.partialDir, 'examples.jsonl');
    // A batch cut off mid-write is dropped: the state counts only whole batches.
    truncateSync(file, state.bytes);
    this.state = state;
    const kept = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Example);
    return { nextIndex: state.nextIndex, kept, dropped: { ...state.dropped } };
  }

  apply(engine: Engine): void {
    engine.hooks.onUpdate.tapPromise({ name: this.name, stage: STAGES.onUpdate.datasetWriter }, (batch: UpdateBatch) => {
      if (batch.kind !== 'examples' || this.run === undefined || this.state === undefined) return Promise.resolve();
      const state = this.state;
      const room = state.count - state.kept;
      const take = batch.examples.slice(0, Math.max(0, room));
      const testFraction = this.options.testFraction ?? 0.1;
      let text = '';
      for (const example of take) {
        // The split depends on the id alone, so it is the same however the run was cut into batches.
        example.split = parseInt(sha256('sha256', example.id, 'hex').slice(0, 8), 16) / 2 ** 32 < testFraction ? 'test' : 'train';
        add(state.kinds, example.kind);
        for (const server of example.servers) add(state.domains, server);
        if (example.servers.length > 1) add((state.crossDomain ??= {}), example.servers.join('+'));
        for (const perturbation of example.perturbations) add(state.perturbations, perturbation);
        add(state.splits, example.split);
        text += `${serializeExample(example)}\n`;
      }
      appendFileSync(join(this.partialDir, 'examples.jsonl'), text);
      state.bytes += Buffer.byteLength(text);
      state.kept += take.length;
      state.nextIndex = typeof batch.metrics.nextIndex === 'number' ? batch.metrics.nextIndex : state.nextIndex;
      for (const [reason, count] of Object.entries(batch.dropped)) add(state.dropped, reason, count);
      writeFileAtomic(join(this.partialDir, 'state.json'), JSON.stringify(state));
      return Promise.resolve();
    });
  }

  /** Examples kept so far. */
  get kept(): number {
    return this.state?.kept ?? 0;
  }

  /** Write examples.jsonl (the partial file, renamed) and manifest.json, then remove the partial files. */
  finish(conversations: number): { examples: string; manifest: string; counts: Record<string, unknown> } {
    const run = this.run!;
    const state = this.state!;
    const counts = {
      examples: state.kept,
      conversations,
      kinds: sorted(state.kinds),
      domains: sorted(state.domains),
      perturbations: sorted(state.perturbations),
      splits: sorted(state.splits),
      crossDomain: sorted(state.crossDomain ?? {}),
      dropped: sorted(state.dropped),
    };
    const manifest = {
      format: 'prove-synthesis/1',
      count: run.count,
      seed: run.seed,
      domains: run.domains,
      counts,
      configHash: run.configHash,
      graphHashes: run.graphHashes,
      config: run.config,
    };
    const examples = join(run.outDir, 'examples.jsonl');
    const manifestFile = join(run.outDir, 'manifest.json');
    // Manifest first: a run cut off between the two still has its partial state, and --resume finishes it.
    writeFileAtomic(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(join(this.partialDir, 'examples.jsonl'), examples);
    rmSync(this.partialDir, { recursive: true, force: true });
    return { examples, manifest: manifestFile, counts };
  }
}

export default DatasetWriterPlugin;
