/**
 * Benchmarks of the domain kit (npm run bench:env). Every figure is compared with a baseline
 * measured in the same run (in-process figures in CPU time, transport round trips in wall time with
 * the two sides measured in alternating rounds, so that a busy machine skews both alike):
 * - fast path: a typical call (validate, handle, mutate) against the same call through the SDK's
 *   own InMemoryTransport (target: at most 1/10);
 * - session creation: time and memory, on the smallest and the largest world (target: ≤ 50 µs, a few KB,
 *   independent of the world's size); 10,000 concurrent sessions across the domains (target: < 500 MB);
 * - stdio and Streamable HTTP: a tool call round trip against a bare SDK server with one trivial tool
 *   on the same transport (target: within 1.3×) for the domain's lightest read — the domain's
 *   closest call to a trivial tool; and the typical call (after a reset) and a whole episode
 *   (writes, reads with long lists, rejections) against a bare SDK server replaying the same
 *   results (target: within 1.3×: what the domain server adds to serving a real rollout, apart from
 *   the results' size). Those against the echo, and the replay against the echo, are printed
 *   without a target: they show what results of that size cost any SDK server and client. Wall and
 *   CPU time, rotated A B C, B C A, C A B, medians.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { domainNames, loadDomain } from '../../servers/index.js';
import { DomainHttpServer } from '../../servers/kit/DomainHttpServer.js';
import { answerToolCall, OPERATOR_TOOLS } from '../../servers/kit/DomainMcpServer.js';
import { domainRuntime, type DomainSession } from '../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../support/project.js';
import { ledgerDomain } from '../servers/kit/ledgerDomain.js';
import { benchDomains, episodeFastAndInMemory, fastPathAndInMemory, median, preparedSession, timeSync, type BenchDomain } from './benchDomains.js';
import { createReplayServer, listenBareHttp, type Recording } from './bareMcpServer.js';

const quick = process.argv.includes('--quick');
const scale = quick ? 0.2 : 1;
const gc = (globalThis as { gc?: () => void }).gc;

/**
 * How to serve a domain over stdio in a fresh process: the built command line (`npm run build`),
 * as `prove-rl serve` runs for users, else the TypeScript sources through tsx.
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

/** One side of a transport comparison: a unit of calls, and the CPU its server process used so far. */
interface Contender {
  play: () => Promise<unknown>;
  /** Microseconds of CPU of the server's own process (stdio), or undefined when it runs in this one. */
  serverCpu?: () => number | undefined;
}

/**
 * CPU microseconds a process has used, all its threads, from the scheduler's nanosecond counters
 * (/proc/<pid>/task/<tid>/schedstat on Linux; /proc/<pid>/stat counts whole 10 ms ticks);
 * undefined where there is no such file.
 */
function processCpu(pid: number | null | undefined): number | undefined {
  if (pid == null) return undefined;
  try {
    let nanoseconds = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) nanoseconds += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return nanoseconds / 1000;
  } catch {
    return undefined;
  }
}

/**
 * Median wall-clock and CPU microseconds per unit of each contender (a burst of a neighbour's load
 * that lands on a few units does not decide a row, as it did the mean), the units interleaved one
 * by one, the order rotated by one each round (A B C, B C A, C A B …; for two, A B, B A), so that
 * every unit runs right after another server's and none is favoured. The position matters on a small
 * machine: a unit that runs right after another server process is the slower one (caches cold); with the
 * former order A B C, C B A the middle contender always ran after a switch and the outer ones half
 * the time, which made whichever server sat in the middle look 10-20 % slower (banking's episode
 * on the domain server against the replay: 1.10 with the domain outside, 1.27 in the middle). CPU is
 * this process's (client, and servers running in it) plus the server's own process: unlike wall
 * time, it does not count waiting for a shared core.
 */
async function rotatingRoundTrips(contenders: Contender[], iterations: number): Promise<Array<{ wall: number; cpu: number | undefined }>> {
  const wall: number[][] = contenders.map(() => []);
  const cpu: Array<number[] | undefined> = contenders.map(() => []);
  for (let i = 0; i < iterations; i++) {
    for (let position = 0; position < contenders.length; position++) {
      const index = (position + i) % contenders.length;
      const contender = contenders[index];
      const serverBefore = contender.serverCpu?.();
      const cpuBefore = process.cpuUsage();
      const start = process.hrtime.bigint();
      await contender.play();
      wall[index].push(Number(process.hrtime.bigint() - start) / 1000);
      const used = process.cpuUsage(cpuBefore);
      const serverAfter = contender.serverCpu?.();
      const server = contender.serverCpu === undefined ? 0 : serverBefore === undefined || serverAfter === undefined ? undefined : serverAfter - serverBefore;
      if (server === undefined) cpu[index] = undefined;
      else cpu[index]?.push(used.user + used.system + server);
    }
  }
  return contenders.map((_, index) => ({ wall: median(wall[index]), cpu: cpu[index] === undefined ? undefined : median(cpu[index]!) }));
}

