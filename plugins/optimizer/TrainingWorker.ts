import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { errors, type ChatMessage, type ToolSchema } from '../../core/index.js';

/** What the worker says about itself when it starts. */
export interface WorkerHello {
  python: string;
  torch: string;
  transformers: string;
  cuda: boolean;
  gpu: string | null;
  bf16: boolean;
  threads: number;
  pid: number;
}

/** One assistant turn to sample: the conversation so far, keyed by rollout. */
export interface GenerateRequest {
  key: string;
  messages: ChatMessage[];
  tools: ToolSchema[];
  seed: number;
  /** The first turn of a rollout: start a new token sequence. */
  new: boolean;
}

export interface GenerateResult {
  key: string;
  text: string;
  ids: number[];
  logprobs: number[];
  finish: 'stop' | 'length';
  promptTokens: number;
}

export interface SamplingSettings {
  maxNewTokens: number;
  maxContextTokens: number;
  temperature: number;
  topP: number;
}

/** Options of {@link TrainingWorker}. */
export interface TrainingWorkerOptions {
  /** Python interpreter; else $PROVE_PYTHON, else `.venv/bin/python` when present, else `python3`. */
  python?: string;
  /** Working directory used to find `.venv` (default: the process's). */
  cwd?: string;
  /** The worker needs peft (LoRA). */
  lora?: boolean;
  /** Lines of stderr kept for crash reports. */
  stderrLines?: number;
  env?: Record<string, string>;
}

interface Pending {
  op: string;
  resolve(value: any): void;
  reject(error: unknown): void;
}

const HERE = dirname(fileURLToPath(import.meta.url));

/** The root of the prove package (the folder with package.json), from this module's place in the source tree or in dist/. */
function packageRoot(): string {
  let dir = HERE;
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return resolve(HERE, '../..');
}

/** The worker script: next to this module in the source tree, else in the package's plugins/ (dist/ holds no Python). */
export function workerScript(): string {
  const local = join(HERE, 'worker', 'worker.py');
  return existsSync(local) ? local : join(packageRoot(), 'plugins', 'optimizer', 'worker', 'worker.py');
}

export function requirementsFile(): string {
  return join(dirname(workerScript()), 'requirements.txt');
}

/** Which interpreter runs the worker: an explicit one, $PROVE_PYTHON, a `.venv` in the working directory or the package, or python3. */
export function findPython(explicit?: string, cwd = process.cwd()): string {
  if (explicit) return explicit;
  if (process.env.PROVE_PYTHON) return process.env.PROVE_PYTHON;
  for (const root of [cwd, packageRoot()]) {
    const venv = join(root, '.venv', 'bin', 'python');
    if (existsSync(venv)) return venv;
  }
  return 'python3';
}

/**
 * Starts and supervises the PyTorch worker (plugins/optimizer/worker/worker.py): one process, JSON
 * lines over stdio, one request at a time in order. Stderr is kept (the last lines) so that a crash
 * is reported with what Python said; after a crash every pending and later request fails with
 * PROVE_WORKER_CRASHED until the worker is started again.
 */
export class TrainingWorker {
  readonly python: string;
  hello?: WorkerHello;
  private child?: ResultPromise<{ stdin: 'pipe'; stdout: 'pipe'; stderr: 'pipe'; buffer: false; reject: false }>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private stderrTail: string[] = [];
  private partialStdout = '';
  private dead?: string;
  private starting?: Promise<WorkerHello>;

  constructor(private readonly options: TrainingWorkerOptions = {}) {
    this.python = findPython(options.python, options.cwd);
  }

  /** Process id of the running worker. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  get running(): boolean {
    return this.child !== undefined && this.dead === undefined;
  }

  /** What the worker wrote to stderr lately. */
  get stderr(): string {
    return this.stderrTail.join('\n');
  }

  /** Start the worker (once); resolves with its hello, or fails with what is missing and how to install it. */
  start(): Promise<WorkerHello> {
    this.starting ??= this.spawn();
    return this.starting;
  }

