import { setEntry, type BucketedRecord } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  PAYMENTS_REFERENCE_DATE,
  addAmounts,
  addDays,
  fromCents,
  isExpired,
  toCents,
  type Charge,
  type EventType,
  type IdempotencyRecord,
  type Invoice,
  type InvoiceLine,
  type InvoiceStatus,
  type PaymentCustomer,
  type PaymentEvent,
  type PaymentMethod,
  type PaymentsState,
  type Refund,
  type RefundReason,
} from './PaymentsState.js';

/**
 * Builds the payments world from a seed: Brightline Studio's 40 clients over the 150 days before
 * the reference date, each with cards or bank accounts (some expired, some detached), invoices
 * from the studio's price list (paid, open, overdue, void, uncollectible, a few drafts), the
 * charges that paid them (and failed attempts), partial and full refunds, and the event log of all
 * of it in time order.
 *
 * `npx tsx servers/payments/generateWorld.ts [seed]` writes fixtures/payments/world.json (seed 42).
 */

const TODAY = PAYMENTS_REFERENCE_DATE.slice(0, 10);
const CUSTOMER_COUNT = 40;
const HISTORY_DAYS = 150;

const FIRST = ['Dana', 'Marcus', 'Priya', 'Owen', 'Lucia', 'Kenji', 'Amara', 'Felix', 'Sofia', 'Jonah', 'Mei', 'Rafael', 'Hannah', 'Tariq', 'Greta', 'Luis', 'Nora', 'Elijah', 'Ines', 'Caleb', 'Yara', 'Theo', 'Leila', 'Victor', 'Zoe', 'Malik', 'Ruth', 'Anders', 'Camila', 'Desmond'];
const LAST = ['Wells', 'Okafor', 'Raman', 'Fitzgerald', 'Moreno', 'Tanaka', 'Nwosu', 'Brandt', 'Costa', 'Pierce', 'Lin', 'Duarte', 'Schultz', 'Haddad', 'Lindqvist', 'Ortega', 'Byrne', 'Mensah', 'Ferreira', 'Holt', 'Abbasi', 'Novak', 'Karimi', 'Dubois', 'Park', 'Grant', 'Weiss', 'Berg', 'Rojas', 'Achebe'];
const COMPANIES = ['Harbor Coffee Co.', 'Northwind Yoga', 'Pine & Anchor', 'Lumen Dental', 'Kestrel Bikes', 'Foxglove Florist', 'Atlas Movers', 'Bluebird Bakery', 'Summit Physio', 'Copperleaf Books', 'Riverbend Vets', 'Marigold Events', 'Tidewater Realty', 'Orchard Law', 'Nimbus Labs', 'Sable Tattoo', 'Juniper Wellness', 'Redwood Roofing', 'Quarry Climbing', 'Saffron Kitchen'];
const SERVICES: Array<[string, number, number, number]> = [
  // description, unit price, min quantity, max quantity
  ['Website redesign', 2400, 1, 1],
  ['Logo design', 850, 1, 1],
  ['Monthly retainer', 1500, 1, 1],
  ['SEO audit', 600, 1, 1],
  ['Hosting (annual plan)', 240, 1, 1],
  ['Copywriting, per page', 120, 2, 8],
  ['Photography session', 450, 1, 2],
  ['Brand guidelines', 1200, 1, 1],
  ['Social media kit', 380, 1, 1],
  ['Maintenance hours', 95, 2, 12],
  ['Newsletter template', 300, 1, 1],
  ['Product photo editing, per image', 15, 10, 40],
  ['Domain renewal', 18, 1, 3],
  ['Landing page', 900, 1, 2],
];
const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'];
const BANKS = ['Chase', 'Wells Fargo', 'Bank of America', 'Ally Bank'];
const REFUND_REASONS: RefundReason[] = ['requested_by_customer', 'requested_by_customer', 'duplicate', 'fraudulent'];

const pad = (n: number, width: number): string => String(n).padStart(width, '0');
const NOW = PAYMENTS_REFERENCE_DATE;
/** A time of day on `day`: business hours, and before the reference time on the reference day. */
const at = (day: string, random: SeededRandom): string => `${day}T${pad(day === TODAY ? random.int(6, 8) : random.int(8, 19), 2)}:${pad(random.int(0, 59), 2)}:${pad(random.int(0, 59), 2)}Z`;
/** A moment `minutes` after an ISO time. */
const later = (time: string, minutes: number): string => new Date(Date.parse(time) + minutes * 60_000).toISOString().replace('.000Z', 'Z');

interface PendingEvent {
  type: EventType;
  object_id: string;
  customer_id: string;
  created: string;
}

