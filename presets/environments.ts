import { definePreset } from '../core/index.js';
import { DomainEnvironmentPlugin } from '../plugins/environments/DomainEnvironmentPlugin.js';
import { domainNames } from '../servers/index.js';

/** Options of the `environments` preset. */
export interface EnvironmentsPresetOptions {
  /** Built-in domains to make live (default: all of them). */
  domains?: string[];
}

const names = domainNames();

/** The built-in MCP domains as live environments of the engine, one `DomainEnvironmentPlugin` each. */
export const environmentsPreset = definePreset<EnvironmentsPresetOptions>({
  name: 'environments',
  description: 'the built-in MCP domains as live environments (in-process sessions, onExecute, onSample)',
  optionsSchema: {
    type: 'object',
    properties: {
      domains: { type: 'array', items: names.length ? { type: 'string', enum: names } : { type: 'string' }, uniqueItems: true, description: 'built-in domains to make live (default: all)' },
    },
    additionalProperties: false,
  },
  setup: (options) => ({
    plugins: (options.domains ?? domainNames()).map((domain) => [DomainEnvironmentPlugin, { domain }] as [typeof DomainEnvironmentPlugin, { domain: string }]),
  }),
});

export default environmentsPreset;
