import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { errors, sourceFingerprint, type CommandEntry, type Engine, type ExecuteRequest, type ExecutedCall, type JsonSchema, type ProvePlugin, type SampleRequest, type SamplingContext } from '../../core/index.js';
import { loadDomain } from '../../servers/index.js';
import { crossDomainScenariosOf } from '../../servers/crossDomain/index.js';
import type { DomainDefinition } from '../../servers/kit/Domain.js';
import { DomainSession, domainEnvironment, domainRuntime, type DomainRuntime } from '../../servers/kit/DomainSession.js';
import { proveRoot } from '../../servers/kit/fixtures.js';
import { PRINCIPAL, SCENARIOS } from '../synthesis/contracts.js';

const PLUGIN_NAME = 'DomainEnvironmentPlugin';

/** Options: a built-in domain by name, or a domain object (a third party's `defineDomain(...)`). */
export interface DomainEnvironmentOptions {
  domain: string | DomainDefinition;
}

/** Most candidate values offered per argument of a chain's tool. */
const CHAIN_CANDIDATES = 20;
/** A text field with more distinct values than this is an identifier or free text, not a category. */
const MAX_DISTINCT_VALUES = 50;

function isIdField(field: string): boolean {
  return field === 'id' || /(_id|Id)$/.test(field);
}

/** Numeric ranges and categorical values of the sampled records, keyed `collection.field`. */
function summarize(entities: SamplingContext['entities']): Pick<SamplingContext, 'ranges' | 'values'> {
  const ranges: SamplingContext['ranges'] = {};
  const values: SamplingContext['values'] = {};
  for (const [collection, records] of Object.entries(entities)) {
    const distinct = new Map<string, Set<unknown>>();
    for (const record of records) {
      for (const [field, value] of Object.entries(record)) {
        const key = `${collection}.${field}`;
        if (typeof value === 'number' && Number.isFinite(value)) {
          const range = ranges[key];
          if (range === undefined) ranges[key] = { min: value, max: value };
          else {
            if (value < range.min) range.min = value;
            if (value > range.max) range.max = value;
          }
        } else if ((typeof value === 'string' || typeof value === 'boolean') && !isIdField(field)) {
          let set = distinct.get(key);
          if (set === undefined) distinct.set(key, (set = new Set()));
          if (set.size <= MAX_DISTINCT_VALUES) set.add(value);
        }
      }
    }
    for (const [key, set] of distinct) if (set.size <= MAX_DISTINCT_VALUES) values[key] = [...set].sort();
  }
  return { ranges, values };
}

/** For each argument of each tool of a chain: real values it could take (enum values, or matching fields of sampled entities). */
function alignChain(runtime: DomainRuntime<unknown>, chain: readonly string[], entities: SamplingContext['entities']): NonNullable<SamplingContext['chain']> {
  const out: NonNullable<SamplingContext['chain']> = {};
  for (const toolName of chain) {
    const tool = runtime.domain.tools.find((t) => t.name === toolName);
    if (!tool) continue;
    const properties = (tool.input.properties ?? {}) as Record<string, JsonSchema>;
    const candidates: Record<string, unknown[]> = {};
    for (const [argument, schema] of Object.entries(properties)) {
      const found = new Set<unknown>();
      if (Array.isArray(schema.enum)) for (const value of schema.enum) found.add(value);
      const entityName = argument.replace(/_id$/, '');
      for (const [collection, records] of Object.entries(entities)) {
        // `account_id` takes the ids of `accounts`; any argument takes the values of a same-named field.
        const idOfCollection = argument.endsWith('_id') && (collection === entityName || collection === `${entityName}s` || collection === `${entityName}es`);
        for (const record of records) {
          if (found.size >= CHAIN_CANDIDATES) break;
          if (record[argument] !== undefined) found.add(record[argument]);
          else if (idOfCollection && record.id !== undefined) found.add(record.id);
        }
      }
      if (found.size > 0) candidates[argument] = [...found];
    }
    out[toolName] = { arguments: candidates, readOnly: tool.annotations.readOnlyHint === true };
  }
  return out;
}

/** The commands of the built-in domains, registered once however many domains are live. */
export const DOMAIN_COMMANDS: readonly CommandEntry[] = [
  { name: 'serve', summary: 'serve domains as live MCP servers: stdio for one domain, Streamable HTTP (--http) for several', load: () => import('../../servers/cli/serveCommand.js') },
  { name: 'tools', summary: 'list the tools of the built-in domains with their arguments, annotations and schemas (--json)', load: () => import('../../servers/cli/toolsCommand.js') },
];

