import { setTimeout as wait } from 'node:timers/promises';
import { expect } from 'chai';
import { Engine } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { ConversationStateMachine } from '../../plugins/synthesis/ConversationStateMachine.js';
import { DependencyGraphPlugin } from '../../plugins/synthesis/DependencyGraphPlugin.js';
import { OpenAITeacherPlugin, type OpenAITeacherOptions } from '../../plugins/synthesis/OpenAITeacherPlugin.js';
import { ReplayValidationPlugin } from '../../plugins/synthesis/ReplayValidationPlugin.js';
import { DEFAULT_STATE_MACHINE_OPTIONS } from '../../plugins/synthesis/SynthesisOrchestratorPlugin.js';
import { TemplateTeacherPlugin } from '../../plugins/synthesis/TemplateTeacherPlugin.js';
import { startScriptedOpenAIServer, type ChatRequest, type ScriptReply } from '../rollout/support/ScriptedOpenAIServer.js';

const text = (content: string): ScriptReply => ({ kind: 'message', content });
const call = (id: string, name: string, args: string): ScriptReply => ({ kind: 'message', toolCalls: [{ id, name, arguments: args }] });

/** An engine with the banking domain, its dependency graph and the OpenAI teacher at `baseURL` (the template teacher for the user side). */
async function teacherEngine(baseURL: string, options: Partial<OpenAITeacherOptions> = {}): Promise<Engine> {
  const engine = new Engine();
  await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
  await engine.use(new DependencyGraphPlugin({}));
  await engine.use(new OpenAITeacherPlugin({ baseURL, model: 'teacher-test', retries: 0, ...options }));
  await engine.use(new TemplateTeacherPlugin());
  return engine;
}