export function generateWorld(seed: number): PaymentsState {
  const random = new SeededRandom(seedRandomState(seed));
  const chance = (p: number): boolean => random.next() < p;
  const customers: Record<string, PaymentCustomer> = {};
  const methods: Record<string, PaymentMethod> = {};
  const methodsOf = new Map<string, PaymentMethod[]>();
  const usedNames = new Set<string>();
  let methodCount = 0;
  const last4s = new Set<string>();
  const newLast4 = (): string => {
    for (;;) {
      const digits = pad(random.int(1000, 9999), 4);
      if (!last4s.has(digits)) {
        last4s.add(digits);
        return digits;
      }
    }
  };

  for (let i = 1; i <= CUSTOMER_COUNT; i++) {
    let name: string;
    do name = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    while (usedNames.has(name));
    usedNames.add(name);
    const customerId = `cus_${i}`;
    const company = chance(0.5) ? COMPANIES[(i * 7) % COMPANIES.length] : null;
    const [first, last] = name.toLowerCase().split(' ');
    const email = company !== null ? `${first}@${company.toLowerCase().replace(/[^a-z]+/g, '')}.com` : `${first}.${last}@${random.pick(['gmail.com', 'outlook.com', 'fastmail.com', 'proton.me'])}`;
    const created = addDays(TODAY, -random.int(HISTORY_DAYS + 10, HISTORY_DAYS + 600));
    const own: PaymentMethod[] = [];
    const count = random.int(1, 3);
    for (let k = 0; k < count; k++) {
      const card = k === 0 || chance(0.7);
      const expired = card && k > 0 && chance(0.35);
      const expYear = expired ? random.int(2024, 2025) : random.int(2026, 2030);
      const method: PaymentMethod = {
        payment_method_id: `pm_${++methodCount}`,
        customer_id: customerId,
        type: card ? 'card' : 'us_bank_account',
        brand: card ? random.pick(CARD_BRANDS) : random.pick(BANKS),
        last4: newLast4(),
        exp_month: card ? (expYear === 2026 ? random.int(5, 12) : random.int(1, 12)) : null,
        exp_year: card ? expYear : null,
        detached: k > 0 && !expired && chance(0.15),
      };
      own.push(method);
      methods[method.payment_method_id] = method;
    }
    methodsOf.set(customerId, own);
    const usable = own.filter((m) => !m.detached && !isExpired(m, TODAY));
    customers[customerId] = {
      customer_id: customerId,
      name,
      email,
      company,
      created: `${created}T12:00:00Z`,
      deleted: i % 13 === 0,
      default_payment_method_id: usable.length > 0 ? usable[0].payment_method_id : null,
    };
  }

  // Invoices in time order, then their charges, refunds and events.
  interface Draft {
    customerId: string;
    created: string;
    lines: InvoiceLine[];
    memo: string | null;
  }
  const drafts: Draft[] = [];
  for (const customer of Object.values(customers)) {
    const count = customer.deleted ? random.int(2, 3) : random.int(3, 9);
    for (let k = 0; k < count; k++) {
      const day = addDays(TODAY, -random.int(0, HISTORY_DAYS));
      const lines: InvoiceLine[] = [];
      const lineCount = random.int(1, 3);
      const used = new Set<string>();
      for (let l = 0; l < lineCount; l++) {
        const [description, price, min, max] = random.pick(SERVICES);
        if (used.has(description)) continue;
        used.add(description);
        const quantity = random.int(min, max);
        lines.push({ description, quantity, unit_amount: price, amount: fromCents(toCents(price) * quantity) });
      }
      drafts.push({ customerId: customer.customer_id, created: at(day, random), lines, memo: chance(0.3) ? random.pick(['Thank you for your business!', 'Net 30', 'Phase 2 of 3', 'As agreed in the proposal', 'Includes two rounds of revisions']) : null });
    }
  }
  drafts.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));

  const invoices: Invoice[] = [];
  const charges: Charge[] = [];
  const refunds: Refund[] = [];
  const events: PendingEvent[] = [];
  let invoiceNumber = 0;
  const emit = (type: EventType, objectId: string, customerId: string, created: string): void => {
    if (created <= NOW) events.push({ type, object_id: objectId, customer_id: customerId, created });
  };
  const newCharge = (customerId: string, method: PaymentMethod, invoiceId: string | null, amount: number, created: string, description: string, failure: string | null): Charge => {
    const charge: Charge = {
      charge_id: `ch_${charges.length + 1}`,
      customer_id: customerId,
      payment_method_id: method.payment_method_id,
      invoice_id: invoiceId,
      amount,
      amount_refunded: 0,
      currency: 'usd',
      status: failure === null ? 'succeeded' : 'failed',
      failure_message: failure,
      description,
      created,
      refund_ids: [],
    };
    charges.push(charge);
    emit(failure === null ? 'charge.succeeded' : 'charge.failed', charge.charge_id, customerId, created);
    return charge;
  };

  for (const [index, draft] of drafts.entries()) {
    const customer = customers[draft.customerId];
    const invoiceId = `in_${index + 1}`;
    const total = addAmounts(...draft.lines.map((l) => l.amount));
    const age = (Date.parse(`${TODAY}T00:00:00Z`) - Date.parse(draft.created)) / 86_400_000;
    let status: InvoiceStatus;
    if (customer.deleted) status = chance(0.5) ? 'void' : 'uncollectible';
    else if (age < 8 && chance(0.6)) status = 'draft';
    else if (age < 30) status = chance(0.45) ? 'paid' : 'open';
    else {
      const roll = random.next();
      status = roll < 0.78 ? 'paid' : roll < 0.86 ? 'open' : roll < 0.94 ? 'void' : 'uncollectible';
    }
    const usable = (methodsOf.get(customer.customer_id) ?? []).filter((m) => !m.detached);
    if (status === 'paid' && usable.length === 0) status = 'open';
    let finalizedAt = status === 'draft' ? null : later(draft.created, random.int(10, 600));
    if (finalizedAt !== null && finalizedAt > NOW) {
      status = 'draft';
      finalizedAt = null;
    }
    // Payment or closing a few hours to weeks after finalizing; what would fall after now is still open.
    const settledAt = finalizedAt === null ? null : later(finalizedAt, random.int(60, 60 * 24 * Math.max(1, Math.min(20, Math.floor(age) - 1))));
    if (settledAt !== null && settledAt > NOW && status !== 'draft') status = 'open';
    const invoice: Invoice = {
      invoice_id: invoiceId,
      number: null,
      customer_id: customer.customer_id,
      status,
      currency: 'usd',
      lines: draft.lines,
      total,
      amount_paid: 0,
      amount_due: total,
      memo: draft.memo,
      created: draft.created,
      finalized_at: finalizedAt,
      due_date: null,
      paid_at: null,
      voided_at: null,
      charge_id: null,
    };
    emit('invoice.created', invoiceId, customer.customer_id, draft.created);
    if (finalizedAt !== null) {
      invoice.number = `BRL-${pad(++invoiceNumber, 4)}`;
      invoice.due_date = addDays(finalizedAt, random.pick([14, 30, 30, 30]));
      emit('invoice.finalized', invoiceId, customer.customer_id, finalizedAt);
    }
    if (status === 'paid') {
      const paidAt = settledAt!;
      const method = usable[0];
      if (chance(0.12)) {
        // A failed attempt first (insufficient funds), then the successful one with the same method.
        newCharge(customer.customer_id, method, invoiceId, total, later(paidAt, -30), `Payment for invoice ${invoice.number}`, 'Your card has insufficient funds.');
      }
      const charge = newCharge(customer.customer_id, method, invoiceId, total, paidAt, `Payment for invoice ${invoice.number}`, null);
      invoice.amount_paid = total;
      invoice.amount_due = 0;
      invoice.paid_at = paidAt;
      invoice.charge_id = charge.charge_id;
      emit('invoice.paid', invoiceId, customer.customer_id, paidAt);
      if (chance(0.15)) {
        const full = chance(0.3);
        const amount = full ? total : fromCents(Math.max(100, Math.round((toCents(total) * random.int(10, 50)) / 100 / 100) * 100));
        const created = later(paidAt, random.int(60, 60 * 24 * 5));
        if (created <= NOW && amount <= total) {
          const refund: Refund = { refund_id: `re_${refunds.length + 1}`, charge_id: charge.charge_id, amount, reason: random.pick(REFUND_REASONS), created };
          refunds.push(refund);
          charge.amount_refunded = amount;
          charge.refund_ids.push(refund.refund_id);
          emit('charge.refunded', refund.refund_id, customer.customer_id, created);
        }
      }
    } else if (status === 'void' || status === 'uncollectible') {
      const closed = settledAt!;
      if (status === 'void') invoice.voided_at = closed;
      emit(status === 'void' ? 'invoice.voided' : 'invoice.marked_uncollectible', invoiceId, customer.customer_id, closed);
      if (status === 'void') invoice.amount_due = 0;
    }
    invoices.push(invoice);
  }

  // Standalone charges (deposits taken at the counter), some refunded.
  for (let k = 0; k < 30; k++) {
    const customer = customers[`cus_${random.int(1, CUSTOMER_COUNT)}`];
    if (customer.deleted) continue;
    const method = (methodsOf.get(customer.customer_id) ?? []).find((m) => !m.detached && !isExpired(m, TODAY));
    if (method === undefined) continue;
    const created = at(addDays(TODAY, -random.int(1, HISTORY_DAYS - 10)), random);
    const amount = random.pick([150, 200, 250, 300, 500, 750]);
    charges.push({
      charge_id: '',
      customer_id: customer.customer_id,
      payment_method_id: method.payment_method_id,
      invoice_id: null,
      amount,
      amount_refunded: 0,
      currency: 'usd',
      status: 'succeeded',
      failure_message: null,
      description: random.pick(['Project deposit', 'Rush fee', 'Workshop seat', 'Consultation']),
      created,
      refund_ids: [],
    });
  }
  // Charges numbered in time order (refunds and events refer to them by id: renumber them too).
  const renamed = new Map<string, string>();
  const standalone = charges.filter((c) => c.charge_id === '');
  const ordered = [...charges].sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  ordered.forEach((charge, i) => {
    const id = `ch_${i + 1}`;
    if (charge.charge_id !== '') renamed.set(charge.charge_id, id);
    charge.charge_id = id;
  });
  for (const invoice of invoices) if (invoice.charge_id !== null) invoice.charge_id = renamed.get(invoice.charge_id)!;
  for (const refund of refunds) refund.charge_id = renamed.get(refund.charge_id) ?? refund.charge_id;
  for (const event of events) if (event.object_id.startsWith('ch_') && renamed.has(event.object_id)) event.object_id = renamed.get(event.object_id)!;
  for (const charge of standalone) {
    emit('charge.succeeded', charge.charge_id, charge.customer_id, charge.created);
    if (chance(0.2)) {
      const amount = chance(0.5) ? charge.amount : fromCents(toCents(charge.amount) / 2);
      const created = later(charge.created, random.int(60, 60 * 24 * 3));
      if (created <= NOW) {
        const refund: Refund = { refund_id: `re_${refunds.length + 1}`, charge_id: charge.charge_id, amount, reason: 'requested_by_customer', created };
        refunds.push(refund);
        charge.amount_refunded = amount;
        charge.refund_ids.push(refund.refund_id);
        emit('charge.refunded', refund.refund_id, charge.customer_id, created);
      }
    }
  }
  // Refunds numbered in time order too.
  const refundOrder = [...refunds].sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  const refundIds = new Map<string, string>();
  refundOrder.forEach((refund, i) => refundIds.set(refund.refund_id, `re_${i + 1}`));
  for (const refund of refunds) refund.refund_id = refundIds.get(refund.refund_id)!;
  for (const charge of charges) charge.refund_ids = charge.refund_ids.map((id) => refundIds.get(id)!);
  for (const event of events) if (event.type === 'charge.refunded') event.object_id = refundIds.get(event.object_id)!;

  events.sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  const state: PaymentsState = {
    merchant: { name: 'Brightline Studio', invoice_prefix: 'BRL', next_invoice_number: invoiceNumber + 1, currency: 'usd' },
    customers,
    payment_methods: methods,
    invoices: {},
    charges: {},
    refunds: {},
    events: {},
    idempotency_keys: {},
  };
  const put = <T>(record: BucketedRecord<T>, id: string, entry: T): void => setEntry(record, id, entry);
  for (const invoice of invoices) put(state.invoices, invoice.invoice_id, invoice);
  for (const charge of ordered) put(state.charges, charge.charge_id, charge);
  for (const refund of refundOrder) put(state.refunds, refund.refund_id, refund);
  events.forEach((event, i) => put<PaymentEvent>(state.events, `evt_${i + 1}`, { event_id: `evt_${i + 1}`, ...event }));
  // Two requests made with idempotency keys, so that a retry of them is recognised.
  const keyed = ordered.filter((c) => c.status === 'succeeded' && c.invoice_id !== null).slice(-2);
  for (const [i, charge] of keyed.entries()) {
    const key = `pay-${charge.invoice_id}-${i + 1}`;
    const record: IdempotencyRecord = { key, tool: 'pay_payment_invoice', request: JSON.stringify({ invoice_id: charge.invoice_id }), object_id: charge.charge_id, created: charge.created };
    state.idempotency_keys[`key:${key}`] = record;
  }
  return state;
}

export function renderWorld(seed: number): string {
  return `${JSON.stringify(generateWorld(seed), null, 1)}\n`;
}

runWorldGenerator(import.meta.url, 'payments', renderWorld);
