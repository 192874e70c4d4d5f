import { expect } from 'chai';
import { Engine } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import type { DependencyGraph } from '../../plugins/synthesis/DependencyGraph.js';
import { DependencyGraphPlugin } from '../../plugins/synthesis/DependencyGraphPlugin.js';
import { LlmDependencyClassifierPlugin } from '../../plugins/synthesis/LlmDependencyClassifierPlugin.js';
import { startScriptedOpenAIServer } from '../rollout/support/ScriptedOpenAIServer.js';

describe('LlmDependencyClassifierPlugin', function () {
  this.timeout(60_000);

  it('asks an OpenAI-compatible model about every pair of tools once and adds the edges it names', async () => {
    const asked: string[] = [];
    const server = await startScriptedOpenAIServer((body) => {
      const question = body.messages[1].content as string;
      const [a, b] = [...question.matchAll(/^Tool [AB]\n([a-z_]+):/gm)].map((m) => m[1]);
      asked.push(`${a}|${b}`);
      let content = '{"relation": "none"}';
      // The model names an implicit dependency the schemas do not show, answers one pair with prose, and the rest "none".
      if (a === 'freeze_bank_card' && b === 'unfreeze_bank_card') content = 'Sure! {"relation": "implicit", "first": "freeze_bank_card"}';
      if (a === 'get_bank_transaction' && b === 'list_bank_transfers') content = 'I am not sure.';
      return { kind: 'message', content };
    });
    const engine = new Engine();
    try {
      await engine.use(new DomainEnvironmentPlugin({ domain: 'banking' }));
      await engine.use(new DependencyGraphPlugin({ probe: false }));
      await engine.use(new LlmDependencyClassifierPlugin({ baseURL: server.baseURL, model: 'classifier', concurrency: 8 }));
      const environment = engine.environment('banking');
      const sample = async () => {
        const session = await engine.openSession('banking', { seed: 0, referenceDate: environment.defaultReferenceDate! });
        try {
          return await engine.sample({ server: 'banking', session, seed: 0 });
        } finally {
          await session.close();
        }
      };
      const context = await sample();
      const graph = context.meta.dependencyGraph as DependencyGraph;
      const n = environment.tools.length;
      expect(asked).to.have.length((n * (n - 1)) / 2);
      expect(new Set(asked).size).to.equal(asked.length);
      expect(graph.edges).to.deep.include({ from: 'freeze_bank_card', to: 'unfreeze_bank_card', kind: 'implicit', fields: [], source: 'llm' });
      expect(graph.edges.some((edge) => edge.source === 'schema' && edge.from === 'list_bank_accounts' && edge.to === 'get_bank_account_balance')).to.equal(true);
      expect(context.meta.dependencyClassifier).to.deep.equal({ model: 'classifier', unreadable: 1 });
      // Cached by schema hash and model: a second sampling asks nothing more.
      await sample();
      expect(asked).to.have.length((n * (n - 1)) / 2);
    } finally {
      await engine.close();
      await server.close();
    }
  });
});
