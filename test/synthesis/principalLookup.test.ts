import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { createEngine, resolveConfig, type Engine, type Example } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { withoutSelf } from '../../plugins/synthesis/phrasing.js';
import { runSynthesis } from '../../plugins/synthesis/runSynthesis.js';
import { isInternalId } from '../../plugins/synthesis/valuePool.js';
import { synthesisPreset } from '../../presets/synthesis.js';
import { defineDomain, defineTool } from '../../servers/kit/Domain.js';
import { borrowBookTool, idSchema as id, returnBookTool, type LibraryState } from './support/libraryTools.js';

const TITLES = ['Dune', 'Emma', 'Ulysses', 'Beloved', 'Middlemarch', 'Rebecca', 'Persuasion', 'Kindred', 'Nostromo', 'Orlando'];
const bookList = { type: 'object', properties: { books: { type: 'array', items: { type: 'object', properties: { book_id: { type: 'string' }, title: { type: 'string' }, copies: { type: 'integer' } } } } } };

/**
 * A library whose members act only for themselves (`member_id` is the signed-in member) and whose
 * books people know by title: synthesis must never make a user say `mem_2` or `book_4`.
 */
const libraryDomain = defineDomain<LibraryState>({
  name: 'signed_library',
  title: 'Library',
  category: 'knowledge',
  description: 'A small lending library where members borrow and return books.',
  defaultReferenceDate: '2026-03-16T09:00:00Z',
  loadWorld: () => ({
    books: Object.fromEntries(TITLES.map((title, i) => [`book_${i + 1}`, { book_id: `book_${i + 1}`, title, copies: 3 }])),
    members: Object.fromEntries(['Ada Park', 'Ben Ortiz', 'Cleo Wu', 'Dev Rao', 'Eli Stone'].map((name, i) => [`mem_${i + 1}`, { member_id: `mem_${i + 1}`, name }])),
    loans: {},
  }),
  samplers: [
    { collection: 'members', description: 'Members by name.', sample: (state) => Object.values(state.members).map((m) => ({ member_id: m.member_id, name: m.name })) },
    { collection: 'books', description: 'Books with a copy on the shelf.', sample: (state) => Object.values(state.books).filter((b) => b.copies > 0).map((b) => ({ book_id: b.book_id, title: b.title, copies: b.copies })) },
  ],
  invariants: [],
  principal: { collection: 'members', arguments: { member_id: 'member_id' }, context: ['The signed-in member is {name} (member id {member_id}).'] },
  tools: [
    defineTool<LibraryState>({
      name: 'search_books',
      description: 'Find books whose title contains the query, with their copies on the shelf.',
      input: { type: 'object', properties: { query: { type: 'string', minLength: 1, description: 'words of the title' } }, required: ['query'], additionalProperties: false },
      output: bookList,
      annotations: { readOnlyHint: true },
      handler: (args: { query: string }, { base }) => ({ books: Object.values(base.books).filter((b) => b.title.toLowerCase().includes(args.query.toLowerCase())) }),
    }),
    defineTool<LibraryState>({
      name: 'list_member_loans',
      description: "A member's open loans.",
      input: { type: 'object', properties: { member_id: id }, required: ['member_id'], additionalProperties: false },
      output: { type: 'object', properties: { loans: { type: 'array', items: { type: 'object', properties: { loan_id: { type: 'string' }, book_id: { type: 'string' } } } } } },
      annotations: { readOnlyHint: true },
      handler: (args: { member_id: string }, { base, fail }) => {
        if (!Object.hasOwn(base.members, args.member_id)) fail(`no member ${args.member_id}`);
        return { loans: Object.values(base.loans).filter((loan) => loan.member_id === args.member_id) };
      },
    }),
    borrowBookTool('Lend a book to the member.'),
    returnBookTool,
  ],
});

