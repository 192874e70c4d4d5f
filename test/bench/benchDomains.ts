import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
 * Warm-up calls before a measurement. V8 needs thousands of calls to finish optimizing a handler
 * (the first ~5,000 fast-path calls run 3-5x slower), and both sides of a ratio must be measured
 * warm, or the comparison flatters whichever side is measured cold.
 */
export const WARM_UP = { sync: 20_000, async: 2_000 };

/** Mean CPU microseconds per iteration of `fn`, after a warm-up. */
export function timeSync(iterations: number, fn: () => void): number {
  for (let i = 0; i < WARM_UP.sync; i++) fn();
  const start = cpuMicros();
  for (let i = 0; i < iterations; i++) fn();
  return (cpuMicros() - start) / iterations;
}

/** Mean CPU microseconds per iteration of an in-process async `fn` (client and server share this process). */
export async function timeAsync(iterations: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARM_UP.async; i++) await fn();
  const start = cpuMicros();
  for (let i = 0; i < iterations; i++) await fn();
  return (cpuMicros() - start) / iterations;
}

/** An SDK client on the domain's MCP server for `session`, linked through the SDK's InMemoryTransport. */
async function inMemoryClient(session: DomainSession<unknown>): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createDomainMcpServer(session).connect(serverSide);
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(clientSide);
  await client.listTools();
  return client;
}

/**
 * CPU microseconds of the case at `index` on the fast path and through the SDK's InMemoryTransport
 * (a served session, the SDK `Client`), each from the same state before every call. Both sides are
 * warmed up, then measured in `rounds` alternating rounds; each side's best round counts (the
 * round least disturbed by the rest of a shared machine), the same rule for both.
 */
export async function fastPathAndInMemory(bench: BenchDomain, index: number, iterations: number, rounds = 3): Promise<{ fast: number; inMemory: number }> {
  const item = bench.cases[index];
  const session = preparedSession(bench, index);
  const start = session.snapshot();
  const fastCall = () => {
    session.restore(start);
    const outcome = session.call(item.tool, item.args);
    if (!outcome.ok) throw new Error(`${item.tool} failed: ${outcome.error.message}`);
  };

  const served = preparedSession(bench, index);
  const servedStart = served.snapshot();
  const client = await inMemoryClient(served);
  const servedCall = async () => {
    served.restore(servedStart);
    const result = await client.callTool({ name: item.tool, arguments: item.args });
    if (result.isError) throw new Error(`${item.tool} failed over InMemoryTransport`);
  };

  for (let i = 0; i < WARM_UP.sync; i++) fastCall();
  for (let i = 0; i < WARM_UP.async; i++) await servedCall();
  const perRound = Math.max(1, Math.round(iterations / rounds));
  const servedPerRound = Math.max(100, Math.round(perRound / 10));
  let fast = Infinity;
  let inMemory = Infinity;
  for (let round = 0; round < rounds; round++) {
    let began = cpuMicros();
    for (let i = 0; i < perRound; i++) fastCall();
    fast = Math.min(fast, (cpuMicros() - began) / perRound);
    began = cpuMicros();
    for (let i = 0; i < servedPerRound; i++) await servedCall();
    inMemory = Math.min(inMemory, (cpuMicros() - began) / servedPerRound);
  }
  await client.close();
  return { fast, inMemory };
}

/** The median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * CPU microseconds per call of a whole conformance episode (every case of the domain in order, reads
 * and rejected calls included, each episode from the initial state) on the fast path and through
 * the SDK's InMemoryTransport. Unlike `fastPathAndInMemory`, every call sees the state the calls
 * before it made, as in a rollout: caches kept per frozen state are cold after each change.
 */
export async function episodeFastAndInMemory(bench: BenchDomain, episodes: number, rounds = 3): Promise<{ fast: number; inMemory: number; calls: number }> {
  const calls = bench.cases.length;
  const session = domainRuntime(bench.domain).openSession() as DomainSession<unknown>;
  const initial = session.snapshot();
  const fastEpisode = () => {
    session.restore(initial);
    for (const item of bench.cases) session.call(item.tool, item.args);
  };
  const served = domainRuntime(bench.domain).openSession() as DomainSession<unknown>;
  const servedInitial = served.snapshot();
  const client = await inMemoryClient(served);
  const servedEpisode = async () => {
    served.restore(servedInitial);
    for (const item of bench.cases) await client.callTool({ name: item.tool, arguments: item.args });
  };

  for (let i = 0; i < Math.ceil(WARM_UP.sync / calls); i++) fastEpisode();
  for (let i = 0; i < Math.ceil(WARM_UP.async / calls); i++) await servedEpisode();
  const perRound = Math.max(1, Math.round(episodes / rounds));
  const servedPerRound = Math.max(5, Math.round(perRound / 10));
  let fast = Infinity;
  let inMemory = Infinity;
  for (let round = 0; round < rounds; round++) {
    let began = cpuMicros();
    for (let i = 0; i < perRound; i++) fastEpisode();
    fast = Math.min(fast, (cpuMicros() - began) / (perRound * calls));
    began = cpuMicros();
    for (let i = 0; i < servedPerRound; i++) await servedEpisode();
    inMemory = Math.min(inMemory, (cpuMicros() - began) / (servedPerRound * calls));
  }
  await client.close();
  return { fast, inMemory, calls };
}
