import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the banking domain, played in order on one fresh session of the seed-42
 * world (fixtures/banking/world.json, reference date 2026-03-16T10:00Z). Tomasz Sharma (cus_15,
 * Oakland) has Everyday Checking acc_41 (853.85 USD available, 500.00 overdraft), a credit card
 * acc_42, Euro Checking acc_43, Euro Savings acc_44 and a closed Starter Savings acc_45; debit card
 * card_6 (PIN 5013) and credit card card_13. He pays his card, moves euros, pays his Berlin
 * landlord, adds a payee and pays it, schedules and cancels rent, and has his debit card stolen.
 * Leah Williams (cus_14) cancels today's payment trf_444 but not trf_419 of 2026-03-13.
 * New ids continue after the world's highest: trf_448, txn_2471, pye_144, card_64.
 */
export const bankingCases: ToolCase[] = [
  {
    title: 'a customer\'s open accounts are listed with balances; the closed one is left out',
    tool: 'list_bank_accounts',
    args: { customer_id: 'cus_15' },
    ok: true,
    check: (r) => {
      expect(r.customer_name).to.equal('Tomasz Sharma');
      expect(r.accounts.map((a: { account_id: string }) => a.account_id)).to.deep.equal(['acc_41', 'acc_42', 'acc_43', 'acc_44']);
      expect(r.accounts[0]).to.include({ type: 'checking', currency: 'USD', available_balance: 853.85, overdraft_limit: 500 });
    },
  },
  {
    title: 'include_closed also lists the closed account with its closing day',
    tool: 'list_bank_accounts',
    args: { customer_id: 'cus_15', include_closed: true },
    ok: true,
    check: (r) => {
      expect(r.count).to.equal(5);
      expect(r.accounts[4]).to.include({ account_id: 'acc_45', status: 'closed', closed_on: '2026-01-23', current_balance: 0 });
    },
  },
  {
    title: 'an unknown customer id is rejected with the range of valid ids',
    tool: 'list_bank_accounts',
    args: { customer_id: 'cus_99' },
    ok: false,
    errorIncludes: ['cus_99', 'not found', 'cus_1 … cus_25'],
  },
  {
    title: 'an account type outside the enum is rejected by the schema with the valid types',
    tool: 'list_bank_accounts',
    args: { customer_id: 'cus_15', type: 'brokerage' },
    ok: false,
    errorIncludes: ['type', 'checking', 'savings', 'credit_card'],
  },
  {
    title: 'the balance shows what can be spent now: available balance plus overdraft, and the daily limit left',
    tool: 'get_bank_account_balance',
    args: { account_id: 'acc_41' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ current_balance: 853.85, available_balance: 853.85, available_to_spend: 1353.85, daily_transfer_limit: 7500, daily_transfer_remaining: 7500 });
      expect(r.as_of).to.equal('2026-03-16T10:00:00.000Z');
    },
  },
  {
    title: 'the balance of an unknown account names the tool that lists accounts',
    tool: 'get_bank_account_balance',
    args: { account_id: 'acc_999' },
    ok: false,
    errorIncludes: ['acc_999', 'not found', 'list_bank_accounts'],
  },
  {
    title: 'euro debits of March 1-15 on Euro Checking, with their total',
    tool: 'list_bank_transactions',
    args: { customer_id: 'cus_15', account_id: 'acc_43', start_date: '2026-03-01', end_date: '2026-03-15', direction: 'debit' },
    ok: true,
    check: (r) => {
      expect(r.total_count).to.equal(6);
      expect(r.totals).to.deep.equal([{ currency: 'EUR', count: 6, debits: 1552.61, credits: 0 }]);
      expect(r.transactions[0].date >= r.transactions[5].date).to.equal(true);
      expect(r.transactions.every((t: { date: string; direction: string }) => t.direction === 'debit' && t.date >= '2026-03-01' && t.date <= '2026-03-15')).to.equal(true);
    },
  },
  {
    title: 'a merchant search finds Uber rides across the customer\'s accounts',
    tool: 'list_bank_transactions',
    args: { customer_id: 'cus_15', merchant: 'uber' },
    ok: true,
    check: (r) => {
      expect(r.transactions.map((t: { transaction_id: string }) => t.transaction_id)).to.include('txn_2339');
      expect(r.transactions.every((t: { merchant_name: string }) => t.merchant_name === 'Uber')).to.equal(true);
    },
  },
  {
    title: 'a date range that ends before it starts is rejected',
    tool: 'list_bank_transactions',
    args: { customer_id: 'cus_15', start_date: '2026-03-10', end_date: '2026-03-01' },
    ok: false,
    errorIncludes: ['start_date 2026-03-10', 'after end_date 2026-03-01'],
  },
  {
    title: 'transactions of another customer\'s account are refused, naming the customer\'s own accounts',
    tool: 'list_bank_transactions',
    args: { customer_id: 'cus_15', account_id: 'acc_39' },
    ok: false,
    errorIncludes: ['acc_39', 'does not belong to cus_15', 'acc_41'],
  },
  {
    title: 'a pending card purchase shows its card and merchant',
    tool: 'get_bank_transaction',
    args: { transaction_id: 'txn_2452' },
    ok: true,
    check: (r) => {
      expect(r.transaction).to.include({ account_id: 'acc_42', amount: 100.78, status: 'pending', merchant_name: 'Sephora', category: 'personal_care', card_id: 'card_13' });
      expect(r.transfer).to.equal(null);
    },
  },
  {
    title: 'an unknown transaction id names the tool that lists transactions',
    tool: 'get_bank_transaction',
    args: { transaction_id: 'txn_999999' },
    ok: false,
    errorIncludes: ['txn_999999', 'not found', 'list_bank_transactions'],
  },
  {
    title: 'a transfer larger than the available balance plus overdraft is rejected with the amount available',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 2000 },
    ok: false,
    errorIncludes: ['insufficient funds', 'has only 1353.85 USD available', 'overdraft limit 500.00'],
  },
  {
    title: 'a transfer between a USD and a EUR account is rejected: no currency conversion',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_41', to_account_id: 'acc_44', amount: 100 },
    ok: false,
    errorIncludes: ['currency mismatch', 'USD', 'EUR'],
  },
  {
    title: 'a transfer into a closed account is rejected, naming the open ones',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_41', to_account_id: 'acc_45', amount: 50 },
    ok: false,
    errorIncludes: ['acc_45', 'closed on 2026-01-23', 'acc_41'],
  },
  {
    title: 'a credit card account cannot send a transfer',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_42', to_account_id: 'acc_41', amount: 50 },
    ok: false,
    errorIncludes: ['credit card account', 'cannot send'],
  },
  {
    title: 'a transfer to another customer\'s account points to pay_bank_payee',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_41', to_account_id: 'acc_39', amount: 50 },
    ok: false,
    errorIncludes: ['belongs to another customer', 'pay_bank_payee'],
  },
  {
    title: 'paying 300.00 of the credit card from checking posts at once and moves both balances',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_41', to_account_id: 'acc_42', amount: 300, memo: 'March card payment' },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ transfer_id: 'trf_448', kind: 'internal', status: 'posted', amount: 300, execution_date: '2026-03-16' });
      expect(r.transfer.transaction_ids).to.deep.equal(['txn_2471', 'txn_2472']);
      expect(r.from_account).to.include({ current_balance: 553.85, available_balance: 553.85, sent_today: 300, daily_transfer_remaining: 7200 });
      expect(r.to_account).to.include({ current_balance: -1516.6, available_balance: -1692.13 });
    },
  },
  {
    title: 'the debit leg of that transfer is a posted payment linked to it',
    tool: 'get_bank_transaction',
    args: { transaction_id: 'txn_2471' },
    ok: true,
    check: (r) => {
      expect(r.transaction).to.include({ account_id: 'acc_41', amount: 300, direction: 'debit', status: 'posted', category: 'payment', transfer_id: 'trf_448' });
      expect(r.transfer).to.include({ transfer_id: 'trf_448', to_account_id: 'acc_42', memo: 'March card payment' });
    },
  },
  {
    title: 'a posted transfer cannot be cancelled',
    tool: 'cancel_bank_transfer',
    args: { transfer_id: 'trf_448' },
    ok: false,
    errorIncludes: ['already posted', 'transfer_between_bank_accounts'],
  },
  {
    title: 'moving 2500.00 EUR from Euro Savings to Euro Checking',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_44', to_account_id: 'acc_43', amount: 2500 },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ transfer_id: 'trf_449', currency: 'EUR' });
      expect(r.from_account).to.include({ current_balance: 12545.06, sent_today: 2500, daily_transfer_remaining: 7500 });
      expect(r.to_account).to.include({ current_balance: 6018.67, available_balance: 5674.6 });
    },
  },
  {
    title: 'beyond the daily transfer limit the message states what remains today',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_44', to_account_id: 'acc_43', amount: 8000 },
    ok: false,
    errorIncludes: ['daily transfer limit exceeded', '10000.00 EUR per day', '2500.00 EUR is already sent', 'at most 7500.00 EUR remains'],
  },
  {
    title: 'a scheduled_date in the past is rejected with today\'s date',
    tool: 'transfer_between_bank_accounts',
    args: { from_account_id: 'acc_44', to_account_id: 'acc_43', amount: 100, scheduled_date: '2026-03-01' },
    ok: false,
    errorIncludes: ['2026-03-01 is in the past', 'today is 2026-03-16'],
  },
  {
    title: 'paying the Berlin landlord 950.00 EUR from Euro Checking holds the money while pending',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_43', payee_id: 'pye_93', amount: 950, memo: 'Miete April' },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ transfer_id: 'trf_450', kind: 'payee', status: 'pending', payee_name: 'Müller Hausverwaltung GmbH', currency: 'EUR' });
      expect(r.from_account).to.include({ current_balance: 6018.67, available_balance: 4724.6, pending_debits: 1294.07 });
    },
  },
  {
    title: 'a EUR payee cannot be paid from a USD account; the EUR checking account is named',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_41', payee_id: 'pye_93', amount: 100 },
    ok: false,
    errorIncludes: ['currency mismatch', 'paid in EUR', 'acc_43'],
  },
  {
    title: 'payments to payees must come from checking, not savings',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_44', payee_id: 'pye_94', amount: 100 },
    ok: false,
    errorIncludes: ['must come from a checking account', 'savings', 'acc_43'],
  },
  {
    title: 'a removed payee cannot be paid until it is added again',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_41', payee_id: 'pye_92', amount: 40 },
    ok: false,
    errorIncludes: ['pye_92', 'removed on 2025-12-30', 'add_bank_payee'],
  },
  {
    title: 'another customer\'s payee is refused, listing the customer\'s own payees',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_41', payee_id: 'pye_79', amount: 40 },
    ok: false,
    errorIncludes: ['pye_79', 'belongs to another customer', 'pye_87 (Maple Court Apartments)'],
  },
  {
    title: 'a routing number that fails the ABA checksum is rejected',
    tool: 'add_bank_payee',
    args: { customer_id: 'cus_15', name: 'Jordan Lee', account_number: '12345678', routing_number: '123456789' },
    ok: false,
    errorIncludes: ['123456789', 'checksum'],
  },
  {
    title: 'a new payee is saved with its bank looked up from the routing number',
    tool: 'add_bank_payee',
    args: { customer_id: 'cus_15', name: 'Jordan Lee', account_number: '12345678', routing_number: '021000021', nickname: 'Climbing partner' },
    ok: true,
    check: (r) => {
      expect(r.payee).to.include({ payee_id: 'pye_144', bank_name: 'JPMorgan Chase', account_mask: '5678', currency: 'USD', status: 'active', added_on: '2026-03-16' });
      expect(r.payee).to.not.have.property('account_number');
    },
  },
  {
    title: 'the same account cannot be saved twice',
    tool: 'add_bank_payee',
    args: { customer_id: 'cus_15', name: 'J. Lee', account_number: '12345678', routing_number: '021000021' },
    ok: false,
    errorIncludes: ['already saved as payee pye_144'],
  },
  {
    title: 'a payee added today may receive at most 1000.00 today',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_41', payee_id: 'pye_144', amount: 1000.01 },
    ok: false,
    errorIncludes: ['added today', '1000.00 USD', 'schedule the rest'],
  },
  {
    title: 'the new payee is paid 150.00: a pending payment that lowers the available balance only',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_41', payee_id: 'pye_144', amount: 150, memo: 'Gym share' },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ transfer_id: 'trf_451', status: 'pending' });
      expect(r.transfer.transaction_ids).to.deep.equal(['txn_2476']);
      expect(r.from_account).to.include({ current_balance: 553.85, available_balance: 403.85, available_to_spend: 903.85, sent_today: 450 });
    },
  },
  {
    title: 'amounts with more than two decimals are rejected',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_41', payee_id: 'pye_144', amount: 10.005 },
    ok: false,
    errorIncludes: ['more than two decimals'],
  },
  {
    title: 'April rent is scheduled: no money moves and no funds check until that day',
    tool: 'pay_bank_payee',
    args: { from_account_id: 'acc_41', payee_id: 'pye_87', amount: 1805, scheduled_date: '2026-04-01', memo: 'Rent 2026-04' },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ transfer_id: 'trf_452', status: 'scheduled', execution_date: '2026-04-01' });
      expect(r.transfer.transaction_ids).to.deep.equal([]);
      expect(r.from_account.available_balance).to.equal(403.85);
    },
  },
  {
    title: 'the scheduled rent appears among the customer\'s scheduled transfers',
    tool: 'list_bank_transfers',
    args: { customer_id: 'cus_15', status: 'scheduled' },
    ok: true,
    check: (r) => {
      expect(r.transfers.map((t: { transfer_id: string }) => t.transfer_id)).to.deep.equal(['trf_452']);
    },
  },
  {
    title: 'transfers of an unknown customer are refused',
    tool: 'list_bank_transfers',
    args: { customer_id: 'cus_0' },
    ok: false,
    errorIncludes: ['cus_0', 'not found'],
  },
  {
    title: 'a payee with a scheduled payment cannot be removed; the message names the payment to cancel',
    tool: 'remove_bank_payee',
    args: { payee_id: 'pye_87' },
    ok: false,
    errorIncludes: ['scheduled payments', 'trf_452', 'cancel_bank_transfer'],
  },
  {
    title: 'the scheduled rent is cancelled',
    tool: 'cancel_bank_transfer',
    args: { transfer_id: 'trf_452' },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ status: 'cancelled', cancelled_at: '2026-03-16T10:00:00.000Z' });
      expect(r.from_account.available_balance).to.equal(403.85);
    },
  },
  {
    title: 'with the payment cancelled the payee can be removed',
    tool: 'remove_bank_payee',
    args: { payee_id: 'pye_87' },
    ok: true,
    check: (r) => {
      expect(r.payee).to.include({ payee_id: 'pye_87', status: 'removed' });
    },
  },
  {
    title: 'removing it twice says it is already removed',
    tool: 'remove_bank_payee',
    args: { payee_id: 'pye_87' },
    ok: false,
    errorIncludes: ['already removed', '2026-03-16'],
  },
  {
    title: 'a payment submitted on an earlier day is already being processed and cannot be cancelled',
    tool: 'cancel_bank_transfer',
    args: { transfer_id: 'trf_419' },
    ok: false,
    errorIncludes: ['submitted on 2026-03-13', 'being processed'],
  },
  {
    title: 'a payment submitted this morning is cancelled and its hold released',
    tool: 'cancel_bank_transfer',
    args: { transfer_id: 'trf_444' },
    ok: true,
    check: (r) => {
      expect(r.transfer).to.include({ status: 'cancelled', amount: 242.91 });
      expect(r.transfer.transaction_ids).to.deep.equal([]);
      expect(r.from_account).to.include({ account_id: 'acc_39', available_balance: 14123.47 });
    },
  },
  {
    title: 'cancelling it again says it is already cancelled',
    tool: 'cancel_bank_transfer',
    args: { transfer_id: 'trf_444' },
    ok: false,
    errorIncludes: ['already cancelled'],
  },
  {
    title: 'payees are searched by name; the removed landlord is gone and the new payee is there',
    tool: 'list_bank_payees',
    args: { customer_id: 'cus_15', search: 'e' },
    ok: true,
    check: (r) => {
      const ids = r.payees.map((p: { payee_id: string }) => p.payee_id);
      expect(ids).to.include('pye_144');
      expect(ids).to.not.include('pye_87');
      expect(ids).to.not.include('pye_92');
    },
  },
  {
    title: 'payees of an unknown customer are refused',
    tool: 'list_bank_payees',
    args: { customer_id: 'CUS_15' },
    ok: false,
    errorIncludes: ['CUS_15', 'not found'],
  },
  {
    title: 'the customer\'s cards with limits and what was spent today',
    tool: 'list_bank_cards',
    args: { customer_id: 'cus_15' },
    ok: true,
    check: (r) => {
      expect(r.cards.map((c: { card_id: string }) => c.card_id)).to.deep.equal(['card_6', 'card_13', 'card_19', 'card_38']);
      expect(r.cards[3]).to.include({ spent_today: 344.07, currency: 'EUR', daily_spending_limit: 2500 });
      expect(r.cards[0]).to.not.have.property('pin');
    },
  },
  {
    title: 'a card status outside the enum is rejected with the valid statuses',
    tool: 'list_bank_cards',
    args: { customer_id: 'cus_15', status: 'blocked' },
    ok: false,
    errorIncludes: ['status', 'frozen', 'stolen'],
  },
  {
    title: 'the debit card is frozen',
    tool: 'freeze_bank_card',
    args: { card_id: 'card_6' },
    ok: true,
    check: (r) => expect(r.card).to.include({ card_id: 'card_6', status: 'frozen' }),
  },
  {
    title: 'freezing a frozen card points to unfreeze_bank_card',
    tool: 'freeze_bank_card',
    args: { card_id: 'card_6' },
    ok: false,
    errorIncludes: ['already frozen', 'unfreeze_bank_card'],
  },
  {
    title: 'a frozen card\'s limit cannot change',
    tool: 'set_bank_card_spending_limit',
    args: { card_id: 'card_6', daily_limit: 800 },
    ok: false,
    errorIncludes: ['frozen', 'unfreeze_bank_card first'],
  },
  {
    title: 'the card is unfrozen',
    tool: 'unfreeze_bank_card',
    args: { card_id: 'card_6' },
    ok: true,
    check: (r) => expect(r.card.status).to.equal('active'),
  },
  {
    title: 'unfreezing an active card says it is not frozen',
    tool: 'unfreeze_bank_card',
    args: { card_id: 'card_6' },
    ok: false,
    errorIncludes: ['not frozen', 'active'],
  },
  {
    title: 'a debit card limit above the maximum names the maximum',
    tool: 'set_bank_card_spending_limit',
    args: { card_id: 'card_6', daily_limit: 6000 },
    ok: false,
    errorIncludes: ['above the maximum', '5000.00 USD'],
  },
  {
    title: 'a credit card limit cannot exceed the account\'s credit limit',
    tool: 'set_bank_card_spending_limit',
    args: { card_id: 'card_13', daily_limit: 7500 },
    ok: false,
    errorIncludes: ['5000.00 USD', 'credit limit'],
  },
  {
    title: 'a limit below what the card already spent today is rejected',
    tool: 'set_bank_card_spending_limit',
    args: { card_id: 'card_38', daily_limit: 300 },
    ok: false,
    errorIncludes: ['below the 344.07 EUR', 'already spent today'],
  },
  {
    title: 'the debit card limit is raised to 800.00',
    tool: 'set_bank_card_spending_limit',
    args: { card_id: 'card_6', daily_limit: 800 },
    ok: true,
    check: (r) => {
      expect(r.previous_daily_limit).to.equal(500);
      expect(r.card.daily_spending_limit).to.equal(800);
    },
  },
  {
    title: 'a wrong current PIN is rejected without revealing the PIN',
    tool: 'change_bank_card_pin',
    args: { card_id: 'card_6', current_pin: '1111', new_pin: '7391' },
    ok: false,
    errorIncludes: ['current_pin does not match', 'ask the cardholder'],
  },
  {
    title: 'a run of consecutive digits is too easy to guess',
    tool: 'change_bank_card_pin',
    args: { card_id: 'card_6', current_pin: '5013', new_pin: '1234' },
    ok: false,
    errorIncludes: ['too easy to guess'],
  },
  {
    title: 'the PIN is changed',
    tool: 'change_bank_card_pin',
    args: { card_id: 'card_6', current_pin: '5013', new_pin: '7391' },
    ok: true,
    check: (r) => expect(r).to.deep.equal({ card_id: 'card_6', last4: '5655', pin_changed_on: '2026-03-16' }),
  },
  {
    title: 'the debit card is reported stolen; a replacement with the same limit is issued',
    tool: 'report_bank_card_lost',
    args: { card_id: 'card_6', reason: 'stolen' },
    ok: true,
    check: (r) => {
      expect(r.reported_card).to.include({ card_id: 'card_6', status: 'stolen', replaced_by: 'card_64' });
      expect(r.replacement_card).to.include({ card_id: 'card_64', status: 'active', replaces: 'card_6', account_id: 'acc_41', daily_spending_limit: 800, expires: '2030-03' });
    },
  },
  {
    title: 'a stolen card cannot be frozen; the replacement is named',
    tool: 'freeze_bank_card',
    args: { card_id: 'card_6' },
    ok: false,
    errorIncludes: ['reported stolen', 'permanently blocked', 'card_64'],
  },
  {
    title: 'reporting it again is refused',
    tool: 'report_bank_card_lost',
    args: { card_id: 'card_6', reason: 'lost' },
    ok: false,
    errorIncludes: ['permanently blocked', 'card_64'],
  },
  {
    title: 'the replacement keeps the PIN just set, so it can be changed with that PIN',
    tool: 'change_bank_card_pin',
    args: { card_id: 'card_64', current_pin: '7391', new_pin: '2580' },
    ok: true,
    check: (r) => expect(r.card_id).to.equal('card_64'),
  },
  {
    title: 'the expired card of another customer cannot be unfrozen',
    tool: 'unfreeze_bank_card',
    args: { card_id: 'card_1' },
    ok: false,
    errorIncludes: ['expired in 2026-01', 'card_58'],
  },
  {
    title: 'at the end checking shows the card payment posted and the payee payment pending',
    tool: 'get_bank_account_balance',
    args: { account_id: 'acc_41' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ current_balance: 553.85, available_balance: 403.85, pending_debits: 150, available_to_spend: 903.85, sent_today: 450, daily_transfer_remaining: 7050 });
    },
  },
  {
    title: 'the pending payment is listed among pending transactions',
    tool: 'list_bank_transactions',
    args: { customer_id: 'cus_15', account_id: 'acc_41', status: 'pending' },
    ok: true,
    check: (r) => {
      expect(r.transactions.map((t: { transaction_id: string }) => t.transaction_id)).to.deep.equal(['txn_2476']);
      expect(r.transactions[0]).to.include({ description: 'Payment to Jordan Lee — Gym share', channel: 'ach', category: 'payment' });
    },
  },
];
