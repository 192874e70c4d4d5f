import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { JsonSchema } from '../../core/index.js';
import { domainNames, loadDomain } from '../../servers/index.js';
import { domainRuntime, type DomainRuntime } from '../../servers/kit/DomainSession.js';
import { REPO_ROOT } from '../support/project.js';
import type { ToolCase } from './ToolCase.js';

/** Names that a lookup through a plain object's prototype would find. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** Whether an argument names an entity by id (or by a key the domain uses as its id). */
function isIdArgument(name: string, schema: JsonSchema): boolean {
  return schema.type === 'string' && schema.enum === undefined && (/(^|_)id$/.test(name) || /(^|_)(symbol|code)$/.test(name));
}

/**
 * For every tool and every id argument: the first succeeding conformance case of the tool, with that
 * argument replaced by a prototype name, is a plain failure (not a crash, not a success) that
 * changes nothing.
 */
describe('ids named like Object.prototype members are plain not-found answers', () => {
  for (const name of domainNames()) {
    const file = join(REPO_ROOT, 'test', 'servers', name, 'cases.ts');
    if (!existsSync(file)) continue;
    it(`${name}: every id argument of every tool`, async () => {
      const domain = await loadDomain(name);
      const cases = (await import(pathToFileURL(file).href) as Record<string, ToolCase[]>)[`${camel(name)}Cases`];
      const runtime = domainRuntime(domain) as DomainRuntime<unknown>;
      const session = runtime.openSession();
      const problems: string[] = [];
      for (const tool of domain.tools) {
        const sample = cases.find((c) => c.tool === tool.name && c.ok);
        if (sample === undefined) continue;
        const properties = (tool.input.properties ?? {}) as Record<string, JsonSchema>;
        for (const [argument, schema] of Object.entries(properties)) {
          if (!isIdArgument(argument, schema)) continue;
          for (const id of PROTOTYPE_NAMES) {
            const before = session.stateHashSync();
            const outcome = session.call(tool.name, { ...sample.args, [argument]: id });
            const at = `${tool.name}(${argument}: ${id})`;
            if (outcome.ok) problems.push(`${at} succeeded`);
            else if (outcome.error.kind !== 'execution' && outcome.error.kind !== 'invalid_arguments') problems.push(`${at}: ${outcome.error.kind}`);
            else if (/internal error/i.test(outcome.error.message)) problems.push(`${at}: ${outcome.error.message}`);
            if (session.stateHashSync() !== before) problems.push(`${at} changed the state`);
          }
        }
      }
      expect(problems).to.deep.equal([]);
    });
  }
});
