import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DOMAINS, domainNames, loadDomain, loadDomains } from '../../servers/index.js';
import { domainRuntime } from '../../servers/kit/DomainSession.js';
import type { JsonSchema } from '../../core/index.js';
import { REPO_ROOT } from '../support/project.js';
import { ledgerCases } from './kit/ledgerCases.js';
import { ledgerDomain } from './kit/ledgerDomain.js';
import { describeConformance, OTHER_WORLD } from './support/conformance.js';
import type { ToolCase } from './ToolCase.js';

const camel = (name: string) => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

describe('the domain registry', () => {
  it('loads every registered domain; tool names are unique across all domains', async () => {
    const domains = await loadDomains();
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const domain of domains) {
      for (const tool of domain.tools) {
        if (owner.has(tool.name)) clashes.push(`${tool.name} (${owner.get(tool.name)} and ${domain.name})`);
        owner.set(tool.name, domain.name);
      }
    }
    expect(clashes).to.deep.equal([]);
    expect(domains.map((d) => d.name)).to.deep.equal(domainNames());
  });

  it('every tool follows the contract: snake_case, described, object input with described properties and no extra keys, an output schema', async () => {
    const problems: string[] = [];
    for (const domain of await loadDomains()) {
      domainRuntime(domain);
      for (const tool of domain.tools) {
        const at = `${domain.name}.${tool.name}`;
        if (!/^[a-z][a-z0-9_]*$/.test(tool.name)) problems.push(`${at}: name is not snake_case`);
        if (tool.description.length < 20) problems.push(`${at}: description too short for a model`);
        if (tool.input.additionalProperties !== false) problems.push(`${at}: input must set additionalProperties: false`);
        for (const [key, property] of Object.entries((tool.input.properties ?? {}) as Record<string, JsonSchema>)) {
          if (typeof property.description !== 'string' || property.description === '') problems.push(`${at}.${key}: property has no description`);
        }
        if (tool.output.type !== 'object') problems.push(`${at}: output schema must be an object`);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('an unknown domain is refused with the list of valid ones', async () => {
    let failure: unknown;
    await loadDomain('no_such_domain').catch((error: unknown) => (failure = error));
    expect(String(failure)).to.include('no domain named "no_such_domain"');
    expect(Object.keys(DOMAINS).every((name) => String(failure).includes(name))).to.equal(true);
  });
});

// Every registered domain that has cases gets the whole suite; a domain without cases yet is skipped by construction.
for (const name of domainNames()) {
  const file = join(REPO_ROOT, 'test', 'servers', name, 'cases.ts');
  if (!existsSync(file)) continue;
  const domain = await loadDomain(name);
  const cases = (await import(pathToFileURL(file).href) as Record<string, ToolCase[] | undefined>)[`${camel(name)}Cases`];
  if (!Array.isArray(cases)) throw new Error(`${file} must export an array of ToolCase named ${camel(name)}Cases`);
  const serve = ['--import', 'tsx', join(REPO_ROOT, 'core', 'cli', 'bin.ts'), 'serve', name];
  describeConformance(domain, cases, { command: process.execPath, args: serve, otherWorldArgs: [...serve, '--seed', String(OTHER_WORLD.seed), '--reference-date', OTHER_WORLD.referenceDate] });
}

describeConformance(ledgerDomain, ledgerCases, { command: process.execPath, args: ['--import', 'tsx', join(REPO_ROOT, 'test', 'servers', 'kit', 'serveLedger.ts')] }, { requireCoverage: false });
