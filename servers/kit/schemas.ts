import type { JsonSchema } from '../../core/index.js';

/**
 * Shorthands for the JSON Schemas of tool inputs and outputs, so that a tool's schema reads as a
 * list of described fields. Every helper takes the description a model needs.
 */

export const text = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'string', description, ...extra });
/** An id argument: a short non-empty string. */
export const idText = (description: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 64, description });
export const nullableText = (description: string): JsonSchema => ({ type: ['string', 'null'], description });
export const integer = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', description, ...extra });
export const number = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'number', description, ...extra });
export const nullableNumber = (description: string): JsonSchema => ({ type: ['number', 'null'], description });
export const boolean = (description: string): JsonSchema => ({ type: 'boolean', description });
export const oneOf = (values: readonly string[], description: string): JsonSchema => ({ type: 'string', enum: [...values], description });
export const day = (description: string): JsonSchema => ({ type: 'string', format: 'date', description });
export const listOf = (items: JsonSchema, description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'array', items, description, ...extra });

/** A closed object: every property required unless listed in `optional`. */
export function objectOf(properties: Record<string, JsonSchema>, optional: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties).filter((key) => !optional.includes(key)), additionalProperties: false };
}

/** A tool's output schema: an object whose listed properties are all required (results may carry more). */
export function outputOf(properties: Record<string, JsonSchema>, required: readonly string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', properties, required: [...required] };
}

/** A tool's input schema: a closed object whose `required` lists the required arguments. */
export function inputOf(properties: Record<string, JsonSchema>, required: readonly string[] = []): JsonSchema {
  return { type: 'object', properties, required: [...required], additionalProperties: false };
}

/** Money in major units, rounded to cents. */
export const money = (description: string, extra: JsonSchema = {}): JsonSchema => ({ type: 'number', description, ...extra });
/** A positive amount with at most two decimals, as an argument. */
export const amountArgument = (description: string, maximum = 1_000_000): JsonSchema => ({ type: 'number', exclusiveMinimum: 0, maximum, description });
