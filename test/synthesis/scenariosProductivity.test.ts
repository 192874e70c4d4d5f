import { expect } from 'chai';
import { Engine } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { planScenario } from '../../plugins/synthesis/planScenario.js';
import { SynthesisRandom } from '../../plugins/synthesis/SynthesisRandom.js';
import { SCENARIOS } from '../../plugins/synthesis/contracts.js';
import { loadDomain } from '../../servers/index.js';

/** Goal scenarios of the productivity and social domains (issue 19): email, filesystem, team_chat, social_media, video_meeting. */
const DOMAINS = ['email', 'filesystem', 'team_chat', 'social_media', 'video_meeting'];
const ID_TOKEN = /\b[a-z]{2,8}_[0-9][0-9a-z_]*\b/;

describe('synthesis scenarios of email, filesystem, team_chat, social_media and video_meeting', function () {
  this.timeout(120_000);

  it('name only tools of their domain and, together, call every tool of it', async () => {
    for (const name of DOMAINS) {
      const domain = await loadDomain(name);
      const tools = new Set(domain.tools.map((t) => t.name));
      const used = new Set<string>();
      expect(domain.scenarios?.length ?? 0, name).to.be.at.least(5);
      for (const scenario of domain.scenarios ?? []) {
        for (const turn of scenario.turns) {
          for (const step of turn.steps) {
            expect(tools.has(step.tool), `${name}/${scenario.name}: ${step.tool}`).to.equal(true);
            used.add(step.tool);
            if (step.fault) expect(tools.has(step.fault.tool), `${name}/${scenario.name}: ${step.fault.tool}`).to.equal(true);
          }
        }
      }
      expect([...tools].filter((t) => !used.has(t)), `${name}: tools no scenario calls`).to.deep.equal([]);
    }
  });

  it('play from the world: the user names things (no internal ids), later calls use what results held, planned failures fail', async () => {
    const engine = new Engine();
    try {
      for (const name of DOMAINS) await engine.use(new DomainEnvironmentPlugin({ domain: name }));
      for (const name of DOMAINS) {
        const domain = await loadDomain(name);
        const world = { seed: 5, referenceDate: engine.environment(name).defaultReferenceDate ?? '2026-03-16T09:00:00Z' };
        // The world the conversations start from, as synthesis reads it (the domain's sampling context).
        const session = await engine.openSession(name, world);
        const context = await engine.sample({ server: name, session, seed: 5 });
        await session.close();
        const { state } = SCENARIOS.get(context.meta)!;
        let multiStep = 0;
        let dependent = 0;
        for (const scenario of domain.scenarios ?? []) {
          let played = 0;
          for (let i = 0; i < 3; i++) {
            const rng = SynthesisRandom.derive(5, 'test', scenario.name, i);
            const plan = await planScenario(engine, name, world, scenario, state, rng, i === 2 ? 1 : 0);
            if (plan === undefined) continue;
            played++;
            expect(ID_TOKEN.test(plan.says![0]), `${name}/${scenario.name}: ${plan.says![0]}`).to.equal(false);
            if (plan.steps.length > 1) multiStep++;
            if (plan.steps.some((step) => Object.values(step.sources).some((source) => source.kind === 'entity'))) dependent++;
          }
          expect(played, `${name}/${scenario.name} plays`).to.be.at.least(2);
        }
        // Most plans take an id or a value from an earlier result. A relative path made from a found
        // absolute path (filesystem, after cd) is not the same string, so it is not counted there:
        // filesystem's floor is lower (0.56 measured), the others' 0.6.
        expect(dependent / multiStep, `${name}: result-dependent plans`).to.be.at.least(name === 'filesystem' ? 0.5 : 0.6);
      }
    } finally {
      await engine.close();
    }
  });
});
