import type { ExecutedCall, Example, GroundTruthStep, ToolCall, ToolSchema } from '../../core/index.js';

/** A candidate tool whose parameters are `{ key: type }`, all of them required unless listed in `optional`. */
export function tool(name: string, params: Record<string, string> = {}, optional: string[] = []): ToolSchema {
  const properties: Record<string, unknown> = {};
  for (const [key, type] of Object.entries(params)) properties[key] = { type };
  return {
    type: 'function',
    function: { name, description: name, parameters: { type: 'object', properties, required: Object.keys(params).filter((k) => !optional.includes(k)), additionalProperties: false } },
  };
}

/** A ground-truth step. */
export function step(id: string, calls: ToolCall[], dependsOn: string[] = [], turn = 0): GroundTruthStep {
  return { id, turn, calls, dependsOn };
}

export function call(name: string, args: Record<string, unknown> = {}): ToolCall {
  return { name, arguments: args };
}

/** A model call that executed; `step` is the assistant message it came from (omit for one call per message). */
export function ran(name: string, args: Record<string, unknown> = {}, ok = true, step?: number): ExecutedCall {
  return { name, arguments: args, server: 'shop', ok, ...(ok ? {} : { error: { kind: 'execution' as const, message: 'failed' } }), ...(step === undefined ? {} : { step }) };
}

export function example(groundTruth: GroundTruthStep[], tools: ToolSchema[], overrides: Partial<Example> = {}): Example {
  return {
    id: overrides.id ?? 'ex',
    kind: groundTruth.length === 0 ? 'abstention' : 'multi_turn',
    servers: ['shop'],
    tools,
    world: { seed: 1, referenceDate: '2026-03-01T09:00:00Z' },
    turns: [{ user: 'please' }],
    messages: [],
    groundTruth,
    perturbations: [],
    meta: {},
    ...overrides,
  };
}

/** The shop tools used across the worked cases, plus a distractor from another domain. */
export const SHOP_TOOLS: ToolSchema[] = [
  tool('search_products', { query: 'string', category: 'string' }, ['category']),
  tool('add_to_cart', { product_id: 'string', quantity: 'integer' }),
  tool('apply_coupon', { code: 'string' }),
  tool('checkout', { payment_method: 'string' }),
  tool('get_weather', { city: 'string' }),
];

/** The paper's 4-call task: search → add to cart → coupon → checkout, each step depending on the previous one. */
export function fourCallTask(): Example {
  return example(
    [
      step('s1', [call('search_products', { query: 'usb cable' })]),
      step('s2', [call('add_to_cart', { product_id: 'p_7', quantity: 2 })], ['s1']),
      step('s3', [call('apply_coupon', { code: 'SPRING10' })], ['s2']),
      step('s4', [call('checkout', { payment_method: 'card' })], ['s3']),
    ],
    SHOP_TOOLS,
    { id: 'four-call' },
  );
}

/** The ground truth of an example played back as a model would: one assistant message per step, every call succeeding. */
export function groundTruthAsCalls(ex: Example): ExecutedCall[] {
  const calls: ExecutedCall[] = [];
  ex.groundTruth.forEach((s, i) => {
    for (const c of s.calls) calls.push({ name: c.name, arguments: structuredClone(c.arguments), server: 'shop', ok: true, step: i });
  });
  return calls;
}
