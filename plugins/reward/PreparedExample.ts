import type { Ajv, ValidateFunction } from 'ajv';
import { createAjv, errors, type Example, type JsonSchema, type ToolSchema } from '../../core/index.js';
import { requiredTypesCheck, type ArgumentCheck } from './requiredTypesCheck.js';

/** One ground-truth call, flattened out of its step. */
export interface GroundTruthCall {
  /** Id of the step the call belongs to. */
  step: string;
  /** Index of that step in `example.groundTruth`. */
  stepIndex: number;
  /** Index of the call within its step. */
  index: number;
  name: string;
  arguments: Record<string, unknown>;
  /** Argument keys of the call: a model call must contain all of them to match it. */
  keys: readonly string[];
  /** The values of those keys, in the same order. */
  values: readonly unknown[];
  /** None of the keys is a property every object inherits (`constructor`, `toString`, …): a key read as undefined is a missing key. */
  plainKeys: boolean;
  /**
   * Indices (into `PreparedExample.calls`) of every call of every step this call's step depends on
   * directly. Always smaller than the call's own index: the calls are in dependency order.
   */
  dependsOn: readonly number[];
}

let validatorAjv: Ajv | undefined;
const validatorsBySchema = new WeakMap<object, ValidateFunction>();
const validatorsByContent = new Map<string, ValidateFunction>();

/**
 * A compiled validator for a parameters schema. Compiled once per distinct schema: by object
 * identity first (no serialisation on the hot path), then by content, because every dataset line
 * parsed from JSONL carries its own copy of the same few hundred tool schemas.
 */
function validatorFor(exampleId: string, tool: string, schema: JsonSchema): ValidateFunction {
  const known = validatorsBySchema.get(schema);
  if (known) return known;
  const content = JSON.stringify(schema);
  let validate = validatorsByContent.get(content);
  if (!validate) {
    // Only a yes/no is needed: stop at the first error.
    validatorAjv ??= createAjv({ allErrors: false });
    // The default Ajv speaks draft-07; a draft tag is not what the model is judged on.
    const { $schema: _ignored, ...body } = schema;
    try {
      validate = validatorAjv.compile(body);
    } catch (error) {
      throw errors.invalidToolSchema(exampleId, tool, error instanceof Error ? error.message : String(error));
    }
    validatorsByContent.set(content, validate);
  }
  validatorsBySchema.set(schema, validate);
  return validate;
}

/** Keys that every plain object inherits (`constructor`, `toString`, `__proto__`, …). */
const INHERITED_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

const ANY_OBJECT: JsonSchema = { type: 'object' };

const prepared = new WeakMap<Example, PreparedExample>();

/**
 * What the reward terms need to know of one tool name on one example, looked up once per model
 * call (one Map read shared by validity, coverage and the name term instead of one each).
 */
export interface NameInfo {
  /** Indices (into `PreparedExample.calls`, ascending) of the ground-truth calls of this name, or undefined when none is. */
  readonly groundTruth: readonly number[] | undefined;
  /** Whether the name is among the candidate tools shown to the model. */
  readonly candidate: boolean;
  /** The paper's level-2 check, once validity has asked for it (`PreparedExample.requiredTypesOf`). */
  requiredTypes: ArgumentCheck | undefined;
}

/** A name that is neither a candidate tool nor a ground-truth call's (shared: never written). */
const UNKNOWN_NAME: NameInfo = Object.freeze({ groundTruth: undefined, candidate: false, requiredTypes: undefined });

/**
 * What every reward term needs from an example, computed once per example object and cached:
 * the ground-truth calls flattened in dependency order, the set of ground-truth tool names, and
 * validators for the candidate tools (compiled on first use). Examples are treated as immutable
 * data; the rollouts of one GRPO group share one example object and therefore one preparation.
 */
export class PreparedExample {
  readonly id: string;
  /** The example this prepares. */
  readonly example: Example;
  /** Ground-truth calls in dependency order (steps topologically sorted, stable; calls in step order). */
  readonly calls: readonly GroundTruthCall[];
  /** Names of the ground-truth calls. */
  readonly names: ReadonlySet<string>;
  /** The example has no ground-truth call: the model should make none (the paper's abstention rule). */
  readonly abstention: boolean;
  /** Indices (into `calls`, ascending) of the ground-truth calls of each name. */
  private readonly callsByName = new Map<string, number[]>();
  private readonly tools = new Map<string, ToolSchema>();
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly requiredChecks = new Map<string, ArgumentCheck>();
  /** One entry per candidate tool and per ground-truth name. */
  private readonly nameInfos = new Map<string, NameInfo>();

  /** The preparation of `example`, cached by object identity. Throws a coded error for a malformed ground truth. */
  static of(example: Example): PreparedExample {
    let value = prepared.get(example);
    if (!value) {
      value = new PreparedExample(example);
      prepared.set(example, value);
    }
    return value;
  }

