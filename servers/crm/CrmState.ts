import { entryValues, getEntry, type BucketedRecord } from '../kit/bucketedRecord.js';
import { addDays, isCalendarDate } from '../kit/days.js';
export { addDays, isCalendarDate };
import { byIdNumber, idNumber } from '../kit/lookups.js';
export { idNumber };

/**
 * The CRM's state (after Salesforce and HubSpot): sales reps (owners), accounts (companies), their
 * contacts, leads not yet converted, deals in pipeline stages and activities logged against them.
 * Large collections are bucketed (servers/kit/bucketedRecord.ts); all lookups use Object.hasOwn.
 */

export const CRM_REFERENCE_DATE = '2026-03-16T14:00:00Z';

export const INDUSTRIES = ['software', 'manufacturing', 'healthcare', 'retail', 'finance', 'logistics', 'education', 'energy'] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const LEAD_STATUSES = ['new', 'working', 'qualified', 'unqualified', 'converted'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
/** Lead statuses a user may set (converted comes only from convert_crm_lead). */
export const SETTABLE_LEAD_STATUSES = ['new', 'working', 'qualified', 'unqualified'] as const;

export const LEAD_SOURCES = ['web_form', 'referral', 'trade_show', 'cold_call', 'webinar', 'partner'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

export const DEAL_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
export const OPEN_STAGES: ReadonlySet<DealStage> = new Set(['prospecting', 'qualification', 'proposal', 'negotiation']);
/** Win probability (percent) of each stage. */
export const STAGE_PROBABILITY: Readonly<Record<DealStage, number>> = { prospecting: 10, qualification: 25, proposal: 50, negotiation: 75, closed_won: 100, closed_lost: 0 };

export const ACTIVITY_TYPES = ['call', 'email', 'meeting', 'note', 'task'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export interface Owner {
  owner_id: string;
  name: string;
  email: string;
  team: string;
  active: boolean;
}

export interface Account {
  account_id: string;
  name: string;
  industry: Industry;
  city: string;
  website: string;
  employees: number;
  owner_id: string;
  created_on: string;
}

export interface Contact {
  contact_id: string;
  account_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  title: string;
  owner_id: string;
  created_on: string;
}

export interface Lead {
  lead_id: string;
  first_name: string;
  last_name: string;
  company: string;
  industry: Industry;
  email: string;
  title: string;
  source: LeadSource;
  status: LeadStatus;
  owner_id: string;
  created_on: string;
  /** Set when converted: what the conversion made (or attached to). */
  converted: { account_id: string; contact_id: string; deal_id: string | null; converted_on: string } | null;
}

export interface Deal {
  deal_id: string;
  name: string;
  account_id: string;
  contact_id: string | null;
  owner_id: string;
  amount: number;
  stage: DealStage;
  probability: number;
  close_date: string;
  created_on: string;
  closed_on: string | null;
  lost_reason: string | null;
}

export interface Activity {
  activity_id: string;
  type: ActivityType;
  subject: string;
  date: string;
  owner_id: string;
  account_id: string | null;
  contact_id: string | null;
  deal_id: string | null;
}

export interface CrmState {
  owners: Record<string, Owner>;
  accounts: BucketedRecord<Account>;
  contacts: BucketedRecord<Contact>;
  leads: BucketedRecord<Lead>;
  deals: BucketedRecord<Deal>;
  activities: BucketedRecord<Activity>;
}

export const contactOf = (state: CrmState, id: string): Contact | undefined => getEntry(state.contacts, id);
export const leadOf = (state: CrmState, id: string): Lead | undefined => getEntry(state.leads, id);
export const dealOf = (state: CrmState, id: string): Deal | undefined => getEntry(state.deals, id);
export const accountOf = (state: CrmState, id: string): Account | undefined => getEntry(state.accounts, id);
export const allAccounts = (state: CrmState): Account[] => entryValues(state.accounts);
export const allContacts = (state: CrmState): Contact[] => entryValues(state.contacts);
export const allLeads = (state: CrmState): Lead[] => entryValues(state.leads);
export const allDeals = (state: CrmState): Deal[] => entryValues(state.deals);
export const allActivities = (state: CrmState): Activity[] => entryValues(state.activities);

const accountNames = new WeakMap<object, Map<string, Account>>();

/** The account with that name (case-insensitive), from an index built once per accounts record. */
/** The contact whose email is `email` (lower case), if any: emails are unique among contacts. */
export function contactByEmail(state: CrmState, email: string): Contact | undefined {
  return allContacts(state).find((c) => c.email === email);
}

/** The first active owner's id: who owns a new record when neither the call nor a related record names one. */
export function defaultOwnerId(state: CrmState): string {
  return Object.keys(state.owners).find((id) => state.owners[id].active)!;
}

export function accountByName(state: CrmState, name: string): Account | undefined {
  let index = accountNames.get(state.accounts);
  if (index === undefined) accountNames.set(state.accounts, (index = new Map(allAccounts(state).map((a) => [a.name.toLowerCase(), a]))));
  return index.get(name.trim().toLowerCase());
}

const leadCompanies = new WeakMap<object, Map<string, Lead>>();

/** The first open (not converted) lead of a company (case-insensitive), from an index built once per leads record. */
export function openLeadOfCompany(state: CrmState, company: string): Lead | undefined {
  let index = leadCompanies.get(state.leads);
  if (index === undefined) {
    index = new Map();
    for (const lead of allLeads(state).sort(byIdNumber((l) => l.lead_id))) if (lead.status !== 'converted' && !index.has(lead.company.toLowerCase())) index.set(lead.company.toLowerCase(), lead);
    leadCompanies.set(state.leads, index);
  }
  return index.get(company.trim().toLowerCase());
}




export { byIdNumber };

export function formatMoney(amount: number): string {
  return `${amount.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} USD`;
}
