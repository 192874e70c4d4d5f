import { expect } from 'chai';
import { Engine, STAGE_EARLY, STAGE_LATE, type ProvePlugin } from '../../core/index.js';

describe('Engine hooks', () => {
  it('runs taps by stage, not by registration order', async () => {
    const engine = new Engine();
    const order: string[] = [];
    const tap = (name: string, stage: number): ProvePlugin => ({
      name,
      apply(e) {
        e.hooks.onUpdate.tapPromise({ name, stage }, async () => {
          order.push(name);
        });
      },
    });
    await engine.use(tap('late', STAGE_LATE));
    await engine.use(tap('default', 0));
    await engine.use(tap('early', STAGE_EARLY));
    await engine.update({ kind: 'examples', examples: [], dropped: {}, metrics: {} });
    expect(order).to.deep.equal(['early', 'default', 'late']);
  });
});
