/**
 * Benchmarks of the domain kit (npm run bench:env). Every figure is compared with a baseline
 * measured in the same run (in-process figures in CPU time, transport round trips in wall time with
 * the two sides measured in alternating rounds, so that a busy machine skews both alike):
 * - fast path: a typical call (validate, handle, mutate) against the same call through the SDK's
 *   own InMemoryTransport (target: at most 1/10);
 * - session creation: time and memory, on the smallest and the largest world (target: ≤ 50 µs, a few KB,
 *   independent of the world's size); 10,000 concurrent sessions across the domains (target: < 500 MB);
 * - stdio and Streamable HTTP: a tool call round trip against a bare SDK server with one trivial tool
 *   on the same transport (target: within 1.3×).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { domainNames, loadDomain } from '../../servers/index.js';
import { DomainHttpServer } from '../../servers/kit/DomainHttpServer.js';
import { OPERATOR_TOOLS } from '../../servers/kit/DomainMcpServer.js';
import { domainRuntime, type DomainSession } from '../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../support/project.js';
import { ledgerDomain } from '../servers/kit/ledgerDomain.js';
import { benchDomains, episodeFastAndInMemory, fastPathAndInMemory, median, preparedSession, timeSync, type BenchDomain } from './benchDomains.js';
import { listenBareHttp } from './bareMcpServer.js';

const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;
const gc = (globalThis as { gc?: () => void }).gc;

/**
 * How to serve a domain over stdio in a fresh process: the built command line (`npm run build`),
 * as `prove serve` runs for users, else the TypeScript sources through tsx.
 */
function stdioCommand(name: string): string[] {
  const built = join(REPO_ROOT, 'dist', 'core', 'cli', 'bin.js');
  return existsSync(built) ? [built, 'serve', name] : ['--import', 'tsx', join(REPO_ROOT, 'core', 'cli', 'bin.ts'), 'serve', name];
}

/**
 * fetch with a private AbortSignal per request. The SDK's HTTP client passes one connection-wide
 * signal to every fetch, and undici removes its listener from it only on abort or GC, so thousands
 * of round trips pile up listeners (MaxListenersExceededWarning). The bench's requests all finish
 * before it returns, so dropping the link when the response arrives loses nothing.
 */
const isolatedFetch: typeof fetch = (input, init) => {
  const parent = init?.signal;
  if (!parent) return fetch(input, init);
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  if (parent.aborted) controller.abort(parent.reason);
  else parent.addEventListener('abort', onAbort, { once: true });
  return fetch(input, { ...init, signal: controller.signal }).finally(() => parent.removeEventListener('abort', onAbort));
};

/**
 * Mean wall-clock microseconds per unit of two clients, the units interleaved one by one in
 * A B B A order (so that neither side always runs right after the other: on a small machine the
 * unit after a switch between server processes is the slower one).
 */
async function alternatingRoundTrips(a: () => Promise<unknown>, b: () => Promise<unknown>, iterations: number): Promise<[number, number]> {
  let totalA = 0n;
  let totalB = 0n;
  for (let i = 0; i < iterations; i++) {
    const aFirst = i % 2 === 0;
    let start = process.hrtime.bigint();
    await (aFirst ? a() : b());
    const first = process.hrtime.bigint() - start;
    start = process.hrtime.bigint();
    await (aFirst ? b() : a());
    const second = process.hrtime.bigint() - start;
    totalA += aFirst ? first : second;
    totalB += aFirst ? second : first;
  }
  return [Number(totalA) / 1000 / iterations, Number(totalB) / 1000 / iterations];
}

const rows: string[][] = [];
function report(what: string, value: string, baseline: string, ratio: string, target: string): void {
  rows.push([what, value, baseline, ratio, target]);
  console.log(`${what.padEnd(58)} ${value.padStart(12)} ${baseline.padStart(12)} ${ratio.padStart(9)}  ${target}`);
}
const us = (v: number) => `${v.toFixed(2)} µs`;

