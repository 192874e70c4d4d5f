import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example, JsonSchema, ToolSchema } from '../../core/index.js';
import { flattenProperty, flattenToolForVerl, promptOf, trlRow, verlRow, verlToolConfig } from '../../plugins/export/trainerDatasets.js';
import { REPO_ROOT, runProve } from '../support/project.js';
import { fixtureDataset, venvPython } from './support.js';

const examples = ['banking', 'cross_domain']
  .flatMap((name) => readFileSync(join(REPO_ROOT, 'fixtures', 'examples', `${name}.jsonl`), 'utf8').trim().split('\n'))
  .map((line) => JSON.parse(line) as Example);

/** What verl.tools.schemas (0.9.1) keeps of a property: type, description, enum; of parameters: type, properties, required. */
function verlKeeps(tool: ToolSchema): boolean {
  const parameters = tool.function.parameters as JsonSchema;
  if (Object.keys(parameters).some((k) => !['type', 'properties', 'required'].includes(k))) return false;
  return Object.values(parameters.properties as Record<string, JsonSchema>).every(
    (p) => Object.keys(p).every((k) => ['type', 'description', 'enum'].includes(k)) && (typeof p.type === 'string' || Array.isArray(p.type)),
  );
}

describe('prove-rl export --format verl|trl', function () {
  this.timeout(120_000);

  it('flattens every tool to what VERL keeps, moving the rest into the description', () => {
    const tools = examples.flatMap((e) => e.tools);
    for (const tool of tools) {
      const flat = flattenToolForVerl(tool);
      expect(verlKeeps(flat), tool.function.name).to.equal(true);
      expect(flat.function.name).to.equal(tool.function.name);
      expect((flat.function.description ?? '').startsWith(tool.function.description ?? '')).to.equal(true);
    }
    expect(flattenProperty({ type: 'array', items: { type: 'string', minLength: 1 }, description: 'Ids.' })).to.deep.equal({
      type: 'array',
      description: 'Ids. JSON Schema: {"items":{"type":"string","minLength":1}}',
    });
    expect(flattenProperty({ anyOf: [{ type: 'string' }, { type: 'null' }] })).to.deep.equal({ type: ['string', 'null'] });
    expect(flattenProperty({ enum: ['a', 'b'] })).to.deep.equal({ type: 'string', enum: ['a', 'b'] });
  });

  it('builds rows with the columns VERL and TRL read, the example as JSON, later user turns scripted', () => {
    const cross = examples.find((e) => e.id === 'cross_domain-balance-then-hotel')!;
    const row = verlRow(cross, 3);
    expect(row.data_source).to.equal('prove/banking+travel_booking');
    expect(row.agent_name).to.equal('prove_agent');
    expect(row.prompt.map((m) => m.role)).to.deep.equal(['system', 'user']);
    expect(row.prompt[1]).to.deep.equal({ role: 'user', content: cross.turns[0].user });
    expect(JSON.parse(row.reward_model.ground_truth)).to.deep.equal(cross.groundTruth);
    expect(row.extra_info.index).to.equal(3);
    expect(JSON.parse(row.extra_info.interaction_kwargs.turns)).to.deep.equal([cross.turns[1].user]);
    expect(JSON.parse(row.extra_info.prove_example)).to.deep.equal(cross);
    expect(row.extra_info.tool_selection).to.deep.equal(cross.tools.map((t) => t.function.name));
    const trl = trlRow(cross);
    expect(trl.prompt).to.deep.equal(promptOf(cross));
    expect(trl.environment).to.equal('banking+travel_booking');
    const config = verlToolConfig(examples, 'http://127.0.0.1:9');
    const names = config.tools.map((t) => (t as { tool_schema: ToolSchema }).tool_schema.function.name);
    expect(new Set(names).size).to.equal(names.length);
  });

  it('refuses --format verl without --dataset, and a dataset that is not one, writing nothing', async () => {
    const data = fixtureDataset();
    try {
      const missing = await runProve(['export', '--format', 'verl', '--out', join(data.dir, 'out')]);
      expect(missing.code).to.not.equal(0);
      expect(missing.stderr).to.match(/--dataset FILE/);
      const bad = await runProve(['export', '--format', 'trl', '--dataset', join(REPO_ROOT, 'package.json'), '--out', join(data.dir, 'out')]);
      expect(bad.code).to.not.equal(0);
      expect(existsSync(join(data.dir, 'out'))).to.equal(false);
    } finally {
      data.cleanup();
    }
  });

  const python = venvPython('verl') ?? venvPython('trl');
  (python ? it : it.skip)('writes parquet that pyarrow reads back row for row (needs .venv-verl or .venv-trl)', async () => {
    const data = fixtureDataset();
    try {
      const out = join(data.dir, 'verl');
      const run = await runProve(['export', '--format', 'verl', '--dataset', data.file, '--out', out, '--python', python!], { timeout: 120_000 });
      expect(run.code, run.stderr).to.equal(0);
      const { execa } = await import('execa');
      const read = await execa(python!, ['-c', 'import sys, json, pyarrow.parquet as pq; print(json.dumps(pq.read_table(sys.argv[1]).to_pylist()))', join(out, 'test.parquet')]);
      const rows = JSON.parse(read.stdout) as Array<{ extra_info: { prove_example: string } }>;
      const expected = readFileSync(data.file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Example);
      expect(rows.map((r) => JSON.parse(r.extra_info.prove_example))).to.deep.equal(expected);
      expect(readFileSync(join(out, 'agent_loop.yaml'), 'utf8')).to.contain('prove_rl.verl.ProveAgentLoop');
    } finally {
      data.cleanup();
    }
  });
});
