import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { errors } from '../../../core/index.js';
import { findPython } from '../../optimizer/TrainingWorker.js';

const HERE = dirname(fileURLToPath(import.meta.url));

/** A Python script of this folder, from the sources or, when running from dist/, from the package. */
export function onnxScript(name: 'export.py' | 'reference.py' | 'tiny_llama.py'): string {
  const local = join(HERE, name);
  if (existsSync(local)) return local;
  let dir = HERE;
  for (let i = 0; i < 6 && !existsSync(join(dir, 'package.json')); i++) dir = dirname(dir);
  return join(dir, 'plugins', 'policy', 'onnx', name);
}

export interface OnnxExportOptions {
  /** A Hugging Face folder, a `prove-rl train` checkpoint, a .gguf file, or `smollm2`. */
  model: string;
  out: string;
  python?: string;
  chatTemplate?: string;
  /** Also write the loaded model as a Hugging Face folder (the PyTorch worker loads no GGUF). */
  hfCopy?: string;
  cwd?: string;
  /** Progress lines of the exporter (stderr). */
  onLine?(line: string): void;
}

export interface OnnxExportResult {
  out: string;
  parameters: number;
  layers: number;
  bytes: number;
  seconds: number;
  template: string;
}

/** Run export.py with the worker's Python; the manifest's summary on success, PROVE_EXPORT_FAILED with Python's words otherwise. */
export async function exportOnnx(options: OnnxExportOptions): Promise<OnnxExportResult> {
  const cwd = options.cwd ?? process.cwd();
  const python = findPython(options.python, cwd);
  const args = [onnxScript('export.py'), '--model', options.model === 'smollm2' ? 'smollm2' : resolve(cwd, options.model), '--out', resolve(cwd, options.out)];
  if (options.chatTemplate) args.push('--chat-template', resolve(cwd, options.chatTemplate));
  if (options.hfCopy) args.push('--hf-copy', resolve(cwd, options.hfCopy));
  const child = execa(python, args, { cwd, reject: false, all: false, env: { PYTHONWARNINGS: 'ignore', TRANSFORMERS_VERBOSITY: 'error', HF_HUB_OFFLINE: '1' } });
  const tail: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split(/\r?\n|\r/)) {
      if (line.trim() === '') continue;
      tail.push(line);
      if (tail.length > 30) tail.shift();
      if (line.startsWith('export: ')) options.onLine?.(line);
    }
  });
  const result = await child;
  if (result.failed || result.exitCode !== 0) {
    const said = tail.filter((l) => l.startsWith('export: ')).pop();
    if ((result as { code?: string }).code === 'ENOENT') throw errors.exportFailed('onnx', `no Python at ${python}; set --python or $PROVE_PYTHON, or run npm run setup`);
    const missing = /No module named '([^']+)'/.exec(tail.join('\n'))?.[1];
    if (missing) throw errors.exportFailed('onnx', `${python} lacks the module ${missing}; install the worker's requirements (npm run setup)`);
    throw errors.exportFailed('onnx', said ? said.slice('export: '.length) : `${python} exited with ${result.exitCode ?? result.signal}:\n${tail.slice(-12).join('\n')}`);
  }
  const last = String(result.stdout).trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(last) as OnnxExportResult;
  } catch {
    throw errors.exportFailed('onnx', `the exporter printed no summary: ${last.slice(0, 200)}`);
  }
}
