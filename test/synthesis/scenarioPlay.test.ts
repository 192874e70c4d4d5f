import { expect } from 'chai';
import { Engine } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { planScenario } from '../../plugins/synthesis/planScenario.js';
import { SynthesisRandom } from '../../plugins/synthesis/SynthesisRandom.js';
import { loadDomain } from '../../servers/index.js';

const ID_TOKEN = /\b[a-z]{2,8}_[0-9][0-9a-z_]*\b/;

// Domains whose scenarios alone reach every tool (the others leave some tools to graph chains).
const DOMAINS = ['crm', 'food_delivery', 'issue_tracker', 'maps', 'vehicle'];

describe('domain scenarios play on the fixture world', function () {
  this.timeout(120_000);

  for (const name of DOMAINS) {
    it(`${name}: every scenario plays, with and without its failures; together they call every tool; users say no ids`, async () => {
      const domain = await loadDomain(name);
      const engine = new Engine();
      try {
        await engine.use(new DomainEnvironmentPlugin({ domain: name }));
        const world = { seed: 5, referenceDate: engine.environment(name).defaultReferenceDate! };
        const session = await engine.openSession(name, world);
        const state = (session as unknown as { state: unknown }).state;
        await session.close();
        const called = new Set<string>();
        const scenarios = domain.scenarios ?? [];
        expect(scenarios.length, name).to.be.at.least(5);
        for (const scenario of scenarios) {
          for (const faultRate of [0, 1]) {
            let played = 0;
            for (let i = 0; i < 4; i++) {
              const plan = await planScenario(engine, name, world, scenario, state, SynthesisRandom.derive(5, name, scenario.name, faultRate, i), faultRate);
              if (plan === undefined) continue;
              played++;
              for (const step of plan.steps) if (step.skip !== true) called.add(step.tool);
              for (const say of plan.says ?? []) expect(ID_TOKEN.test(say), `${scenario.name}: ${say}`).to.equal(false);
              // A planned failure is one call among at least four, under the 0.3 error rate replay keeps.
              if (plan.steps.some((step) => step.fault !== undefined)) expect(plan.steps.filter((step) => step.skip !== true).length, scenario.name).to.be.at.least(3);
            }
            expect(played, `${scenario.name} (fault rate ${faultRate})`).to.be.at.least(2);
          }
        }
        expect(domain.tools.map((t) => t.name).filter((tool) => !called.has(tool)), `${name}: tools no scenario called`).to.deep.equal([]);
      } finally {
        await engine.close();
      }
    });
  }
});
