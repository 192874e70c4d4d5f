/**
 * Secrets in a domain's state (card PINs, full account or passport numbers) never leave a served
 * session in a snapshot. The keys masked are the kit's defaults, every argument name a tool marks
 * `sensitive`, and the domain's own `sensitiveState` (`key`, or `parent.key` where the key alone
 * is too common, e.g. `passport.number`: the nearest enclosing object key, array indexes skipped).
 */

/** Keys masked in every domain's snapshots. */
export const DEFAULT_SENSITIVE_KEYS: readonly string[] = ['pin', 'password', 'passcode', 'cvv', 'cvc', 'card_number', 'account_number', 'secret', 'api_key', 'token'];

/** The masked form of a secret: its last four characters when it is long enough to keep them hidden, else nothing. */
export function maskSecret(value: unknown): string {
  if (typeof value === 'string' && value.length >= 8) return `••••${value.slice(-4)}`;
  return '••••';
}

/** A copy of `state` with the value of every sensitive key masked (the state itself is not touched). */
export function redactSensitive(state: unknown, keys: ReadonlySet<string>): unknown {
  const walk = (value: unknown, parent: string): unknown => {
    if (value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => walk(item, parent));
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      const masked = item !== null && typeof item !== 'object' && (keys.has(key) || keys.has(`${parent}.${key}`));
      Object.defineProperty(out, key, { value: masked ? maskSecret(item) : walk(item, key), enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
  return walk(state, '');
}