  private spawn(): Promise<WorkerHello> {
    const args = [workerScript()];
    if (this.options.lora) args.push('--lora');
    let child: NonNullable<typeof this.child>;
    try {
      child = execa(this.python, args, {
        stdin: 'pipe',
        stdout: 'pipe',
        stderr: 'pipe',
        buffer: false,
        reject: false,
        env: { PYTHONUNBUFFERED: '1', TOKENIZERS_PARALLELISM: 'false', ...this.options.env },
      });
    } catch (error) {
      return Promise.reject(errors.workerNotStarted(this.python, error));
    }
    this.child = child;
    this.dead = undefined;
    const keep = this.options.stderrLines ?? 60;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      for (const line of chunk.split(/\r?\n|\r/)) if (line.trim() !== '') this.stderrTail.push(line);
      if (this.stderrTail.length > keep) this.stderrTail = this.stderrTail.slice(-keep);
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    const hello = new Promise<WorkerHello>((resolveHello, rejectHello) => {
      this.pending.set(0, {
        op: 'start',
        resolve: resolveHello,
        reject: (error) => {
          const answer = (error as { answer?: { missing?: string[] } }).answer;
          if (answer?.missing) {
            rejectHello(errors.workerDependenciesMissing(this.python, answer.missing, `${this.python} -m pip install -r ${requirementsFile()}`));
          } else rejectHello(error);
        },
      });
    });
    void child.then((result) => {
      const exit = result.signal ? `killed by ${result.signal}` : `exit code ${result.exitCode ?? '?'}`;
      const spawnError = (result as { cause?: unknown }).cause ?? (result.failed && result.exitCode === undefined ? result.message : undefined);
      this.dead = exit;
      for (const [id, entry] of this.pending) {
        this.pending.delete(id);
        if (id === 0 && spawnError !== undefined && this.stderrTail.length === 0) entry.reject(errors.workerNotStarted(this.python, spawnError));
        else entry.reject(errors.workerCrashed(entry.op, exit, this.stderr));
      }
    });
    return hello.then((value) => (this.hello = value));
  }

  private onStdout(chunk: string): void {
    this.partialStdout += chunk;
    let newline: number;
    while ((newline = this.partialStdout.indexOf('\n')) >= 0) {
      const line = this.partialStdout.slice(0, newline).trim();
      this.partialStdout = this.partialStdout.slice(newline + 1);
      if (line === '') continue;
      let answer: { id: number | null; ok: boolean; result?: unknown; error?: string; traceback?: string; missing?: string[] };
      try {
        answer = JSON.parse(line);
      } catch {
        this.stderrTail.push(`(stdout) ${line}`);
        continue;
      }
      const entry = answer.id === null ? undefined : this.pending.get(answer.id);
      if (!entry) continue;
      this.pending.delete(answer.id!);
      if (answer.ok) entry.resolve(answer.result);
      else entry.reject(Object.assign(errors.workerFailed(entry.op, answer.error ?? 'unknown error', answer.traceback), { answer }));
    }
  }

  /** Send one request and wait for its answer. */
  async request<T = Record<string, unknown>>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    await this.start();
    if (this.dead !== undefined || !this.child) throw errors.workerCrashed(op, this.dead ?? 'not running', this.stderr);
    const id = this.nextId++;
    const answer = new Promise<T>((resolveAnswer, rejectAnswer) => this.pending.set(id, { op, resolve: resolveAnswer, reject: rejectAnswer }));
    this.child.stdin.write(JSON.stringify({ id, op, args }) + '\n');
    return answer;
  }

  generate(requests: GenerateRequest[], sampling: SamplingSettings): Promise<{ results: GenerateResult[]; seconds: number; newTokens: number }> {
    return this.request('generate', { requests, ...sampling });
  }

  /** Stop the worker: a polite shutdown, then SIGTERM if it does not leave within a few seconds. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.dead !== undefined) return;
    const exited = child.then(() => undefined);
    try {
      const id = this.nextId++;
      this.pending.set(id, { op: 'shutdown', resolve: () => undefined, reject: () => undefined });
      child.stdin.write(JSON.stringify({ id, op: 'shutdown' }) + '\n');
      child.stdin.end();
    } catch {
      // the pipe is already gone
    }
    const timer = setTimeout(() => child.kill('SIGTERM'), 5000);
    await exited;
    clearTimeout(timer);
  }
}
