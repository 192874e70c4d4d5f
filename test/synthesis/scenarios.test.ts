import { expect } from 'chai';
import { Engine, type Example } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { ConversationStateMachine, TRANSITIONS } from '../../plugins/synthesis/ConversationStateMachine.js';
import { hasResultDependentCall } from '../../plugins/synthesis/datasetStats.js';
import { canStandIn } from '../../plugins/synthesis/MissingFunctionPerturbationPlugin.js';
import { toolCatalog } from '../../plugins/synthesis/ToolCatalog.js';
import { DependencyGraphPlugin } from '../../plugins/synthesis/DependencyGraphPlugin.js';
import { ReplayValidationPlugin, withinRolloutCaps } from '../../plugins/synthesis/ReplayValidationPlugin.js';
import { DEFAULT_STATE_MACHINE_OPTIONS } from '../../plugins/synthesis/SynthesisOrchestratorPlugin.js';
import { TemplateTeacherPlugin } from '../../plugins/synthesis/TemplateTeacherPlugin.js';
import { loadDomain } from '../../servers/index.js';

const ID_TOKEN = /\b[a-z]{2,8}_[0-9][0-9a-z_]*\b/;

/** Conversations of banking and iot_devices played with scenarios always chosen; `faultRate` as given. */
async function play(faultRate: number, count: number): Promise<{ engine: Engine; examples: Example[]; dropped: Record<string, number> }> {
  const engine = new Engine();
  await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
  await engine.use(new DomainEnvironmentPlugin({ domain: 'iot_devices' }));
  await engine.use(new DependencyGraphPlugin({}));
  await engine.use(new TemplateTeacherPlugin());
  const machine = new ConversationStateMachine(engine, ['banking', 'iot_devices'], 11, { ...DEFAULT_STATE_MACHINE_OPTIONS, scenarioRate: 1, faultRate });
  const examples: Example[] = [];
  const dropped: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const outcome = await machine.run(i);
    if ('example' in outcome) examples.push(outcome.example);
    else dropped[outcome.dropped] = (dropped[outcome.dropped] ?? 0) + 1;
  }
  return { engine, examples, dropped };
}

