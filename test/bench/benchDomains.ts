import { existsSync } from 'node:fs';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { domainNames, loadDomain } from '../../servers/index.js';
import type { DomainDefinition } from '../../servers/kit/Domain.js';
import { createDomainMcpServer } from '../../servers/kit/DomainMcpServer.js';
import { domainRuntime, type DomainSession } from '../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../support/project.js';
import type { ToolCase } from '../servers/ToolCase.js';

/** A domain with its conformance cases, as the benchmarks play them. */
export interface BenchDomain {
  domain: DomainDefinition;
  cases: ToolCase[];
  /** Index of the typical call: the first succeeding case of a tool that changes state. */
  typical: number;
  /** Indexes of the first succeeding case of every tool that changes state, in case order. */
  mutating: number[];
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Every domain that has conformance cases (test/servers/<domain>/cases.ts). */
export async function benchDomains(only?: readonly string[]): Promise<BenchDomain[]> {
  const out: BenchDomain[] = [];
  for (const name of domainNames()) {
    if (only !== undefined && only.length > 0 && !only.includes(name)) continue;
    const file = join(REPO_ROOT, 'test', 'servers', name, 'cases.ts');
    if (!existsSync(file)) continue;
    const cases = (await import(pathToFileURL(file).href) as Record<string, ToolCase[]>)[`${camel(name)}Cases`];
    const domain = await loadDomain(name);
    const readOnly = new Set(domain.tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name));
    const seen = new Set<string>();
    const mutating: number[] = [];
    for (const [index, item] of cases.entries()) {
      if (!item.ok || readOnly.has(item.tool) || seen.has(item.tool)) continue;
      seen.add(item.tool);
      mutating.push(index);
    }
    if (mutating.length > 0) out.push({ domain, cases, typical: mutating[0], mutating });
  }
  return out;
}

/** A fresh fast-path session that has played the cases before `index`. */
export function preparedSession(bench: BenchDomain, index: number): DomainSession<unknown> {
  const session = domainRuntime(bench.domain).openSession() as DomainSession<unknown>;
  for (const item of bench.cases.slice(0, index)) session.call(item.tool, item.args);
  return session;
}

/** Microseconds of this process's CPU time (user + system): steadier than wall time on a busy machine. */
export function cpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/**
 * Warm-up before a measurement. V8 needs thousands of calls to finish optimizing a handler (the
 * first ~5,000 fast-path calls run 3-5x slower), and the SDK's client and server paths need about
 * 10,000 in a fresh process (after 2,000, calendar create_event through InMemoryTransport still
 * cost 50-70 µs instead of 33-36). Whole episodes need thousands of episodes on both sides, since
 * each tool gets only a few calls per episode: after 300, banking's episode cost 4.4-4.7 µs a call
 * on the fast path against 1.7-2.8 after 3,000, and 48-51 µs through InMemoryTransport against
 * 31-35. Both sides of a ratio must be measured warm, or the comparison flatters whichever side
 * is measured cold.
 */
export const WARM_UP = { sync: 20_000, async: 10_000, episodes: 3_000 };

/** Mean CPU microseconds per iteration of `fn`, after a warm-up. */
export function timeSync(iterations: number, fn: () => void): number {
  for (let i = 0; i < WARM_UP.sync; i++) fn();
  const start = cpuMicros();
  for (let i = 0; i < iterations; i++) fn();
  return (cpuMicros() - start) / iterations;
}

/** An SDK client on the domain's MCP server for `session`, linked through the SDK's InMemoryTransport. */
export async function inMemoryClient(session: DomainSession<unknown>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDomainMcpServer(session).connect(serverSide);
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(clientSide);
  await client.listTools();
  return client;
}

/** Which side of the fast-path comparison a measuring process runs. */
export type Side = 'fast' | 'in-memory';

