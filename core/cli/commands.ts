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
];
