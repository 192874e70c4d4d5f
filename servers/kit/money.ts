/** Money as integer cents inside a domain and 2-decimal numbers outside. */

export const toCents = (amount: number): number => Math.round(amount * 100);
export const fromCents = (cents: number): number => cents / 100;
/** Whether an amount has at most two decimals. */
export const hasCents = (amount: number): boolean => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** `1234.5` → `1,234.50` (computed, not through the locale). */
export function formatAmount(amount: number): string {
  const cents = Math.abs(toCents(amount));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${amount < 0 ? '-' : ''}${whole}.${String(cents % 100).padStart(2, '0')}`;
}
