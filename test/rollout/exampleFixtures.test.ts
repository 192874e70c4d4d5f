import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine, resolveConfig, type Engine, type Example } from '../../core/index.js';
import { readExamples } from '../../plugins/rollout/readExamples.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { provePreset } from '../../presets/prove.js';
import { domainNames } from '../../servers/index.js';
import { REPO_ROOT } from '../support/project.js';

const DIR = join(REPO_ROOT, 'fixtures', 'examples');
const files = readdirSync(DIR).filter((file) => file.endsWith('.jsonl')).sort();

describe('hand-written examples in fixtures/examples', () => {
  let engine: Engine;
  before(async () => {
    engine = await createEngine(await resolveConfig('(test)', { presets: [provePreset] }));
  });
  after(() => engine.close());

  for (const file of files) {
    const examples: Example[] = readExamples(join(DIR, file));

    // Candidate schemas are a snapshot of what the model was shown (a dataset keeps them as recorded);
    // what must hold is that every tool still exists, so that the calls can run.
    it(`${file}: names only tools that the built-in domains still provide`, () => {
      const live = new Set([...engine.environments.values()].flatMap((environment) => environment.tools.map((tool) => tool.function.name)));
      for (const example of examples) {
        for (const server of example.servers) expect(domainNames(), example.id).to.include(server);
        for (const tool of example.tools) expect(live.has(tool.function.name), `${example.id}: ${tool.function.name} (rerun npx tsx test/rollout/support/exampleFixtures.ts)`).to.equal(true);
      }
    });

    it(`${file}: every ground truth replays without a failed call and scores the maximum against itself`, async () => {
      for (const example of examples) {
        const replay = await replayGroundTruth(engine, example);
        expect(replay.failures, example.id).to.deep.equal([]);
        const sheet = await engine.reward({ example, calls: replay.calls });
        // The maximum: 1.3, or the paper's 1.0 for making no call when the ground truth has none.
        expect(sheet.total, example.id).to.be.closeTo(replay.calls.length === 0 ? 1 : 1.3, 1e-9);
        // The recorded conversation is that replay: same calls, in order.
        const recorded = example.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []).map((c) => [c.function.name, JSON.parse(c.function.arguments)]) : []));
        expect(recorded, example.id).to.deep.equal(replay.calls.map((c) => [c.name, c.arguments]));
      }
    });
  }
});
