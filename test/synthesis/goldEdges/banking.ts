import type { GoldGraph } from './types.js';

// customer_id (every list tool, add_bank_payee) is the acting customer's own id: no tool looks it up.
const ACCOUNT_SOURCES = ['list_bank_accounts', 'list_bank_cards', 'list_bank_transactions', 'get_bank_transaction', 'list_bank_transfers'];
const CARD_SOURCES = ['list_bank_cards', 'list_bank_transactions', 'get_bank_transaction'];

export const gold: GoldGraph = {
  domain: 'banking',
  explicit: {
    get_bank_account_balance: ACCOUNT_SOURCES,
    transfer_between_bank_accounts: ACCOUNT_SOURCES,
    pay_bank_payee: [...ACCOUNT_SOURCES, 'list_bank_payees', 'add_bank_payee'],
    get_bank_transaction: ['list_bank_transactions', 'transfer_between_bank_accounts', 'pay_bank_payee', 'list_bank_transfers'],
    cancel_bank_transfer: ['list_bank_transfers', 'list_bank_transactions', 'get_bank_transaction', 'transfer_between_bank_accounts', 'pay_bank_payee'],
    // Corrected (issue #17 part 5): a payee with scheduled payments is refused ("payee … still has
    // scheduled payments: …; cancel them with cancel_bank_transfer first"), and the cancelled
    // transfer's result names that payee: cancelling is how a user gets to remove it. First labelled
    // without cancel_bank_transfer.
    remove_bank_payee: ['list_bank_payees', 'add_bank_payee', 'get_bank_transaction', 'list_bank_transfers', 'cancel_bank_transfer'],
    // The replacement card of a lost one is a new card: its PIN and limit can be set, it can be frozen.
    freeze_bank_card: [...CARD_SOURCES, 'report_bank_card_lost'],
    unfreeze_bank_card: CARD_SOURCES,
    report_bank_card_lost: CARD_SOURCES,
    set_bank_card_spending_limit: [...CARD_SOURCES, 'report_bank_card_lost'],
    change_bank_card_pin: [...CARD_SOURCES, 'report_bank_card_lost'],
  },
  implicit: [
    ['freeze_bank_card', 'unfreeze_bank_card'],
    // Corrected (issue #17 part 5): a frozen card's limit is refused ("is frozen, so its limit cannot
    // change; unfreeze it with unfreeze_bank_card first"). First labelled without it.
    ['unfreeze_bank_card', 'set_bank_card_spending_limit'],
  ],
};
