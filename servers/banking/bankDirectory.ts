import type { Currency } from './BankingState.js';

/** The bank this domain simulates (fictional; its routing number passes the ABA checksum). */
export const HOME_BANK = { name: 'Harborview Bank', routing_number: '211274450' } as const;

/**
 * Banks payees hold accounts at, by routing number, with the currency they are paid in. Foreign
 * currency payees are reached through a US correspondent bank's routing number.
 */
export const BANK_DIRECTORY: ReadonlyArray<{ name: string; routing_number: string; currency: Currency }> = [
  { name: 'JPMorgan Chase', routing_number: '021000021', currency: 'USD' },
  { name: 'Bank of America', routing_number: '026009593', currency: 'USD' },
  { name: 'Wells Fargo', routing_number: '121000248', currency: 'USD' },
  { name: 'Citibank', routing_number: '021000089', currency: 'USD' },
  { name: 'U.S. Bank', routing_number: '091000022', currency: 'USD' },
  { name: 'PNC Bank', routing_number: '043000096', currency: 'USD' },
  { name: 'Capital One', routing_number: '056073502', currency: 'USD' },
  { name: 'TD Bank', routing_number: '031101266', currency: 'USD' },
  { name: 'Truist', routing_number: '061000104', currency: 'USD' },
  { name: 'Ally Bank', routing_number: '124003116', currency: 'USD' },
  { name: 'Charles Schwab Bank', routing_number: '121202211', currency: 'USD' },
  { name: 'Fifth Third Bank', routing_number: '042000314', currency: 'USD' },
  { name: 'Citizens Bank', routing_number: '011500120', currency: 'USD' },
  { name: 'KeyBank', routing_number: '041001039', currency: 'USD' },
  { name: 'Regions Bank', routing_number: '062000019', currency: 'USD' },
  { name: 'Navy Federal Credit Union', routing_number: '256074974', currency: 'USD' },
  { name: 'Huntington National Bank', routing_number: '044000024', currency: 'USD' },
  { name: 'Harborview Bank', routing_number: '211274450', currency: 'USD' },
  { name: 'Deutsche Bank (EUR correspondent)', routing_number: '021001033', currency: 'EUR' },
  { name: 'HSBC (GBP correspondent)', routing_number: '021001088', currency: 'GBP' },
  { name: 'Barclays (GBP correspondent)', routing_number: '026002574', currency: 'GBP' },
];

const banksByRoutingNumber = new Map<string, (typeof BANK_DIRECTORY)[number]>();
for (const bank of BANK_DIRECTORY) if (!banksByRoutingNumber.has(bank.routing_number)) banksByRoutingNumber.set(bank.routing_number, bank);

/** The bank behind a routing number, if the directory knows it (the first listed). */
export function bankByRoutingNumber(routing: string): { name: string; routing_number: string; currency: Currency } | undefined {
  return banksByRoutingNumber.get(routing);
}
