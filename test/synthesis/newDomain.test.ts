import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Engine, type Example } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';
import { synthesisPreset } from '../../presets/synthesis.js';
import { createEngine, resolveConfig } from '../../core/index.js';
import { defineDomain, defineTool } from '../../servers/kit/Domain.js';
import { borrowBookTool, returnBookTool, type LibraryState } from './support/libraryTools.js';

/** A domain written without phrasings and without samplers: synthesis must still ground and phrase it. */
const libraryDomain = defineDomain<LibraryState>({
  name: 'library',
  title: 'Library',
  category: 'knowledge',
  description: 'A small lending library.',
  defaultReferenceDate: '2026-03-16T09:00:00Z',
  loadWorld: () => ({
    books: Object.fromEntries(
      ['Dune', 'Emma', 'Ulysses', 'Beloved', 'Middlemarch', 'Rebecca'].map((title, i) => [`book_${i + 1}`, { book_id: `book_${i + 1}`, title, author: `Author ${i + 1}`, copies: 2 }]),
    ),
    members: Object.fromEntries(['Ada Park', 'Ben Ortiz', 'Cleo Wu', 'Dev Rao'].map((name, i) => [`mem_${i + 1}`, { member_id: `mem_${i + 1}`, name, email: `m${i + 1}@example.org` }])),
    loans: {},
  }),
  samplers: [],
  invariants: [],
  tools: [
    defineTool<LibraryState>({
      name: 'list_books',
      description: 'List every book with its copies on the shelf.',
      input: { type: 'object', properties: {}, additionalProperties: false },
      output: { type: 'object', properties: { books: { type: 'array', items: { type: 'object', properties: { book_id: { type: 'string' }, title: { type: 'string' }, copies: { type: 'integer' } } } } } },
      annotations: { readOnlyHint: true },
      handler: (_args, { state }) => ({ books: Object.values(state.books) }),
    }),
    defineTool<LibraryState>({
      name: 'list_members',
      description: 'List the library members.',
      input: { type: 'object', properties: {}, additionalProperties: false },
      output: { type: 'object', properties: { members: { type: 'array', items: { type: 'object', properties: { member_id: { type: 'string' }, name: { type: 'string' } } } } } },
      annotations: { readOnlyHint: true },
      handler: (_args, { state }) => ({ members: Object.values(state.members) }),
    }),
    borrowBookTool('Lend a book to a member.'),
    returnBookTool,
  ],
});

describe('synthesis for a domain it has never seen', function () {
  this.timeout(60_000);

  it('discovers the graph, samples entities through read-only tools and writes grounded, replayable examples', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'prove-synth-library-'));
    const resolved = await resolveConfig(join(dir, 'inline.config.ts'), { presets: [synthesisPreset], plugins: [[DomainEnvironmentPlugin, { domain: libraryDomain }]] } as never);
    const engine: Engine = await createEngine(resolved);
    try {
      await runSynthesis(engine, { count: 30, seed: 4, outDir: join(dir, 'out'), concurrency: 2, resume: false });
      const examples = readFileSync(join(dir, 'out', 'examples.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
      expect(examples).to.have.length(30);
      const multi = examples.filter((e) => e.kind === 'multi_turn');
      expect(multi.length).to.be.greaterThan(15);
      const world = JSON.stringify(libraryDomain.loadWorld());
      for (const example of multi) {
        const calls = example.groundTruth.flatMap((step) => step.calls);
        expect(calls.length).to.be.greaterThan(1);
        for (const call of calls) {
          for (const [name, value] of Object.entries(call.arguments)) {
            // Book and member ids come from the world; loan ids from an earlier borrow in the same conversation.
            if (name === 'loan_id') expect(example.messages.some((m) => m.role === 'tool' && m.content.includes(`"${value}"`))).to.equal(true);
            else expect(world).to.contain(`"${value}"`);
          }
        }
      }
      expect(multi.some((e) => e.groundTruth.some((s) => s.calls[0].name === 'return_book'))).to.equal(true);
      expect(multi.every((e) => e.turns.every((t) => t.user.length > 10))).to.equal(true);
    } finally {
      await engine.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
