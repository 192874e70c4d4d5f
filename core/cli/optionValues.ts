import { errors } from '../errors.js';

/**
 * Typed readers of command-line option values (strings from the command line; numbers may come
 * from a config section). Each rejects a bad value with PROVE_INVALID_ARGUMENT naming the command,
 * the option, the value and what is allowed.
 */

/** An integer of at least `min`. */
export function integerOption(command: string, option: string, value: unknown, min: number): number {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isSafeInteger(n) || n < min) throw errors.invalidArgument(command, `--${option}`, value, `must be an integer of at least ${min}`);
  return n;
}

/** A finite number, of at least `min` when given. */
export function numberOption(command: string, option: string, value: unknown, min = -Infinity): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n) || n < min) throw errors.invalidArgument(command, `--${option}`, value, min === -Infinity ? 'must be a number' : `must be a number of at least ${min}`);
  return n;
}

/** One of `allowed`. */
export function choiceOption<T extends string>(command: string, option: string, value: unknown, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) throw errors.invalidArgument(command, `--${option}`, value, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** A non-empty string, or undefined. */
export function textOption(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
