import type { DomainInvariant } from '../kit/Domain.js';
import {
  MAX_DEBIT_CARD_DAILY_LIMIT,
  formatMoney,
  findTransaction,
  toCents,
  transactionsOf,
  type BankAccount,
  type BankCustomer,
  type BankingState,
  type BankTransaction,
} from './BankingState.js';

/**
 * Properties every reachable banking state keeps. Customers and accounts a call did not touch are
 * the very same objects as in the initial world (copy-on-write), so the checks that compare with the
 * initial world skip them by identity.
 */

function signedCents(transaction: BankTransaction): number {
  return transaction.direction === 'debit' ? -toCents(transaction.amount) : toCents(transaction.amount);
}

function postedCents(account: BankAccount): number {
  let cents = 0;
  for (const transaction of transactionsOf(account)) if (transaction.status === 'posted') cents += signedCents(transaction);
  return cents;
}

function* accountsOf(state: BankingState): Generator<[BankCustomer, BankAccount]> {
  for (const customer of Object.values(state.customers)) for (const account of Object.values(customer.accounts)) yield [customer, account];
}

export const bankingInvariants: DomainInvariant<BankingState>[] = [
  {
    name: 'no balance below its overdraft limit',
    check(state) {
      for (const [, account] of accountsOf(state)) {
        if (toCents(account.available_balance) < -toCents(account.overdraft_limit)) {
          return `${account.account_id} has available ${formatMoney(account.available_balance)} below -${formatMoney(account.overdraft_limit)}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'available balance is current balance minus pending debits',
    check(state) {
      for (const [, account] of accountsOf(state)) {
        let pending = 0;
        for (const transaction of transactionsOf(account)) {
          if (transaction.status === 'pending' && transaction.direction === 'debit') pending += toCents(transaction.amount);
        }
        if (toCents(account.current_balance) - pending !== toCents(account.available_balance)) {
          return `${account.account_id}: current ${formatMoney(account.current_balance)} - pending ${formatMoney(pending / 100)} != available ${formatMoney(account.available_balance)}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'every balance change is a posted transaction',
    check(state, initial) {
      for (const [customerId, customer] of Object.entries(state.customers)) {
        const before = Object.hasOwn(initial.customers, customerId) ? initial.customers[customerId] : undefined;
        if (before === customer) continue;
        for (const [accountId, account] of Object.entries(customer.accounts)) {
          const old = before !== undefined && Object.hasOwn(before.accounts, accountId) ? before.accounts[accountId] : undefined;
          if (old === account) continue;
          const balanceDelta = toCents(account.current_balance) - (old === undefined ? 0 : toCents(old.current_balance));
          const ledgerDelta = postedCents(account) - (old === undefined ? 0 : postedCents(old));
          if (balanceDelta !== ledgerDelta) return `${accountId}: balance moved by ${formatMoney(balanceDelta / 100)} but posted transactions by ${formatMoney(ledgerDelta / 100)}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'transfers between own accounts conserve money',
    check(state, initial) {
      for (const [customerId, customer] of Object.entries(state.customers)) {
        const before = Object.hasOwn(initial.customers, customerId) ? initial.customers[customerId] : undefined;
        if (before === customer) continue;
        // Per currency: the sum of balances may move only by money that came from or went outside the customer.
        const delta = new Map<string, number>();
        const add = (currency: string, cents: number): void => void delta.set(currency, (delta.get(currency) ?? 0) + cents);
        for (const account of Object.values(customer.accounts)) add(account.currency, toCents(account.current_balance));
        if (before !== undefined) for (const account of Object.values(before.accounts)) add(account.currency, -toCents(account.current_balance));
        for (const account of Object.values(customer.accounts)) {
          const old = before !== undefined && Object.hasOwn(before.accounts, account.account_id) ? before.accounts[account.account_id] : undefined;
          for (const transaction of transactionsOf(account)) {
            if (transaction.status !== 'posted') continue;
            if (old !== undefined && findTransaction(old, transaction.transaction_id)?.status === 'posted') continue;
            const transfer = transaction.transfer_id !== null ? customer.transfers[transaction.transfer_id] : undefined;
            if (transfer?.kind !== 'internal') add(account.currency, -signedCents(transaction));
          }
        }
        for (const [currency, cents] of delta) if (cents !== 0) return `${customerId}: ${currency} balances changed by ${formatMoney(cents / 100)} with no outside money`;
        for (const transfer of Object.values(customer.transfers)) {
          if (transfer.kind !== 'internal' || transfer.status !== 'posted') continue;
          const legs = transfer.transaction_ids.map((id) => {
            const accountId = id === transfer.transaction_ids[0] ? transfer.from_account_id : (transfer.to_account_id ?? '');
            const account = customer.accounts[accountId];
            return account === undefined ? undefined : findTransaction(account, id);
          });
          const [debit, credit] = legs;
          if (legs.length !== 2 || debit?.direction !== 'debit' || credit?.direction !== 'credit' || debit.amount !== transfer.amount || credit.amount !== transfer.amount) {
            return `internal transfer ${transfer.transfer_id} is not one debit and one equal credit`;
          }
        }
      }
      return undefined;
    },
  },
  {
    name: 'every record references existing entities of its customer',
    check(state) {
      const owners = new Map<string, string>();
      for (const [customerId, customer] of Object.entries(state.customers)) {
        if (customer.customer_id !== customerId) return `customer key ${customerId} holds ${customer.customer_id}`;
        for (const collection of ['accounts', 'cards', 'payees', 'transfers'] as const) {
          for (const [id, entity] of Object.entries(customer[collection])) {
            if (owners.has(id)) return `${id} exists under both ${owners.get(id)} and ${customerId}`;
            owners.set(id, customerId);
            if (entity.customer_id !== customerId) return `${id} under ${customerId} says its customer is ${entity.customer_id}`;
          }
        }
        for (const account of Object.values(customer.accounts)) {
          for (const [month, entries] of Object.entries(account.ledger)) {
            for (const [id, transaction] of Object.entries(entries)) {
              if (transaction.date.slice(0, 7) !== month) return `transaction ${id} of ${transaction.date} is filed under month ${month}`;
              if (transaction.transaction_id !== id || transaction.account_id !== account.account_id) return `transaction ${id} is filed under ${account.account_id} but references ${transaction.account_id}`;
              if (transaction.currency !== account.currency) return `transaction ${id} is in ${transaction.currency} on a ${account.currency} account`;
              if (transaction.card_id !== null && customer.cards[transaction.card_id]?.account_id !== account.account_id) return `transaction ${id} references card ${transaction.card_id} of another account`;
              if (transaction.transfer_id !== null && !Object.hasOwn(customer.transfers, transaction.transfer_id)) return `transaction ${id} references unknown transfer ${transaction.transfer_id}`;
            }
          }
        }
        for (const transfer of Object.values(customer.transfers)) {
          const from = customer.accounts[transfer.from_account_id];
          if (from === undefined) return `transfer ${transfer.transfer_id} leaves unknown account ${transfer.from_account_id}`;
          if (transfer.currency !== from.currency) return `transfer ${transfer.transfer_id} is in ${transfer.currency} from a ${from.currency} account`;
          if (transfer.kind === 'internal' && (transfer.to_account_id === null || customer.accounts[transfer.to_account_id] === undefined)) return `transfer ${transfer.transfer_id} goes to unknown account ${transfer.to_account_id}`;
          if (transfer.kind === 'payee' && (transfer.payee_id === null || customer.payees[transfer.payee_id] === undefined)) return `transfer ${transfer.transfer_id} pays unknown payee ${transfer.payee_id}`;
          for (const id of transfer.transaction_ids) {
            const home = [transfer.from_account_id, transfer.to_account_id].some((a) => a !== null && customer.accounts[a] !== undefined && findTransaction(customer.accounts[a], id) !== undefined);
            if (!home) return `transfer ${transfer.transfer_id} lists unknown transaction ${id}`;
          }
        }
        for (const card of Object.values(customer.cards)) {
          if (customer.accounts[card.account_id] === undefined) return `card ${card.card_id} draws on unknown account ${card.account_id}`;
          if (card.replaced_by !== null && customer.cards[card.replaced_by] === undefined) return `card ${card.card_id} is replaced by unknown card ${card.replaced_by}`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'no account sends more than its daily transfer limit',
    check(state) {
      for (const customer of Object.values(state.customers)) {
        const sent = new Map<string, number>();
        for (const transfer of Object.values(customer.transfers)) {
          if (transfer.status === 'cancelled') continue;
          const key = `${transfer.from_account_id} ${transfer.execution_date}`;
          const total = (sent.get(key) ?? 0) + toCents(transfer.amount);
          sent.set(key, total);
          if (total > toCents(customer.accounts[transfer.from_account_id]?.daily_transfer_limit ?? 0)) return `${key}: ${formatMoney(total / 100)} sent, over the daily limit`;
        }
      }
      return undefined;
    },
  },
  {
    name: 'closed accounts are empty and idle',
    check(state) {
      for (const [customer, account] of accountsOf(state)) {
        if (account.status !== 'closed') continue;
        if (account.current_balance !== 0 || account.available_balance !== 0) return `closed account ${account.account_id} holds ${formatMoney(account.current_balance)}`;
        for (const transfer of Object.values(customer.transfers)) {
          if ((transfer.status === 'scheduled' || transfer.status === 'pending') && (transfer.from_account_id === account.account_id || transfer.to_account_id === account.account_id)) {
            return `closed account ${account.account_id} has open transfer ${transfer.transfer_id}`;
          }
        }
      }
      return undefined;
    },
  },
  {
    name: 'card limits and statuses are consistent',
    check(state) {
      for (const customer of Object.values(state.customers)) {
        for (const card of Object.values(customer.cards)) {
          const account = customer.accounts[card.account_id];
          const maximum = card.type === 'debit' ? MAX_DEBIT_CARD_DAILY_LIMIT : (account?.overdraft_limit ?? 0);
          if (card.daily_spending_limit <= 0 || card.daily_spending_limit > maximum) return `card ${card.card_id} has limit ${formatMoney(card.daily_spending_limit)} outside (0, ${formatMoney(maximum)}]`;
          if ((card.status === 'lost' || card.status === 'stolen') && (card.replaced_by === null || card.reported_on === null)) return `card ${card.card_id} is ${card.status} without report date or replacement`;
          if (!/^\d{4}$/.test(card.pin)) return `card ${card.card_id} has a malformed PIN`;
        }
      }
      return undefined;
    },
  },
];