describe('synthesis: the signed-in user and lookups instead of ids', function () {
  this.timeout(90_000);
  let examples: Example[];
  let dir: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'prove-synth-principal-'));
    const resolved = await resolveConfig(join(dir, 'inline.config.ts'), { presets: [synthesisPreset], plugins: [[DomainEnvironmentPlugin, { domain: libraryDomain }]] } as never);
    const engine: Engine = await createEngine(resolved);
    try {
      await runSynthesis(engine, { count: 40, seed: 3, outDir: join(dir, 'out'), concurrency: 2, resume: false });
    } finally {
      await engine.close();
    }
    examples = readFileSync(join(dir, 'out', 'examples.jsonl'), 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('acts for one signed-in member per conversation, named in the system message and never by the user', () => {
    const withCalls = examples.filter((e) => e.groundTruth.length > 0);
    expect(withCalls.length).to.be.greaterThan(20);
    for (const example of withCalls) {
      const system = example.messages[0];
      const signedIn = /The signed-in member is ([A-Za-z ]+) \(member id (mem_\d+)\)\./.exec(system.role === 'system' && typeof system.content === 'string' ? system.content : '');
      expect(signedIn, `${example.id}: ${JSON.stringify(system)}`).to.not.equal(null);
      const members = new Set(example.groundTruth.flatMap((step) => step.calls.map((call) => call.arguments.member_id)).filter((value) => value !== undefined));
      // One member acts only as themselves.
      expect([...members].every((member) => member === signedIn![2]), `${example.id}: ${[...members].join(', ')}`).to.equal(true);
      for (const turn of example.turns) expect(turn.user, example.id).to.not.match(/\bmem_\d+/);
    }
  });

  it('has the user name books by title, and finds each book id with a read-only lookup before it is used', () => {
    let lookedUp = 0;
    for (const example of examples) {
      for (const turn of example.turns) expect(turn.user, example.id).to.not.match(/\bbook_\d+/);
      const results: string[] = [];
      for (const message of example.messages) {
        if (message.role === 'tool') results.push(message.content);
        if (message.role !== 'assistant') continue;
        for (const call of message.tool_calls ?? []) {
          const bookId = (JSON.parse(call.function.arguments) as { book_id?: string }).book_id;
          if (bookId === undefined) continue;
          expect(results.some((content) => content.includes(`"${bookId}"`)), `${example.id}: ${bookId} before any result held it`).to.equal(true);
          lookedUp++;
        }
      }
    }
    expect(lookedUp).to.be.greaterThan(5);
    // The search text is the title the user said.
    const searches = examples.flatMap((e) => e.messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : [])).filter((c) => c.function.name === 'search_books').map((c) => ({ e, query: (JSON.parse(c.function.arguments) as { query: string }).query })));
    expect(searches.length).to.be.greaterThan(0);
    for (const { e, query } of searches) expect(e.turns.some((t) => t.user.includes(query)), `${e.id}: ${query}`).to.equal(true);
  });

  it('says phrasings without the signed-in user, and tells internal ids from ids people hold', () => {
    expect(withoutSelf('show the budget of {user_id}', ['user_id'])).to.equal('show my budget');
    expect(withoutSelf('give me the {month} summary for {user_id}', ['user_id'])).to.equal('give me the {month} summary');
    expect(withoutSelf('as {user_id}, put {listing_id} up again', ['user_id'])).to.equal('put {listing_id} up again');
    expect(withoutSelf('sell all of {symbol} in {account_id}', ['account_id'])).to.equal('sell all of {symbol}');
    expect(withoutSelf("{account_id}'s open orders", ['account_id'])).to.equal('my open orders');
    expect(withoutSelf('how did {user_id} do in {month}', ['user_id'])).to.equal('how did {user_id} do in {month}');
    for (const internal of ['usr_26', 'acct_3', 'st_5', 'evt_1_20260317']) expect(isInternalId(internal), internal).to.equal(true);
    for (const held of ['#1201', 'BRL-0008', 'NSNYC001', 'WEB-12', 'AAPL', 'dining_out']) expect(isInternalId(held), held).to.equal(false);
  });
});