async function fastPathVersusInMemory(benches: BenchDomain[]): Promise<void> {
  for (const bench of benches) {
    const { fast, inMemory } = await fastPathAndInMemory(bench, bench.typical, Math.round(50_000 * scale));
    report(`fast path ${bench.domain.name}.${bench.cases[bench.typical].tool} vs InMemoryTransport`, us(fast), us(inMemory), (fast / inMemory).toFixed(3), '≤ 0.100');
  }
  // Every state-changing tool once (its first succeeding conformance case): the median per domain.
  for (const bench of benches) {
    const ratios: number[] = [];
    const fasts: number[] = [];
    for (const index of bench.mutating) {
      const { fast, inMemory } = await fastPathAndInMemory(bench, index, Math.round(10_000 * scale));
      ratios.push(fast / inMemory);
      fasts.push(fast);
    }
    const met = ratios.filter((r) => r <= 0.1).length;
    report(`fast path ${bench.domain.name}, median of ${ratios.length} state-changing tools (${met} ≤ 0.1)`, us(median(fasts)), '', median(ratios).toFixed(3), '≤ 0.100 (bench:calls lists them)');
  }
  // Whole episodes: every conformance case in order, each call on the state the others left.
  for (const bench of benches) {
    const { fast, inMemory, calls } = await episodeFastAndInMemory(bench, Math.round(600 * scale));
    report(`fast path ${bench.domain.name}, episode of ${calls} calls (reads, rejections)`, us(fast), us(inMemory), (fast / inMemory).toFixed(3), '≤ 0.100 (per call)');
  }
}

async function sessionCreation(benches: BenchDomain[]): Promise<void> {
  const domains = [...new Set([ledgerDomain, ...benches.map((b) => b.domain), ...(await Promise.all(domainNames().map((n) => loadDomain(n))))])];
  for (const domain of domains) {
    const runtime = domainRuntime(domain);
    void runtime.world;
    const create = timeSync(Math.round(100_000 * scale), () => void runtime.openSession({ seed: 1 }));
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const held = Array.from({ length: 10_000 }, (_, i) => runtime.openSession({ seed: i }));
    gc?.();
    const perSession = (process.memoryUsage().heapUsed - before) / held.length;
    held.length = 0;
    const worldSize = JSON.stringify(runtime.world).length;
    report(`open a session: ${domain.name} (world ${(worldSize / 1024).toFixed(0)} KB JSON)`, us(create), `${(perSession / 1024).toFixed(2)} KB`, '', '≤ 50 µs, a few KB');
  }

  // 10,000 live sessions spread over the domains, each having changed its state with its typical call.
  gc?.();
  const rssBefore = process.memoryUsage().rss;
  const heapBefore = process.memoryUsage().heapUsed;
  const live: DomainSession<unknown>[] = [];
  for (let i = 0; i < 10_000; i++) {
    const bench = benches[i % benches.length];
    const session = domainRuntime(bench.domain).openSession({ seed: i }) as DomainSession<unknown>;
    for (const item of bench.cases.slice(0, bench.typical + 1)) session.call(item.tool, item.args);
    live.push(session);
  }
  gc?.();
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const rss = process.memoryUsage().rss / 1024 / 1024;
  report(`10,000 live sessions (${benches.map((b) => b.domain.name).join(', ')}), each mutated`, `${heap.toFixed(1)} MB`, `rss ${rss.toFixed(0)} MB`, '', `< 500 MB (rss before ${(rssBefore / 1024 / 1024).toFixed(0)} MB)`);
  live.length = 0;
}

/**
 * Index of the succeeding read-only case with the smallest result: the domain's call closest to a
 * trivial tool, so that the transport comparison shows the kit's own serving overhead.
 */
function lightestReadOnly(bench: BenchDomain): number {
  const readOnly = new Set(bench.domain.tools.filter((t) => t.annotations.readOnlyHint).map((t) => t.name));
  let best = bench.typical;
  let bestSize = Infinity;
  for (const [index, item] of bench.cases.entries()) {
    if (!item.ok || !readOnly.has(item.tool)) continue;
    const session = domainRuntime(bench.domain).openSession();
    for (const earlier of bench.cases.slice(0, index)) session.call(earlier.tool, earlier.args);
    const outcome = session.call(item.tool, item.args);
    const size = outcome.ok ? JSON.stringify(outcome.result).length : Infinity;
    if (size < bestSize) {
      best = index;
      bestSize = size;
    }
  }
  return best;
}

let controlled = false;

async function transports(benches: BenchDomain[]): Promise<void> {
  const bench = benches[0];
  const light = bench.cases[lightestReadOnly(bench)];
  // A read whose result is the smallest of the domain, repeated (the state does not change).
  await transportsFor(bench, `light call ${bench.domain.name}.${light.tool}`, [{ name: light.tool, arguments: light.args }]);
  // The whole conformance episode from a reset session: writes, reads with long lists, rejections.
  const episode = [{ name: OPERATOR_TOOLS.reset, arguments: {} }, ...bench.cases.map((c) => ({ name: c.tool, arguments: c.args }))];
  await transportsFor(bench, `${bench.domain.name} episode (reset + ${bench.cases.length} calls), per call`, episode);
}

