import { toBuckets } from '../kit/bucketedRecord.js';
import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import {
  ACTIVITY_TYPES,
  CRM_REFERENCE_DATE,
  INDUSTRIES,
  LEAD_SOURCES,
  OPEN_STAGES,
  STAGE_PROBABILITY,
  addDays,
  type Account,
  type Activity,
  type Contact,
  type CrmState,
  type Deal,
  type DealStage,
  type Lead,
  type LeadStatus,
  type Owner,
} from './CrmState.js';

/**
 * The seeded CRM world (`npx tsx servers/crm/generateWorld.ts [seed]` writes fixtures/crm/world.json):
 * one sales organisation (Brightline Software) with twelve reps, sixty customer and prospect
 * accounts, their contacts, about eighty leads in every status (converted ones pointing at what
 * their conversion made), some 130 deals across the pipeline and a history of activities.
 */

const FIRST = ['Ava', 'Ben', 'Carla', 'Dmitri', 'Elif', 'Farid', 'Grace', 'Hugo', 'Isla', 'Jamal', 'Keiko', 'Luca', 'Mira', 'Nikhil', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Stefan', 'Tara', 'Umar', 'Vera', 'Wes', 'Ximena', 'Yara', 'Zane', 'Amir', 'Bianca', 'Cyrus', 'Daria', 'Emeka', 'Fiona', 'Gustavo', 'Hina', 'Ivan', 'June'];
const LAST = ['Abbott', 'Banerjee', 'Castillo', 'Dufresne', 'Eriksen', 'Fontaine', 'Gallagher', 'Hoffmann', 'Iwasaki', 'Jovanovic', 'Kaplan', 'Lindgren', 'Mbeki', 'Navarro', 'Oyelaran', 'Petrov', 'Quintero', 'Rahman', 'Schultz', 'Takahashi', 'Underwood', 'Varga', 'Whitaker', 'Yilmaz', 'Zielinski'];
const COMPANY_A = ['Acme', 'Blue Harbor', 'Cedar', 'Delta', 'Evergreen', 'Falcon', 'Granite', 'Helios', 'Ironwood', 'Juniper', 'Keystone', 'Lumen', 'Maple', 'Northstar', 'Orion', 'Pinnacle', 'Quarry', 'Redwood', 'Summit', 'Tidewater', 'Upland', 'Vertex', 'Willow', 'Zenith', 'Atlas', 'Beacon', 'Cobalt', 'Driftwood', 'Ember', 'Foxglove'];
const COMPANY_B: Record<string, string[]> = {
  software: ['Labs', 'Systems', 'Analytics', 'Cloud'],
  manufacturing: ['Industries', 'Fabrication', 'Components', 'Machining'],
  healthcare: ['Health', 'Clinics', 'Medical', 'Diagnostics'],
  retail: ['Outfitters', 'Markets', 'Goods', 'Stores'],
  finance: ['Capital', 'Partners', 'Financial', 'Advisors'],
  logistics: ['Freight', 'Logistics', 'Shipping', 'Transport'],
  education: ['Academy', 'Learning', 'Institute', 'Schools'],
  energy: ['Energy', 'Power', 'Solar', 'Utilities'],
};
const CITIES = ['Austin', 'Denver', 'Chicago', 'Seattle', 'Boston', 'Atlanta', 'Toronto', 'Portland', 'Minneapolis', 'San Diego', 'Nashville', 'Pittsburgh'];
const TITLES = ['CTO', 'VP Engineering', 'Head of Operations', 'IT Director', 'Procurement Manager', 'CFO', 'COO', 'Product Lead', 'Data Manager', 'Office Manager'];
const TEAMS = ['Enterprise', 'Mid-Market', 'SMB'];
const PRODUCTS = ['Platform license', 'Analytics add-on', 'Onboarding package', 'Support renewal', 'Seat expansion', 'Pilot', 'Multi-year agreement', 'Integration project'];
const SUBJECTS: Record<string, string[]> = {
  call: ['Discovery call', 'Pricing follow-up call', 'Check-in call', 'Technical deep dive'],
  email: ['Sent proposal', 'Sent case study', 'Follow-up email', 'Sent contract draft'],
  meeting: ['On-site demo', 'Quarterly business review', 'Kickoff meeting', 'Executive sponsor meeting'],
  note: ['Budget approved for Q2', 'Competitor in the running', 'Champion changed roles', 'Security review passed'],
  task: ['Prepare renewal quote', 'Send security questionnaire', 'Book follow-up demo', 'Update mutual action plan'],
};
const LOST = ['price', 'chose a competitor', 'no budget', 'timing', 'no decision'];

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

export function generateWorld(seed: number): CrmState {
  const random = new SeededRandom(seedRandomState(seed));
  const today = CRM_REFERENCE_DATE.slice(0, 10);
  const people = new Set<string>();
  const person = (): [string, string] => {
    for (;;) {
      const first = random.pick(FIRST);
      const last = random.pick(LAST);
      if (!people.has(`${first} ${last}`)) {
        people.add(`${first} ${last}`);
        return [first, last];
      }
    }
  };

  const owners: Record<string, Owner> = {};
  for (let i = 1; i <= 12; i++) {
    const [first, last] = person();
    owners[`own_${i}`] = { owner_id: `own_${i}`, name: `${first} ${last}`, email: `${first.toLowerCase()}.${last.toLowerCase()}@brightline.io`, team: TEAMS[i % 3], active: i !== 12 };
  }
  const activeOwners = Object.keys(owners).filter((id) => owners[id].active);

  const accounts: Record<string, Account> = {};
  const contacts: Record<string, Contact> = {};
  const deals: Record<string, Deal> = {};
  const activities: Record<string, Activity> = {};
  const leads: Record<string, Lead> = {};
  const companyNames = new Set<string>();
  let contactN = 0;
  let dealN = 0;
  let activityN = 0;

  const companyName = (industry: string): string => {
    for (;;) {
      const name = `${random.pick(COMPANY_A)} ${random.pick(COMPANY_B[industry])}`;
      if (!companyNames.has(name)) {
        companyNames.add(name);
        return name;
      }
    }
  };

  const addContact = (account: Account | null, first: string, last: string, company: string, created: string): Contact => {
    const contact: Contact = {
      contact_id: `con_${++contactN}`,
      account_id: account?.account_id ?? null,
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@${slug(company)}.com`,
      phone: `+1-555-${String(100 + random.int(0, 899))}-${String(1000 + random.int(0, 8999))}`,
      title: random.pick(TITLES),
      owner_id: account?.owner_id ?? random.pick(activeOwners),
      created_on: created,
    };
    contacts[contact.contact_id] = contact;
    return contact;
  };

  const addDeal = (account: Account, contact: Contact | null, stage: DealStage, created: string): Deal => {
    const closed = !OPEN_STAGES.has(stage);
    const closedOn = closed ? addDays(created, random.int(10, 60)) : null;
    const closedDay = closedOn !== null && closedOn > today ? today : closedOn;
    const deal: Deal = {
      deal_id: `deal_${++dealN}`,
      name: `${account.name} ${random.pick(PRODUCTS)}`,
      account_id: account.account_id,
      contact_id: contact?.contact_id ?? null,
      owner_id: account.owner_id,
      amount: random.int(8, 240) * 500,
      stage,
      probability: STAGE_PROBABILITY[stage],
      close_date: closed ? closedDay! : addDays(today, random.int(5, 120)),
      created_on: created,
      closed_on: closedDay,
      lost_reason: stage === 'closed_lost' ? random.pick(LOST) : null,
    };
    deals[deal.deal_id] = deal;
    return deal;
  };

  const addActivity = (owner: string, account: string | null, contact: string | null, deal: string | null, after: string): void => {
    const type = random.pick(ACTIVITY_TYPES);
    const date = addDays(after, random.int(1, 40));
    const activity: Activity = { activity_id: `act_${++activityN}`, type, subject: random.pick(SUBJECTS[type]), date: date > today ? today : date, owner_id: owner, account_id: account, contact_id: contact, deal_id: deal };
    activities[activity.activity_id] = activity;
  };

  for (let a = 1; a <= 60; a++) {
    const industry = random.pick(INDUSTRIES);
    const name = companyName(industry);
    const created = addDays(today, -random.int(60, 700));
    const account: Account = { account_id: `acct_${a}`, name, industry, city: random.pick(CITIES), website: `https://www.${slug(name)}.com`, employees: random.pick([12, 40, 85, 150, 320, 800, 1500, 4200]), owner_id: random.pick(activeOwners), created_on: created };
    accounts[account.account_id] = account;
    const accountContacts: Contact[] = [];
    const contactCount = random.int(1, 5);
    for (let c = 0; c < contactCount; c++) {
      const [first, last] = person();
      accountContacts.push(addContact(account, first, last, name, addDays(created, random.int(0, 30))));
    }
    // A few accounts are fresh prospects with no deal yet.
    const dealCount = a % 9 === 0 ? 0 : random.int(1, 3);
    for (let d = 0; d < dealCount; d++) {
      const stage = random.pick(['prospecting', 'qualification', 'qualification', 'proposal', 'proposal', 'negotiation', 'closed_won', 'closed_won', 'closed_lost'] as DealStage[]);
      const deal = addDeal(account, random.next() < 0.85 ? random.pick(accountContacts) : null, stage, addDays(today, -random.int(20, 200)));
      const count = random.int(0, 3);
      for (let k = 0; k < count; k++) addActivity(deal.owner_id, account.account_id, deal.contact_id, deal.deal_id, deal.created_on);
    }
    if (random.next() < 0.5) addActivity(account.owner_id, account.account_id, random.pick(accountContacts).contact_id, null, created);
  }

  const accountList = Object.values(accounts);
  for (let l = 1; l <= 80; l++) {
    const [first, last] = person();
    const industry = random.pick(INDUSTRIES);
    const status = random.pick(['new', 'new', 'working', 'working', 'qualified', 'qualified', 'unqualified', 'converted'] as LeadStatus[]);
    const created = addDays(today, -random.int(1, 90));
    let company = companyName(industry);
    let converted: Lead['converted'] = null;
    const owner = random.pick(activeOwners);
    if (status === 'converted') {
      // A converted lead made a contact and a deal on an account (a new one, or one it matched).
      const account = random.pick(accountList);
      company = account.name;
      const on = addDays(created, random.int(1, 10));
      const convertedOn = on > today ? today : on;
      const contact = addContact(account, first, last, company, convertedOn);
      const deal = addDeal(account, contact, 'qualification', convertedOn);
      converted = { account_id: account.account_id, contact_id: contact.contact_id, deal_id: deal.deal_id, converted_on: convertedOn };
    }
    leads[`lead_${l}`] = {
      lead_id: `lead_${l}`,
      first_name: first,
      last_name: last,
      company,
      industry: status === 'converted' ? accounts[converted!.account_id].industry : industry,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@${slug(company)}.com`,
      title: random.pick(TITLES),
      source: random.pick(LEAD_SOURCES),
      status,
      owner_id: owner,
      created_on: created,
      converted,
    };
  }

  return { owners, accounts: toBuckets(accounts), contacts: toBuckets(contacts), leads: toBuckets(leads), deals: toBuckets(deals), activities: toBuckets(activities) };
}

runWorldGenerator(import.meta.url, 'crm', (seed) => `${JSON.stringify(generateWorld(seed), null, 1)}\n`);
