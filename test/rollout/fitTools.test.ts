import { expect } from 'chai';
import { join } from 'node:path';
import { compactTool, fitTools, requiredTools, toolFitOption, toolsChars } from '../../plugins/rollout/fitTools.js';
import { readExamples } from '../../plugins/rollout/readExamples.js';
import { REPO_ROOT } from '../support/project.js';

describe('fitTools: compact tool rendering and a cap on candidate tools', () => {
  const examples = readExamples(join(REPO_ROOT, 'fixtures', 'examples', 'banking.jsonl'));

  it('keeps the ground truth’s tools and the synthesized distractors, caps the rest, keeps the listed order', () => {
    let withDistractors = 0;
    for (const example of examples) {
      const fitted = fitTools(example, { maxTools: 4 });
      const names = fitted.tools.map((t) => t.function.name);
      const required = requiredTools(example);
      for (const name of required) if (example.tools.some((t) => t.function.name === name)) expect(names, example.id).to.include(name);
      expect(names.length).to.equal(Math.min(example.tools.length, Math.max(4, [...required].filter((n) => example.tools.some((t) => t.function.name === n)).length)));
      const order = example.tools.map((t) => t.function.name);
      expect(names).to.deep.equal(order.filter((n) => names.includes(n)));
      if (Array.isArray(example.meta.distractors)) withDistractors++;
      expect(fitted.messages).to.equal(example.messages);
    }
    expect(withDistractors).to.be.greaterThan(0);
  });

  it('with the user turns played, requires only the ground truth’s tools of those turns (and the distractors)', () => {
    let narrowed = 0;
    for (const example of examples) {
      const first = new Set(example.groundTruth.filter((s) => s.turn === 0).flatMap((s) => s.calls.map((c) => c.name)));
      const fitted = fitTools(example, { maxTools: 1, turns: 1 }).tools.map((t) => t.function.name);
      for (const name of first) if (example.tools.some((t) => t.function.name === name)) expect(fitted, example.id).to.include(name);
      const later = [...requiredTools(example)].filter((n) => !requiredTools(example, 1).has(n) && example.tools.some((t) => t.function.name === n));
      if (later.length > 0 && fitted.length < fitTools(example, { maxTools: 1 }).tools.length) narrowed++;
      expect(requiredTools(example, 5)).to.deep.equal(requiredTools(example));
    }
    expect(narrowed).to.be.greaterThan(0);
  });

  it('compacts descriptions and argument schemas to a fraction of their size, keeping types, enums and required', () => {
    const before = examples.reduce((n, e) => n + toolsChars(e.tools), 0);
    const after = examples.reduce((n, e) => n + toolsChars(fitTools(e, { compact: true }).tools), 0);
    expect(after / before).to.be.lessThan(0.5);
    const tool = compactTool({
      type: 'function',
      function: {
        name: 'pay',
        description: 'Pay a payee. Long details follow here that the model does not need.',
        parameters: { type: 'object', properties: { kind: { type: 'string', enum: ['a', 'b'], description: 'which' }, amount: { type: 'number', minimum: 0, examples: [3] } }, required: ['kind'] },
      },
    });
    expect(tool.function).to.deep.equal({ name: 'pay', description: 'Pay a payee.', parameters: { type: 'object', properties: { kind: { type: 'string', enum: ['a', 'b'] }, amount: { type: 'number', minimum: 0 } }, required: ['kind'] } });
  });

  it('reads --compact-tools and --max-tools, and refuses a cap below 1', () => {
    expect(toolFitOption('train', {})).to.equal(undefined);
    expect(toolFitOption('train', { 'compact-tools': true, 'max-tools': '6' })).to.deep.equal({ compact: true, maxTools: 6 });
    expect(() => toolFitOption('train', { 'max-tools': '0' })).to.throw(/max-tools/);
    expect(toolFitOption('eval', { 'max-tools': '2', 'max-user-turns': '1' })).to.deep.equal({ compact: false, maxTools: 2, turns: 1 });
    expect(toolFitOption('eval', { 'compact-tools': true, 'max-user-turns': '1' })).to.deep.equal({ compact: true });
    expect(fitTools(examples[0], undefined)).to.equal(examples[0]);
  });
});