/**
 * Wall time per call of `calls` played in order against the domain's server, and of as many
 * trivial calls against the bare SDK server, on the same transport.
 */
async function transportsFor(bench: BenchDomain, label: string, calls: Array<{ name: string; arguments: Record<string, unknown> }>): Promise<void> {
  const units = Math.max(1, Math.round((3000 * scale) / calls.length));
  const connect = async (transport: StdioClientTransport | StreamableHTTPClientTransport) => {
    const client = new Client({ name: 'bench', version: '0' });
    await client.connect(transport);
    await client.listTools();
    return client;
  };
  const echo = { name: 'echo', arguments: { word: 'hi' } };
  const playDomain = (client: Client) => async () => {
    for (const call of calls) await client.callTool(call);
  };
  const playBare = (client: Client) => async () => {
    for (let i = 0; i < calls.length; i++) await client.callTool(echo);
  };

  // Both servers warmed up with 2,000 calls (V8 optimizes the handlers and the SDK's paths).
  const warmUp = async (bareUnit: () => Promise<void>, domainUnit: () => Promise<void>) => {
    for (let done = 0; done < 2000; done += calls.length) {
      await bareUnit();
      await domainUnit();
    }
  };

  const bareStdio = await connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', join(REPO_ROOT, 'test', 'bench', 'bareMcpServer.ts'), 'stdio'] }));
  if (!controlled) {
    // The noise floor: the same bare server twice, measured the same way.
    controlled = true;
    const twin = await connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', join(REPO_ROOT, 'test', 'bench', 'bareMcpServer.ts'), 'stdio'] }));
    await warmUp(playBare(bareStdio), playBare(twin));
    const [one, other] = await alternatingRoundTrips(playBare(bareStdio), playBare(twin), units);
    await twin.close();
    report('stdio, control: bare SDK echo vs a second bare server', us(other), us(one), (other / one).toFixed(3), 'noise floor of the stdio rows');
  }
  const domainStdio = await connect(new StdioClientTransport({ command: process.execPath, args: stdioCommand(bench.domain.name), cwd: REPO_ROOT }));
  await warmUp(playBare(bareStdio), playDomain(domainStdio));
  const [bareS, domainS] = (await alternatingRoundTrips(playBare(bareStdio), playDomain(domainStdio), units)).map((t) => t / calls.length);
  await bareStdio.close();
  await domainStdio.close();
  report(`stdio, ${label}`, us(domainS), us(bareS), (domainS / bareS).toFixed(3), '≤ 1.300 (vs bare SDK echo)');

  const bare = await listenBareHttp();
  const served = new DomainHttpServer({ domains: [bench.domain], port: 0 });
  await served.listen();
  const bareHttp = await connect(new StreamableHTTPClientTransport(new URL(bare.url), { fetch: isolatedFetch }));
  const domainHttp = await connect(new StreamableHTTPClientTransport(new URL(served.url(bench.domain.name)), { fetch: isolatedFetch }));
  await warmUp(playBare(bareHttp), playDomain(domainHttp));
  const [bareH, domainH] = (await alternatingRoundTrips(playBare(bareHttp), playDomain(domainHttp), units)).map((t) => t / calls.length);
  await bareHttp.close();
  await domainHttp.close();
  await bare.close();
  await served.close();
  report(`HTTP, ${label}`, us(domainH), us(bareH), (domainH / bareH).toFixed(3), '≤ 1.300 (vs bare SDK echo)');
}

const benches = await benchDomains();
if (benches.length === 0) throw new Error('no domain has conformance cases (test/servers/<domain>/cases.ts)');
console.log(`domains: ${benches.map((b) => `${b.domain.name} (typical call: ${b.cases[b.typical].tool})`).join(', ')}${gc ? '' : '  [run with --expose-gc for exact memory figures]'}\n`);
console.log(`${'measure'.padEnd(58)} ${'value'.padStart(12)} ${'baseline'.padStart(12)} ${'ratio'.padStart(9)}  target`);
// `--only fast,sessions,transports` runs some sections.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? '').split(',')) : undefined;
if (!only || only.has('fast')) await fastPathVersusInMemory(benches);
if (!only || only.has('sessions')) await sessionCreation(benches);
if (!only || only.has('transports')) await transports(benches);
