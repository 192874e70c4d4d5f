import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import { isExpired, type PaymentCustomer, type PaymentMethod, type PaymentsState } from './PaymentsState.js';

/**
 * Goals of someone on Brightline Studio's billing desk, played as conversations. They know a
 * client's name, what was sold and for how much, invoice numbers (BRL-0042, printed on every
 * invoice), a card's brand and last four digits, the amount and day of a charge; the assistant
 * finds customer, invoice, charge and payment method ids.
 */

type Row = Record<string, any>;

const TODAY = '2026-03-16';

const STAFF = ['You help the billing desk of Brightline Studio, a design studio, with its payments account.'];

const byNumber = (a: string, b: string): number => Number(a.slice(a.indexOf('_') + 1)) - Number(b.slice(b.indexOf('_') + 1));

const usable = (state: PaymentsState, customer: PaymentCustomer): PaymentMethod[] =>
  Object.values(state.payment_methods)
    .filter((m) => m.customer_id === customer.customer_id && !m.detached && !isExpired(m, TODAY))
    .sort((a, b) => byNumber(a.payment_method_id, b.payment_method_id));

/** A client (tried from a random start) for whom `pick` finds what the goal needs; deleted clients are left out. */
function castClient(state: PaymentsState, random: SessionRandom, pick: (customer: PaymentCustomer) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const ids = Object.keys(state.customers).sort(byNumber);
  const start = random.int(0, ids.length - 1);
  for (let k = 0; k < ids.length; k++) {
    const customer = state.customers[ids[(start + k) % ids.length]];
    if (customer.deleted) continue;
    const facts = pick(customer);
    if (facts !== undefined) return { client: customer.name, ...facts };
  }
  return undefined;
}

/** The step that turns the client's name into their customer id (and their usable methods). */
const findClient = {
  tool: 'list_payment_customers',
  args: (f: ScenarioFacts) => ({ search: f.client }),
  learn: (r: { customers: Row[] }, f: ScenarioFacts) => {
    const c = r.customers.find((x) => x.name === f.client);
    if (c === undefined) return undefined;
    const method = f.last4 === undefined ? undefined : (c.payment_methods as Row[]).find((m) => m.last4 === f.last4 && m.usable);
    return { customer_id: c.customer_id, ...(method ? { payment_method_id: method.payment_method_id } : {}) };
  },
};

const SERVICES: Array<[string, number, number]> = [
  ['Logo design', 850, 1],
  ['SEO audit', 600, 1],
  ['Maintenance hours', 95, 6],
  ['Copywriting, per page', 120, 4],
  ['Photography session', 450, 1],
  ['Landing page', 900, 1],
  ['Social media kit', 380, 1],
  ['Newsletter template', 300, 1],
];

const money = (n: number): string => n.toFixed(2);

