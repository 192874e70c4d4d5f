import type { Example, ToolSchema } from '../../core/index.js';

const toolJson = new WeakMap<ToolSchema, string>();
const PLACEHOLDER = '\u0000tools\u0000';

/**
 * `JSON.stringify(example)`, byte for byte, with each tool schema serialized once per object: most
 * examples share their environment's tool objects, and the tools are most of an example's bytes.
 */
export function serializeExample(example: Example): string {
  const parts: string[] = [];
  for (const tool of example.tools) {
    let json = toolJson.get(tool);
    if (json === undefined) toolJson.set(tool, (json = JSON.stringify(tool)));
    parts.push(json);
  }
  const text = JSON.stringify({ ...example, tools: PLACEHOLDER });
  return text.replace(JSON.stringify(PLACEHOLDER), () => `[${parts.join(',')}]`);
}
