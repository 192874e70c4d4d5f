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
    expect(fitTools(examples[0], undefined)).to.equal(examples[0]);
  });
});
