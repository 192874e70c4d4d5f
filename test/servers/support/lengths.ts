import { expect } from 'chai';
import fc from 'fast-check';
import type { JsonSchema } from '../../../core/index.js';
import { compileSchema } from '../../../core/schema.js';
import { defineDomain, defineTool } from '../../../servers/kit/Domain.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';

/** A session of a one-tool domain whose read-only tool `echo` takes `input` and returns {}; `guarded`: whether the kit gave it an argument guard. */
export function echoSession(input: JsonSchema): { session: DomainSession<unknown>; guarded: boolean } {
  const echo = defineTool<Record<string, never>, Record<string, unknown>>({ name: 'echo', description: 'echo', input, output: { type: 'object' }, annotations: { readOnlyHint: true }, handler: () => ({}) });
  const runtime = domainRuntime(defineDomain<Record<string, never>>({ name: 'lengths', title: 'lengths', category: 'finance', description: 'lengths', tools: [echo], loadWorld: () => ({}), defaultReferenceDate: '2026-03-02T09:00:00Z', samplers: [], invariants: [] }));
  const compiled = (runtime as unknown as { compiledTool(name: string): { validateGuard: unknown } }).compiledTool('echo');
  return { session: runtime.openSession() as DomainSession<unknown>, guarded: compiled.validateGuard !== undefined };
}

/**
 * Random arguments `{ name, tags?, note? }` of strings mixing plain text, surrogate pairs and lone
 * surrogates around the limits of `input`: `echo` must accept exactly what ajv counting characters accepts.
 */
export function expectLengthsJudgedExactly(session: DomainSession<unknown>, input: JsonSchema): void {
  const exact = compileSchema(input);
  const piece = fc.constantFrom('x', 'é', '🍕', '\ud800', '\udc00', '日');
  const text = fc.array(piece, { maxLength: 9 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(text, fc.option(fc.array(text, { maxLength: 4 }), { nil: undefined }), fc.option(text, { nil: undefined }), (name, tags, note) => {
      const args: Record<string, unknown> = { name };
      if (tags !== undefined) args.tags = tags;
      if (note !== undefined) args.note = note;
      expect(session.call('echo', args).ok, JSON.stringify(args)).to.equal(exact(args));
    }),
    { numRuns: 3000 },
  );
}
