/**
 * A worker thread of `prove-rl score`: builds the same scoring engine as the command (the same
 * configuration, without the built-in domains), reads the dataset, then scores the batches of
 * lines it is sent, one at a time, and answers each with its BatchResult. Anything that goes
 * wrong is answered as `failed`: the command then scores that batch in its own thread, where the
 * error is raised exactly as without workers.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createEngine, loadConfig, resolveConfig, type Example, type ProveConfig } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../environments/DomainEnvironmentPlugin.js';
import { readExamples } from '../rollout/readExamples.js';
import { BatchScorer } from './scoreBatch.js';

/** What the command hands each worker. */
export interface ScoreWorkerData {
  /** The configuration file the command resolved. */
  configFile: string;
  /** Its content when it is plain data (the built-in defaults); otherwise the worker loads `configFile` itself. */
  config: ProveConfig | undefined;
  cwd: string;
  datasetFile: string;
  details: boolean;
}

/** A batch of lines to score. */
export interface ScoreWorkerJob {
  id: number;
  firstLine: number;
  lines: number;
  bytes: Uint8Array;
}

const port = parentPort!;
const data = workerData as ScoreWorkerData;

try {
  const loaded = data.config !== undefined ? { file: data.configFile, config: data.config } : await loadConfig({ cwd: data.cwd, explicitPath: data.configFile });
  if (loaded === undefined) throw new Error(`configuration ${data.configFile} not found`);
  const resolved = await resolveConfig(loaded.file, loaded.config);
  const engine = await createEngine({ plugins: resolved.plugins.filter((entry) => !(entry.plugin instanceof DomainEnvironmentPlugin)) });
  const byId = new Map<string, Example>();
  for (const example of readExamples(data.datasetFile)) byId.set(example.id, example);
  const scorer = new BatchScorer(engine, byId, { datasetFile: data.datasetFile, execute: false, details: data.details });
  // One batch at a time, in the order they come.
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (job: ScoreWorkerJob | 'close') => {
    if (job === 'close') {
      queue = queue.then(async () => {
        await engine.close();
        port.close();
      });
      return;
    }
    queue = queue.then(async () => {
      try {
        port.postMessage({ id: job.id, result: await scorer.score(job) });
      } catch (error) {
        port.postMessage({ id: job.id, failed: error instanceof Error ? error.message : String(error) });
      }
    });
  });
  port.postMessage({ ready: true, taps: engine.hooks.onReward.taps.length });
} catch (error) {
  port.postMessage({ ready: false, failed: error instanceof Error ? error.message : String(error) });
}
