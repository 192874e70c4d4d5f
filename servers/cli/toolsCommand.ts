import { defineCommand } from '../../core/index.js';
import { loadDomains } from '../index.js';
import { OPERATOR_TOOLS } from '../kit/DomainMcpServer.js';
import { domainRuntime } from '../kit/DomainSession.js';

function flags(annotations: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean }): string {
  const out: string[] = [];
  if (annotations.readOnlyHint) out.push('read-only');
  if (annotations.destructiveHint) out.push('destructive');
  if (annotations.idempotentHint) out.push('idempotent');
  return out.length ? ` [${out.join(', ')}]` : '';
}

export default defineCommand({
  name: 'tools',
  summary: 'list the tools of the built-in domains with their arguments, annotations and schemas (--json)',
  usage: '[domain…]',
  description: `Without a domain, every built-in domain. Operator tools (${Object.values(OPERATOR_TOOLS).join(', ')}) exist on every served session but are not agent-visible and are not listed.`,
  options: {
    json: { type: 'boolean', description: 'machine-readable output: the MCP tools/list entries (input and output schemas, annotations) per domain' },
  },
  examples: ['prove-rl tools', 'prove-rl tools banking', 'prove-rl tools banking --json'],
  async run(context) {
    const domains = await loadDomains(context.positionals.length ? context.positionals : undefined);
    if (context.values.json) {
      const out = domains.map((domain) => {
        const runtime = domainRuntime(domain);
        return {
          domain: domain.name,
          title: domain.title,
          category: domain.category,
          description: domain.description,
          tools: runtime.mcpTools.map((tool, i) => ({ ...tool, sensitive: domain.tools[i].sensitive ?? [] })),
        };
      });
      context.stdout(JSON.stringify(context.positionals.length === 1 ? out[0] : out, null, 2) + '\n');
      return 0;
    }
    const lines: string[] = [];
    for (const domain of domains) {
      const runtime = domainRuntime(domain);
      if (lines.length) lines.push('');
      lines.push(`${domain.name} — ${domain.title} (${domain.category}, ${domain.tools.length} tools)`);
      for (const tool of domain.tools) {
        lines.push(`  ${tool.name}${flags(tool.annotations)}`);
        lines.push(`      ${tool.description.split('\n')[0]}`);
        lines.push(`      arguments: ${runtime.argumentSummary(tool.name)}`);
        if (tool.sensitive?.length) lines.push(`      sensitive: ${tool.sensitive.join(', ')}`);
      }
    }
    if (lines.length === 0) lines.push('(no domains)');
    context.stdout(lines.join('\n') + '\n');
    return 0;
  },
});
