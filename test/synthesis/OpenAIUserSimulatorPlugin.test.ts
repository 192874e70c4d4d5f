import { expect } from 'chai';
import { Engine } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { ConversationStateMachine } from '../../plugins/synthesis/ConversationStateMachine.js';
import { DependencyGraphPlugin } from '../../plugins/synthesis/DependencyGraphPlugin.js';
import { OpenAIUserSimulatorPlugin, echoesPrompt, factsOf, missingFacts, type OpenAIUserSimulatorOptions } from '../../plugins/synthesis/OpenAIUserSimulatorPlugin.js';
import { ReplayValidationPlugin } from '../../plugins/synthesis/ReplayValidationPlugin.js';
import { DEFAULT_STATE_MACHINE_OPTIONS } from '../../plugins/synthesis/SynthesisOrchestratorPlugin.js';
import { TemplateTeacherPlugin } from '../../plugins/synthesis/TemplateTeacherPlugin.js';
import { startScriptedOpenAIServer, type ChatRequest, type ScriptedOpenAIServer } from '../rollout/support/ScriptedOpenAIServer.js';

/** A local server speaking OpenAI chat-completions; `answer` writes the assistant text of each response. */
function chatServer(answer: (body: ChatRequest) => string): Promise<ScriptedOpenAIServer> {
  return startScriptedOpenAIServer((body) => ({ kind: 'message', content: answer(body) }));
}

/** The brief the simulator was given, from its request. */
function briefOf(body: ChatRequest): string {
  return /in brief: "([\s\S]*)"\n/.exec(body.messages[1].content as string)![1];
}

/** Banking with the template teacher, and the simulator at `server` (options added); plays conversation 1 over two user turns. */
async function simulatorEngine(server: ScriptedOpenAIServer, options: Partial<OpenAIUserSimulatorOptions> = {}) {
  const engine = new Engine();
  await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
  await engine.use(new DependencyGraphPlugin({}));
  await engine.use(new TemplateTeacherPlugin());
  const simulator = new OpenAIUserSimulatorPlugin({ baseURL: server.baseURL, model: 'user-test', retries: 0, ...options });
  await engine.use(simulator);
  const play = () => new ConversationStateMachine(engine, ['banking'], 5, { ...DEFAULT_STATE_MACHINE_OPTIONS, minTurns: 2, maxTurns: 2 }).run(1);
  return { engine, simulator, play };
}

describe('OpenAIUserSimulatorPlugin', function () {
  this.timeout(60_000);

  it('finds the values a user message must carry and what a rewrite left out', () => {
    const facts = factsOf('Please move 25.50 from acc_12 to Maria Lopez on 2024-03-01.', new Set(['Maria Lopez', 'acc_12', 'x']));
    expect(facts).to.have.members(['25.50', 'acc_12', '2024-03-01', 'Maria Lopez']);
    expect(missingFacts('send 25.50 from acc_12 to maria lopez on 2024-03-01', facts)).to.deep.equal([]);
    expect(missingFacts('send 25.5 from acc_12 to Maria on 2024-03-01', facts)).to.deep.equal(['25.50', 'Maria Lopez']);
  });

  it('writes every user turn through an OpenAI-compatible server from the brief, persona and values; the example validates', async () => {
    // The "model": the brief in other words, behind a label and quotes the plugin must strip.
    const server = await chatServer((body) => `Customer: "Right, so here is the thing: ${briefOf(body)}"`);
    const { engine, simulator, play } = await simulatorEngine(server);
    try {
      const outcome = await play();
      expect(outcome, JSON.stringify(outcome)).to.have.property('example');
      const example = (outcome as { example: any }).example;
      const users = example.messages.filter((m: any) => m.role === 'user');
      expect(users.length).to.be.greaterThan(1);
      for (const m of users) expect(m.content).to.match(/^Right, so here is the thing: /);
      expect(server.requests.length).to.equal(users.length);
      expect(simulator.counters).to.deep.equal({ written: users.length, regenerated: 0, fallbacks: 0 });
      // The request names the scope and persona, sends no tools, and lists the values to keep.
      expect(server.requests[0].messages[0].content).to.match(/You play a customer of .*Your persona: a /);
      expect(server.requests[0]).to.not.have.property('tools');
      expect(await new ReplayValidationPlugin({}).check(engine, example)).to.equal(undefined);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  it('asks again on an unusable answer, then keeps the template\'s words and counts the fallback', async () => {
    // The first answer for each message is empty; the second keeps the brief, except for the first message, which never comes.
    let calls = 0;
    const server = await chatServer((body) => {
      calls++;
      const brief = briefOf(body);
      const first = (body.messages[1].content as string).startsWith('Your first message');
      return first || calls % 2 === 1 ? '' : brief;
    });
    const { engine, simulator, play } = await simulatorEngine(server, { regenerations: 1 });
    try {
      const outcome = await play();
      const example = (outcome as { example: any }).example;
      expect(example, JSON.stringify(outcome)).to.not.equal(undefined);
      const users = example.messages.filter((m: any) => m.role === 'user');
      // The first message is the template's (the model never gave a usable one).
      expect(users[0].content.length).to.be.greaterThan(0);
      expect(simulator.counters.fallbacks).to.equal(1);
      expect(simulator.counters.written).to.equal(users.length - 1);
      expect(simulator.counters.regenerated).to.equal(users.length - 1);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  it('does not take an answer that repeats its instruction (as SmolLM2-135M did) for the user\'s message', async () => {
    // Seen in a real run: 'Your first message, in brief: "Morning. I want 90 moved …"' carries every value of the brief.
    expect(echoesPrompt('Your first message, in brief: "Morning. I want 90 moved."')).to.equal(true);
    expect(echoesPrompt('Morning! Could you move 90 from Euro Savings to Euro Checking?')).to.equal(false);
    const server = await chatServer((body) => body.messages[1].content as string);
    const { engine, simulator, play } = await simulatorEngine(server, { regenerations: 1 });
    try {
      const outcome = await play();
      const example = (outcome as { example: any }).example;
      expect(example, JSON.stringify(outcome)).to.not.equal(undefined);
      const users = example.messages.filter((m: any) => m.role === 'user');
      expect(users.some((m: any) => echoesPrompt(m.content))).to.equal(false);
      expect(simulator.counters).to.deep.equal({ written: 0, regenerated: 0, fallbacks: users.length });
      expect(server.requests.length).to.equal(2 * users.length);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  it('rejects bad options', () => {
    expect(() => new OpenAIUserSimulatorPlugin({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', regenerations: -1 })).to.throw(/regenerations/);
  });
});
