import type { Engine, Example } from '../../core/index.js';

/** Which live server runs each tool of an example, and which tools the model was offered. */
export interface ToolRouting {
  /** Tool name -> the example's live server that provides it. */
  serverOf: ReadonlyMap<string, string>;
  /** Names of the candidate tools shown to the model. */
  candidates: ReadonlySet<string>;
  /** Candidate tools that a live server provides, for the message of a call to anything else. */
  playable: readonly string[];
}

const cache = new WeakMap<Engine, WeakMap<Example, ToolRouting>>();

/**
 * The routing of an example: computed once per example and engine. When two live servers offer a
 * tool of the same name, the first server of `example.servers` wins (domains keep names unique).
 */
export function toolRouting(engine: Engine, example: Example): ToolRouting {
  let perEngine = cache.get(engine);
  if (!perEngine) cache.set(engine, (perEngine = new WeakMap()));
  let routing = perEngine.get(example);
  if (routing) return routing;
  const serverOf = new Map<string, string>();
  for (const server of example.servers) {
    for (const tool of engine.environment(server).tools) {
      if (!serverOf.has(tool.function.name)) serverOf.set(tool.function.name, server);
    }
  }
  const candidates = new Set(example.tools.map((tool) => tool.function.name));
  routing = { serverOf, candidates, playable: [...candidates].filter((name) => serverOf.has(name)) };
  perEngine.set(example, routing);
  return routing;
}
