import { entryValues } from '../kit/bucketedRecord.js';
import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { OPEN_STAGES, type Account, type CrmState, type Deal, type DealStage, type Lead, type Owner } from './CrmState.js';

/**
 * Goals of a signed-in sales rep, played as conversations. The rep knows people and companies by
 * name, deals by their account and what they are about, amounts, close days and colleagues' names;
 * the assistant finds lead, contact, account and deal ids by searches and lists.
 */

type Row = Record<string, any>;

const SIGNED_IN = ['The signed-in sales rep is {rep_name} ({rep_email}).'];

const byNumber = (a: string, b: string): number => Number(a.replace(/\D+/g, '')) - Number(b.replace(/\D+/g, ''));

/** An active rep (tried from a random start) for whom `pick` finds what the goal needs. */
function castRep(state: CrmState, random: SessionRandom, pick: (rep: Owner) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const reps = Object.values(state.owners).filter((o) => o.active).sort((a, b) => byNumber(a.owner_id, b.owner_id));
  const start = random.int(0, reps.length - 1);
  for (let k = 0; k < reps.length; k++) {
    const rep = reps[(start + k) % reps.length];
    const facts = pick(rep);
    if (facts !== undefined) return { rep_name: rep.name, rep_email: rep.email, ...facts };
  }
  return undefined;
}

const sorted = <T>(items: T[], id: (item: T) => string): T[] => items.sort((a, b) => byNumber(id(a), id(b)));
const leads = (state: CrmState): Lead[] => sorted(entryValues(state.leads), (l) => l.lead_id);
const deals = (state: CrmState): Deal[] => sorted(entryValues(state.deals), (d) => d.deal_id);
const accounts = (state: CrmState): Account[] => sorted(entryValues(state.accounts), (a) => a.account_id);

const NEXT_STAGE: Partial<Record<DealStage, DealStage>> = { prospecting: 'qualification', qualification: 'proposal', proposal: 'negotiation', negotiation: 'closed_won' };
const STAGE_SAID: Record<DealStage, string> = { prospecting: 'prospecting', qualification: 'qualification', proposal: 'proposal', negotiation: 'negotiation', closed_won: 'closed won', closed_lost: 'closed lost' };
/** Close days as a rep types them in a CRM: the day itself, with how they think of it. */
const DAYS: Array<[string, string]> = [
  ['2026-04-30', 'at the end of April (2026-04-30)'],
  ['2026-05-15', 'mid-May, on 2026-05-15'],
  ['2026-06-30', 'on 2026-06-30, the end of June'],
];
/** Why a deal was lost: the reason recorded, and how the rep says it. */
const LOST_REASONS: Array<[string, string]> = [
  ['chose a competitor', 'they chose a competitor'],
  ['no budget this year', 'there is no budget this year'],
  ['went with an in-house tool', 'they went with an in-house tool'],
];
const SUBJECTS = ['Pricing review', 'Demo of the analytics module', 'Contract walkthrough', 'Kickoff planning'];
const NEW_PEOPLE: Array<[string, string, string]> = [
  ['Priya', 'Raman', 'VP Operations'],
  ['Tomas', 'Berg', 'Head of IT'],
  ['Lena', 'Okafor', 'Procurement Manager'],
  ['Marco', 'Ruiz', 'CFO'],
];
const NEW_COMPANIES: Array<[string, string, string]> = [
  ['Northgate Robotics', 'manufacturing', 'Pittsburgh'],
  ['Bluewater Clinics', 'healthcare', 'Tampa'],
  ['Summit Ledger', 'finance', 'Denver'],
  ['Brightpath Learning', 'education', 'Portland'],
];
const domainOf = (company: string): string => `${company.toLowerCase().replace(/[^a-z]+/g, '')}.com`;

