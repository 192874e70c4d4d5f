import type { Engine, Example, RewardSheet } from '../../core/index.js';
import type { LineBatch } from './lineStreams.js';
import { parseTrajectoryLine } from './parseTrajectoryLine.js';
import { replay, withOutcomes } from './replayCalls.js';

/**
 * The texts of the numbers written lately. A term takes few distinct values (k / (3N), i / n, …),
 * and formatting a double (shortest round trip) costs several times a Map read. Bounded: emptied
 * when full.
 */
const numberTexts = new Map<number, string>();
const NUMBER_TEXTS = 4096;

/** A number as JSON.stringify writes it: String() when finite, else null (0 and 1, the commonest terms, without formatting). */
function numberJson(value: number): string {
  if (value === 1) return '1';
  if (value === 0) return '0';
  let text = numberTexts.get(value);
  if (text === undefined) {
    // -0 is a Map key equal to 0, handled above; NaN is one key, and ±Infinity are keys of their own.
    text = Number.isFinite(value) ? String(value) : 'null';
    if (numberTexts.size >= NUMBER_TEXTS) numberTexts.clear();
    numberTexts.set(value, text);
  }
  return text;
}

/** JSON keys, quoted once each. */
const quotedKeys = new Map<string, string>();

/**
 * A flat record of numbers as JSON: what JSON.stringify gives, without its generic walk. `memo`
 * keeps the last record's keys, values and text: the weights are the same on every sheet.
 */
function numbersJson(values: Record<string, number>, memo?: { keys: string[]; values: number[]; text: string }): string {
  if (memo !== undefined) {
    let k = 0;
    let same = true;
    for (const key in values) {
      if (k >= memo.keys.length || memo.keys[k] !== key || !Object.is(memo.values[k], values[key])) {
        same = false;
        break;
      }
      k++;
    }
    if (same && k === memo.keys.length) return memo.text;
  }
  let out = '{';
  for (const key in values) {
    let quoted = quotedKeys.get(key);
    if (quoted === undefined) quotedKeys.set(key, (quoted = JSON.stringify(key) + ':'));
    if (out.length > 1) out += ',';
    out += quoted + numberJson(values[key]);
  }
  out += '}';
  if (memo !== undefined) {
    memo.keys = Object.keys(values);
    memo.values = memo.keys.map((key) => values[key]);
    memo.text = out;
  }
  return out;
}

const lastWeights = { keys: [] as string[], values: [] as number[], text: '{}' };

/** One output line: the sheet, with its per-call details only when asked for. */
function sheetLine(line: number, exampleId: string, sheet: RewardSheet, details: boolean): string {
  if (details) return JSON.stringify({ line, exampleId, ...sheet }) + '\n';
  return `{"line":${line},"exampleId":${JSON.stringify(exampleId)},"total":${numberJson(sheet.total)},"terms":${numbersJson(sheet.terms)},"weights":${numbersJson(sheet.weights, lastWeights)}}\n`;
}

/** The terms of a sheet, without their values: the term names in order and the weight of each (null when the sheet has none). */
export interface SheetShape {
  terms: string[];
  weights: Array<number | null>;
}

/** Whether `sheet` has the terms of `shape`, in the same order (a shape's weights are its first sheet's). */
function sameShape(shape: SheetShape, sheet: RewardSheet): boolean {
  const terms = shape.terms;
  let k = 0;
  for (const term in sheet.terms) {
    if (k >= terms.length || terms[k] !== term) return false;
    k++;
  }
  return k === terms.length;
}

/**
 * What scoring a batch of lines gave, in a form that crosses a worker boundary cheaply: the
 * output lines as one text, and per scored line, in order, its shape (an index into `shapes`)
 * and its values (the total, then each term's value) in `values`.
 */
export interface BatchResult {
  out: string;
  shapes: SheetShape[];
  shapeOf: number[];
  values: number[];
  /** Lines that could not be scored, in order. */
  problems: Array<{ line: number; reason: string }>;
}

export interface BatchScorerOptions {
  datasetFile: string;
  /** Replay every call live (needs the engine's environments). */
  execute: boolean;
  /** Write each term's per-call details. */
  details: boolean;
}

/**
 * Scores the lines of a trajectories file, a batch at a time, the same way in the CLI's thread
 * and in its worker threads: each line parsed, checked, scored by `engine.reward` and written as
 * a sheet line, or reported as a problem with its number.
 */
export class BatchScorer {
  constructor(
    private readonly engine: Engine,
    private readonly byId: ReadonlyMap<string, Example>,
    private readonly options: BatchScorerOptions,
  ) {}

  async score(batch: LineBatch): Promise<BatchResult> {
    const { engine, byId, options } = this;
    const result: BatchResult = { out: '', shapes: [], shapeOf: [], values: [], problems: [] };
    const texts = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.length).toString('utf8').split('\n');
    let shape = -1;
    for (let k = 0; k < batch.lines; k++) {
      const line = batch.firstLine + k;
      const text = texts[k].trim();
      if (text === '') continue;
      let reason: string;
      const parsed = parseTrajectoryLine(text);
      if ('problem' in parsed) reason = parsed.problem;
      else {
        const example = byId.get(parsed.exampleId);
        if (example === undefined) reason = `exampleId "${parsed.exampleId}" is not in the dataset ${options.datasetFile}`;
        else if (!options.execute && !parsed.hasOutcomes) reason = 'the calls carry no outcomes ("ok"); pass --execute to replay them live';
        else {
          const calls = options.execute ? await replay(engine, example, parsed.calls) : withOutcomes(parsed.calls);
          const sheet = await engine.reward({ example, calls });
          result.out += sheetLine(line, example.id, sheet, options.details);
          if (shape < 0 || !sameShape(result.shapes[shape], sheet)) {
            const terms = Object.keys(sheet.terms);
            shape = result.shapes.length;
            result.shapes.push({ terms, weights: terms.map((term) => sheet.weights[term] ?? null) });
          }
          result.shapeOf.push(shape);
          result.values.push(sheet.total);
          for (const term in sheet.terms) result.values.push(sheet.terms[term]);
          continue;
        }
      }
      result.problems.push({ line, reason });
    }
    return result;
  }
}
