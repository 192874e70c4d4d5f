import type { DomainSampler } from '../kit/Domain.js';
import { addMoney, compareNewestFirst, fromCents, toCents, transactionsOf, type BankingState, type BankTransaction } from './BankingState.js';

/**
 * Read-only discovery of the entities a grounded banking query can mention. Each sampler keeps only
 * entities with enough behind them (open accounts with money, merchants seen more than once,
 * cards that still work) and returns the values a customer would say.
 */

const byNumber = (a: string, b: string): number => Number(a.slice(a.indexOf('_') + 1)) - Number(b.slice(b.indexOf('_') + 1));

export const bankingSamplers: DomainSampler<BankingState>[] = [
  {
    collection: 'customers',
    description: 'Customers with at least one open account: id, name, city and which kinds of accounts they hold.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const id of Object.keys(state.customers).sort(byNumber)) {
        const customer = state.customers[id];
        const open = Object.values(customer.accounts).filter((a) => a.status === 'open');
        if (open.length === 0) continue;
        out.push({
          customer_id: id,
          name: customer.name,
          city: customer.city,
          segment: customer.segment,
          account_types: [...new Set(open.map((a) => a.type))],
          currencies: [...new Set(open.map((a) => a.currency))],
        });
      }
      return out;
    },
  },
  {
    collection: 'accounts',
    description: 'Open accounts with a non-zero balance, with what could be transferred from them now.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const customer of Object.values(state.customers)) {
        for (const account of Object.values(customer.accounts)) {
          if (account.status !== 'open' || account.current_balance === 0) continue;
          out.push({
            account_id: account.account_id,
            customer_id: customer.customer_id,
            customer_name: customer.name,
            name: account.name,
            type: account.type,
            currency: account.currency,
            mask: account.mask,
            current_balance: account.current_balance,
            available_to_spend: account.type === 'credit_card' ? 0 : Math.max(0, addMoney(account.available_balance, account.overdraft_limit)),
            daily_transfer_limit: account.daily_transfer_limit,
          });
        }
      }
      return out.sort((a, b) => byNumber(a.account_id as string, b.account_id as string));
    },
  },
  {
    collection: 'payees',
    description: 'Active payees, with the checking accounts of the same customer and currency they can be paid from.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const customer of Object.values(state.customers)) {
        for (const payee of Object.values(customer.payees)) {
          if (payee.status !== 'active') continue;
          const from = Object.values(customer.accounts).filter((a) => a.status === 'open' && a.type === 'checking' && a.currency === payee.currency);
          if (from.length === 0) continue;
          out.push({
            payee_id: payee.payee_id,
            customer_id: customer.customer_id,
            name: payee.name,
            nickname: payee.nickname,
            category: payee.category,
            currency: payee.currency,
            account_mask: payee.account_number.slice(-4),
            pay_from_account_ids: from.map((a) => a.account_id),
          });
        }
      }
      return out.sort((a, b) => byNumber(a.payee_id as string, b.payee_id as string));
    },
  },
  {
    collection: 'cards',
    description:
      'Cards that are active or frozen. `pin` is the PIN the cardholder knows: a query may have the customer state it (for a PIN change); it never comes from a tool.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const customer of Object.values(state.customers)) {
        for (const card of Object.values(customer.cards)) {
          if (card.status !== 'active' && card.status !== 'frozen') continue;
          out.push({
            card_id: card.card_id,
            customer_id: customer.customer_id,
            account_id: card.account_id,
            type: card.type,
            last4: card.last4,
            status: card.status,
            daily_spending_limit: card.daily_spending_limit,
            pin: card.pin,
          });
        }
      }
      return out.sort((a, b) => byNumber(a.card_id as string, b.card_id as string));
    },
  },
  {
    collection: 'merchants',
    description: 'Merchants a customer paid at least twice, with category, count, total and the dates of the first and last purchase.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const customer of Object.values(state.customers)) {
        const seen = new Map<string, { category: string; currency: string; count: number; cents: number; first: string; last: string }>();
        for (const account of Object.values(customer.accounts)) {
          for (const transaction of transactionsOf(account)) {
            if (transaction.merchant_name === null || transaction.direction !== 'debit') continue;
            const key = `${transaction.merchant_name}\u0000${transaction.currency}`;
            const entry = seen.get(key) ?? { category: transaction.category, currency: transaction.currency, count: 0, cents: 0, first: transaction.date, last: transaction.date };
            entry.count += 1;
            entry.cents += toCents(transaction.amount);
            if (transaction.date < entry.first) entry.first = transaction.date;
            if (transaction.date > entry.last) entry.last = transaction.date;
            seen.set(key, entry);
          }
        }
        for (const [key, entry] of [...seen].sort(([a], [b]) => (a < b ? -1 : 1))) {
          if (entry.count < 2) continue;
          out.push({
            customer_id: customer.customer_id,
            merchant_name: key.slice(0, key.indexOf('\u0000')),
            category: entry.category,
            currency: entry.currency,
            count: entry.count,
            total: fromCents(entry.cents),
            first_date: entry.first,
            last_date: entry.last,
          });
        }
      }
      return out;
    },
  },
  {
    collection: 'transactions',
    description: 'The ten most recent transactions of each customer (id, day, amount, merchant, category, status).',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const customer of Object.values(state.customers)) {
        const all: BankTransaction[] = [];
        for (const account of Object.values(customer.accounts)) all.push(...transactionsOf(account));
        all.sort((a, b) => compareNewestFirst({ date: a.date, id: a.transaction_id }, { date: b.date, id: b.transaction_id }));
        for (const transaction of all.slice(0, 10)) {
          out.push({
            transaction_id: transaction.transaction_id,
            customer_id: customer.customer_id,
            account_id: transaction.account_id,
            date: transaction.date,
            amount: transaction.amount,
            currency: transaction.currency,
            direction: transaction.direction,
            description: transaction.description,
            merchant_name: transaction.merchant_name,
            category: transaction.category,
            status: transaction.status,
          });
        }
      }
      return out;
    },
  },
  {
    collection: 'transfers',
    description: 'Scheduled and pending transfers and payments (the ones a customer may ask about or cancel).',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const customer of Object.values(state.customers)) {
        for (const transfer of Object.values(customer.transfers)) {
          if (transfer.status !== 'scheduled' && transfer.status !== 'pending') continue;
          out.push({
            transfer_id: transfer.transfer_id,
            customer_id: customer.customer_id,
            kind: transfer.kind,
            status: transfer.status,
            from_account_id: transfer.from_account_id,
            to: transfer.kind === 'internal' ? transfer.to_account_id : customer.payees[transfer.payee_id ?? '']?.name ?? transfer.payee_id,
            amount: transfer.amount,
            currency: transfer.currency,
            execution_date: transfer.execution_date,
            submitted_on: transfer.created_at.slice(0, 10),
            memo: transfer.memo,
          });
        }
      }
      return out.sort((a, b) => byNumber(a.transfer_id as string, b.transfer_id as string));
    },
  },
];
