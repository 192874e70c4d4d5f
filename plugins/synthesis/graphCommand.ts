import { defineCommand, errors } from '../../core/index.js';
import { DEPENDENCY_GRAPH } from './contracts.js';
import { renderGraphDot, renderGraphMermaid, renderGraphText, type DependencyGraph } from './DependencyGraph.js';

export default defineCommand({
  name: 'graph',
  summary: 'print the dependency graph of a domain (explicit and implicit edges) as text, Mermaid or DOT',
  usage: '<domain>',
  description: 'Builds the graph as synthesis does (output fields matched to required inputs, live probing in fresh sessions) through the configured onSample taps, and prints it.',
  options: {
    format: { type: 'string', valueName: 'FORMAT', description: 'text, mermaid or dot', default: 'text' },
  },
  examples: ['prove-rl graph banking', 'prove-rl graph shopping --format mermaid'],
  async run(context) {
    const [domain] = context.positionals;
    if (domain === undefined || context.positionals.length > 1) throw errors.usage('graph', 'name exactly one domain');
    const format = typeof context.values.format === 'string' ? context.values.format : 'text';
    if (!['text', 'mermaid', 'dot'].includes(format)) throw errors.invalidArgument('graph', '--format', format, 'must be text, mermaid or dot');
    const engine = await context.engine();
    const environment = engine.environment(domain);
    const session = await engine.openSession(domain, { seed: 0, referenceDate: environment.defaultReferenceDate ?? '2026-03-16T09:00:00Z' });
    let graph: DependencyGraph | undefined;
    try {
      graph = DEPENDENCY_GRAPH.get((await engine.sample({ server: domain, session, seed: 0 })).meta);
    } finally {
      await session.close();
    }
    if (graph === undefined) throw errors.synthesisNoGraph(domain);
    context.stdout(format === 'mermaid' ? renderGraphMermaid(graph) : format === 'dot' ? renderGraphDot(graph) : renderGraphText(graph));
    return 0;
  },
});
