import { expect } from 'chai';
import { repeatedCalls, rolloutMetrics } from '../../plugins/optimizer/GrpoTrainer.js';

function rollout(total: number, calls: { name: string; arguments: unknown }[], finishReason = 'completed') {
  return { reward: { total, terms: {}, weights: {} }, trajectory: { exampleId: 'e', messages: [], calls: calls.map((c) => ({ ...c, server: 's', ok: true })), finishReason, turns: [] } };
}

describe('per-step guardrail metrics', () => {
  it('counts repeated identical calls whatever the key order of their arguments', () => {
    expect(repeatedCalls([{ name: 'a', arguments: { x: 1, y: 2 } }, { name: 'a', arguments: { y: 2, x: 1 } }, { name: 'a', arguments: { x: 2 } }, { name: 'b', arguments: { x: 1, y: 2 } }])).to.equal(1);
    expect(repeatedCalls([])).to.equal(0);
  });

  it('reports the zero-variance group share, calls and repeats per rollout, and truncations', () => {
    const groups = [
      { example: { id: 'e1' }, rollouts: [rollout(1, [{ name: 'a', arguments: {} }, { name: 'a', arguments: {} }]), rollout(1, [], 'length')] },
      { example: { id: 'e2' }, rollouts: [rollout(0, [{ name: 'b', arguments: { q: 1 } }]), rollout(0.5, [], 'max_assistant_turns')] },
    ];
    const m = rolloutMetrics(groups as never);
    expect(m.zero_variance_group_share).to.equal(0.5);
    expect(m.tool_calls_per_rollout).to.equal(0.75);
    expect(m.repeated_calls_per_rollout).to.equal(0.25);
    expect(m.rollouts_with_repeated_calls).to.equal(0.25);
    expect(m.truncation_share).to.equal(0.25);
    expect(m.max_turns_share).to.equal(0.25);
  });
});

describe('SFT horizon', () => {
  it('cuts a teacher conversation before the user turn the rollouts would not play', async () => {
    const { firstUserTurns } = await import('../../plugins/optimizer/GrpoTrainer.js');
    const m = [{ role: 'system' }, { role: 'user' }, { role: 'assistant' }, { role: 'tool' }, { role: 'assistant' }, { role: 'user' }, { role: 'assistant' }];
    expect(firstUserTurns(m, 1).map((x) => x.role)).to.deep.equal(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(firstUserTurns(m, 5)).to.deep.equal(m);
  });
});