const rows: string[][] = [];
function report(what: string, value: string, baseline: string, ratio: string, target: string): void {
  rows.push([what, value, baseline, ratio, target]);
  console.log(`${what.padEnd(60)} ${value.padStart(12)} ${baseline.padStart(12)} ${ratio.padStart(9)}  ${target}`);
}
const us = (v: number) => `${v.toFixed(2)} µs`;

async function fastPathVersusInMemory(benches: BenchDomain[]): Promise<void> {
  for (const bench of benches) {
    const [{ fast, inMemory }] = await fastPathAndInMemory(bench, [bench.typical], Math.round(50_000 * scale));
    report(`fast path ${bench.domain.name}.${bench.cases[bench.typical].tool} vs InMemoryTransport`, us(fast), us(inMemory), (fast / inMemory).toFixed(3), '≤ 0.100');
  }
  // Every state-changing tool once (its first succeeding conformance case): the median per domain.
  for (const bench of benches) {
    const measured = await fastPathAndInMemory(bench, bench.mutating, Math.round(10_000 * scale));
    const ratios = measured.map(({ fast, inMemory }) => fast / inMemory);
    const fasts = measured.map(({ fast }) => fast);
    const met = ratios.filter((r) => r <= 0.1).length;
    report(`fast path ${bench.domain.name}, median of ${ratios.length} state-changing tools (${met} ≤ 0.1)`, us(median(fasts)), '', median(ratios).toFixed(3), "— (the issue's target is the typical call; bench:calls lists each tool, with twice the calls)");
  }
  // Whole episodes: every conformance case in order, each call on the state the others left.
  for (const bench of benches) {
    const { fast, inMemory, calls } = await episodeFastAndInMemory(bench, Math.round(600 * scale));
    report(`fast path ${bench.domain.name}, episode of ${calls} calls (reads, rejections)`, us(fast), us(inMemory), (fast / inMemory).toFixed(3), "per call; a rollout's mix, no target of its own (the issue's is the typical call)");
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

type BenchClient = Client;
type Call = { name: string; arguments: Record<string, unknown> };

async function connect(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<BenchClient> {
  const client = new Client({ name: 'bench', version: '0' });
  await client.connect(transport);
  await client.listTools();
  return client;
}

/**
 * Where the transport rows run: the bench (clients, and the HTTP servers it hosts) on CPU 0, every
 * stdio server process on CPU 1, with `taskset` (Linux, util-linux) on a machine with two or more
 * CPUs. Unpinned, rows between different server processes moved widely from run to run (the
 * domain's episode against the replay 0.97-1.66, the replay against the echo 0.80-1.36) while the
 * control row stayed at 0.98-0.99: each process keeps the placement the scheduler gave it — on the
 * client's core or not, which changes a round trip's latency — for the whole run. Pinned, the same
 * rows repeat within a few percent. Undefined (unpinned, said in the output) where taskset is
 * missing or there is one CPU.
 */
function pinToCpus(): { restore(): void } | undefined {
  if (availableParallelism() < 2) return undefined;
  const all = `0-${availableParallelism() - 1}`;
  try {
    execFileSync('taskset', ['-a', '-cp', '0', String(process.pid)], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  return { restore: () => void execFileSync('taskset', ['-a', '-cp', all, String(process.pid)], { stdio: 'ignore' }) };
}
let serversPinned = false;

/** A client on a server process spawned over stdio (on CPU 1 when pinned), with the process's CPU readable. */
async function connectStdio(args: string[], cwd?: string): Promise<Served> {
  const transport = serversPinned
    ? new StdioClientTransport({ command: 'taskset', args: ['-c', '1', process.execPath, ...args], cwd })
    : new StdioClientTransport({ command: process.execPath, args, cwd });
  const client = await connect(transport);
  return { client, serverCpu: () => processCpu(transport.pid) };
}

/** A client, and for a server in its own process, that process's CPU so far. */
interface Served {
  client: BenchClient;
  serverCpu?: () => number | undefined;
}

const contender = (served: Served, calls: readonly Call[], echo = false): Contender => ({ play: player(served.client, calls, echo), serverCpu: served.serverCpu });

/** `; CPU r` for a row whose CPU was measured. */
function cpuNote(value: { cpu: number | undefined }, baseline: { cpu: number | undefined }): string {
  return value.cpu === undefined || baseline.cpu === undefined ? '' : `; CPU ${(value.cpu / baseline.cpu).toFixed(3)}`;
}

const bareStdioArgs = (...rest: string[]) => ['--import', 'tsx', join(REPO_ROOT, 'test', 'bench', 'bareMcpServer.ts'), ...rest];
const ECHO: Call = { name: 'echo', arguments: { word: 'hi' } };
/** The hidden operator tool that returns a served session to its initial state. */
const RESET: Call = { name: OPERATOR_TOOLS.reset, arguments: {} };
const ECHO_RESULT_BYTES = JSON.stringify({ content: [{ type: 'text', text: 'hi' }] }).length;

/** Plays `calls` in order (or as many echo calls) on a client. */
const player = (client: BenchClient, calls: readonly Call[], echo = false) => async () => {
  for (const call of calls) await client.callTool(echo ? ECHO : call);
};

/**
 * Every server warmed up with 20,000 calls (V8 optimizes the handlers and the SDK's paths). A domain
 * server playing whole episodes needs that many: timed inside it, a banking call cost 44 µs over the
 * first 100 episodes, 27 after 400 and 24 after 1,000; the bare servers' trivial handlers are warm
 * far sooner, so a short warm-up measured the domain half cold (it was 2,000 calls, 30 episodes).
 */
async function warmUp(units: Array<() => Promise<unknown>>, callsPerUnit: number): Promise<void> {
  for (let done = 0; done < 20_000; done += callsPerUnit) for (const unit of units) await unit();
}

/** The results a domain server answers to `calls` from a fresh session, recorded for a replay server. */
function recordingOf(bench: BenchDomain, calls: readonly Call[]): Recording {
  const runtime = domainRuntime(bench.domain);
  const session = runtime.openSession();
  return { tools: [...runtime.mcpTools], results: calls.map((call) => answerToolCall(session, call.name, call.arguments)) };
}

async function transports(benches: BenchDomain[]): Promise<void> {
  const pinned = pinToCpus();
  serversPinned = pinned !== undefined;
  console.log(pinned ? 'transports: this process (clients, HTTP servers) on CPU 0, stdio servers on CPU 1' : 'transports: not pinned to CPUs (taskset missing or one CPU): rows between processes are noisier');
  try {
    await transportRows(benches);
  } finally {
    pinned?.restore();
    serversPinned = false;
  }
}

async function transportRows(benches: BenchDomain[]): Promise<void> {
  const bench = benches[0];
  const light = bench.cases[lightestReadOnly(bench)];
  const units = (calls: readonly Call[]) => Math.max(1, Math.round((3000 * scale) / calls.length));

  // The noise floor: the same bare server twice, measured the same way.
  const one = await connectStdio(bareStdioArgs('stdio'));
  const twin = await connectStdio(bareStdioArgs('stdio'));
  await warmUp([player(one.client, [ECHO]), player(twin.client, [ECHO])], 1);
  const [oneUs, twinUs] = await rotatingRoundTrips([contender(one, [ECHO]), contender(twin, [ECHO])], units([ECHO]));
  await one.client.close();
  await twin.client.close();
  report('stdio, control: bare SDK echo vs a second bare server', us(twinUs.wall), us(oneUs.wall), (twinUs.wall / oneUs.wall).toFixed(3), `noise floor of the stdio rows${cpuNote(twinUs, oneUs)}`);

  // A read whose result is the smallest of the domain, repeated (the state does not change): the
  // domain's closest call to a trivial tool, against the trivial tool.
  const lightCalls = [{ name: light.tool, arguments: light.args }];
  await transportsFor(bench, `light call ${bench.domain.name}.${light.tool}`, lightCalls, units(lightCalls));
  // The domain's typical call (the fast-path rows' one), each from the initial state: a reset, then the call.
  const typical = bench.cases[bench.typical];
  const typicalCalls = [RESET, { name: typical.tool, arguments: typical.args }];
  await transportsFor(bench, `typical ${bench.domain.name}.${typical.tool} + reset`, typicalCalls, units(typicalCalls));
  // The whole conformance episode from a reset session: writes, reads with long lists, rejections.
  const episode = [RESET, ...bench.cases.map((c) => ({ name: c.tool, arguments: c.args }))];
  await transportsFor(bench, `${bench.domain.name} episode (reset + ${bench.cases.length} calls) per call`, episode, units(episode));
}

/**
 * Wall time per call of `calls` played in order against the domain's server, against as many
 * trivial calls on the bare SDK server, and (for more than one call) against a bare SDK server
 * replaying the same results. One call: the issue's comparison with the trivial tool. Several (the
 * typical call after a reset, an episode): their results are many times the echo's size (an
 * episode's ~18 times), which costs any SDK server and client (parsing, serializing, the client
 * validating structured content against the output schemas), so their target is against the
 * replay, which pays the same; the rows against the echo show that cost.
 */
async function transportsFor(bench: BenchDomain, label: string, calls: Call[], rounds: number): Promise<void> {
  const replayed = calls.length > 1;
  const recording = recordingOf(bench, calls);
  const bytes = recording.results.reduce((sum, result) => sum + JSON.stringify(result).length, 0) / calls.length;
  const directory = mkdtempSync(join(tmpdir(), 'prove-bench-'));
  const recordingFile = join(directory, 'recording.json');
  writeFileSync(recordingFile, JSON.stringify(recording));
  try {
    const stdio = {
      bare: await connectStdio(bareStdioArgs('stdio')),
      replay: replayed ? await connectStdio(bareStdioArgs('replay', recordingFile)) : undefined,
      domain: await connectStdio(stdioCommand(bench.domain.name), REPO_ROOT),
    };
    await compare('stdio', stdio);

    const bareHttp = await listenBareHttp();
    const replayHttp = replayed ? await listenBareHttp(() => createReplayServer(recording)) : undefined;
    const served = new DomainHttpServer({ domains: [bench.domain], port: 0 });
    await served.listen();
    const http = {
      bare: { client: await connect(new StreamableHTTPClientTransport(new URL(bareHttp.url), { fetch: isolatedFetch })) },
      replay: replayHttp ? { client: await connect(new StreamableHTTPClientTransport(new URL(replayHttp.url), { fetch: isolatedFetch })) } : undefined,
      domain: { client: await connect(new StreamableHTTPClientTransport(new URL(served.url(bench.domain.name)), { fetch: isolatedFetch })) },
    };
    await compare('HTTP', http);
    await bareHttp.close();
    await replayHttp?.close();
    await served.close();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }

  async function compare(transport: string, servers: { bare: Served; replay?: Served; domain: Served }): Promise<void> {
    const contenders = [contender(servers.bare, calls, true), contender(servers.domain, calls)];
    if (servers.replay) contenders.push(contender(servers.replay, calls));
    await warmUp(contenders.map((c) => c.play), calls.length);
    const perCall = (await rotatingRoundTrips(contenders, rounds)).map((t) => ({ wall: t.wall / calls.length, cpu: t.cpu === undefined ? undefined : t.cpu / calls.length }));
    const [bare, domain, replay] = perCall;
    for (const server of Object.values(servers)) await server?.client.close();
    const sizes = `results ${Math.round(bytes)} B vs ${ECHO_RESULT_BYTES} B`;
    if (replay === undefined) {
      report(`${transport}, ${label}`, us(domain.wall), us(bare.wall), (domain.wall / bare.wall).toFixed(3), `≤ 1.300 (vs bare SDK echo${cpuNote(domain, bare)}; ${sizes})`);
      return;
    }
    report(`${transport}, ${label}`, us(domain.wall), us(replay.wall), (domain.wall / replay.wall).toFixed(3), `≤ 1.300 (vs bare SDK server answering the same results${cpuNote(domain, replay)})`);
    report(`${transport}, the same vs the bare echo`, us(domain.wall), us(bare.wall), (domain.wall / bare.wall).toFixed(3), `— (${sizes}${cpuNote(domain, bare)})`);
    report(`${transport}, the replay alone vs the bare echo`, us(replay.wall), us(bare.wall), (replay.wall / bare.wall).toFixed(3), `— (what the results' size costs a bare SDK server and client${cpuNote(replay, bare)})`);
  }
}

const benches = await benchDomains();
if (benches.length === 0) throw new Error('no domain has conformance cases (test/servers/<domain>/cases.ts)');
console.log(`domains: ${benches.map((b) => `${b.domain.name} (typical call: ${b.cases[b.typical].tool})`).join(', ')}${gc ? '' : '  [run with --expose-gc for exact memory figures]'}\n`);
console.log(`${'measure'.padEnd(60)} ${'value'.padStart(12)} ${'baseline'.padStart(12)} ${'ratio'.padStart(9)}  target`);
// `--only fast,sessions,transports` runs some sections.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? '').split(',')) : undefined;
if (!only || only.has('fast')) await fastPathVersusInMemory(benches);
if (!only || only.has('sessions')) await sessionCreation(benches);
if (!only || only.has('transports')) await transports(benches);
