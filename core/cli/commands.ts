import type { CommandDefinition } from './Command.js';

/**
 * The command table. Adding a command is one file exporting `defineCommand({...})` as default, and
 * one line here. Modules load only when their command runs, so `prove --help` stays fast.
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load(): Promise<{ default: CommandDefinition }>;
}

export const COMMANDS: readonly CommandEntry[] = [
  { name: 'config', summary: 'print the resolved configuration: presets, plugins with options, taps per hook', load: () => import('./configCommand.js') },
  { name: 'serve', summary: 'serve domains as live MCP servers: stdio for one domain, Streamable HTTP (--http) for several', load: () => import('../../servers/cli/serveCommand.js') },
  { name: 'tools', summary: 'list the tools of the built-in domains with their arguments, annotations and schemas (--json)', load: () => import('../../servers/cli/toolsCommand.js') },
  { name: 'score', summary: 'score trajectories against a dataset with the configured reward: one sheet per line, a summary per term', load: () => import('../../plugins/reward/scoreCommand.js') },
  { name: 'synth', summary: 'synthesize grounded multi-turn tool-use examples from the live environments; write examples.jsonl and manifest.json', load: () => import('../../plugins/synthesis/synthCommand.js') },
  { name: 'graph', summary: 'print the dependency graph of a domain (explicit and implicit edges) as text, Mermaid or DOT', load: () => import('../../plugins/synthesis/graphCommand.js') },
  { name: 'eval', summary: 'play a dataset against a policy in live environments; write rollouts.jsonl, summary.json and report.html', load: () => import('../../plugins/rollout/evalCommand.js') },
  { name: 'train', summary: 'GRPO against the live environments (optionally after SFT): metrics.jsonl, checkpoints, --resume', load: () => import('../../plugins/optimizer/trainCommand.js') },
  { name: 'export', summary: 'export a model for use outside the trainer: --format onnx (run in Node with onnxruntime-node)', load: () => import('../../plugins/export/exportCommand.js') },
  { name: 'serve-model', summary: 'serve an ONNX export as an OpenAI-compatible /v1/chat/completions endpoint (tools in, tool_calls out), in Node', load: () => import('../../plugins/policy/onnx/serveModelCommand.js') },
  { name: 'report', summary: 'render a training run’s curves (total reward over steps, each term at chosen steps) as one HTML page', load: () => import('../../plugins/optimizer/reportCommand.js') },
];
