import {
  BANKING_REFERENCE_DATE,
  MAX_DEBIT_CARD_DAILY_LIMIT,
  addDays,
  fromCents,
  type AccountType,
  type BankAccount,
  type BankCard,
  type BankCustomer,
  type BankingState,
  type BankPayee,
  type BankTransaction,
  type BankTransfer,
  type CardStatus,
  type Currency,
  type TransactionCategory,
  type TransactionChannel,
} from './BankingState.js';
import { BANK_DIRECTORY, HOME_BANK } from './bankDirectory.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom } from '../kit/seededRandom.js';

/**
 * Builds the banking world from a seed: 25 customers of one bank with checking, savings, credit
 * card and a few foreign-currency accounts, their cards and payees, and a 90-day ledger (salaries,
 * rent, bills, card purchases at real-sounding merchants, transfers, interest, fees) ending at the
 * reference date, with pending card holds and payments, scheduled transfers and payments, frozen,
 * lost and expired cards. Balances are derived from the ledger, so history and balances agree.
 *
 * `npx tsx servers/banking/generateWorld.ts [seed]` writes fixtures/banking/world.json (seed 42).
 */

const TODAY = BANKING_REFERENCE_DATE.slice(0, 10);
const START = addDays(TODAY, -90);
const CUSTOMER_COUNT = 25;

/** The kit's seeded random (banking's own seed mix, kept so that worlds stay byte-identical) with money and digits. */
class Random extends SeededRandom {
  constructor(seed: number) {
    super((seed ^ 0x9e3779b9) | 0);
  }
  /** Integer cents uniformly in [min, max] major units. */
  cents(min: number, max: number): number {
    return this.int(Math.round(min * 100), Math.round(max * 100));
  }
  /** Cents spread log-uniformly: as many small balances as large ones. */
  logCents(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min))) * 100);
  }
  digits(n: number): string {
    let out = '';
    for (let i = 0; i < n; i++) out += String(this.int(i === 0 ? 1 : 0, 9));
    return out;
  }
}

const FEMALE_NAMES = ['Maria', 'Aisha', 'Sofia', 'Priya', 'Elena', 'Olivia', 'Fatima', 'Grace', 'Hannah', 'Chloe', 'Isabella', 'Amara', 'Mei', 'Zoe', 'Leah', 'Nadia', 'Ingrid', 'Yuki'];
const MALE_NAMES = ['James', 'Wei', 'Daniel', 'Marcus', 'Kenji', 'Mateo', 'Noah', 'Luis', 'Omar', 'Raj', 'Ethan', 'Lucas', 'Samuel', 'Diego', 'Tomasz', 'Jamal', 'Carlos', 'Benjamin'];
const FIRST_NAMES = [...FEMALE_NAMES, ...MALE_NAMES];
const LAST_NAMES = [
  'Lopez', 'Carter', 'Okafor', 'Zhang', 'Rossi', 'Kim', 'Patel', 'Johnson', 'Petrova', 'Tanaka', 'Nguyen', 'Hernandez', 'Haddad',
  'Williams', 'Oduya', 'Silva', 'Schmidt', 'Farouk', 'Dubois', 'Sharma', 'Moreno', 'Brooks', 'Mensah', 'Costa', 'Chen', 'Goldberg',
  'Murphy', 'Alvarez', 'Novak', 'Kowalski', 'Rahman', 'Washington', 'Larsen', 'Ramirez', 'Sato', 'Reyes',
];
const CITIES: ReadonlyArray<[string, string]> = [
  ['New York', 'NY'], ['Brooklyn', 'NY'], ['Jersey City', 'NJ'], ['Boston', 'MA'], ['Chicago', 'IL'], ['Austin', 'TX'],
  ['Houston', 'TX'], ['Denver', 'CO'], ['Seattle', 'WA'], ['Portland', 'OR'], ['San Francisco', 'CA'], ['Oakland', 'CA'],
  ['Los Angeles', 'CA'], ['San Diego', 'CA'], ['Phoenix', 'AZ'], ['Atlanta', 'GA'], ['Miami', 'FL'], ['Charlotte', 'NC'],
  ['Philadelphia', 'PA'], ['Minneapolis', 'MN'], ['Nashville', 'TN'], ['Raleigh', 'NC'],
];
const EMPLOYERS = [
  'Northwind Logistics', 'Contoso Health', 'Fabrikam Inc', 'Lakeside Unified School District', 'Brightline Software', 'Summit Medical Group',
  'Redwood Analytics', 'Atlas Construction', 'Blue Harbor Hospitality', 'Meridian Insurance', 'Pinecrest University', 'Cascade Energy',
  'Granite Financial Partners', 'Sunridge Retail Group', 'Evergreen Biotech',
];
const LANDLORDS = ['Parkview Apartments LLC', 'Greystone Property Management', 'Elm Street Lofts', 'Riverside Residential', 'Oakwood Realty Group', 'Maple Court Apartments', 'Harbor Point Rentals'];
const MORTGAGE_SERVICERS = ['Rocket Mortgage', 'Mr. Cooper', 'Wells Fargo Home Mortgage', 'Chase Home Lending'];
const BUSINESS_PAYEES: ReadonlyArray<[string, TransactionCategory, number, number]> = [
  ['Little Sprouts Daycare', 'education', 650, 1400],
  ['Bright Smile Dental', 'healthcare', 90, 420],
  ['GreenLeaf Lawn Care', 'home', 60, 180],
  ['State Farm Insurance', 'insurance', 95, 260],
  ['Geico', 'insurance', 80, 210],
  ['Ace Plumbing & Heating', 'home', 150, 900],
  ['Tutor Time Learning', 'education', 120, 480],
  ['Summit Physical Therapy', 'healthcare', 45, 160],
  ['Paws & Claws Veterinary', 'healthcare', 70, 380],
  ['City Water Utility', 'utilities', 35, 110],
];
const PAYEE_NICKNAMES = ['Mom', 'Dad', 'Sister', 'Brother', 'Roommate', 'Babysitter', 'Dog walker', 'Grandma', 'Cousin', 'Best friend'];
const UTILITIES = ['Con Edison', 'PG&E', 'Duke Energy', 'Xcel Energy', 'ComEd', 'Georgia Power', 'Puget Sound Energy', 'National Grid'];
const PHONE_INTERNET = ['Verizon Wireless', 'T-Mobile', 'AT&T', 'Comcast Xfinity', 'Spectrum', 'Google Fi'];
const SUBSCRIPTIONS: ReadonlyArray<[string, number]> = [
  ['Netflix', 15.49], ['Spotify', 11.99], ['Hulu', 17.99], ['Apple iCloud+', 2.99], ['Amazon Prime', 14.99], ['YouTube Premium', 13.99],
  ['The New York Times', 4.0], ['Disney+', 13.99], ['Peloton', 44.0], ['Audible', 14.95],
];

