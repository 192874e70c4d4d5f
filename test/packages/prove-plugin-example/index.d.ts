import type { Engine, JsonSchema, ProvePlugin } from 'prove-rl';

export interface ExampleAuditOptions {
  log?: string;
  bonus?: number;
}

export default class ExampleAuditPlugin implements ProvePlugin {
  static pluginName: string;
  static description: string;
  static optionsSchema: JsonSchema;
  readonly name: string;
  constructor(options: ExampleAuditOptions);
  apply(engine: Engine): void;
}