export const paymentsScenarios: DomainScenario<PaymentsState>[] = [
  {
    name: 'bill_a_client_and_collect',
    goal: 'Invoice a client by name for work done, send the invoice with a due date, then collect it from a card the user names.',
    context: STAFF,
    weight: 3,
    cast(state, random) {
      return castClient(state, random, (customer) => {
        const methods = usable(state, customer).filter((m) => m.type === 'card');
        if (methods.length === 0) return undefined;
        const [service, price, quantity] = random.pick(SERVICES);
        const method = random.pick(methods);
        const days = random.pick([7, 14, 30, 45]);
        return { service, price, quantity, days, days_said: days, too_long: random.pick([120, 180, 365]), brand: method.brand, last4: method.last4, collect: random.next() < 0.7 };
      });
    },
    turns: [
      {
        say: [
          'Please bill {client} for {quantity} × {service} at {price} each and send it, due in {days_said} days.',
          'Create an invoice for {client}: {service}, quantity {quantity}, {price} per unit. Finalize it with {days_said} days to pay.',
          '{client} needs an invoice for {service} ({quantity} at {price}); payment due in {days_said} days.',
        ],
        steps: [
          findClient,
          {
            tool: 'create_payment_invoice',
            args: (f) => ({ customer_id: f.customer_id, lines: [{ description: f.service, quantity: f.quantity, unit_amount: f.price }] }),
            learn: (r: { invoice: Row }) => ({ invoice_id: r.invoice.invoice_id, total: r.invoice.total }),
            fault: { kind: 'missing_argument', tool: 'create_payment_invoice', args: (f) => ({ customer_id: f.customer_id }), recovery: 'retry_corrected' },
          },
          {
            tool: 'finalize_payment_invoice',
            args: (f) => ({ invoice_id: f.invoice_id, days_until_due: f.days }),
            learn: (r: { invoice: Row }) => ({ number: r.invoice.number, due_date: r.invoice.due_date }),
            fault: {
              kind: 'out_of_range',
              tool: 'finalize_payment_invoice',
              said: (f) => ({ days_said: f.too_long }),
              args: (f) => ({ invoice_id: f.invoice_id, days_until_due: f.too_long }),
              recovery: 'ask_user',
              ask: ['Invoices can be due in at most 90 days. How many days should they get?', 'That is longer than the 90 days allowed; what due period should I use?'],
              reply: ['Then {days} days.', 'OK, make it {days} days.'],
            },
          },
        ],
      },
      {
        say: ['They just called and want to pay it now with their {brand} ending in {last4}.', 'Charge invoice {number} to their {brand} card ending {last4}, please.'],
        when: (f) => f.collect === true,
        steps: [
          { tool: 'pay_payment_invoice', args: (f) => ({ invoice_id: f.invoice_id, payment_method_id: f.payment_method_id }), learn: (r: { charge: Row }) => ({ charge_id: r.charge?.charge_id }) },
        ],
      },
      {
        say: ['Thanks. How much does {client} owe us in all now?', 'Which invoices of {client} are still open now?'],
        when: (f) => f.collect !== true,
        steps: [{ tool: 'list_payment_invoices', args: (f) => ({ customer_id: f.customer_id, status: 'open' }) }],
      },
    ],
  },
  {
    name: 'collect_an_open_invoice_by_number',
    goal: 'Check whether a client paid an invoice named by its number, and charge their card on file when not.',
    context: STAFF,
    weight: 2,
    cast(state, random) {
      const open = entryValues(state.invoices).filter((i) => i.status === 'open' || i.status === 'uncollectible');
      return castClient(state, random, (customer) => {
        const own = open.filter((i) => i.customer_id === customer.customer_id);
        const id = customer.default_payment_method_id;
        if (own.length === 0 || id === null || !usable(state, customer).some((m) => m.payment_method_id === id)) return undefined;
        const invoice = random.pick(own);
        return { number: invoice.number, amount: money(invoice.amount_due) };
      });
    },
    turns: [
      {
        say: ['Has {client} paid invoice {number} yet?', 'Can you check whether invoice {number} from {client} is still open?', 'What is the status of {client}\'s invoice {number}?'],
        steps: [
          findClient,
          {
            tool: 'list_payment_invoices',
            args: (f) => ({ customer_id: f.customer_id }),
            learn: (r: { invoices: Row[] }, f) => { const i = r.invoices.find((x) => x.number === f.number); return i && { invoice_id: i.invoice_id, status: i.status, due: i.amount_due }; },
          },
        ],
      },
      {
        say: ['Then charge the {amount} to the card they have on file.', 'Please collect it now from their default payment method.'],
        steps: [
          {
            tool: 'pay_payment_invoice',
            // The assistant's own key for this one collection (the operation and the invoice it acts on): a retry sends it again and charges once.
            args: (f) => ({ invoice_id: f.invoice_id, idempotency_key: `collect-${String(f.invoice_id)}` }),
            learn: (r: { charge: Row }) => ({ charge_id: r.charge?.charge_id }),
            fault: { kind: 'guessed_id', tool: 'pay_payment_invoice', args: (f) => ({ invoice_id: f.number, idempotency_key: `collect-${String(f.invoice_id)}` }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Did that create an event in the log? Show me what happened to that invoice.', 'Show me the log entries for that invoice.'],
        steps: [{ tool: 'list_payment_events', args: (f) => ({ object_id: f.invoice_id }) }],
      },
    ],
  },
  {
    name: 'refund_part_of_a_charge',
    goal: 'Refund part of a charge a client disputes, named by its amount and day, then check what is left.',
    context: STAFF,
    weight: 3,
    cast(state, random) {
      const charges = entryValues(state.charges).filter((c) => c.status === 'succeeded' && c.amount - c.amount_refunded >= 40);
      return castClient(state, random, (customer) => {
        const own = charges.filter((c) => c.customer_id === customer.customer_id);
        if (own.length === 0) return undefined;
        const charge = random.pick(own);
        // The only charge of that amount on that day, so that the user's description names one.
        if (own.filter((c) => c.amount === charge.amount && c.created.slice(0, 10) === charge.created.slice(0, 10)).length > 1) return undefined;
        const left = charge.amount - charge.amount_refunded;
        const part = Math.max(10, Math.floor(left / random.pick([2, 3, 4, 5]) / 5) * 5);
        return {
          amount: money(charge.amount),
          charged: charge.amount,
          day: charge.created.slice(0, 10),
          part,
          part_said: part,
          too_much: Math.ceil(charge.amount * 2),
          reason: random.pick(['requested_by_customer', 'duplicate']),
          reason_text: random.pick(['they were not happy with part of the work', 'part of it was billed twice']),
        };
      });
    },
    turns: [
      {
        say: [
          '{client} was charged {amount} on {day}, and {reason_text}. Please refund {part_said} of it.',
          'Refund {part_said} of the {amount} charge to {client} from {day}; {reason_text}.',
        ],
        steps: [
          findClient,
          {
            tool: 'list_payment_charges',
            args: (f) => ({ customer_id: f.customer_id, status: 'succeeded' }),
            learn: (r: { charges: Row[] }, f) => { const c = r.charges.find((x) => x.amount === f.charged && String(x.created).startsWith(f.day as string)); return c && { charge_id: c.charge_id }; },
          },
          {
            tool: 'refund_payment_charge',
            args: (f) => ({ charge_id: f.charge_id, amount: f.part, reason: f.reason === 'duplicate' ? 'duplicate' : 'requested_by_customer' }),
            learn: (r: { charge: Row }) => ({ refundable: r.charge.refundable }),
            fault: {
              kind: 'state_refusal',
              tool: 'refund_payment_charge',
              said: (f) => ({ part_said: f.too_much }),
              args: (f) => ({ charge_id: f.charge_id, amount: f.too_much }),
              recovery: 'ask_user',
              ask: ['How much should I refund instead?', 'Which smaller amount should I refund?'],
              reply: ['Sorry, I meant {part}.', 'Refund {part} then.'],
            },
          },
        ],
      },
      {
        say: ['How much of that charge could still be refunded now?', 'Show me that client\'s charges again so I can see the refund.'],
        steps: [{ tool: 'list_payment_charges', args: (f) => ({ customer_id: f.customer_id, status: 'succeeded', limit: 10 }) }],
      },
    ],
  },
  {
    name: 'write_off_an_unpaid_invoice',
    goal: 'Mark a client\'s long-overdue invoice uncollectible, or void it when the work was cancelled.',
    context: STAFF,
    weight: 2,
    cast(state, random) {
      const open = entryValues(state.invoices).filter((i) => i.status === 'open');
      return castClient(state, random, (customer) => {
        const own = open.filter((i) => i.customer_id === customer.customer_id);
        if (own.length === 0) return undefined;
        const invoice = random.pick(own);
        return { number: invoice.number, amount: money(invoice.total), cancel: random.next() < 0.45 };
      });
    },
    turns: [
      {
        say: ['Which invoices does {client} still owe us?', 'List the open invoices of {client}, please.'],
        steps: [
          findClient,
          {
            tool: 'list_payment_invoices',
            args: (f) => ({ customer_id: f.customer_id, status: 'open' }),
            learn: (r: { invoices: Row[] }, f) => { const i = r.invoices.find((x) => x.number === f.number); return i && { invoice_id: i.invoice_id }; },
          },
        ],
      },
      {
        say: ['We will not see the money for {number}. Mark it as uncollectible.', 'Write off invoice {number} ({amount}) as uncollectible, please.'],
        when: (f) => f.cancel !== true,
        steps: [{ tool: 'mark_payment_invoice_uncollectible', args: (f) => ({ invoice_id: f.invoice_id }) }],
      },
      {
        say: ['That project for {number} was cancelled, so void the invoice.', 'Please void invoice {number}; the work never happened.'],
        when: (f) => f.cancel === true,
        steps: [
          {
            tool: 'void_payment_invoice',
            args: (f) => ({ invoice_id: f.invoice_id }),
            fault: { kind: 'guessed_id', tool: 'void_payment_invoice', args: (f) => ({ invoice_id: f.number }), recovery: 'retry_corrected' },
          },
        ],
      },
    ],
  },
  {
    name: 'finalize_a_waiting_draft',
    goal: 'Find a draft invoice waiting for a client, send it, and void it when the client says it is wrong.',
    context: STAFF,
    cast(state, random) {
      const drafts = entryValues(state.invoices).filter((i) => i.status === 'draft');
      return castClient(state, random, (customer) => {
        const own = drafts.filter((i) => i.customer_id === customer.customer_id);
        if (own.length === 0) return undefined;
        const invoice = random.pick(own);
        return { what: invoice.lines[0].description, total: money(invoice.total), days: random.pick([10, 14, 30]), wrong: random.next() < 0.4 };
      });
    },
    turns: [
      {
        say: ['Is there a draft invoice for {client}? If so, send it with {days} days to pay.', 'Send out the draft invoice we prepared for {client} ({what}), due in {days} days.'],
        steps: [
          findClient,
          {
            tool: 'list_payment_invoices',
            args: (f) => ({ customer_id: f.customer_id, status: 'draft' }),
            learn: (r: { invoices: Row[] }, f) => { const i = r.invoices.find((x) => x.lines[0]?.description === f.what); return i && { invoice_id: i.invoice_id }; },
          },
          {
            tool: 'finalize_payment_invoice',
            args: (f) => ({ invoice_id: f.invoice_id, days_until_due: f.days }),
            learn: (r: { invoice: Row }) => ({ number: r.invoice.number }),
          },
        ],
      },
      {
        say: ['{client} says the amount on {number} is wrong. Void it, we will redo it.', 'Oops, that invoice has a mistake. Please void {number}.'],
        when: (f) => f.wrong === true,
        steps: [{ tool: 'void_payment_invoice', args: (f) => ({ invoice_id: f.invoice_id }) }],
      },
      {
        say: ['Good. Did that go on the log?', 'Show me the log entries for {number}.'],
        when: (f) => f.wrong !== true,
        steps: [{ tool: 'list_payment_events', args: (f) => ({ object_id: f.invoice_id }) }],
      },
    ],
  },
  {
    name: 'review_a_client_account',
    goal: 'Review what happened on a client\'s account lately and what they still owe.',
    context: STAFF,
    cast(state, random) {
      // The user names the kind of activity when they want one (the event type is then theirs to say).
      const kind = random.pick([
        { type: 'charge.succeeded', activity: 'successful charges' },
        { type: 'invoice.paid', activity: 'paid invoices' },
        { type: 'invoice.finalized', activity: 'finalized invoices' },
        { type: undefined, activity: 'activity' },
      ]);
      return castClient(state, random, () => ({ type: kind.type, activity: kind.activity }));
    },
    turns: [
      {
        say: ['What {activity} has {client}\'s account had recently?', 'Show me the latest {activity} for {client}.'],
        steps: [findClient, { tool: 'list_payment_events', args: (f) => ({ customer_id: f.customer_id, ...(f.type ? { type: f.type } : {}), limit: 10 }) }],
      },
      {
        say: ['And how much do they still owe us?', 'Do they have any unpaid invoices?'],
        steps: [{ tool: 'list_payment_invoices', args: (f) => ({ customer_id: f.customer_id, status: 'open' }) }],
      },
    ],
  },
];