/** What one measuring process measures (see sideProcess.ts): single calls, or whole episodes. */
export type SideTask = (
  | { kind: 'calls'; side: Side; domain: string; indexes: number[]; iterations: number; rounds: number }
  | { kind: 'episode'; side: Side; domain: string; episodes: number; rounds: number }
) & {
  /** Warm-up calls per call, or warm-up episodes (default: WARM_UP); shorter only in tests. */
  warmUp?: number;
};

type WithoutSide<T> = T extends unknown ? Omit<T, 'side'> : never;

/** Runs a task in a fresh Node process (sideProcess.ts, loaded through tsx) and returns its CPU µs per call, one per measured item. */
export function inFreshProcess(task: SideTask): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = fork(SIDE_PROCESS, [JSON.stringify(task)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    let answer: number[] | undefined;
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.on('message', (message) => {
      answer = message as number[];
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && answer !== undefined) resolve(answer);
      else {
        const reason = errors.split('\n').find((line) => line.startsWith('Error')) ?? errors.trim().slice(-500);
        reject(new Error(`measuring ${task.side} ${task.kind} of ${task.domain} failed (exit code ${code}): ${reason}`));
      }
    });
  });
}
const SIDE_PROCESS = fileURLToPath(new URL('./sideProcess.ts', import.meta.url));

/**
 * Each side of the fast-path comparison measured in its own fresh processes, in the order fast,
 * in-memory, in-memory, fast (so that neither side always runs first on a machine whose load
 * drifts), each item's best of the two processes. Separate processes, because that is how each is
 * used: the engine calls the fast path in a process that serves no MCP, and running the SDK's
 * client and server in the same process made the fast path 20-50 % slower (calendar create_event
 * 3.5-3.6 µs alone, 4.3-5.3 µs between in-memory rounds) and the comparison depend on which ran last.
 */
async function bothSides(task: WithoutSide<SideTask>): Promise<{ fast: number[]; inMemory: number[] }> {
  const fastFirst = await inFreshProcess({ ...task, side: 'fast' });
  const memoryFirst = await inFreshProcess({ ...task, side: 'in-memory' });
  const memorySecond = await inFreshProcess({ ...task, side: 'in-memory' });
  const fastSecond = await inFreshProcess({ ...task, side: 'fast' });
  return { fast: fastFirst.map((v, i) => Math.min(v, fastSecond[i])), inMemory: memoryFirst.map((v, i) => Math.min(v, memorySecond[i])) };
}

/**
 * CPU microseconds of each case in `indexes` on the fast path and through the SDK's InMemoryTransport
 * (a served session, the SDK `Client`), each call from the same state (the state before the case,
 * restored before every call). Both sides warmed up, then `rounds` rounds each; the best round counts
 * (the round least disturbed by the rest of a shared machine), the same rule for both.
 */
export async function fastPathAndInMemory(bench: BenchDomain, indexes: number[], iterations: number, rounds = 3): Promise<Array<{ fast: number; inMemory: number }>> {
  const { fast, inMemory } = await bothSides({ kind: 'calls', domain: bench.domain.name, indexes, iterations, rounds });
  return indexes.map((_, i) => ({ fast: fast[i], inMemory: inMemory[i] }));
}

/**
 * CPU microseconds per call of a whole conformance episode (every case of the domain in order, reads
 * and rejected calls included, each episode from the initial state) on the fast path and through
 * the SDK's InMemoryTransport. Unlike `fastPathAndInMemory`, every call sees the state the calls
 * before it made, as in a rollout: caches kept per frozen state are cold after each change.
 */
export async function episodeFastAndInMemory(bench: BenchDomain, episodes: number, rounds = 3): Promise<{ fast: number; inMemory: number; calls: number }> {
  const { fast, inMemory } = await bothSides({ kind: 'episode', domain: bench.domain.name, episodes, rounds });
  return { fast: fast[0], inMemory: inMemory[0], calls: bench.cases.length };
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
