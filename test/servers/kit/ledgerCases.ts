import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/** The kit test domain's cases: they exercise the conformance suite itself. */
export const ledgerCases: ToolCase[] = [
  { title: 'a balance is read', tool: 'ledger_get_balance', args: { account_id: 'acc_2' }, ok: true, check: (r) => expect(r.balance).to.equal(20.5) },
  { title: 'an unknown account is named with the valid ones', tool: 'ledger_get_balance', args: { account_id: 'acc_9' }, ok: false, errorIncludes: ['acc_9', 'acc_1, acc_2'] },
  { title: 'a transfer moves money', tool: 'ledger_transfer', args: { from: 'acc_1', to: 'acc_2', amount: 30 }, ok: true, check: (r) => expect(r.transfer.id).to.equal('trf_8') },
  { title: 'the new balance is visible', tool: 'ledger_get_balance', args: { account_id: 'acc_1' }, ok: true, check: (r) => expect(r.balance).to.equal(70) },
  { title: 'a transfer larger than the balance is rejected', tool: 'ledger_transfer', args: { from: 'acc_1', to: 'acc_2', amount: 500 }, ok: false, errorIncludes: ['only 70.00 available'] },
  { title: 'an amount of the wrong type is rejected', tool: 'ledger_transfer', args: { from: 'acc_1', to: 'acc_2', amount: 'ten' }, ok: false, errorIncludes: ['amount', 'must be number'] },
  { title: 'a die is rolled from the seeded PRNG', tool: 'ledger_roll', args: {}, ok: true, check: (r) => expect(r.roll).to.be.within(1, 6) },
  { title: 'an extra argument is rejected', tool: 'ledger_roll', args: { sides: 20 }, ok: false, errorIncludes: ['sides', 'unknown key'] },
];
