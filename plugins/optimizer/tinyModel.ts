import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../core/index.js';
import type { TrainingWorker } from './TrainingWorker.js';

/**
 * Build the tiny Qwen3-shaped model (random weights, seeded) and its byte-level BPE tokenizer,
 * trained on the given examples' conversations, into `dir` unless it is already there. Nothing is
 * downloaded: this is how tests and the CPU demo get a model.
 */
export async function ensureTinyModel(worker: TrainingWorker, dir: string, examples: readonly Example[], seed = 0, shape: 'tiny' | 'qwen3-0.6b' = 'tiny'): Promise<string> {
  if (existsSync(join(dir, 'config.json'))) return dir;
  await worker.request('build_tiny', {
    dir,
    conversations: examples.map((e) => ({ messages: e.messages, tools: e.tools })),
    vocabSize: shape === 'tiny' ? 2048 : 8192,
    seed,
    shape,
  });
  return dir;
}
