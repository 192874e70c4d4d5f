import { bankingScenarios } from './bankingScenarios.js';
import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { BANKING_REFERENCE_DATE, type BankingState } from './BankingState.js';
import { getBankAccountBalance, getBankTransaction, listBankAccounts, listBankTransactions } from './accountTools.js';
import { bankingInvariants } from './bankingInvariants.js';
import { bankingSamplers } from './bankingSamplers.js';
import { changeBankCardPin, freezeBankCard, listBankCards, reportBankCardLost, setBankCardSpendingLimit, unfreezeBankCard } from './cardTools.js';
import { addBankPayee, listBankPayees, removeBankPayee } from './payeeTools.js';
import { cancelBankTransfer, listBankTransfers, payBankPayee, transferBetweenBankAccounts } from './transferTools.js';
import { bankingPhrasings } from './bankingPhrasings.js';

/**
 * Retail banking after Plaid (accounts, balances, transactions) and Stripe-like money movement
 * (transfers, payees, cards): one bank, many customers, each with checking, savings and credit
 * card accounts, saved payees, cards and a 90-day ledger.
 */
export const bankingDomain = defineDomain<BankingState>({
  name: 'banking',
  title: 'Retail banking',
  category: 'finance',
  description:
    'A retail bank (Harborview Bank) modelled on Plaid and Stripe-style APIs: customers\' checking, savings and credit card ' +
    'accounts with current and available balances, overdraft and credit limits and daily transfer limits; a 90-day ledger of ' +
    'card purchases, bills, salaries, transfers, interest and fees; transfers between own accounts and payments to saved payees ' +
    '(pending, posted, scheduled, cancellable); and cards that can be frozen, reported lost, limited and re-PINned.',
  tools: [
    listBankAccounts,
    getBankAccountBalance,
    listBankTransactions,
    getBankTransaction,
    transferBetweenBankAccounts,
    payBankPayee,
    listBankTransfers,
    cancelBankTransfer,
    listBankPayees,
    addBankPayee,
    removeBankPayee,
    listBankCards,
    freezeBankCard,
    unfreezeBankCard,
    reportBankCardLost,
    setBankCardSpendingLimit,
    changeBankCardPin,
  ],
  loadWorld: () => loadFixture<BankingState>('banking'),
  defaultReferenceDate: BANKING_REFERENCE_DATE,
  samplers: bankingSamplers,
  invariants: bankingInvariants,
  phrasings: bankingPhrasings,
  scenarios: bankingScenarios,
  // Graph-drawn conversations act for one signed-in user (servers/README.md, "The signed-in user").
  principal: { collection: 'customers', arguments: { customer_id: 'customer_id' }, context: ['The signed-in customer is {name} (customer id {customer_id}).'] },
});

export default bankingDomain;
