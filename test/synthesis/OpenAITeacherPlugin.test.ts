import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { Engine } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { ConversationStateMachine } from '../../plugins/synthesis/ConversationStateMachine.js';
import { DependencyGraphPlugin } from '../../plugins/synthesis/DependencyGraphPlugin.js';
import { OpenAITeacherPlugin } from '../../plugins/synthesis/OpenAITeacherPlugin.js';
import { ReplayValidationPlugin } from '../../plugins/synthesis/ReplayValidationPlugin.js';
import { DEFAULT_STATE_MACHINE_OPTIONS } from '../../plugins/synthesis/SynthesisOrchestratorPlugin.js';
import { TemplateTeacherPlugin } from '../../plugins/synthesis/TemplateTeacherPlugin.js';

/** A local server speaking OpenAI chat-completions; `answer` decides each response from the request count. */
async function chatServer(answer: (n: number, body: any) => { status?: number; delayMs?: number; message?: unknown }): Promise<{ url: string; server: Server; requests: any[] }> {
  const requests: any[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const body = JSON.parse(text);
      requests.push(body);
      const reply = answer(requests.length, body);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.status && reply.status >= 400 ? { error: 'down' } : { choices: [{ message: reply.message, finish_reason: 'stop' }] }));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server, requests };
}

describe('OpenAITeacherPlugin', function () {
  this.timeout(60_000);

  it('plays the assistant through an OpenAI-compatible server, surviving a 5xx, a timeout and a malformed tool call', async () => {
    // Answers: 1 → 503 (retried), 2 → too slow (timed out, retried), 3 → malformed call (regenerated), then valid calls of
    // the tool the user asked for, then text once a tool result is the last message.
    const { url, server, requests } = await chatServer((n, body) => {
      if (n === 1) return { status: 503 };
      if (n === 2) return { delayMs: 1500, message: { role: 'assistant', content: 'late' } };
      if (n === 3) return { message: { role: 'assistant', content: null, tool_calls: [{ id: 'x', type: 'function', function: { name: 'list_bank_accounts', arguments: '{"customer_id": ' } }] } };
      const last = body.messages[body.messages.length - 1];
      if (last.role === 'tool') return { message: { role: 'assistant', content: 'Here is what I found.' } };
      return { message: { role: 'assistant', content: null, tool_calls: [{ id: `c${n}`, type: 'function', function: { name: 'list_bank_accounts', arguments: JSON.stringify({ customer_id: 'cus_1' }) } }] } };
    });
    const engine = new Engine();
    try {
      await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
      await engine.use(new DependencyGraphPlugin({}));
      await engine.use(new OpenAITeacherPlugin({ baseURL: url, model: 'teacher-test', timeoutMs: 500, retries: 3, backoffMs: 1, concurrency: 2 }));
      await engine.use(new TemplateTeacherPlugin());
      const machine = new ConversationStateMachine(engine, ['banking'], 5, DEFAULT_STATE_MACHINE_OPTIONS);
      const outcome = await machine.run(0);
      expect(outcome).to.have.property('example');
      const example = (outcome as { example: any }).example;
      expect(example.meta.teacher).to.equal('openai:teacher-test');
      expect(example.groundTruth.length).to.be.greaterThan(0);
      expect(example.groundTruth[0].calls[0]).to.deep.equal({ name: 'list_bank_accounts', arguments: { customer_id: 'cus_1' } });
      // The regeneration after the malformed call told the model what was wrong.
      expect(requests[3].messages[requests[3].messages.length - 1].content).to.contain('malformed tool call');
      expect(requests[0].tools.length).to.be.greaterThan(10);
    } finally {
      await engine.close();
      server.close();
    }
  });

  it('recovers from a failed call by retrying with corrected arguments, and validation drops the conversation for its error rate', async () => {
    // The model first asks for an account that does not exist, then corrects itself, then answers.
    const { url, server } = await chatServer((_n, body) => {
      const messages = body.messages as Array<{ role: string; content: string }>;
      const last = messages[messages.length - 1];
      const failures = messages.filter((m) => m.role === 'tool' && m.content.includes('"error"')).length;
      if (last.role === 'tool' && failures === 1 && !messages.some((m) => m.role === 'tool' && !m.content.includes('"error"'))) {
        return { message: { role: 'assistant', content: null, tool_calls: [{ id: 'b', type: 'function', function: { name: 'get_bank_account_balance', arguments: '{"account_id":"acc_1"}' } }] } };
      }
      if (last.role === 'tool') return { message: { role: 'assistant', content: 'Your balance is shown above.' } };
      return { message: { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'get_bank_account_balance', arguments: '{"account_id":"acc_99999"}' } }] } };
    });
    const engine = new Engine();
    try {
      await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
      await engine.use(new DependencyGraphPlugin({}));
      await engine.use(new OpenAITeacherPlugin({ baseURL: url, model: 'teacher-test', retries: 0 }));
      await engine.use(new TemplateTeacherPlugin());
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
      server.close();
    }
  });

  it('recovers from a failed call with an alternative tool, or gives up with an explanation, and records which', async () => {
    // Scripted teacher: a balance for an account that does not exist fails; with `alternative` the model then lists the
    // customer's accounts instead (another tool), otherwise it explains that it cannot help. Then it answers.
    const scripted = (alternative: boolean) => (_n: number, body: any) => {
      const messages = body.messages as Array<{ role: string; content: string }>;
      const last = messages[messages.length - 1];
      const tools = messages.filter((m) => m.role === 'tool');
      if (last.role !== 'tool') {
        return { message: { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 'get_bank_account_balance', arguments: '{"account_id":"acc_99999"}' } }] } };
      }
      if (tools.length === 1 && alternative) {
        return { message: { role: 'assistant', content: null, tool_calls: [{ id: 'b', type: 'function', function: { name: 'list_bank_accounts', arguments: '{"customer_id":"cus_1"}' } }] } };
      }
      return { message: { role: 'assistant', content: alternative ? 'Here are your accounts.' : 'I could not find that account, so I cannot show its balance.' } };
    };
    for (const alternative of [true, false]) {
      const { url, server } = await chatServer(scripted(alternative));
      const engine = new Engine();
      try {
        await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
        await engine.use(new DependencyGraphPlugin({}));
        await engine.use(new OpenAITeacherPlugin({ baseURL: url, model: 'teacher-test', retries: 0 }));
        await engine.use(new TemplateTeacherPlugin());
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
        server.close();
      }
    }
  });
});