interface Merchant {
  name: string;
  category: TransactionCategory;
  min: number;
  max: number;
}
const m = (name: string, category: TransactionCategory, min: number, max: number): Merchant => ({ name, category, min, max });
const US_MERCHANTS: readonly Merchant[] = [
  m('Whole Foods Market', 'groceries', 18, 210), m("Trader Joe's", 'groceries', 15, 140), m('Kroger', 'groceries', 20, 180), m('Safeway', 'groceries', 14, 160),
  m('Costco', 'groceries', 45, 320), m('Aldi', 'groceries', 12, 95), m('Publix', 'groceries', 16, 150),
  m('Chipotle', 'dining', 11, 32), m('Sweetgreen', 'dining', 13, 28), m('Olive Garden', 'dining', 34, 120), m('Shake Shack', 'dining', 14, 45),
  m("Luigi's Trattoria", 'dining', 42, 160), m('Panera Bread', 'dining', 10, 30), m('DoorDash', 'dining', 18, 70),
  m('Starbucks', 'coffee', 3.75, 14.5), m('Blue Bottle Coffee', 'coffee', 4.5, 12), m("Dunkin'", 'coffee', 2.99, 11),
  m('Uber', 'transport', 9, 48), m('Lyft', 'transport', 8, 42), m('MTA OMNY', 'transport', 2.9, 2.9),
  m('Shell', 'fuel', 28, 78), m('Chevron', 'fuel', 30, 82), m('ExxonMobil', 'fuel', 26, 74),
  m('Amazon', 'shopping', 9, 260), m('Target', 'shopping', 12, 190), m('Walmart', 'shopping', 10, 170), m('Best Buy', 'shopping', 25, 650),
  m('Nike', 'shopping', 45, 220), m('Uniqlo', 'shopping', 20, 140),
  m('AMC Theatres', 'entertainment', 14, 62), m('Ticketmaster', 'entertainment', 45, 320), m('Steam', 'entertainment', 5, 70),
  m('CVS Pharmacy', 'healthcare', 6, 85), m('Walgreens', 'healthcare', 5, 70), m('One Medical', 'healthcare', 25, 199),
  m('Sephora', 'personal_care', 18, 120), m('Supercuts', 'personal_care', 22, 55), m('Planet Fitness', 'personal_care', 10, 25),
  m('The Home Depot', 'home', 15, 420), m('IKEA', 'home', 25, 600), m("Lowe's", 'home', 12, 380),
  m('Coursera', 'education', 39, 59), m('Barnes & Noble', 'education', 12, 80),
  m('American Red Cross', 'charity', 25, 100),
];
const TRAVEL_MERCHANTS: readonly Merchant[] = [
  m('Delta Air Lines', 'travel', 140, 880), m('United Airlines', 'travel', 120, 920), m('Marriott', 'travel', 160, 740),
  m('Hilton', 'travel', 150, 680), m('Airbnb', 'travel', 180, 1200), m('Hertz', 'travel', 90, 420), m('Amtrak', 'travel', 45, 260),
];
const EUR_MERCHANTS: readonly Merchant[] = [
  m('Lidl', 'groceries', 9, 85), m('Carrefour', 'groceries', 12, 110), m('Pingo Doce', 'groceries', 8, 70), m('Deutsche Bahn', 'transport', 19, 140),
  m('Café A Brasileira', 'coffee', 2.2, 9), m('Zara', 'shopping', 19, 120), m('Vodafone', 'phone_internet', 25, 45), m('TAP Air Portugal', 'travel', 90, 420),
];
const GBP_MERCHANTS: readonly Merchant[] = [
  m('Tesco', 'groceries', 8, 95), m("Sainsbury's", 'groceries', 10, 110), m('Pret A Manger', 'dining', 4, 16), m('Transport for London', 'transport', 2.8, 8.5),
  m('Boots', 'healthcare', 5, 40), m('Marks & Spencer', 'shopping', 12, 130), m('BT Broadband', 'phone_internet', 30, 55),
];

interface TxBuild {
  seq: number;
  account: AccountBuild;
  date: string;
  cents: number;
  direction: 'debit' | 'credit';
  status: 'pending' | 'posted';
  description: string;
  merchant: string | null;
  category: TransactionCategory;
  channel: TransactionChannel;
  card: CardBuild | null;
  transfer: TransferBuild | null;
  id?: string;
}

interface AccountBuild {
  customer: CustomerBuild;
  name: string;
  type: AccountType;
  currency: Currency;
  mask: string;
  status: 'open' | 'closed';
  opened_on: string;
  closed_on: string | null;
  overdraftCents: number;
  dailyLimitCents: number;
  interest_rate: number;
  targetCents: number;
  txs: TxBuild[];
  sentByDate: Map<string, number>;
  cards: CardBuild[];
  id?: string;
  currentCents?: number;
  availableCents?: number;
}

interface CardBuild {
  account: AccountBuild;
  type: 'debit' | 'credit';
  network: 'visa' | 'mastercard';
  last4: string;
  holder: string;
  status: CardStatus;
  expires: string;
  limitCents: number;
  issued_on: string;
  pin: string;
  pin_changed_on: string | null;
  reported_on: string | null;
  replaces: CardBuild | null;
  replacedBy: CardBuild | null;
  /** Last day it is used for purchases (frozen cards stop a few days before the reference date). */
  usableUntil: string;
  usableFrom: string;
  spentByDate: Map<string, number>;
  id?: string;
}

interface PayeeBuild {
  customer: CustomerBuild;
  name: string;
  nickname: string | null;
  type: 'individual' | 'business';
  bank: { name: string; routing_number: string };
  account_number: string;
  currency: Currency;
  category: TransactionCategory;
  status: 'active' | 'removed';
  added_on: string;
  removed_on: string | null;
  id?: string;
}

