/**
 * One side of the fast-path comparison, measured in a process of its own (benchDomains.ts forks it
 * with the task as JSON in argv[2] and gets CPU µs per call back over IPC, one number per measured
 * item). The fast side never loads a served session, so the SDK's work cannot slow it; the
 * in-memory side serves each session to the SDK `Client` through InMemoryTransport.
 */
import { domainRuntime, type DomainSession } from '../../servers/kit/DomainSession.js';
import type { ToolCase } from '../servers/ToolCase.js';
import { benchDomains, cpuMicros, inMemoryClient, preparedSession, WARM_UP, type SideTask } from './benchDomains.js';

const task = JSON.parse(process.argv[2] ?? 'null') as SideTask;
const [bench] = await benchDomains([task.domain]);
if (bench === undefined) throw new Error(`no conformance cases for domain ${task.domain}`);

/** Plays one call or a whole episode: synchronously on the fast path, or awaited through the client. */
type Play = () => void | Promise<void>;

/** Mean CPU µs per call of `play` (each play makes `calls` calls): the best of `rounds` rounds. */
async function best(play: Play, plays: number, calls: number, rounds: number, asynchronous: boolean): Promise<number> {
  let fastest = Infinity;
  for (let round = 0; round < rounds; round++) {
    const began = cpuMicros();
    if (asynchronous) for (let i = 0; i < plays; i++) await play();
    else for (let i = 0; i < plays; i++) void play();
    fastest = Math.min(fastest, (cpuMicros() - began) / (plays * calls));
  }
  return fastest;
}

/**
 * A player of `items` in order on `session`, each play from the snapshot `start`, on this process's
 * side; with `strict`, a call that fails stops the measurement (a single measured call must keep
 * succeeding; an episode's rejections are part of it).
 */
async function player(session: DomainSession<unknown>, items: readonly ToolCase[], strict: boolean): Promise<{ play: Play; close: () => Promise<void> }> {
  const start = session.snapshot();
  if (task.side === 'fast') {
    return {
      play: () => {
        session.restore(start);
        for (const item of items) {
          const outcome = session.call(item.tool, item.args);
          if (strict && !outcome.ok) throw new Error(`${item.tool} failed: ${outcome.error.message}`);
        }
      },
      close: async () => {},
    };
  }
  const client = await inMemoryClient(session);
  return {
    play: async () => {
      session.restore(start);
      for (const item of items) {
        const result = await client.callTool({ name: item.tool, arguments: item.args });
        if (strict && result.isError) throw new Error(`${item.tool} failed over InMemoryTransport`);
      }
    },
    close: () => client.close(),
  };
}

const asynchronous = task.side === 'in-memory';
const measured: number[] = [];
if (task.kind === 'episode') {
  const episodes = await player(domainRuntime(bench.domain).openSession() as DomainSession<unknown>, bench.cases, false);
  for (let i = 0; i < (task.warmUp ?? WARM_UP.episodes); i++) await episodes.play();
  const perRound = Math.max(1, Math.round(task.episodes / task.rounds));
  measured.push(await best(episodes.play, asynchronous ? Math.max(5, Math.round(perRound / 10)) : perRound, bench.cases.length, task.rounds, asynchronous));
  await episodes.close();
} else {
  // Each call warmed up on its own: a warm-up on whole episodes first makes the handlers see every
  // state and rejection, which slowed single calls of calendar by 30-70 % on the fast path (the
  // episode figures show that cost; these show a call's own).
  for (const index of task.indexes) {
    const { play, close } = await player(preparedSession(bench, index), [bench.cases[index]], true);
    const perRound = Math.max(1, Math.round(task.iterations / task.rounds));
    if (asynchronous) for (let i = 0; i < (task.warmUp ?? WARM_UP.async); i++) await play();
    else for (let i = 0; i < (task.warmUp ?? WARM_UP.sync); i++) void play();
    measured.push(await best(play, asynchronous ? Math.max(100, Math.round(perRound / 10)) : perRound, 1, task.rounds, asynchronous));
    await close();
  }
}
process.send!(measured, () => process.disconnect());
