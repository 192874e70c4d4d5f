import { expect } from 'chai';
import { compileSchema, explainSchemaErrors, formatSchemaProblems } from '../../../core/index.js';
import type { DomainDefinition } from '../../../servers/kit/Domain.js';
import { DomainHttpServer } from '../../../servers/kit/DomainHttpServer.js';
import { OPERATOR_TOOLS } from '../../../servers/kit/DomainMcpServer.js';
import { domainRuntime, type DomainRuntime, type ToolOutcome } from '../../../servers/kit/DomainSession.js';
import type { ToolCase } from '../ToolCase.js';
import { fastPort, McpPort, type ToolPort } from './ToolPort.js';
import { unfrozenPath } from './frozen.js';

/** The operator's token of the served domains: the operator tools (reset) need it over HTTP. */
const OPERATOR = 'operator-conformance';

/** What one case gave: its outcome as JSON (as a transport carries it) and the state hash after it. */
export interface PlayedCase {
  outcome: ToolOutcome;
  hash: string;
}

/** JSON round trip: what any transport would deliver of a fast-path result. */
function asJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

function where(domain: string, index: number, item: ToolCase): string {
  return `${domain} case ${index + 1} (${item.tool}: ${item.title})`;
}

/**
 * Play a domain's cases in order on one session through `port`, checking each case's expectation,
 * that a rejected call leaves the hash unchanged and, on the fast path, the invariants and the
 * output schema of every successful result.
 */
export async function playCases(domain: DomainDefinition, cases: readonly ToolCase[], port: ToolPort, runtime?: DomainRuntime<unknown>, state?: () => unknown): Promise<PlayedCase[]> {
  const played: PlayedCase[] = [];
  const outputValidators = new Map(domain.tools.map((t) => [t.name, compileSchema(t.output)]));
  let hash = await port.hash();
  for (const [index, item] of cases.entries()) {
    const label = where(domain.name, index, item);
    const outcome = await port.call(item.tool, item.args);
    const after = await port.hash();
    if (item.ok) {
      expect(outcome.ok, `${label} should succeed (${port.kind}) but failed: ${outcome.ok ? '' : outcome.error.message}`).to.equal(true);
      const result = (outcome as { result: unknown }).result;
      const validate = outputValidators.get(item.tool);
      if (validate && !validate(asJson(result))) {
        expect.fail(`${label}: the result does not match the tool's output schema: ${formatSchemaProblems(explainSchemaErrors(validate.errors, result), 'result')}`);
      }
      try {
        item.check?.(asJson(result));
      } catch (error) {
        throw new Error(`${label} (${port.kind}): check failed: ${(error as Error).message}`);
      }
    } else {
      expect(outcome.ok, `${label} should fail (${port.kind}) but succeeded with ${JSON.stringify(outcome.ok ? outcome.result : '').slice(0, 300)}`).to.equal(false);
      const message = outcome.ok ? '' : outcome.error.message;
      for (const part of item.errorIncludes ?? []) {
        expect(message.toLowerCase(), `${label}: the error message should mention "${part}"`).to.include(part.toLowerCase());
      }
      expect(after, `${label}: a rejected call changed the state hash (${port.kind})`).to.equal(hash);
    }
    if (runtime && state) {
      const violations = runtime.checkInvariants(state());
      expect(violations, `${label}: invariants violated`).to.deep.equal([]);
      expect(unfrozenPath(state()), `${label}: the state holds an object that is not frozen`).to.equal(undefined);
    }
    played.push({ outcome: asJson(outcome), hash: after });
    hash = after;
  }
  return played;
}

/** How to start a stdio server of the domain in a fresh process. */
export interface StdioCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
  /** The same server's arguments for OTHER_WORLD (its seed and reference date), where it takes them. */
  otherWorldArgs?: string[];
}

/** A second world for the isolation test: another seed and reference date. */
export const OTHER_WORLD = { seed: 7, referenceDate: '2026-07-15T16:30:00Z' };

/**
 * The conformance suite of one domain: its cases pass identically through the fast path, stdio
 * (a fresh process, under another timezone) and Streamable HTTP; every tool is covered; sessions
 * are isolated; reset restores the initial hash; tools/list hides the operator tools.
 */