interface TransferBuild {
  seq: number;
  customer: CustomerBuild;
  kind: 'internal' | 'payee';
  from: AccountBuild;
  to: AccountBuild | null;
  payee: PayeeBuild | null;
  cents: number;
  memo: string | null;
  status: 'scheduled' | 'pending' | 'posted' | 'cancelled';
  created_at: string;
  execution_date: string;
  cancelled_at: string | null;
  legs: TxBuild[];
  id?: string;
}

interface CustomerBuild {
  id: string;
  name: string;
  first: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  member_since: string;
  segment: 'standard' | 'premier';
  accounts: AccountBuild[];
  cards: CardBuild[];
  payees: PayeeBuild[];
  transfers: TransferBuild[];
}

const WEAK_PINS = new Set(['0000', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888', '9999', '1234', '2345', '3456', '4567', '5678', '6789', '0123', '9876', '8765', '7654', '6543', '5432', '4321', '3210']);

/** Every day from `from` to `to`, inclusive. */
function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function at(date: string, hour: number, minute: number): string {
  return `${date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}

/** Builds one world; every random choice comes from `random`, in a fixed order. */
class WorldBuilder {
  private seq = 0;
  readonly customers: CustomerBuild[] = [];

  constructor(private readonly random: Random) {}

  build(): BankingState {
    const names = this.uniqueNames(CUSTOMER_COUNT);
    for (let i = 0; i < CUSTOMER_COUNT; i++) this.customers.push(this.customer(i + 1, names[i]));
    for (const customer of this.customers) this.history(customer);
    for (const customer of this.customers) this.settleBalances(customer);
    return this.assemble();
  }

  private uniqueNames(count: number): Array<[string, string]> {
    const seen = new Set<string>();
    const out: Array<[string, string]> = [];
    while (out.length < count) {
      const first = this.random.pick(FIRST_NAMES);
      const last = this.random.pick(LAST_NAMES);
      if (seen.has(first) || seen.has(last)) continue;
      seen.add(first);
      seen.add(last);
      out.push([first, last]);
    }
    return out;
  }

  private customer(n: number, [first, last]: [string, string]): CustomerBuild {
    const r = this.random;
    const [city, state] = r.pick(CITIES);
    const customer: CustomerBuild = {
      id: `cus_${n}`,
      name: `${first} ${last}`,
      first,
      email: `${first}.${last}`.toLowerCase() + r.pick(['@example.com', '@example.net', '@example.org']),
      phone: `+1-555-01${String(r.int(0, 99)).padStart(2, '0')}`,
      city: `${city}, ${state}`,
      state,
      member_since: `${r.int(2008, 2024)}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
      segment: r.chance(0.2) ? 'premier' : 'standard',
      accounts: [],
      cards: [],
      payees: [],
      transfers: [],
    };
    const premier = customer.segment === 'premier';
    const openedAfter = customer.member_since < '2015-01-01' ? '2015-01-01' : customer.member_since;
    const opened = (): string => {
      const latest = '2025-11-30';
      const from = openedAfter > latest ? '2025-06-01' : openedAfter;
      const span = Math.max(0, Math.round((Date.parse(latest) - Date.parse(from)) / 86_400_000));
      return addDays(from, r.int(0, span));
    };
    const lowBalance = !premier && r.chance(0.2);
    const checking = this.account(customer, {
      name: premier ? 'Premier Checking' : 'Everyday Checking',
      type: 'checking',
      currency: 'USD',
      opened_on: opened(),
      overdraftCents: premier ? 250_000 : r.pick([0, 0, 25_000, 50_000, 100_000]),
      dailyLimitCents: premier ? r.pick([1_500_000, 2_500_000]) : r.pick([500_000, 750_000]),
      interest_rate: premier ? 0.15 : 0.01,
      targetCents: premier ? r.logCents(6000, 42000) : lowBalance ? r.cents(18, 320) : r.logCents(700, 16000),
    });
    if (checking.overdraftCents >= 50_000 && r.chance(0.3)) checking.targetCents = -r.cents(35, 280);
    if (r.chance(0.78)) {
      this.account(customer, {
        name: premier ? 'Premier Savings' : 'High-Yield Savings',
        type: 'savings',
        currency: 'USD',
        opened_on: opened(),
        overdraftCents: 0,
        dailyLimitCents: r.pick([1_000_000, 2_500_000]),
        interest_rate: r.pick([3.75, 3.9, 4.05, 4.25]),
        targetCents: r.logCents(300, premier ? 120000 : 45000),
      });
    }
    if (r.chance(premier ? 0.9 : 0.5)) {
      const limit = premier ? r.pick([1_500_000, 2_000_000, 2_500_000]) : r.pick([200_000, 350_000, 500_000, 750_000, 1_000_000]);
      this.account(customer, {
        name: premier ? 'Travel Rewards Mastercard' : r.pick(['Cashback Visa', 'Everyday Rewards Visa']),
        type: 'credit_card',
        currency: 'USD',
        opened_on: opened(),
        overdraftCents: limit,
        dailyLimitCents: 0,
        interest_rate: r.pick([19.99, 22.49, 24.99, 27.49]),
        targetCents: -Math.min(Math.round(limit * 0.75), r.logCents(80, limit / 100)),
      });
    }
    if (r.chance(0.15)) {
      this.account(customer, {
        name: r.pick(['Joint Checking', 'Household Checking']),
        type: 'checking',
        currency: 'USD',
        opened_on: opened(),
        overdraftCents: r.pick([0, 50_000]),
        dailyLimitCents: 500_000,
        interest_rate: 0.01,
        targetCents: r.logCents(400, 9000),
      });
    }
    if (n % 6 === 3) {
      const currency: Currency = n % 12 === 3 ? 'EUR' : 'GBP';
      this.account(customer, {
        name: currency === 'EUR' ? 'Euro Checking' : 'Sterling Checking',
        type: 'checking',
        currency,
        opened_on: opened(),
        overdraftCents: 0,
        dailyLimitCents: 500_000,
        interest_rate: 0,
        targetCents: r.logCents(900, 14000),
      });
      if (r.chance(0.6)) {
        this.account(customer, {
          name: currency === 'EUR' ? 'Euro Savings' : 'Sterling Savings',
          type: 'savings',
          currency,
          opened_on: opened(),
          overdraftCents: 0,
          dailyLimitCents: 1_000_000,
          interest_rate: currency === 'EUR' ? 2.1 : 3.4,
          targetCents: r.logCents(2000, 35000),
        });
      }
    }
    if (r.chance(0.2)) {
      const closedInWindow = r.chance(0.6);
      const closed = this.account(customer, {
        name: r.pick(['Holiday Savings', 'Starter Savings', 'Student Checking']),
        type: 'savings',
        currency: 'USD',
        opened_on: addDays(opened(), -800),
        overdraftCents: 0,
        dailyLimitCents: 1_000_000,
        interest_rate: 0.5,
        targetCents: 0,
      });
      closed.type = closed.name === 'Student Checking' ? 'checking' : 'savings';
      closed.status = 'closed';
      closed.closed_on = closedInWindow ? addDays(START, r.int(10, 60)) : addDays(START, -r.int(30, 400));
    }
    this.cardsFor(customer);
    this.payeesFor(customer);
    return customer;
  }

  private account(customer: CustomerBuild, spec: Pick<AccountBuild, 'name' | 'type' | 'currency' | 'opened_on' | 'overdraftCents' | 'dailyLimitCents' | 'interest_rate' | 'targetCents'>): AccountBuild {
    const taken = new Set(customer.accounts.map((a) => a.mask));
    let mask = this.random.digits(4);
    while (taken.has(mask)) mask = this.random.digits(4);
    const account: AccountBuild = { ...spec, customer, mask, status: 'open', closed_on: null, txs: [], sentByDate: new Map(), cards: [] };
    customer.accounts.push(account);
    return account;
  }

  private pin(): string {
    for (;;) {
      const pin = String(this.random.int(0, 9999)).padStart(4, '0');
      if (!WEAK_PINS.has(pin)) return pin;
    }
  }

  private card(account: AccountBuild, holder: string, issued_on: string, expires: string): CardBuild {
    const r = this.random;
    const taken = new Set(account.customer.cards.map((c) => c.last4));
    let last4 = r.digits(4);
    while (taken.has(last4)) last4 = r.digits(4);
    const type = account.type === 'credit_card' ? 'credit' : 'debit';
    const maxLimit = type === 'debit' ? MAX_DEBIT_CARD_DAILY_LIMIT * 100 : account.overdraftCents;
    const card: CardBuild = {
      account,
      type,
      network: type === 'credit' && account.name.includes('Mastercard') ? 'mastercard' : 'visa',
      last4,
      holder,
      status: 'active',
      expires,
      limitCents: Math.min(maxLimit, r.pick([50_000, 100_000, 150_000, 250_000, 300_000, 500_000])),
      issued_on,
      pin: this.pin(),
      pin_changed_on: r.chance(0.3) ? addDays(issued_on, r.int(1, 200)) : null,
      reported_on: null,
      replaces: null,
      replacedBy: null,
      usableFrom: issued_on,
      usableUntil: TODAY,
      spentByDate: new Map(),
    };
    if (card.pin_changed_on !== null && card.pin_changed_on > TODAY) card.pin_changed_on = null;
    account.cards.push(card);
    account.customer.cards.push(card);
    return card;
  }

  private cardsFor(customer: CustomerBuild): void {
    const r = this.random;
    for (const account of customer.accounts) {
      if (account.status === 'closed' || account.type === 'savings') continue;
      const issued = addDays(START, -r.int(30, 1000));
      const expiresYear = Number(issued.slice(0, 4)) + 4;
      const card = this.card(account, customer.name, issued, `${expiresYear}-${issued.slice(5, 7)}`);
      if (account.name.includes('Joint') || account.name.includes('Household')) {
        const partner = `${r.pick(FIRST_NAMES)} ${customer.name.split(' ')[1]}`;
        this.card(account, partner, addDays(issued, r.int(0, 60)), card.expires);
      }
      const roll = r.next();
      if (roll < 0.1) {
        card.status = 'frozen';
        card.usableUntil = addDays(TODAY, -r.int(3, 20));
      } else if (roll < 0.18) {
        this.replace(card, r.chance(0.5) ? 'lost' : 'stolen', addDays(START, r.int(20, 80)));
      } else if (roll < 0.23) {
        // Expired at the end of January; the renewal was mailed in December.
        card.expires = '2026-01';
        card.status = 'expired';
        card.issued_on = '2022-01-10';
        const renewal = this.card(account, card.holder, '2025-12-20', '2030-01');
        renewal.pin = card.pin;
        renewal.replaces = card;
        renewal.usableFrom = '2026-01-01';
        card.replacedBy = renewal;
        card.usableUntil = '2025-12-31';
      }
    }
  }

  private replace(card: CardBuild, reason: 'lost' | 'stolen', day: string): void {
    card.status = reason;
    card.reported_on = day;
    card.usableUntil = addDays(day, -1);
    const replacement = this.card(card.account, card.holder, day, `${Number(day.slice(0, 4)) + 4}-${day.slice(5, 7)}`);
    replacement.pin = card.pin;
    replacement.pin_changed_on = null;
    replacement.limitCents = card.limitCents;
    replacement.replaces = card;
    replacement.usableFrom = addDays(day, 6);
    card.replacedBy = replacement;
  }

  private payee(customer: CustomerBuild, spec: Pick<PayeeBuild, 'name' | 'nickname' | 'type' | 'currency' | 'category'>): PayeeBuild {
    const r = this.random;
    const banks = BANK_DIRECTORY.filter((b) => b.currency === spec.currency);
    const payee: PayeeBuild = {
      ...spec,
      customer,
      bank: r.pick(banks),
      account_number: r.digits(r.int(8, 12)),
      status: 'active',
      added_on: addDays(START, -r.int(20, 900)),
      removed_on: null,
    };
    customer.payees.push(payee);
    return payee;
  }

  private payeesFor(customer: CustomerBuild): void {
    const r = this.random;
    const homeowner = r.chance(0.3);
    this.payee(customer, {
      name: homeowner ? r.pick(MORTGAGE_SERVICERS) : r.pick(LANDLORDS),
      nickname: homeowner ? 'Mortgage' : r.pick(['Landlord', 'Rent', null]),
      type: 'business',
      currency: 'USD',
      category: homeowner ? 'home' : 'rent',
    });
    const businesses = r.shuffled(BUSINESS_PAYEES).slice(0, r.int(1, 3));
    for (const [name, category] of businesses) this.payee(customer, { name, nickname: null, type: 'business', currency: 'USD', category });
    const nicknames = r.shuffled(PAYEE_NICKNAMES);
    for (let i = 0, n = r.int(1, 4); i < n; i++) {
      const nickname = nicknames[i];
      const family = /Mom|Dad|Sister|Brother|Grandma|Cousin/.test(nickname);
      const first = /Mom|Sister|Grandma/.test(nickname) ? r.pick(FEMALE_NAMES) : /Dad|Brother/.test(nickname) ? r.pick(MALE_NAMES) : r.pick(FIRST_NAMES);
      const last = family ? customer.name.split(' ')[1] : r.pick(LAST_NAMES);
      this.payee(customer, { name: `${first} ${last}`, nickname: family || r.chance(0.6) ? nickname : null, type: 'individual', currency: 'USD', category: 'payment' });
    }
    for (const account of customer.accounts) {
      if (account.currency === 'USD' || account.type !== 'checking') continue;
      if (account.currency === 'EUR') {
        this.payee(customer, { name: 'Müller Hausverwaltung GmbH', nickname: 'Berlin flat', type: 'business', currency: 'EUR', category: 'rent' });
        this.payee(customer, { name: 'Ana Ferreira', nickname: null, type: 'individual', currency: 'EUR', category: 'payment' });
      } else {
        this.payee(customer, { name: 'Thames Lettings Ltd', nickname: 'London flat', type: 'business', currency: 'GBP', category: 'rent' });
        this.payee(customer, { name: 'Oliver Bennett', nickname: null, type: 'individual', currency: 'GBP', category: 'payment' });
      }
    }
  }

  private tx(account: AccountBuild, date: string, cents: number, direction: 'debit' | 'credit', spec: Pick<TxBuild, 'description' | 'merchant' | 'category' | 'channel'> & { card?: CardBuild; transfer?: TransferBuild; status?: 'pending' | 'posted' }): TxBuild {
    const tx: TxBuild = {
      seq: ++this.seq,
      account,
      date,
      cents,
      direction,
      status: spec.status ?? 'posted',
      description: spec.description,
      merchant: spec.merchant,
      category: spec.category,
      channel: spec.channel,
      card: spec.card ?? null,
      transfer: spec.transfer ?? null,
    };
    account.txs.push(tx);
    return tx;
  }

  private canSend(account: AccountBuild, date: string, cents: number): boolean {
    return (account.sentByDate.get(date) ?? 0) + cents <= account.dailyLimitCents;
  }

  private send(account: AccountBuild, date: string, cents: number): void {
    account.sentByDate.set(date, (account.sentByDate.get(date) ?? 0) + cents);
  }

  /** A transfer between own accounts, posted on `date` (moved to the next days if the daily limit is used up). */
  private internal(from: AccountBuild, to: AccountBuild, date: string, cents: number, memo: string | null): TransferBuild | undefined {
    let day = date;
    while (!this.canSend(from, day, cents)) {
      day = addDays(day, 1);
      if (day > TODAY) return undefined;
    }
    this.send(from, day, cents);
    const transfer: TransferBuild = {
      seq: ++this.seq,
      customer: from.customer,
      kind: 'internal',
      from,
      to,
      payee: null,
      cents,
      memo,
      status: 'posted',
      created_at: at(day, day === TODAY ? this.random.int(6, 9) : this.random.int(7, 22), this.random.int(0, 59)),
      execution_date: day,
      cancelled_at: null,
      legs: [],
    };
    const category: TransactionCategory = to.type === 'credit_card' ? 'payment' : 'transfer';
    const suffix = memo ? ` — ${memo}` : '';
    transfer.legs.push(
      this.tx(from, day, cents, 'debit', { description: `Transfer to ${to.name} ••${to.mask}${suffix}`, merchant: null, category, channel: 'transfer', transfer }),
      this.tx(to, day, cents, 'credit', { description: `Transfer from ${from.name} ••${from.mask}${suffix}`, merchant: null, category, channel: 'transfer', transfer }),
    );
    from.customer.transfers.push(transfer);
    return transfer;
  }

  /** A payment to a payee executing on `date`: posted when old, pending in the last three days, scheduled after today. */
  private payment(from: AccountBuild, payee: PayeeBuild, date: string, cents: number, memo: string | null, createdAt?: string): TransferBuild | undefined {
    if (!this.canSend(from, date, cents)) return undefined;
    this.send(from, date, cents);
    const status = date > TODAY ? 'scheduled' : date >= addDays(TODAY, -3) ? 'pending' : 'posted';
    const transfer: TransferBuild = {
      seq: ++this.seq,
      customer: from.customer,
      kind: 'payee',
      from,
      to: null,
      payee,
      cents,
      memo,
      status,
      created_at: createdAt ?? at(date, date === TODAY ? this.random.int(6, 9) : this.random.int(7, 21), this.random.int(0, 59)),
      execution_date: date,
      cancelled_at: null,
      legs: [],
    };
    if (status !== 'scheduled') {
      transfer.legs.push(
        this.tx(from, date, cents, 'debit', {
          description: `Payment to ${payee.name}${memo ? ` — ${memo}` : ''}`,
          merchant: payee.type === 'business' ? payee.name : null,
          category: payee.category,
          channel: 'ach',
          transfer,
          status: status === 'pending' ? 'pending' : 'posted',
        }),
      );
    }
    from.customer.transfers.push(transfer);
    return transfer;
  }

  private cardFor(account: AccountBuild, date: string): CardBuild | undefined {
    const usable = account.cards.filter((c) => c.usableFrom <= date && date <= c.usableUntil);
    return usable.length === 0 ? undefined : this.random.pick(usable);
  }

  private purchase(account: AccountBuild, date: string, merchant: Merchant, cents?: number): void {
    const card = this.cardFor(account, date);
    if (card === undefined) return;
    const amount = cents ?? this.random.cents(merchant.min, merchant.max);
    const spent = card.spentByDate.get(date) ?? 0;
    if (spent + amount > card.limitCents) return;
    card.spentByDate.set(date, spent + amount);
    const place = account.currency === 'USD' ? account.customer.city.toUpperCase().replace(',', '') : account.currency === 'EUR' ? 'LISBOA PT' : 'LONDON GB';
    this.tx(account, date, amount, 'debit', {
      description: `${merchant.name.toUpperCase()} ${place}`,
      merchant: merchant.name,
      category: merchant.category,
      channel: 'card',
      card,
      status: date >= addDays(TODAY, -2) ? 'pending' : 'posted',
    });
  }

  private monthly(day: number): string[] {
    return days(START, TODAY).filter((d) => Number(d.slice(8, 10)) === day);
  }

  private history(customer: CustomerBuild): void {
    const r = this.random;
    const open = customer.accounts.filter((a) => a.status === 'open');
    const checking = open.find((a) => a.type === 'checking' && a.currency === 'USD')!;
    const savings = open.find((a) => a.type === 'savings' && a.currency === 'USD');
    const credit = open.find((a) => a.type === 'credit_card');
    const joint = open.find((a) => a.type === 'checking' && a.currency === 'USD' && a !== checking);
    const foreignChecking = open.find((a) => a.type === 'checking' && a.currency !== 'USD');
    const foreignSavings = open.find((a) => a.type === 'savings' && a.currency !== 'USD');
    const premier = customer.segment === 'premier';
    const all = days(START, TODAY);

    for (const closed of customer.accounts.filter((a) => a.status === 'closed')) {
      if (closed.closed_on! < START) continue;
      let cents = r.cents(150, 3200);
      const interest = Math.max(1, Math.round((cents * closed.interest_rate) / 1200));
      this.tx(closed, closed.closed_on!, interest, 'credit', { description: 'Final interest', merchant: null, category: 'interest', channel: 'interest' });
      cents += interest;
      closed.targetCents = cents;
      this.internal(closed, checking, closed.closed_on!, cents, 'Account closure');
    }

    // Salary: every other Friday, or twice a month; a few customers freelance.
    const employer = r.pick(EMPLOYERS);
    const paycheck = premier ? r.cents(4200, 9800) : r.cents(1250, 3900);
    if (r.chance(0.12)) {
      for (const day of all) {
        if (r.chance(0.05)) this.tx(checking, day, r.cents(400, 4200), 'credit', { description: `Client payment — ${r.pick(EMPLOYERS)}`, merchant: null, category: 'income', channel: 'ach' });
      }
    } else if (r.chance(0.5)) {
      const firstFriday = all.find((d) => weekday(d) === 5 && r.chance(0.5)) ?? all.find((d) => weekday(d) === 5)!;
      for (let day = firstFriday; day <= TODAY; day = addDays(day, 14)) {
        this.tx(checking, day, paycheck + r.int(-2500, 2500), 'credit', { description: `${employer.toUpperCase()} PAYROLL DIRECT DEP`, merchant: null, category: 'income', channel: 'deposit' });
      }
    } else {
      for (const day of all.filter((d) => d.endsWith('-01') || d.endsWith('-15'))) {
        this.tx(checking, day, paycheck, 'credit', { description: `${employer.toUpperCase()} PAYROLL DIRECT DEP`, merchant: null, category: 'income', channel: 'deposit' });
      }
    }

    // Rent or mortgage on the 1st, to the first payee.
    const housing = customer.payees[0];
    const housingCents = premier ? r.cents(2800, 4800) : r.cents(950, 3100);
    const rounded = Math.round(housingCents / 500) * 500;
    for (const day of this.monthly(1)) this.payment(checking, housing, day, rounded, housing.category === 'rent' ? `Rent ${day.slice(0, 7)}` : null);

    // Bills by direct debit.
    const utility = r.pick(UTILITIES);
    const utilityDay = r.int(3, 26);
    for (const day of this.monthly(utilityDay)) {
      this.tx(checking, day, r.cents(48, 240), 'debit', { description: `${utility.toUpperCase()} AUTOPAY`, merchant: utility, category: 'utilities', channel: 'ach' });
    }
    const phone = r.pick(PHONE_INTERNET);
    const phoneDay = r.int(2, 27);
    const phoneCents = r.cents(45, 135);
    for (const day of this.monthly(phoneDay)) {
      this.tx(checking, day, phoneCents, 'debit', { description: `${phone.toUpperCase()} BILL PAY`, merchant: phone, category: 'phone_internet', channel: 'ach' });
    }

    // Subscriptions, charged to the credit card when there is one.
    for (const [name, price] of r.shuffled(SUBSCRIPTIONS).slice(0, r.int(1, 4))) {
      const account = credit !== undefined && r.chance(0.7) ? credit : checking;
      const day = r.int(1, 28);
      for (const date of this.monthly(day)) this.purchase(account, date, m(name, 'subscriptions', price, price), Math.round(price * 100));
    }

    // Everyday spending: on debit when there is no credit card, mostly on credit otherwise.
    const debitRate = credit === undefined ? 0.4 : 0.15;
    const creditRate = premier ? 0.45 : 0.3;
    for (const day of all) {
      for (let i = 0; i < 3; i++) if (r.chance(debitRate / 3)) this.purchase(checking, day, r.pick(US_MERCHANTS));
      if (credit !== undefined) {
        for (let i = 0; i < 3; i++) if (r.chance(creditRate / 3)) this.purchase(credit, day, r.chance(0.06) ? r.pick(TRAVEL_MERCHANTS) : r.pick(US_MERCHANTS));
      }
      if (joint !== undefined && r.chance(0.2)) this.purchase(joint, day, r.pick(US_MERCHANTS));
      if (r.chance(0.035)) {
        const cents = r.int(2, 10) * 2000;
        this.tx(checking, day, cents, 'debit', { description: `ATM WITHDRAWAL ${HOME_BANK.name.toUpperCase()} #${r.int(1000, 9999)}`, merchant: null, category: 'cash', channel: 'atm' });
        if (r.chance(0.3)) this.tx(checking, day, 300, 'debit', { description: 'Out-of-network ATM fee', merchant: null, category: 'fees', channel: 'fee' });
      }
      if (r.chance(0.012)) {
        const [friend] = r.shuffled(customer.payees.filter((p) => p.type === 'individual')).map((p) => p.name);
        this.tx(checking, day, r.cents(15, 320), 'credit', { description: `Transfer from ${friend ?? r.pick(FIRST_NAMES) + ' ' + r.pick(LAST_NAMES)}`, merchant: null, category: 'transfer', channel: 'ach' });
      }
    }

    // Monthly maintenance fee for small standard balances.
    if (!premier && checking.targetCents < 150_000) {
      for (const day of all.filter((d) => addDays(d, 1).endsWith('-01'))) this.tx(checking, day, 1200, 'debit', { description: 'Monthly maintenance fee', merchant: null, category: 'fees', channel: 'fee' });
    }

    // Saving and paying the card.
    if (savings !== undefined) {
      const cents = Math.round(r.cents(100, premier ? 3000 : 900) / 500) * 500;
      for (const day of this.monthly(r.pick([2, 16, 20]))) this.internal(checking, savings, day, cents, r.chance(0.5) ? 'Monthly savings' : null);
      if (r.chance(0.3)) this.internal(savings, checking, addDays(START, r.int(5, 80)), r.cents(200, 1500), r.pick(['Car repair', 'Vacation', null]));
      for (const day of all.filter((d) => addDays(d, 1).endsWith('-01'))) {
        const interest = Math.max(1, Math.round((Math.max(0, savings.targetCents) * savings.interest_rate) / 1200));
        this.tx(savings, day, interest, 'credit', { description: 'Interest paid', merchant: null, category: 'interest', channel: 'interest' });
      }
    }
    if (credit !== undefined) {
      const payDay = r.int(18, 26);
      for (const day of this.monthly(payDay)) this.internal(checking, credit, day, r.cents(150, premier ? 4500 : 1800), 'Card payment');
      if (r.chance(0.6)) {
        for (const day of this.monthly(payDay - 10)) {
          this.tx(credit, day, r.cents(12, 95), 'debit', { description: 'Interest charge on purchases', merchant: null, category: 'interest', channel: 'interest' });
        }
      }
    }
    if (joint !== undefined) {
      for (const day of this.monthly(r.int(3, 12))) this.internal(checking, joint, day, r.cents(300, 1500), 'Household');
    }

    // Payments to the other payees: monthly for some businesses, now and then for people.
    for (const payee of customer.payees.slice(1)) {
      if (payee.currency !== 'USD') continue;
      if (payee.type === 'business') {
        const spec = BUSINESS_PAYEES.find(([name]) => name === payee.name)!;
        if (r.chance(0.6)) for (const day of this.monthly(r.int(2, 28))) this.payment(checking, payee, day, r.cents(spec[2], spec[3]), null);
        else this.payment(checking, payee, addDays(START, r.int(2, 86)), r.cents(spec[2], spec[3]), r.pick(['Invoice', null]));
      } else {
        for (let i = 0, n = r.int(0, 3); i < n; i++) {
          this.payment(checking, payee, addDays(START, r.int(1, 86)), r.cents(20, 400), r.pick(['Dinner', 'Concert tickets', 'Birthday gift', 'Groceries', 'Utilities split', null]));
        }
      }
    }

    // Foreign-currency accounts: client income, local spending, local payees.
    if (foreignChecking !== undefined) {
      const merchants = foreignChecking.currency === 'EUR' ? EUR_MERCHANTS : GBP_MERCHANTS;
      for (const day of this.monthly(r.int(3, 9))) {
        this.tx(foreignChecking, day, r.cents(1200, 3800), 'credit', { description: foreignChecking.currency === 'EUR' ? 'Rental income — Lisboa apartment' : 'Consulting invoice — Albion Partners Ltd', merchant: null, category: 'income', channel: 'ach' });
      }
      this.card(foreignChecking, customer.name, addDays(START, -r.int(100, 600)), '2029-08');
      for (const day of all) if (r.chance(0.18)) this.purchase(foreignChecking, day, r.pick(merchants));
      const [rent, person] = customer.payees.filter((p) => p.currency === foreignChecking.currency);
      for (const day of this.monthly(1)) this.payment(foreignChecking, rent, day, r.cents(600, 1100), null);
      this.payment(foreignChecking, person, addDays(START, r.int(5, 80)), r.cents(40, 300), 'Thanks!');
      if (foreignSavings !== undefined) {
        for (const day of this.monthly(10)) this.internal(foreignChecking, foreignSavings, day, r.cents(200, 800), null);
        for (const day of all.filter((d) => addDays(d, 1).endsWith('-01'))) {
          this.tx(foreignSavings, day, Math.max(1, Math.round((foreignSavings.targetCents * foreignSavings.interest_rate) / 1200)), 'credit', { description: 'Interest paid', merchant: null, category: 'interest', channel: 'interest' });
        }
      }
    }

    // Recent activity at the reference date: payments submitted today (still cancellable), the
    // morning's coffee, and what is scheduled ahead.
    const people = customer.payees.filter((p) => p.type === 'individual' && p.currency === 'USD');
    if (r.chance(0.35) && people.length > 0) {
      this.payment(checking, r.pick(people), TODAY, r.cents(25, 250), r.pick(['Dinner last week', 'Rent share', 'Tickets', null]), at(TODAY, r.int(7, 9), r.int(0, 59)));
    }
    if (r.chance(0.4)) this.purchase(credit ?? checking, TODAY, r.pick(US_MERCHANTS.filter((x) => x.category === 'coffee' || x.category === 'transport')));
    if (r.chance(0.55)) {
      this.payment(checking, housing, '2026-04-01', rounded, housing.category === 'rent' ? 'Rent 2026-04' : null, at(addDays(TODAY, -r.int(1, 9)), r.int(8, 20), r.int(0, 59)));
    }
    if (savings !== undefined && r.chance(0.35)) {
      const date = addDays(TODAY, r.int(2, 30));
      const cents = Math.round(r.cents(100, 2000) / 500) * 500;
      if (this.canSend(checking, date, cents)) {
        this.send(checking, date, cents);
        customer.transfers.push({
          seq: ++this.seq, customer, kind: 'internal', from: checking, to: savings, payee: null, cents, memo: r.pick(['Emergency fund', 'Vacation fund', null]),
          status: 'scheduled', created_at: at(addDays(TODAY, -r.int(0, 6)), 9, r.int(0, 59)), execution_date: date, cancelled_at: null, legs: [],
        });
      }
    }
    if (people.length > 0 && r.chance(0.25)) {
      const created = addDays(TODAY, -r.int(10, 40));
      customer.transfers.push({
        seq: ++this.seq, customer, kind: 'payee', from: checking, to: null, payee: r.pick(people), cents: r.cents(30, 200), memo: 'Changed plans',
        status: 'cancelled', created_at: at(created, 12, r.int(0, 59)), execution_date: addDays(created, r.int(3, 8)), cancelled_at: at(addDays(created, 2), 18, r.int(0, 59)), legs: [],
      });
    }
    // An old payee the customer stopped paying and removed.
    if (r.chance(0.35) && people.length > 1) {
      const gone = people[people.length - 1];
      const lastPaid = customer.transfers.filter((t) => t.payee === gone).map((t) => t.execution_date).sort().pop();
      if (lastPaid === undefined || lastPaid < addDays(TODAY, -10)) {
        gone.status = 'removed';
        gone.removed_on = lastPaid === undefined ? addDays(START, r.int(0, 40)) : addDays(lastPaid, r.int(1, 9));
      }
    }
  }

  /** Opening balances so that the ledger never breaches an overdraft limit and lands near the target. */
  private settleBalances(customer: CustomerBuild): void {
    for (const account of customer.accounts) {
      account.txs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
      let running = 0;
      let lowest = 0;
      let pending = 0;
      for (const tx of account.txs) {
        const signed = tx.direction === 'debit' ? -tx.cents : tx.cents;
        if (tx.status === 'posted') running += signed;
        else if (tx.direction === 'debit') pending += tx.cents;
        lowest = Math.min(lowest, running - pending);
      }
      const opening = account.status === 'closed' ? (account.closed_on! < START ? 0 : account.targetCents - account.txs.filter((t) => t.direction === 'credit').reduce((s, t) => s + t.cents, 0)) : Math.max(account.targetCents - running, -account.overdraftCents - lowest);
      account.currentCents = opening + running;
      account.availableCents = opening + running - pending;
    }
  }

  private assemble(): BankingState {
    const accounts = this.customers.flatMap((c) => c.accounts);
    accounts.forEach((a, i) => (a.id = `acc_${i + 1}`));
    this.customers.flatMap((c) => c.cards).sort((a, b) => (a.issued_on < b.issued_on ? -1 : a.issued_on > b.issued_on ? 1 : 0)).forEach((c, i) => (c.id = `card_${i + 1}`));
    this.customers.flatMap((c) => c.payees).forEach((p, i) => (p.id = `pye_${i + 1}`));
    this.customers
      .flatMap((c) => c.transfers)
      .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.seq - b.seq))
      .forEach((t, i) => (t.id = `trf_${i + 1}`));
    accounts
      .flatMap((a) => a.txs)
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq))
      .forEach((t, i) => (t.id = `txn_${i + 1}`));

    const customers: Record<string, BankCustomer> = {};
    for (const c of this.customers) {
      const customer: BankCustomer = {
        customer_id: c.id,
        name: c.name,
        email: c.email,
        phone: c.phone,
        city: c.city,
        member_since: c.member_since,
        segment: c.segment,
        accounts: {},
        cards: {},
        payees: {},
        transfers: {},
      };
      for (const a of c.accounts) {
        const ledger: Record<string, Record<string, BankTransaction>> = {};
        for (const t of [...a.txs].sort((x, y) => Number(x.id!.slice(4)) - Number(y.id!.slice(4)))) {
          const month = t.date.slice(0, 7);
          ledger[month] ??= {};
          ledger[month][t.id!] = {
            transaction_id: t.id!,
            account_id: a.id!,
            date: t.date,
            amount: fromCents(t.cents),
            direction: t.direction,
            currency: a.currency,
            status: t.status,
            description: t.description,
            merchant_name: t.merchant,
            category: t.category,
            channel: t.channel,
            card_id: t.card?.id ?? null,
            transfer_id: t.transfer?.id ?? null,
          };
        }
        const account: BankAccount = {
          account_id: a.id!,
          customer_id: c.id,
          name: a.name,
          type: a.type,
          currency: a.currency,
          mask: a.mask,
          status: a.status,
          opened_on: a.opened_on,
          closed_on: a.closed_on,
          current_balance: fromCents(a.currentCents!),
          available_balance: fromCents(a.availableCents!),
          overdraft_limit: fromCents(a.overdraftCents),
          daily_transfer_limit: fromCents(a.dailyLimitCents),
          interest_rate: a.interest_rate,
          ledger,
        };
        customer.accounts[account.account_id] = account;
      }
      for (const card of [...c.cards].sort((x, y) => Number(x.id!.slice(5)) - Number(y.id!.slice(5)))) {
        const entity: BankCard = {
          card_id: card.id!,
          customer_id: c.id,
          account_id: card.account.id!,
          type: card.type,
          network: card.network,
          last4: card.last4,
          cardholder_name: card.holder,
          status: card.status,
          expires: card.expires,
          daily_spending_limit: fromCents(card.limitCents),
          issued_on: card.issued_on,
          pin: card.pin,
          pin_changed_on: card.pin_changed_on,
          reported_on: card.reported_on,
          replaces: card.replaces?.id ?? null,
          replaced_by: card.replacedBy?.id ?? null,
        };
        customer.cards[entity.card_id] = entity;
      }
      for (const p of c.payees) {
        const payee: BankPayee = {
          payee_id: p.id!,
          customer_id: c.id,
          name: p.name,
          nickname: p.nickname,
          type: p.type,
          bank_name: p.bank.name,
          routing_number: p.bank.routing_number,
          account_number: p.account_number,
          currency: p.currency,
          category: p.category,
          status: p.status,
          added_on: p.added_on,
          removed_on: p.removed_on,
        };
        customer.payees[payee.payee_id] = payee;
      }
      for (const t of [...c.transfers].sort((x, y) => Number(x.id!.slice(4)) - Number(y.id!.slice(4)))) {
        const transfer: BankTransfer = {
          transfer_id: t.id!,
          customer_id: c.id,
          kind: t.kind,
          from_account_id: t.from.id!,
          to_account_id: t.to?.id ?? null,
          payee_id: t.payee?.id ?? null,
          amount: fromCents(t.cents),
          currency: t.from.currency,
          memo: t.memo,
          status: t.status,
          created_at: t.created_at,
          execution_date: t.execution_date,
          cancelled_at: t.cancelled_at,
          transaction_ids: t.legs.map((leg) => leg.id!),
        };
        customer.transfers[transfer.transfer_id] = transfer;
      }
      customers[c.id] = customer;
    }
    return { bank: { name: HOME_BANK.name, routing_number: HOME_BANK.routing_number }, customers };
  }
}

/** The banking world for a seed: the same seed gives the same world on every machine. */
export function generateWorld(seed: number): BankingState {
  return new WorldBuilder(new Random(seed)).build();
}

runWorldGenerator(import.meta.url, 'banking', (seed) => `${JSON.stringify(generateWorld(seed), null, 2)}\n`);