/**
 * Makes one domain a live environment of the engine: registers it (sessions on the in-process fast
 * path), runs the calls addressed to it (`onExecute`), and fills the sampling context from its
 * samplers (`onSample`): real entities, their numeric ranges and categorical values, and
 * candidates for the arguments of a requested tool chain.
 */
export class DomainEnvironmentPlugin implements ProvePlugin {
  static readonly pluginName = PLUGIN_NAME;
  /** Declared for the CLI, which finds a command without applying plugins; `apply` registers the same entries. */
  static readonly commands: readonly CommandEntry[] = DOMAIN_COMMANDS;
  static readonly description = 'a built-in MCP domain as a live environment: in-process sessions, onExecute, onSample from its samplers';
  readonly name: string;
  private readonly domain: string | DomainDefinition;

  constructor(options: DomainEnvironmentOptions) {
    const domain = (options as Partial<DomainEnvironmentOptions> | undefined)?.domain;
    // No optionsSchema on purpose: the resolver would deep-copy a domain object, and sessions share per domain object.
    const valid = typeof domain === 'string' ? /^[a-z][a-z0-9_]*$/.test(domain) : domain !== null && typeof domain === 'object' && typeof domain.name === 'string' && Array.isArray(domain.tools);
    if (!valid) throw errors.invalidPluginOptions(PLUGIN_NAME, '"domain"', domain, 'must be a built-in domain name (prove-rl tools lists them) or a domain object from defineDomain()');
    this.domain = domain as string | DomainDefinition;
    this.name = `environment:${typeof domain === 'string' ? domain : (domain as DomainDefinition).name}`;
  }

  async apply(engine: Engine): Promise<void> {
    const domain = typeof this.domain === 'string' ? await loadDomain(this.domain) : this.domain;
    const runtime = domainRuntime(domain) as DomainRuntime<unknown>;
    const environment = domainEnvironment(domain);
    if (typeof this.domain === 'string') {
      // A built-in domain is its folder (and what it imports), its fixtures and the package's dependencies.
      const name = this.domain;
      let fingerprint: string | undefined;
      environment.fingerprint = () =>
        (fingerprint ??= sourceFingerprint(proveRoot(), {
          dirs: [fileURLToPath(new URL(`../../servers/${name}/`, import.meta.url)), join(proveRoot(), 'fixtures', name)],
          files: [join(proveRoot(), 'package.json'), join(proveRoot(), 'package-lock.json')],
        }));
    }
    engine.registerEnvironment(environment, this.name);
    for (const command of DomainEnvironmentPlugin.commands) engine.registerCommand(command, this);

    engine.hooks.onExecute.tapPromise(this.name, (request: ExecuteRequest): Promise<ExecutedCall | undefined> => {
      if (request.server !== runtime.name) return Promise.resolve(undefined);
      const session = request.session;
      // Our own sessions take the synchronous fast path; anything else that claims the server runs its own execute.
      if (session instanceof DomainSession && session.runtime === runtime) return Promise.resolve(session.executeSync(request.call));
      return session.execute(request.call);
    });

    engine.hooks.onSample.tapPromise(this.name, (context: SamplingContext, request: SampleRequest): Promise<SamplingContext> => {
      if (request.server !== runtime.name) return Promise.resolve(context);
      const session = request.session;
      const state = session instanceof DomainSession && session.runtime === runtime ? session.state : runtime.world;
      const entities = runtime.sample(state);
      const { ranges, values } = summarize(entities);
      const next: SamplingContext = {
        ...context,
        entities: { ...context.entities, ...entities },
        ranges: { ...context.ranges, ...ranges },
        values: { ...context.values, ...values },
        meta: { ...context.meta, domain: runtime.name, category: domain.category, collections: Object.keys(entities) },
      };
      const cross = crossDomainScenariosOf(runtime.name);
      if ((domain.scenarios !== undefined && domain.scenarios.length > 0) || cross.length > 0) next.meta = SCENARIOS.with(next.meta, { scenarios: domain.scenarios ?? [], state, cross });
      if (domain.principal !== undefined) next.meta = PRINCIPAL.with(next.meta, domain.principal);
      if (request.chain) next.chain = { ...context.chain, ...alignChain(runtime, request.chain, entities) };
      return Promise.resolve(next);
    });
  }
}

export default DomainEnvironmentPlugin;