export function describeConformance(domain: DomainDefinition, cases: readonly ToolCase[], stdio: StdioCommand, options: { requireCoverage?: boolean } = {}): void {
  describe(`${domain.name}: conformance cases through the fast path, stdio and Streamable HTTP`, function () {
    this.timeout(60_000);
    const runtime = domainRuntime(domain) as DomainRuntime<unknown>;
    let expected: PlayedCase[];
    let initialHash: string;
    let http: DomainHttpServer;

    before(async () => {
      http = new DomainHttpServer({ domains: [domain], port: 0, operatorToken: OPERATOR });
      await http.listen();
    });
    after(() => http.close());

    it('every case passes on the fast path, invariants hold after every call and results match their output schemas', async () => {
      const session = runtime.openSession();
      initialHash = session.stateHashSync();
      expected = await playCases(domain, cases, fastPort(session), runtime, () => session.state);
    });

    if (options.requireCoverage !== false) {
      it('every agent-visible tool has a case that succeeds and a case that fails', () => {
        const missing: string[] = [];
        for (const tool of domain.tools) {
          if (!cases.some((c) => c.tool === tool.name && c.ok)) missing.push(`${tool.name} (no succeeding case)`);
          if (!cases.some((c) => c.tool === tool.name && !c.ok)) missing.push(`${tool.name} (no failing case)`);
        }
        expect(missing).to.deep.equal([]);
      });
    }

    it('a fresh stdio process under TZ=Pacific/Kiritimati gives the same outcomes and hashes, and reset restores the initial hash', async function () {
      if (!expected) this.skip();
      const port = await McpPort.stdio(stdio.command, stdio.args, { ...stdio.env, TZ: 'Pacific/Kiritimati' });
      try {
        expect(await port.hash()).to.equal(initialHash);
        expect(await playCases(domain, cases, port)).to.deep.equal(expected);
        expect(await port.reset()).to.equal(initialHash);
      } finally {
        await port.close();
      }
    });

    const otherWorldArgs = stdio.otherWorldArgs;
    if (otherWorldArgs !== undefined) it('sessions of two worlds played call by call in turn in one process answer as each does alone in a fresh process', async function () {
      // Handlers keep derived data in module-level caches (per frozen object, per id, per day):
      // none may carry one session's or one world's answers into another's.
      if (!expected) this.skip();
      const port = await McpPort.stdio(stdio.command, otherWorldArgs, stdio.env);
      const alone: PlayedCase[] = [];
      try {
        for (const item of cases) alone.push({ outcome: await port.call(item.tool, item.args), hash: await port.hash() });
      } finally {
        await port.close();
      }
      expect(alone, 'the other world should answer differently somewhere').to.not.deep.equal(expected);
      const first = runtime.openSession();
      const second = runtime.openSession(OTHER_WORLD);
      for (let round = 0; round < 2; round++) {
        void first.reset();
        void second.reset();
        const inTurnFirst: PlayedCase[] = [];
        const inTurnSecond: PlayedCase[] = [];
        for (const item of cases) {
          inTurnFirst.push({ outcome: asJson(first.call(item.tool, item.args)), hash: first.stateHashSync() });
          inTurnSecond.push({ outcome: asJson(second.call(item.tool, item.args)), hash: second.stateHashSync() });
        }
        expect(inTurnFirst).to.deep.equal(expected);
        expect(inTurnSecond).to.deep.equal(alone);
      }
    });

    it('Streamable HTTP gives the same outcomes and hashes, and two sessions do not see each other', async function () {
      if (!expected) this.skip();
      const first = await McpPort.http(http.url(domain.name), OPERATOR);
      const second = await McpPort.http(http.url(domain.name), OPERATOR);
      try {
        expect(await playCases(domain, cases, first)).to.deep.equal(expected);
        expect(await second.hash(), 'the second session saw the first one\'s changes').to.equal(initialHash);
        expect(await playCases(domain, cases, second)).to.deep.equal(expected);
        expect(await first.reset()).to.equal(initialHash);
        expect(await second.hash()).to.equal(expected.at(-1)?.hash ?? initialHash);
      } finally {
        await first.close();
        await second.close();
      }
    });

    it('tools/list lists exactly the agent-visible tools, with input and output schemas and annotations, and no operator tool', async () => {
      const port = await McpPort.http(http.url(domain.name));
      try {
        const tools = await port.listTools();
        expect(tools.map((t) => t.name)).to.deep.equal(domain.tools.map((t) => t.name));
        for (const [i, tool] of tools.entries()) {
          expect(tool.inputSchema).to.deep.equal(domain.tools[i].input);
          expect(tool.outputSchema).to.deep.equal(domain.tools[i].output);
          expect(tool.annotations ?? {}).to.deep.equal(asJson(domain.tools[i].annotations));
        }
        for (const name of Object.values(OPERATOR_TOOLS)) expect(tools.map((t) => t.name)).to.not.include(name);
      } finally {
        await port.close();
      }
    });
  });
}