describe('synthesis scenarios', function () {
  this.timeout(120_000);

  it('every scenario of banking and iot_devices names only tools of its domain and can be cast from the fixture world', async () => {
    for (const name of ['banking', 'iot_devices']) {
      const domain = await loadDomain(name);
      const tools = new Set(domain.tools.map((t) => t.name));
      expect(domain.scenarios?.length ?? 0, name).to.be.greaterThan(3);
      for (const scenario of domain.scenarios ?? []) {
        for (const turn of scenario.turns) for (const step of turn.steps) {
          expect(tools.has(step.tool), `${scenario.name}: ${step.tool}`).to.equal(true);
          if (step.fault) expect(tools.has(step.fault.tool), `${scenario.name}: ${step.fault.tool}`).to.equal(true);
        }
      }
    }
  });

  it('plays goals: users name things instead of ids, later calls take values only earlier results held, one customer or home per conversation', async () => {
    const { engine, examples } = await play(0, 60);
    try {
      const scenario = examples.filter((e) => typeof e.meta.scenario === 'string' && e.kind === 'multi_turn');
      expect(scenario.length).to.be.greaterThan(25);
      for (const example of scenario) for (const turn of example.turns) expect(ID_TOKEN.test(turn.user), `${example.id}: ${turn.user}`).to.equal(false);
      const dependent = scenario.filter(hasResultDependentCall).length;
      expect(dependent / scenario.length).to.be.at.least(0.6);
      // One persona: every customer_id / home_id argument of a conversation is the same value.
      for (const example of scenario) {
        for (const key of ['customer_id', 'home_id']) {
          const values = new Set(example.groundTruth.flatMap((s) => s.calls.map((c) => c.arguments[key])).filter((v) => v !== undefined));
          expect(values.size, `${example.id} ${key}`).to.be.at.most(1);
        }
      }
    } finally {
      await engine.close();
    }
  });

  it('plans failed calls that replay with the same error and a named recovery; an unplanned failure is dropped', async () => {
    const { engine, examples } = await play(1, 40);
    try {
      const moves = new Set(TRANSITIONS.map((t) => `${t.from}-${t.on}`));
      const failed = examples.filter((e) => Number(e.meta.failedCalls) > 0);
      expect(failed.length).to.be.greaterThan(10);
      const recoveries = new Set(failed.map((e) => e.meta.recovery));
      expect([...recoveries]).to.include.members(['retry_corrected', 'retry_alternative', 'ask_user']);
      const validator = new ReplayValidationPlugin({});
      let kept = 0;
      for (const example of failed) {
        for (const move of example.meta.path as string[]) expect(moves.has(move), move).to.equal(true);
        expect((example.meta.plannedFailures as string[]).length, example.id).to.equal(example.meta.failedCalls);
        // No ground-truth step is a failed call: the reward asks for the recovery, not the mistake.
        const reason = await validator.check(engine, example);
        expect([undefined, 'error_rate'], `${example.id}: ${reason}`).to.include(reason);
        if (reason === undefined) kept++;
        const tampered = { ...example, meta: { ...example.meta, plannedFailures: [] } };
        expect(await validator.check(engine, tampered)).to.equal('unplanned_failure');
      }
      expect(kept).to.be.greaterThan(0);
    } finally {
      await engine.close();
    }
  });

  it('does not hide a read-only tool whose result another offered tool gives (no wrong refusal)', async () => {
    const engine = new Engine();
    try {
      await engine.use(new DomainEnvironmentPlugin({ domain: 'iot_devices' }));
      const tools = new Map(toolCatalog(engine.environment('iot_devices')).map((t) => [t.name, t]));
      expect(canStandIn(tools.get('list_devices')!, tools.get('get_device_state'))).to.equal(true);
      // A write is never served by a read, and a reading history is not in any list.
      expect(canStandIn(tools.get('list_devices')!, tools.get('set_light_state'))).to.equal(false);
      expect(canStandIn(tools.get('list_devices')!, tools.get('get_sensor_history'))).to.equal(false);
    } finally {
      await engine.close();
    }
  });

  it('tells a result-dependent call from one whose values the user said', () => {
    const base = (argument: string): Example =>
      ({
        messages: [
          { role: 'user', content: 'Pay Riverside Plumbing 40 from Everyday Checking.' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'list_bank_accounts', arguments: '{"customer_id":"cus_1"}' } }] },
          { role: 'tool', tool_call_id: 'a', name: 'list_bank_accounts', content: '{"accounts":[{"account_id":"acc_3","name":"Everyday Checking"}]}' },
          { role: 'assistant', content: null, tool_calls: [{ id: 'b', type: 'function', function: { name: 'get_bank_account_balance', arguments: JSON.stringify({ account_id: argument }) } }] },
          { role: 'tool', tool_call_id: 'b', name: 'get_bank_account_balance', content: '{}' },
        ],
      }) as unknown as Example;
    expect(hasResultDependentCall(base('acc_3'))).to.equal(true);
    expect(hasResultDependentCall(base('acc_9'))).to.equal(false);
  });

  it("keeps only examples a rollout under the paper's caps can finish (5 user turns, 10 assistant messages)", () => {
    const example = (users: number, assistants: number): Example =>
      ({
        turns: Array.from({ length: users }, (_, i) => ({ user: `turn ${i}` })),
        messages: [
          { role: 'system', content: 'x' },
          ...Array.from({ length: assistants }, () => ({ role: 'assistant', content: 'ok' })),
        ],
      }) as unknown as Example;
    expect(withinRolloutCaps(example(3, 10))).to.equal(true);
    expect(withinRolloutCaps(example(3, 11))).to.equal(false);
    expect(withinRolloutCaps(example(6, 6))).to.equal(false);
  });
});
