import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { MAX_DEBIT_CARD_DAILY_LIMIT, type BankAccount, type BankCustomer, type BankingState } from './BankingState.js';

/**
 * Goals of a bank customer, played as conversations. The customer knows their customer number (it is
 * on every statement), the names of their accounts and payees, the last four digits of a card, amounts
 * and dates; the assistant looks up the ids.
 */

type Row = Record<string, any>;

const byNumber = (a: string, b: string): number => Number(a.slice(a.indexOf('_') + 1)) - Number(b.slice(b.indexOf('_') + 1));

function customers(state: BankingState): BankCustomer[] {
  return Object.keys(state.customers)
    .sort(byNumber)
    .map((id) => state.customers[id]);
}

const openAccounts = (customer: BankCustomer, type?: string): BankAccount[] =>
  Object.values(customer.accounts).filter((a) => a.status === 'open' && (type === undefined || a.type === type)).sort((a, b) => byNumber(a.account_id, b.account_id));

const spendable = (a: BankAccount): number => a.available_balance;

/** A customer (tried from a random start) for whom `pick` finds what the goal needs. */
function castCustomer(state: BankingState, random: SessionRandom, pick: (customer: BankCustomer) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const all = customers(state);
  const start = random.int(0, all.length - 1);
  for (let k = 0; k < Math.min(all.length, 40); k++) {
    const customer = all[(start + k) % all.length];
    const facts = pick(customer);
    if (facts !== undefined) return { customer_id: customer.customer_id, customer_name: customer.name, ...facts };
  }
  return undefined;
}

const accountNamed = (name: string) => (result: { accounts: Row[] }) => {
  const account = result.accounts.find((a) => a.name === name);
  return account === undefined ? undefined : { account_id: account.account_id };
};

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const AMOUNTS = [25, 40, 60, 75, 90, 120, 150, 200, 250];

const SIGNED_IN = ['The signed-in customer is {customer_name} (customer id {customer_id}).'];