  private constructor(example: Example) {
    this.id = String(example.id);
    this.example = example;
    const fail = (reason: string) => errors.invalidGroundTruth(this.id, reason);
    const steps = example.groundTruth;
    if (!Array.isArray(steps)) throw fail('groundTruth must be an array of steps');
    const stepIndexById = new Map<string, number>();
    for (const [i, step] of steps.entries()) {
      if (step === null || typeof step !== 'object') throw fail(`groundTruth[${i}] must be an object with id, calls and dependsOn`);
      if (typeof step.id !== 'string') throw fail(`groundTruth[${i}].id must be a string`);
      if (stepIndexById.has(step.id)) throw fail(`step id "${step.id}" is used twice`);
      if (!Array.isArray(step.calls)) throw fail(`step "${step.id}": calls must be an array`);
      if (step.dependsOn !== undefined && !Array.isArray(step.dependsOn)) throw fail(`step "${step.id}": dependsOn must be an array of step ids`);
      stepIndexById.set(step.id, i);
    }
    // Kahn's algorithm, always taking the earliest ready step: the dataset's own order when it is valid.
    const dependencies = steps.map((step) => {
      const out: number[] = [];
      for (const id of step.dependsOn ?? []) {
        const index = stepIndexById.get(id);
        if (index === undefined) throw fail(`step "${step.id}" depends on "${String(id)}", which is not a step; steps: ${[...stepIndexById.keys()].join(', ')}`);
        if (index === stepIndexById.get(step.id)) throw fail(`step "${step.id}" depends on itself`);
        if (!out.includes(index)) out.push(index);
      }
      return out;
    });
    const order: number[] = [];
    const placed = new Array<boolean>(steps.length).fill(false);
    while (order.length < steps.length) {
      let next = -1;
      for (let i = 0; i < steps.length && next < 0; i++) {
        if (!placed[i] && dependencies[i].every((d) => placed[d])) next = i;
      }
      if (next < 0) {
        const stuck = steps.filter((_, i) => !placed[i]).map((s) => s.id);
        throw fail(`steps depend on each other in a cycle: ${stuck.join(', ')}`);
      }
      placed[next] = true;
      order.push(next);
    }
    const calls: GroundTruthCall[] = [];
    const firstCall = new Array<number>(steps.length);
    for (const stepIndex of order) {
      const step = steps[stepIndex];
      const dependsOn: number[] = [];
      for (const d of dependencies[stepIndex]) for (let k = 0; k < steps[d].calls.length; k++) dependsOn.push(firstCall[d] + k);
      dependsOn.sort((a, b) => a - b);
      firstCall[stepIndex] = calls.length;
      for (const [index, call] of step.calls.entries()) {
        if (call === null || typeof call !== 'object' || typeof call.name !== 'string') throw fail(`step "${step.id}" calls[${index}] must have a string name`);
        const args = call.arguments ?? {};
        if (args === null || typeof args !== 'object' || Array.isArray(args)) throw fail(`step "${step.id}" calls[${index}] (${call.name}): arguments must be an object`);
        const keys = Object.keys(args);
        const plainKeys = keys.every((key) => !INHERITED_KEYS.has(key));
        calls.push({ step: step.id, stepIndex, index, name: call.name, arguments: args, keys, values: keys.map((key) => (args as Record<string, unknown>)[key]), plainKeys, dependsOn });
      }
    }
    this.calls = calls;
    this.names = new Set(calls.map((c) => c.name));
    for (let g = 0; g < calls.length; g++) {
      const list = this.callsByName.get(calls[g].name);
      if (list) list.push(g);
      else this.callsByName.set(calls[g].name, [g]);
    }
    this.abstention = calls.length === 0;
    for (const tool of Array.isArray(example.tools) ? example.tools : []) {
      const name = tool?.function?.name;
      if (typeof name === 'string' && !this.tools.has(name)) this.tools.set(name, tool);
    }
    for (const name of [...this.tools.keys(), ...this.callsByName.keys()]) {
      if (!this.nameInfos.has(name)) this.nameInfos.set(name, { groundTruth: this.callsByName.get(name), candidate: this.tools.has(name), requiredTypes: undefined });
    }
  }

  /** What the terms need of tool name `name` (a shared empty answer for a malformed call's undefined name, or a name that is neither a candidate nor a ground-truth one). */
  nameInfo(name: string | undefined): NameInfo {
    return name === undefined ? UNKNOWN_NAME : (this.nameInfos.get(name) ?? UNKNOWN_NAME);
  }

  /** requiredTypes(name) for the name `info` describes, kept on it after the first call. */
  requiredTypesOf(name: string, info: NameInfo): ArgumentCheck | undefined {
    if (!info.candidate) return undefined;
    return (info.requiredTypes ??= this.requiredTypes(name));
  }

  /** Indices (into `calls`, ascending) of the ground-truth calls named `name`, or undefined when none is. */
  groundTruthNamed(name: string): readonly number[] | undefined {
    return this.callsByName.get(name);
  }

  /** Whether `name` is among the candidate tools shown to the model. */
  isCandidate(name: string): boolean {
    return this.tools.has(name);
  }

  /** The paper's level-2 check of candidate tool `name` (required keys present, compatible JSON types), or undefined when it is not a candidate. */
  requiredTypes(name: string): ArgumentCheck | undefined {
    let check = this.requiredChecks.get(name);
    if (check) return check;
    const tool = this.tools.get(name);
    if (!tool) return undefined;
    const schema = tool.function.parameters;
    const body = schema !== null && typeof schema === 'object' ? schema : ANY_OBJECT;
    // Compiled (once per distinct schema) only so that a schema that is not one is a coded error here too.
    validatorFor(this.id, name, body);
    check = requiredTypesCheck(body);
    this.requiredChecks.set(name, check);
    return check;
  }

  /** The compiled parameters validator of candidate tool `name`, or undefined when it is not a candidate. */
  validator(name: string): ValidateFunction | undefined {
    let validate = this.validators.get(name);
    if (validate) return validate;
    const tool = this.tools.get(name);
    if (!tool) return undefined;
    const schema = tool.function.parameters;
    validate = validatorFor(this.id, name, schema !== null && typeof schema === 'object' ? schema : ANY_OBJECT);
    this.validators.set(name, validate);
    return validate;
  }
}
