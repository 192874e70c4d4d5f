import { defineTool } from '../../../servers/kit/Domain.js';

/**
 * The small lending library the synthesis tests build their own domains from (newDomain.test.ts:
 * a domain without phrasings or samplers; principalLookup.test.ts: a signed-in member who names
 * books by title). Lending and returning are the same in both.
 */
export interface LibraryState {
  books: Record<string, { book_id: string; title: string; copies: number; author?: string }>;
  members: Record<string, { member_id: string; name: string; email?: string }>;
  loans: Record<string, { loan_id: string; book_id: string; member_id: string }>;
}

export const idSchema = { type: 'string', minLength: 1, description: 'an id' };

export function borrowBookTool(description: string) {
  return defineTool<LibraryState>({
    name: 'borrow_book',
    description,
    input: { type: 'object', properties: { member_id: idSchema, book_id: idSchema }, required: ['member_id', 'book_id'], additionalProperties: false },
    output: { type: 'object', properties: { loan_id: { type: 'string' }, book_id: { type: 'string' }, member_id: { type: 'string' } } },
    annotations: {},
    handler: (args: { book_id: string; member_id: string }, context) => {
      const { state, fail } = context;
      if (!Object.hasOwn(state.members, args.member_id)) fail(`no member ${args.member_id}`);
      if (!Object.hasOwn(state.books, args.book_id)) fail(`no book ${args.book_id}`);
      const book = state.books[args.book_id];
      if (book.copies === 0) fail(`${book.title} has no copy left`);
      book.copies--;
      const loan = { loan_id: context.nextId('loan'), book_id: args.book_id, member_id: args.member_id };
      state.loans[loan.loan_id] = loan;
      return loan;
    },
  });
}

export const returnBookTool = defineTool<LibraryState>({
  name: 'return_book',
  description: 'Close a loan: the book goes back on the shelf.',
  input: { type: 'object', properties: { loan_id: idSchema }, required: ['loan_id'], additionalProperties: false },
  output: { type: 'object', properties: { loan_id: { type: 'string' }, returned: { type: 'boolean' } } },
  annotations: { destructiveHint: true },
  handler: (args: { loan_id: string }, { state, fail }) => {
    if (!Object.hasOwn(state.loans, args.loan_id)) fail(`no open loan ${args.loan_id}`);
    const loan = state.loans[args.loan_id];
    state.books[loan.book_id].copies++;
    delete state.loans[args.loan_id];
    return { loan_id: args.loan_id, returned: true };
  },
});
