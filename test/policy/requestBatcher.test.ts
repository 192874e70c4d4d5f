import { expect } from 'chai';
import { setTimeout as wait } from 'node:timers/promises';
import { RequestBatcher } from '../../plugins/policy/RequestBatcher.js';

/** A batcher whose run records each batch, answers `n * 10` a request, and counts batches in flight. */
function recording(options: ConstructorParameters<typeof RequestBatcher<number, number>>[1], fail?: (batch: number[]) => boolean) {
  const batches: number[][] = [];
  let inFlight = 0;
  let most = 0;
  const batcher = new RequestBatcher<number, number>(async (requests) => {
    batches.push(requests);
    most = Math.max(most, ++inFlight);
    await wait(5);
    inFlight--;
    if (fail?.(requests)) throw new Error(`batch ${requests.join(',')} failed`);
    return requests.map((n) => n * 10);
  }, options);
  return { batcher, batches, most: () => most };
}

describe('RequestBatcher (the local policies’ batching)', () => {
  it('gathers the requests of one window into one batch and answers each in order', async () => {
    const { batcher, batches } = recording({ windowMs: 20 });
    const answers = await Promise.all([1, 2, 3].map((n) => batcher.push(n)));
    expect(answers).to.deep.equal([10, 20, 30]);
    expect(batches).to.deep.equal([[1, 2, 3]]);
  });

  it('sends at most maxBatch a batch, one batch in flight at a time', async () => {
    const { batcher, batches, most } = recording({ windowMs: 100, maxBatch: 2 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.push(n)));
    expect(answers).to.deep.equal([10, 20, 30, 40, 50]);
    expect(batches.slice(0, 2)).to.deep.equal([[1, 2], [3, 4]], 'full batches go out without waiting for the window');
    expect(batches.flat()).to.deep.equal([1, 2, 3, 4, 5]);
    expect(most()).to.equal(1);
  });

  it('holds requests while ready says false, past the window, until schedule finds it true (lockstep rounds)', async () => {
    let live = 3;
    const { batcher, batches } = recording({ windowMs: 1, ready: (waiting) => waiting >= live });
    const pending = [batcher.push(1), batcher.push(2)];
    await wait(30);
    expect(batches).to.deep.equal([]);
    live = 2;
    batcher.schedule();
    expect(await Promise.all(pending)).to.deep.equal([10, 20]);
    expect(batches).to.deep.equal([[1, 2]]);
  });

  it('rejects every request of a failed batch and goes on with the next', async () => {
    const { batcher, batches } = recording({ windowMs: 1, maxBatch: 2 }, (batch) => batch.includes(1));
    const results = await Promise.allSettled([1, 2, 3].map((n) => batcher.push(n)));
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseRejectedResult).reason.message).to.equal('batch 1,2 failed');
    expect(batches).to.deep.equal([[1, 2], [3]]);
  });
});