export const bankingScenarios: DomainScenario<BankingState>[] = [
  {
    name: 'pay_bill_from_named_account',
    goal: 'Pay a known payee from an account the customer names; then check what is left or cancel the payment.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const accounts = openAccounts(customer, 'checking').filter((a) => spendable(a) > 300);
        const payees = Object.values(customer.payees).filter((p) => p.status === 'active');
        if (accounts.length === 0 || payees.length === 0) return undefined;
        const account = random.pick(accounts);
        const payee = random.pick(payees);
        const amount = random.pick(AMOUNTS.filter((x) => x < spendable(account) / 2));
        return { account_name: account.name, payee_name: payee.name, amount, amount_said: amount, too_much: Math.ceil(spendable(account) + 5000) };
      });
    },
    turns: [
      {
        say: [
          'Please pay {payee_name} {amount_said} from my {account_name} account.',
          'I need to pay {payee_name} {amount_said} out of {account_name}.',
          'Can you send {amount_said} to {payee_name} from my {account_name}?',
        ],
        steps: [
          { tool: 'list_bank_accounts', args: (f) => ({ customer_id: f.customer_id }), learn: (r, f) => accountNamed(f.account_name as string)(r) },
          {
            tool: 'list_bank_payees',
            args: (f) => ({ customer_id: f.customer_id }),
            learn: (r: { payees: Row[] }, f) => {
              const payee = r.payees.find((p) => p.name === f.payee_name);
              return payee === undefined ? undefined : { payee_id: payee.payee_id };
            },
          },
          {
            tool: 'pay_bank_payee',
            args: (f) => ({ from_account_id: f.account_id, payee_id: f.payee_id, amount: f.amount }),
            learn: (r: { transfer: Row; from_account: Row }) => ({ transfer_id: r.transfer.transfer_id }),
            fault: {
              kind: 'state_refusal',
              tool: 'pay_bank_payee',
              said: (f) => ({ amount_said: f.too_much }),
              args: (f) => ({ from_account_id: f.account_id, payee_id: f.payee_id, amount: f.too_much }),
              recovery: 'ask_user',
              ask: ['How much would you like to pay instead?', 'Would you like to send a smaller amount?'],
              reply: ['Oh, sorry. Make it {amount}.', 'Then just pay {amount} for now.', 'Pay {amount} instead, please.'],
            },
          },
        ],
      },
      {
        say: ['Thanks. How much is left in {account_name} now?', 'What is the available balance on {account_name} after that?'],
        steps: [{ tool: 'get_bank_account_balance', args: (f) => ({ account_id: f.account_id }) }],
      },
    ],
  },
  {
    name: 'schedule_then_cancel_payment',
    goal: 'Schedule a payment for a later date, then change one\'s mind and cancel it.',
    context: SIGNED_IN,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const accounts = openAccounts(customer, 'checking').filter((a) => spendable(a) > 200);
        const payees = Object.values(customer.payees).filter((p) => p.status === 'active');
        if (accounts.length === 0 || payees.length === 0) return undefined;
        const account = random.pick(accounts);
        return { account_name: account.name, payee_name: random.pick(payees).name, amount: random.pick(AMOUNTS.filter((x) => x < spendable(account) / 2)), date: addDays('2026-03-16', random.int(3, 25)) };
      });
    },
    turns: [
      {
        say: ['Schedule a payment of {amount} to {payee_name} from {account_name} on {date}.', 'Please set up a {amount} payment to {payee_name} for {date}, from my {account_name} account.'],
        steps: [
          { tool: 'list_bank_accounts', args: (f) => ({ customer_id: f.customer_id, type: 'checking' }), learn: (r, f) => accountNamed(f.account_name as string)(r) },
          { tool: 'list_bank_payees', args: (f) => ({ customer_id: f.customer_id, search: f.payee_name }), learn: (r: { payees: Row[] }, f) => { const p = r.payees.find((x) => x.name === f.payee_name); return p && { payee_id: p.payee_id }; } },
          { tool: 'pay_bank_payee', args: (f) => ({ from_account_id: f.account_id, payee_id: f.payee_id, amount: f.amount, scheduled_date: f.date }), learn: (r: { transfer: Row }) => ({ transfer_id: r.transfer.transfer_id }) },
        ],
      },
      {
        say: ['Actually, cancel that payment, please.', 'On second thought, please cancel the payment you just scheduled.', 'Hmm, I changed my mind. Can you cancel it?'],
        steps: [{ tool: 'cancel_bank_transfer', args: (f) => ({ transfer_id: f.transfer_id }) }],
      },
    ],
  },
  {
    name: 'move_money_between_own_accounts',
    goal: 'Move money between two of one\'s own accounts, named by the customer, and check the balance after.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const from = openAccounts(customer).filter((a) => a.type !== 'credit_card' && spendable(a) > 300);
        if (from.length === 0) return undefined;
        const source = random.pick(from);
        const targets = openAccounts(customer).filter((a) => a.account_id !== source.account_id && a.currency === source.currency && a.type !== 'credit_card');
        if (targets.length === 0) return undefined;
        const target = random.pick(targets);
        return { from_name: source.name, to_name: target.name, guess: source.name.toLowerCase().replace(/[^a-z]+/g, '_'), amount: random.pick(AMOUNTS.filter((x) => x < spendable(source) / 2)) };
      });
    },
    turns: [
      {
        say: ['Move {amount} from {from_name} to {to_name}.', 'Please transfer {amount} from my {from_name} into {to_name}.', 'I want {amount} moved from {from_name} over to {to_name};'],
        steps: [
          {
            tool: 'list_bank_accounts',
            args: (f) => ({ customer_id: f.customer_id }),
            learn: (r: { accounts: Row[] }, f) => {
              const from = r.accounts.find((a) => a.name === f.from_name);
              const to = r.accounts.find((a) => a.name === f.to_name);
              return from && to ? { from_id: from.account_id, to_id: to.account_id } : undefined;
            },
            fault: { kind: 'guessed_id', tool: 'get_bank_account_balance', args: (f) => ({ account_id: f.guess }), recovery: 'retry_alternative' },
          },
          { tool: 'transfer_between_bank_accounts', args: (f) => ({ from_account_id: f.from_id, to_account_id: f.to_id, amount: f.amount }), learn: (r: { transfer: Row }) => ({ transfer_id: r.transfer.transfer_id }) },
        ],
      },
      {
        say: ['Great. What does {to_name} show now?', 'And what is the balance of {to_name} now?'],
        steps: [{ tool: 'get_bank_account_balance', args: (f) => ({ account_id: f.to_id }) }],
      },
      {
        say: ['Can you show me my recent transfers to double-check?', 'List my transfers so I can see it went through.'],
        when: (f) => String(f.amount).length > 2,
        steps: [{ tool: 'list_bank_transfers', args: (f) => ({ customer_id: f.customer_id, kind: 'internal' }) }],
      },
    ],
  },
  {
    name: 'lost_card_and_new_limit',
    goal: 'Report a card lost by its last four digits, then set a limit on the replacement.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const cards = Object.values(customer.cards).filter((c) => c.status === 'active');
        if (cards.length === 0) return undefined;
        const card = random.pick(cards);
        const limit = random.pick([500, 800, 1000, 1500, 2000]);
        return { last4: (card as Row).last4, reason: random.pick(['lost', 'stolen']), limit, limit_said: limit, too_high: MAX_DEBIT_CARD_DAILY_LIMIT * 4 };
      });
    },
    turns: [
      {
        say: ['I think my card ending in {last4} was {reason}. Please report it.', 'My card ending {last4} is gone ({reason}). Can you block it and order a new one?'],
        steps: [
          { tool: 'list_bank_cards', args: (f) => ({ customer_id: f.customer_id, status: 'active' }), learn: (r: { cards: Row[] }, f) => { const c = r.cards.find((x) => x.last4 === f.last4); return c && { card_id: c.card_id }; } },
          { tool: 'report_bank_card_lost', args: (f) => ({ card_id: f.card_id, reason: f.reason }), learn: (r: { replacement_card: Row | null }) => (r.replacement_card ? { new_card_id: r.replacement_card.card_id, new_last4: r.replacement_card.last4 } : {}) },
        ],
      },
      {
        say: ['Thanks. Set the daily spending limit on the new card to {limit_said}.', 'Please put a {limit_said} daily limit on the replacement card.'],
        when: (f) => f.new_card_id !== undefined,
        steps: [
          {
            tool: 'set_bank_card_spending_limit',
            args: (f) => ({ card_id: f.new_card_id, daily_limit: f.limit }),
            fault: {
              kind: 'out_of_range',
              tool: 'set_bank_card_spending_limit',
              said: (f) => ({ limit_said: f.too_high }),
              args: (f) => ({ card_id: f.new_card_id, daily_limit: f.too_high }),
              recovery: 'ask_user',
              ask: ['What limit would you like instead?', 'Which lower limit should I set?'],
              reply: ['Then {limit}, please.', 'OK, make it {limit}.'],
            },
          },
        ],
      },
    ],
  },
  {
    name: 'freeze_then_unfreeze_card',
    goal: 'Freeze a misplaced card, then unfreeze it once found, or change its PIN.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const cards = Object.values(customer.cards).filter((c) => c.status === 'active');
        if (cards.length === 0) return undefined;
        const card = random.pick(cards) as Row;
        let pin = String(random.int(1000, 9999));
        if (pin === card.pin) pin = String((Number(pin) % 9000) + 1000 + 1);
        return { last4: card.last4, current_pin: card.pin, new_pin: pin, found: random.next() < 0.6 };
      });
    },
    turns: [
      {
        say: ["I can't find my card ending in {last4}. Please freeze it for now.", 'Freeze the card that ends in {last4}, please; I misplaced it.'],
        steps: [
          { tool: 'list_bank_cards', args: (f) => ({ customer_id: f.customer_id }), learn: (r: { cards: Row[] }, f) => { const c = r.cards.find((x) => x.last4 === f.last4); return c && { card_id: c.card_id }; } },
          { tool: 'freeze_bank_card', args: (f) => ({ card_id: f.card_id }) },
        ],
      },
      {
        say: ['Good news, I found it. Please unfreeze it.', 'Never mind, it was in my coat. Unfreeze the card again.'],
        when: (f) => f.found === true,
        steps: [{ tool: 'unfreeze_bank_card', args: (f) => ({ card_id: f.card_id }) }],
      },
      {
        say: ['I still want to be safe: change its PIN from {current_pin} to {new_pin}.', 'Also change the PIN of that card: the current one is {current_pin}, the new one {new_pin}.'],
        steps: [{ tool: 'change_bank_card_pin', args: (f) => ({ card_id: f.card_id, current_pin: f.current_pin, new_pin: f.new_pin }) }],
      },
    ],
  },
  {
    name: 'new_payee_then_pay',
    goal: 'Add a new payee from the details on an invoice, pay them, and tidy up an old payee.',
    context: SIGNED_IN,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const accounts = openAccounts(customer, 'checking').filter((a) => spendable(a) > 300);
        const old = Object.values(customer.payees).filter((p) => p.status === 'active');
        if (accounts.length === 0) return undefined;
        const name = random.pick(['Green Valley Landscaping', 'Northside Dental', 'Maple Street Daycare', 'Riverside Plumbing', 'Harbor Music School', 'Summit Roofing Co']);
        if (Object.values(customer.payees).some((p) => p.name === name)) return undefined;
        let account = '';
        for (let i = 0; i < 10; i++) account += String(random.int(0, 9));
        return {
          new_name: name,
          account_number: `7${account}`,
          routing_number: random.pick(['021000021', '026009593', '011000138', '121000358']),
          account_name: random.pick(accounts).name,
          amount: random.pick([45, 80, 120, 150, 300]),
          old_payee: old.length > 0 ? random.pick(old).name : undefined,
        };
      });
    },
    turns: [
      {
        say: ['Please add {new_name} as a payee: account number {account_number}, routing number {routing_number}.', 'I got an invoice from {new_name}. Add them as a payee (account {account_number}, routing {routing_number}).'],
        steps: [{ tool: 'add_bank_payee', args: (f) => ({ customer_id: f.customer_id, name: f.new_name, account_number: f.account_number, routing_number: f.routing_number, type: 'business' }), learn: (r: { payee: Row }) => ({ payee_id: r.payee.payee_id }) }],
      },
      {
        say: ['Now pay them {amount} from my {account_name} account.', 'Send {new_name} {amount} from {account_name}.'],
        steps: [
          { tool: 'list_bank_accounts', args: (f) => ({ customer_id: f.customer_id }), learn: (r, f) => accountNamed(f.account_name as string)(r) },
          {
            tool: 'pay_bank_payee',
            args: (f) => ({ from_account_id: f.account_id, payee_id: f.payee_id, amount: f.amount }),
            fault: { kind: 'missing_argument', tool: 'pay_bank_payee', args: (f) => ({ from_account_id: f.account_id, payee_id: f.payee_id }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['One more thing: remove {old_payee} from my payees, I no longer use them.', 'And please delete the payee {old_payee}.'],
        when: (f) => f.old_payee !== undefined,
        steps: [
          { tool: 'list_bank_payees', args: (f) => ({ customer_id: f.customer_id, search: f.old_payee }), learn: (r: { payees: Row[] }, f) => { const p = r.payees.find((x) => x.name === f.old_payee); return p && { old_id: p.payee_id }; } },
          { tool: 'remove_bank_payee', args: (f) => ({ payee_id: f.old_id }) },
        ],
      },
    ],
  },
  {
    name: 'review_spending',
    goal: 'Review spending in a category, then look closer at one transaction that came back.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const accounts = openAccounts(customer);
        if (accounts.length === 0) return undefined;
        return { category: random.pick(['groceries', 'dining', 'coffee', 'transport', 'shopping', 'entertainment', 'utilities', 'subscriptions']), start: addDays('2026-03-16', -random.int(20, 60)) };
      });
    },
    turns: [
      {
        say: ['How much have I spent on {category} since {start}?', 'Show me my {category} purchases since {start}, please.'],
        steps: [
          {
            tool: 'list_bank_transactions',
            args: (f) => ({ customer_id: f.customer_id, category: f.category, start_date: f.start, direction: 'debit' }),
            learn: (r: { transactions: Row[] }) => (r.transactions.length === 0 ? { empty: true } : { transaction_id: r.transactions[0].transaction_id, merchant: r.transactions[0].merchant_name ?? r.transactions[0].description }),
          },
        ],
      },
      {
        say: ['Nothing? Then show me everything I spent since {start}.', 'Hmm, none at all. What did I spend money on since {start} then?'],
        when: (f) => f.empty === true,
        steps: [
          {
            tool: 'list_bank_transactions',
            args: (f) => ({ customer_id: f.customer_id, start_date: f.start, direction: 'debit' }),
            learn: (r: { transactions: Row[] }) => (r.transactions.length === 0 ? undefined : { transaction_id: r.transactions[0].transaction_id, merchant: r.transactions[0].merchant_name ?? r.transactions[0].description }),
          },
        ],
      },
      {
        say: ['Tell me more about the most recent one, the {merchant} charge.', 'What exactly was that latest {merchant} transaction?'],
        steps: [{ tool: 'get_bank_transaction', args: (f) => ({ transaction_id: f.transaction_id }) }],
      },
    ],
  },
  {
    name: 'cancel_scheduled_transfer',
    goal: 'Find a scheduled transfer by what it is for and cancel it.',
    context: SIGNED_IN,
    cast(state, random) {
      return castCustomer(state, random, (customer) => {
        const scheduled = Object.values(customer.transfers).filter((t) => t.status === 'scheduled');
        if (scheduled.length === 0) return undefined;
        const transfer = random.pick(scheduled) as Row;
        return { amount: transfer.amount, date: transfer.scheduled_date ?? transfer.date };
      });
    },
    turns: [
      {
        say: ['What transfers do I have scheduled?', 'List my scheduled transfers, please.'],
        steps: [{ tool: 'list_bank_transfers', args: (f) => ({ customer_id: f.customer_id, status: 'scheduled' }), learn: (r: { transfers: Row[] }, f) => { const t = r.transfers.find((x) => x.amount === f.amount); return t && { transfer_id: t.transfer_id }; } }],
      },
      {
        say: ['Cancel the {amount} one, please.', 'Please cancel the transfer of {amount}.'],
        steps: [{ tool: 'cancel_bank_transfer', args: (f) => ({ transfer_id: f.transfer_id }) }],
      },
    ],
  },
];