describe('OpenAITeacherPlugin', function () {
  this.timeout(60_000);

  it('plays the assistant through an OpenAI-compatible server, surviving a 5xx, a timeout and a malformed tool call', async () => {
    // Answers: 1 → 503 (retried), 2 → too slow (timed out, retried), 3 → malformed call (regenerated), then valid calls of
    // the tool the user asked for, then text once a tool result is the last message.
    const server = await startScriptedOpenAIServer(async (body, index) => {
      if (index === 0) return { kind: 'status', status: 503 };
      if (index === 1) return wait(1500).then(() => text('late'));
      if (index === 2) return call('x', 'list_bank_accounts', '{"customer_id": ');
      if (body.messages[body.messages.length - 1].role === 'tool') return text('Here is what I found.');
      return call(`c${index + 1}`, 'list_bank_accounts', JSON.stringify({ customer_id: 'cus_1' }));
    });
    const { requests } = server;
    const engine = await teacherEngine(server.baseURL, { timeoutMs: 500, retries: 3, backoffMs: 1, concurrency: 2 });
    try {
      const machine = new ConversationStateMachine(engine, ['banking'], 5, DEFAULT_STATE_MACHINE_OPTIONS);
      const outcome = await machine.run(0);
      expect(outcome).to.have.property('example');
      const example = (outcome as { example: any }).example;
      expect(example.meta.teacher).to.equal('openai:teacher-test');
      expect(example.groundTruth.length).to.be.greaterThan(0);
      expect(example.groundTruth[0].calls[0]).to.deep.equal({ name: 'list_bank_accounts', arguments: { customer_id: 'cus_1' } });
      // The regeneration after the malformed call told the model what was wrong.
      expect(requests[3].messages[requests[3].messages.length - 1].content).to.contain('malformed tool call');
      expect(requests[0].tools?.length).to.be.greaterThan(10);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  it('shows the model compact tools when asked, and keeps the whole tools in the example', async () => {
    const server = await startScriptedOpenAIServer((body) => {
      if (body.messages[body.messages.length - 1].role === 'tool') return text('Here is what I found.');
      return call('c1', 'list_bank_accounts', JSON.stringify({ customer_id: 'cus_1' }));
    });
    const engine = await teacherEngine(server.baseURL, { compactTools: true });
    try {
      const outcome = await new ConversationStateMachine(engine, ['banking'], 5, DEFAULT_STATE_MACHINE_OPTIONS).run(0);
      const example = (outcome as { example: any }).example;
      expect(example, JSON.stringify(outcome).slice(0, 300)).to.not.equal(undefined);
      const sent = server.requests[0].tools as any[];
      const shown = (name: string) => sent.find((t) => t.function.name === name).function;
      const kept = (name: string) => example.tools.find((t: any) => t.function.name === name).function;
      expect(sent.map((t) => t.function.name)).to.deep.equal(example.tools.map((t: any) => t.function.name));
      expect(JSON.stringify(sent).length).to.be.lessThan(0.75 * JSON.stringify(example.tools).length);
      // The first sentence of a description, no argument descriptions; the example keeps the originals.
      expect(kept('list_bank_accounts').description.startsWith(shown('list_bank_accounts').description.replace(/…$/, ''))).to.equal(true);
      expect(JSON.stringify(shown('list_bank_accounts').parameters)).to.not.contain('"description"');
      expect(JSON.stringify(kept('list_bank_accounts').parameters)).to.contain('"description"');
    } finally {
      await engine.close();
      await server.close();
    }
  });

  it('drops a conversation that needed tools when the model answered in words only, instead of keeping it as an abstention', async () => {
    const server = await startScriptedOpenAIServer(() => text('I am happy to help with your banking needs.'));
    const engine = await teacherEngine(server.baseURL);
    try {
      const outcome = await new ConversationStateMachine(engine, ['banking'], 5, DEFAULT_STATE_MACHINE_OPTIONS).run(0);
      expect(outcome).to.have.property('dropped', 'teacher_no_calls');
      expect(server.requests.length).to.be.greaterThan(0);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  it('drops a conversation that outgrew the model\'s context (HTTP 400) and goes on; any other 400 stops the run', async () => {
    const tooLong = JSON.stringify({ error: { message: 'the prompt has 10802 tokens; the model m takes at most 8192', type: 'invalid_request_error', code: 'PROVE_MODEL_CONTEXT_EXCEEDED' } });
    let second = false;
    const server = await startScriptedOpenAIServer((body) => {
      if (body.messages[body.messages.length - 1].role !== 'tool') return call('c1', 'list_bank_accounts', JSON.stringify({ customer_id: 'cus_1' }));
      second = true;
      return { kind: 'status', status: 400, body: tooLong };
    });
    const engine = await teacherEngine(server.baseURL);
    try {
      const machine = new ConversationStateMachine(engine, ['banking'], 5, DEFAULT_STATE_MACHINE_OPTIONS);
      expect(await machine.run(0)).to.have.property('dropped', 'teacher_context_exceeded');
      expect(second).to.equal(true);
    } finally {
      await engine.close();
      await server.close();
    }
    const refusing = await startScriptedOpenAIServer(() => ({ kind: 'status', status: 400, body: '{"error":{"message":"unknown parameter: seed"}}' }));
    const other = await teacherEngine(refusing.baseURL);
    try {
      await new ConversationStateMachine(other, ['banking'], 5, DEFAULT_STATE_MACHINE_OPTIONS).run(0).then(
        () => expect.fail('a request the server refuses for another reason must stop the run'),
        (error: { code: string }) => expect(error.code).to.equal('PROVE_POLICY_REJECTED'),
      );
    } finally {
      await other.close();
      await refusing.close();
    }
  });

  it('refuses a compactTools option that is not a boolean', () => {
    expect(() => new OpenAITeacherPlugin({ baseURL: 'http://127.0.0.1:9/v1', model: 'm', compactTools: 'yes' as unknown as boolean })).to.throw(/compactTools.*true or false/);
  });

  it('recovers from a failed call by retrying with corrected arguments, and validation drops the conversation for its error rate', async () => {
    // The model first asks for an account that does not exist, then corrects itself, then answers.
    const server = await startScriptedOpenAIServer((body) => {
      const messages = body.messages as Array<{ role: string; content: string }>;
      const last = messages[messages.length - 1];
      const failures = messages.filter((m) => m.role === 'tool' && m.content.includes('"error"')).length;
      if (last.role === 'tool' && failures === 1 && !messages.some((m) => m.role === 'tool' && !m.content.includes('"error"'))) {
        return call('b', 'get_bank_account_balance', '{"account_id":"acc_1"}');
      }
      if (last.role === 'tool') return text('Your balance is shown above.');
      return call('a', 'get_bank_account_balance', '{"account_id":"acc_99999"}');
    });
    const engine = await teacherEngine(server.baseURL);
    try {
      const machine = new ConversationStateMachine(engine, ['banking'], 5, { ...DEFAULT_STATE_MACHINE_OPTIONS, minTurns: 1, maxTurns: 1 });
      const outcome = await machine.run(3);
      const example = (outcome as { example: any }).example;
      expect(example.meta.path).to.include.members(['execute-failure', 'recovery-retry_corrected', 'execute-success']);
      expect(example.meta.failedCalls).to.equal(1);
      expect(example.groundTruth.map((step: any) => step.calls[0].arguments)).to.deep.equal([{ account_id: 'acc_1' }]);
      const validator = new ReplayValidationPlugin({});
      expect(await validator.check(engine, example)).to.equal('error_rate');
      expect(await new ReplayValidationPlugin({ maxErrorRate: 0.5 }).check(engine, example)).to.equal(undefined);
    } finally {
      await engine.close();
      await server.close();
    }
  });

  it('recovers from a failed call with an alternative tool, or gives up with an explanation, and records which', async () => {
    // Scripted teacher: a balance for an account that does not exist fails; with `alternative` the model then lists the
    // customer's accounts instead (another tool), otherwise it explains that it cannot help. Then it answers.
    const scripted = (alternative: boolean) => (body: ChatRequest): ScriptReply => {
      const messages = body.messages;
      const last = messages[messages.length - 1];
      const tools = messages.filter((m) => m.role === 'tool');
      if (last.role !== 'tool') return call('a', 'get_bank_account_balance', '{"account_id":"acc_99999"}');
      if (tools.length === 1 && alternative) return call('b', 'list_bank_accounts', '{"customer_id":"cus_1"}');
      return text(alternative ? 'Here are your accounts.' : 'I could not find that account, so I cannot show its balance.');
    };
    for (const alternative of [true, false]) {
      const server = await startScriptedOpenAIServer(scripted(alternative));
      const engine = await teacherEngine(server.baseURL);
      try {
        const machine = new ConversationStateMachine(engine, ['banking'], 5, { ...DEFAULT_STATE_MACHINE_OPTIONS, minTurns: 1, maxTurns: 1 });
        const outcome = await machine.run(3);
        const example = (outcome as { example: any }).example;
        expect(example, JSON.stringify(outcome)).to.not.equal(undefined);
        expect(example.meta.path).to.include('execute-failure');
        if (alternative) {
          expect(example.meta.path).to.include.members(['recovery-retry_alternative', 'execute-success']);
          expect(example.groundTruth.map((step: any) => step.calls[0])).to.deep.equal([{ name: 'list_bank_accounts', arguments: { customer_id: 'cus_1' } }]);
        } else {
          expect(example.meta.path).to.include('recovery-give_up');
          expect(example.meta.path).to.not.include('execute-success');
          const final = example.messages[example.messages.length - 1];
          expect(final).to.deep.include({ role: 'assistant', content: 'I could not find that account, so I cannot show its balance.' });
        }
      } finally {
        await engine.close();
        await server.close();
      }
    }
  });
});
