import { expect } from 'chai';
import { benchDomains, inFreshProcess } from './benchDomains.js';

/** The fast-path comparison of bench:env and bench:calls runs each side in a process of its own: the figures are only as good as these. */
describe('the benchmark processes that measure one side of the fast-path comparison', function () {
  this.timeout(60_000);

  it('measure each state-changing call on the fast path and through InMemoryTransport, the latter dearer (it runs the same handler plus the SDK)', async () => {
    const [banking] = await benchDomains(['banking']);
    const indexes = banking.mutating.slice(0, 2);
    const task = { kind: 'calls' as const, domain: 'banking', indexes, iterations: 300, rounds: 2, warmUp: 200 };
    const fast = await inFreshProcess({ ...task, side: 'fast' });
    const inMemory = await inFreshProcess({ ...task, side: 'in-memory' });
    expect(fast).to.have.length(2);
    expect(inMemory).to.have.length(2);
    for (let i = 0; i < 2; i++) {
      expect(fast[i]).to.be.greaterThan(0).and.lessThan(inMemory[i]);
    }
  });

  it('measure whole episodes per call', async () => {
    const task = { kind: 'episode' as const, domain: 'banking', episodes: 20, rounds: 2, warmUp: 5 };
    const [fast] = await inFreshProcess({ ...task, side: 'fast' });
    const [inMemory] = await inFreshProcess({ ...task, side: 'in-memory' });
    expect(fast).to.be.greaterThan(0).and.lessThan(inMemory);
  });

  it('fail loudly when a measured call stops succeeding, instead of timing its rejection', async () => {
    const [banking] = await benchDomains(['banking']);
    const rejected = banking.cases.findIndex((item) => !item.ok);
    const measuring = inFreshProcess({ kind: 'calls', side: 'fast', domain: 'banking', indexes: [rejected], iterations: 10, rounds: 1, warmUp: 1 });
    let error: unknown;
    await measuring.catch((caught: unknown) => (error = caught));
    expect(String(error)).to.include('measuring fast calls of banking failed').and.include(`${banking.cases[rejected].tool} failed`);
  });
});