export const crmScenarios: DomainScenario<CrmState>[] = [
  {
    name: 'qualify_and_convert_a_lead',
    goal: 'Qualify one of the rep\'s leads named by person and company, convert it with a deal, and log the call on the new deal.',
    context: SIGNED_IN,
    weight: 3,
    cast: (state, random) =>
      castRep(state, random, (rep) => {
        const own = leads(state).filter((l) => l.owner_id === rep.owner_id && (l.status === 'working' || l.status === 'new'));
        if (own.length === 0) return undefined;
        const lead = random.pick(own);
        const [close, close_said] = random.pick(DAYS);
        return { person: `${lead.first_name} ${lead.last_name}`, last_name: lead.last_name, company: lead.company, amount: random.pick([25000, 40000, 60000, 85000]), close, close_said, subject: random.pick(['Discovery call', 'Qualification call', 'Intro call']) };
      }),
    turns: [
      {
        say: [
          'Great call with {person} from {company}: they are qualified. Convert the lead with a {amount} dollar deal closing {close_said}.',
          '{person} at {company} is a real opportunity. Qualify and convert them; the deal is about {amount}, expected to close {close_said}.',
        ],
        steps: [
          {
            tool: 'search_crm_records',
            args: (f) => ({ query: f.last_name, type: 'lead' }),
            learn: (r: { results: Row[] }, f) => { const l = r.results.find((x) => x.name === f.person && x.company === f.company); return l && { lead_id: l.lead_id }; },
          },
          {
            tool: 'update_crm_lead_status',
            args: (f) => ({ lead_id: f.lead_id, status: 'qualified' }),
            fault: { kind: 'state_refusal', tool: 'convert_crm_lead', args: (f) => ({ lead_id: f.lead_id, amount: f.amount, close_date: f.close }), recovery: 'retry_alternative' },
          },
          {
            tool: 'convert_crm_lead',
            args: (f) => ({ lead_id: f.lead_id, amount: f.amount, close_date: f.close }),
            learn: (r: Row) => r.contact && r.deal && { contact_id: r.contact.contact_id, deal_id: r.deal.deal_id },
          },
        ],
      },
      {
        say: ['Log today\'s call with {person} on that deal: "{subject}".', 'Add a call activity to the new deal, subject "{subject}".'],
        steps: [{ tool: 'log_crm_activity', args: (f) => ({ contact_id: f.contact_id, type: 'call', subject: f.subject, deal_id: f.deal_id }) }],
      },
    ],
  },
  {
    name: 'add_a_lead_from_an_event',
    goal: 'Add a lead met at an event, then review the rep\'s leads from that source; disqualify it if it is not a fit.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castRep(state, random, () => {
        const [first, last, title] = random.pick(NEW_PEOPLE);
        const [company] = random.pick(NEW_COMPANIES);
        const email = `${first.toLowerCase()}.${last.toLowerCase()}@${domainOf(company)}`;
        if (leads(state).some((l) => l.email === email)) return undefined;
        const [source, source_said] = random.pick([['trade_show', 'at the trade show'], ['webinar', 'on our webinar'], ['referral', 'through a referral']] as const);
        return { first, last, title, company, email, source, source_said, drop: random.int(0, 2) === 0 };
      }),
    turns: [
      {
        say: ['I met {first} {last}, {title} at {company}, {source_said}. Unless we have them already, add them as a lead: {email}.', 'New lead {source_said}: {first} {last} ({title}, {company}), email {email}. Check they are not in the CRM yet.'],
        steps: [
          // Not a contact or lead already (a contact's email would refuse the lead).
          { tool: 'search_crm_records', args: (f) => ({ query: f.email }), learn: (r: { count: number }) => (r.count === 0 ? {} : undefined) },
          {
            tool: 'create_crm_lead',
            args: (f) => ({ first_name: f.first, last_name: f.last, company: f.company, email: f.email, source: f.source, title: f.title, owner_email: f.rep_email }),
            learn: (r: { lead: Row }) => ({ lead_id: r.lead.lead_id }),
            fault: { kind: 'missing_argument', tool: 'create_crm_lead', args: (f) => ({ first_name: f.first, last_name: f.last, company: f.company, email: f.email }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Which of my leads came in that way?', 'Show me all my leads from that source.'],
        steps: [{ tool: 'list_crm_leads', args: (f) => ({ owner_email: f.rep_email, source: f.source }) }],
      },
      {
        say: ['Actually, {first} told me they have no budget. Mark the lead unqualified.', 'On second thought, {company} is not a fit; set {first}\'s lead to unqualified.'],
        when: (f) => f.drop === true,
        steps: [{ tool: 'update_crm_lead_status', args: (f) => ({ lead_id: f.lead_id, status: 'unqualified' }) }],
      },
    ],
  },
  {
    name: 'advance_a_deal',
    goal: 'Move an open deal of a named account to its next stage (or mark it lost, with the reason asked for), then review the account.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castRep(state, random, (rep) => {
        // A deal the rep can name: no other deal (a closed one of the same account) has its name.
        const all = deals(state);
        const own = all.filter((d) => d.owner_id === rep.owner_id && OPEN_STAGES.has(d.stage) && all.filter((x) => x.name === d.name).length === 1);
        if (own.length === 0) return undefined;
        const deal = random.pick(own);
        const account = accounts(state).find((a) => a.account_id === deal.account_id);
        if (account === undefined) return undefined;
        const lost = random.int(0, 3) === 0;
        const to = lost ? 'closed_lost' : NEXT_STAGE[deal.stage]!;
        const [reason, reason_said] = random.pick(LOST_REASONS);
        // The rep says why the deal was lost, unless the drawn failure has them forget (the assistant then asks).
        return { deal: deal.name, account: account.name, to, to_said: STAGE_SAID[to], amount: Math.round((deal.amount * random.pick([0.9, 1.1, 1.2])) / 500) * 500, reason, reason_said, because: `: ${reason_said}`, lost };
      }),
    turns: [
      {
        say: ['Move the "{deal}" deal to {to_said}; the amount is now {amount}.', 'Update "{deal}": it is in {to_said} now, at {amount} dollars.'],
        when: (f) => f.lost !== true,
        steps: [
          {
            tool: 'search_crm_records',
            args: (f) => ({ query: f.account, type: 'deal' }),
            learn: (r: { results: Row[] }, f) => { const d = r.results.find((x) => x.name === f.deal); return d && { deal_id: d.deal_id }; },
          },
          { tool: 'update_crm_deal_stage', args: (f) => ({ deal_id: f.deal_id, to_stage: f.to, amount: f.amount }) },
        ],
      },
      {
        say: ['We lost the "{deal}" deal{because}. Close it out.', 'Mark "{deal}" as lost, please{because}.'],
        when: (f) => f.lost === true,
        steps: [
          {
            tool: 'search_crm_records',
            args: (f) => ({ query: f.account, type: 'deal' }),
            learn: (r: { results: Row[] }, f) => { const d = r.results.find((x) => x.name === f.deal); return d && { deal_id: d.deal_id }; },
          },
          {
            tool: 'update_crm_deal_stage',
            args: (f) => ({ deal_id: f.deal_id, to_stage: 'closed_lost', lost_reason: f.reason }),
            fault: {
              kind: 'missing_argument',
              tool: 'update_crm_deal_stage',
              said: () => ({ because: '' }),
              args: (f) => ({ deal_id: f.deal_id, to_stage: 'closed_lost' }),
              recovery: 'ask_user',
              ask: ['A lost deal needs a reason. Why was it lost?', 'What reason should I record for losing it?'],
              reply: ['Because {reason_said}.', 'Put down: {reason}.'],
            },
          },
        ],
      },
      {
        say: ['How does {account} look overall now?', 'Show me the {account} account with its open pipeline.'],
        steps: [{ tool: 'get_crm_account', args: (f) => ({ account_id: f.account }) }],
      },
    ],
  },
  {
    name: 'new_contact_and_deal_at_an_account',
    goal: 'Add a new person at a named account and open a deal with them as the contact.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castRep(state, random, (rep) => {
        const own = accounts(state).filter((a) => a.owner_id === rep.owner_id);
        if (own.length === 0) return undefined;
        const account = random.pick(own);
        const [first, last, title] = random.pick(NEW_PEOPLE);
        const email = `${first.toLowerCase()}.${last.toLowerCase()}@${account.website.replace(/^https?:\/\/(www\.)?/, '')}`;
        if (entryValues(state.contacts).some((c) => c.email === email)) return undefined;
        const [close, close_said] = random.pick(DAYS);
        return { account: account.name, first, last, title, email, deal: `${account.name} ${random.pick(['expansion', 'renewal', 'pilot'])}`, amount: random.pick([15000, 30000, 50000]), close, close_said };
      }),
    turns: [
      {
        say: ['{account} has a new {title}, {first} {last} ({email}). Add them as a contact.', 'Please add {first} {last} ({email}), the new {title} at {account}, to my contacts.'],
        steps: [
          {
            tool: 'search_crm_records',
            args: (f) => ({ query: f.account, type: 'account' }),
            learn: (r: { results: Row[] }, f) => { const a = r.results.find((x) => x.name === f.account); return a && { account_id: a.account_id }; },
          },
          {
            tool: 'create_crm_contact',
            args: (f) => ({ first_name: f.first, last_name: f.last, email: f.email, account_id: f.account_id, title: f.title }),
            learn: (r: { contact: Row }) => ({ contact_id: r.contact.contact_id }),
          },
        ],
      },
      {
        say: ['Now open a {amount} dollar deal "{deal}" with {first} as the contact, closing {close_said}.', 'Great. Open the deal "{deal}" for {amount} with {first}; it should close {close_said}.'],
        steps: [
          {
            tool: 'create_crm_deal',
            args: (f) => ({ account_id: f.account_id, deal_name: f.deal, amount: f.amount, close_date: f.close, contact_id: f.contact_id }),
            fault: { kind: 'missing_argument', tool: 'create_crm_deal', args: (f) => ({ account_id: f.account_id, deal_name: f.deal, amount: f.amount }), recovery: 'retry_corrected' },
          },
        ],
      },
    ],
  },
  {
    name: 'log_a_meeting_and_review_activity',
    goal: 'Log a meeting with a contact named by person, then list what happened lately at their account.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castRep(state, random, (rep) => {
        const own = sorted(entryValues(state.contacts), (c) => c.contact_id).filter((c) => c.owner_id === rep.owner_id && c.account_id !== null);
        if (own.length === 0) return undefined;
        const contact = random.pick(own);
        const account = accounts(state).find((a) => a.account_id === contact.account_id);
        if (account === undefined) return undefined;
        return { person: `${contact.first_name} ${contact.last_name}`, last_name: contact.last_name, account: account.name, subject: random.pick(SUBJECTS) };
      }),
    turns: [
      {
        say: ['I just had a meeting with {person} of {account}: "{subject}". Log it.', 'Log a meeting with {person} ({account}) today, subject "{subject}".'],
        steps: [
          {
            tool: 'list_crm_contacts',
            args: (f) => ({ search: f.last_name }),
            learn: (r: { contacts: Row[] }, f) => { const c = r.contacts.find((x) => x.name === f.person && x.account_name === f.account); return c && { contact_id: c.contact_id, account_id: c.account_id }; },
          },
          { tool: 'log_crm_activity', args: (f) => ({ contact_id: f.contact_id, type: 'meeting', subject: f.subject }) },
        ],
      },
      {
        say: ['What else has happened with {account} recently?', 'Show me the latest activity at {account}.'],
        steps: [{ tool: 'list_crm_activities', args: (f) => ({ record_id: f.account_id }) }],
      },
    ],
  },
  {
    name: 'hand_over_the_biggest_deal',
    goal: 'Review the rep\'s open deals in a stage and give the largest to a colleague named by full name.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castRep(state, random, (rep) => {
        const open = deals(state).filter((d) => d.owner_id === rep.owner_id && OPEN_STAGES.has(d.stage));
        if (open.length === 0) return undefined;
        const stage = random.pick(open).stage;
        const colleague = random.pick(Object.values(state.owners).filter((o) => o.active && o.owner_id !== rep.owner_id).sort((a, b) => byNumber(a.owner_id, b.owner_id)));
        return { stage, stage_said: STAGE_SAID[stage], colleague: colleague.name };
      }),
    turns: [
      {
        say: ['What deals do I have in {stage_said}?', 'List my open deals in the {stage_said} stage.'],
        steps: [
          {
            tool: 'list_crm_deals',
            args: (f) => ({ owner_email: f.rep_email, stage: f.stage }),
            learn: (r: { deals: Row[] }) => {
              const biggest = [...r.deals].sort((a, b) => b.amount - a.amount || (a.deal_id < b.deal_id ? -1 : 1))[0];
              return biggest && { deal_id: biggest.deal_id, deal: biggest.name };
            },
          },
        ],
      },
      {
        say: ['I am overloaded. Give the biggest one to {colleague}.', 'Hand the largest of those over to {colleague}.'],
        steps: [{ tool: 'assign_crm_owner', args: (f) => ({ record_id: f.deal_id, owner_email: f.colleague }) }],
      },
    ],
  },
  {
    name: 'create_an_account_by_mistake',
    goal: 'Create an account for a new company, then delete it again when it turns out to be the wrong one.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castRep(state, random, () => {
        const [company, industry, city] = random.pick(NEW_COMPANIES);
        if (accounts(state).some((a) => a.name === company)) return undefined;
        return { company, industry, city, employees: random.pick([40, 120, 800]), website: `https://www.${domainOf(company)}` };
      }),
    turns: [
      {
        say: ['Create an account for {company}, a {industry} company in {city} with about {employees} people ({website}).', 'Set up {company} as a new account: {industry}, {city}, {employees} employees.'],
        steps: [
          {
            tool: 'create_crm_account',
            args: (f) => ({ company_name: f.company, industry: f.industry, city: f.city, employees: f.employees, owner_email: f.rep_email }),
            learn: (r: { account: Row }) => ({ account_id: r.account.account_id }),
          },
        ],
      },
      {
        say: ['Oops, that was the wrong company. Delete the account I just made.', 'Wait, scrap that. Remove the {company} account again.'],
        steps: [{ tool: 'delete_crm_account', args: (f) => ({ account_id: f.account_id }) }],
      },
    ],
  },
];
