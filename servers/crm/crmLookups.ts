import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import {
  accountByName,
  accountOf,
  allAccounts,
  allContacts,
  allDeals,
  allLeads,
  contactOf,
  dealOf,
  idNumber,
  leadOf,
  type Account,
  type Activity,
  type Contact,
  type CrmState,
  type Deal,
  type Lead,
  type Owner,
} from './CrmState.js';

/** Lookups every CRM tool shares (Object.hasOwn only), and the views and schemas results use. */

export type Context = ToolContext<CrmState>;

export const base = (ctx: Context): CrmState => ctx.base as CrmState;

function notFound(ctx: Context, noun: string, id: string, ids: string[], labels: (id: string) => string, lister: string): never {
  const closest = closestName(id, ids);
  const sorted = [...ids].sort((a, b) => idNumber(a) - idNumber(b));
  const range = sorted.length === 0 ? 'none' : `${sorted[0]} … ${sorted[sorted.length - 1]}`;
  return ctx.fail(`${noun} ${id} not found${closest ? `; did you mean ${closest} (${labels(closest)})?` : ''} Valid ids: ${range}; ${lister} lists them`);
}

export function requireAccount(ctx: Context, id: string): Account {
  const state = base(ctx);
  const found = accountOf(state, id);
  if (found !== undefined) return found;
  const byName = accountByName(state, id);
  if (byName !== undefined) return byName;
  return notFound(ctx, 'account', id, allAccounts(state).map((a) => a.account_id), (k) => accountOf(state, k)!.name, 'search_crm_records with type account');
}

export function requireContact(ctx: Context, id: string): Contact {
  const state = base(ctx);
  const found = contactOf(state, id);
  if (found !== undefined) return found;
  return notFound(ctx, 'contact', id, allContacts(state).map((c) => c.contact_id), (k) => contactName(contactOf(state, k)!), 'list_crm_contacts');
}

export function requireLead(ctx: Context, id: string): Lead {
  const state = base(ctx);
  const found = leadOf(state, id);
  if (found !== undefined) return found;
  return notFound(ctx, 'lead', id, allLeads(state).map((l) => l.lead_id), (k) => { const l = leadOf(state, k)!; return `${l.first_name} ${l.last_name}, ${l.company}`; }, 'list_crm_leads');
}

export function requireDeal(ctx: Context, id: string): Deal {
  const state = base(ctx);
  const found = dealOf(state, id);
  if (found !== undefined) return found;
  return notFound(ctx, 'deal', id, allDeals(state).map((d) => d.deal_id), (k) => dealOf(state, k)!.name, 'list_crm_deals');
}

/** An owner (sales rep) by email or full name; `active` requires an active one. */
export function requireOwner(ctx: Context, who: string, active = true): Owner {
  const state = base(ctx);
  const key = who.trim().toLowerCase();
  const owners = Object.values(state.owners);
  const owner = owners.find((o) => o.email === key || o.name.toLowerCase() === key);
  if (owner === undefined) {
    const closest = closestName(key, [...owners.map((o) => o.email), ...owners.map((o) => o.name.toLowerCase())]);
    const match = owners.find((o) => o.email === closest || o.name.toLowerCase() === closest);
    return ctx.fail(`no sales rep ${who}${match ? `; did you mean ${match.name} <${match.email}>?` : ''} Reps: ${owners.filter((o) => o.active).map((o) => o.email).join(', ')}`);
  }
  if (active && !owner.active) ctx.fail(`${owner.name} <${owner.email}> is deactivated and cannot own records; reps: ${owners.filter((o) => o.active).map((o) => o.email).join(', ')}`);
  return owner;
}

export function contactName(contact: Contact): string {
  return `${contact.first_name} ${contact.last_name}`;
}

export function ownerRef(state: CrmState, id: string): { name: string; email: string } {
  const owner = state.owners[id];
  return { name: owner.name, email: owner.email };
}

export function accountView(state: CrmState, a: Account): Record<string, unknown> {
  return { account_id: a.account_id, name: a.name, industry: a.industry, city: a.city, website: a.website, employees: a.employees, owner: ownerRef(state, a.owner_id), created_on: a.created_on };
}

export function contactView(state: CrmState, c: Contact): Record<string, unknown> {
  return { contact_id: c.contact_id, name: contactName(c), email: c.email, phone: c.phone, title: c.title, account_id: c.account_id, account_name: c.account_id === null ? null : accountOf(state, c.account_id)?.name ?? null, owner: ownerRef(state, c.owner_id) };
}

export function leadView(state: CrmState, l: Lead): Record<string, unknown> {
  return { lead_id: l.lead_id, name: `${l.first_name} ${l.last_name}`, company: l.company, email: l.email, title: l.title, source: l.source, status: l.status, owner: ownerRef(state, l.owner_id), created_on: l.created_on, converted: l.converted };
}

export function dealView(state: CrmState, d: Deal): Record<string, unknown> {
  return {
    deal_id: d.deal_id,
    name: d.name,
    account_id: d.account_id,
    account_name: accountOf(state, d.account_id)?.name ?? null,
    contact_id: d.contact_id,
    owner: ownerRef(state, d.owner_id),
    amount: d.amount,
    stage: d.stage,
    probability: d.probability,
    close_date: d.close_date,
    closed_on: d.closed_on,
    lost_reason: d.lost_reason,
  };
}

export function activityView(a: Activity): Record<string, unknown> {
  return { activity_id: a.activity_id, type: a.type, subject: a.subject, date: a.date, account_id: a.account_id, contact_id: a.contact_id, deal_id: a.deal_id };
}

const str = (description: string): JsonSchema => ({ type: 'string', description });
const ownerSchema: JsonSchema = { type: 'object', properties: { name: str('Rep name.'), email: str('Rep email.') }, description: 'The owning sales rep.' };
export const accountSchema: JsonSchema = { type: 'object', properties: { account_id: str('Account id, e.g. acct_7.'), name: str('Company name.'), industry: str('Industry.'), city: str('City.'), owner: ownerSchema }, required: ['account_id', 'name'] };
export const contactSchema: JsonSchema = { type: 'object', properties: { contact_id: str('Contact id, e.g. con_12.'), name: str('Full name.'), email: str('Email.'), account_id: { type: ['string', 'null'], description: 'Account.' }, owner: ownerSchema }, required: ['contact_id', 'name', 'email'] };
export const leadSchema: JsonSchema = { type: 'object', properties: { lead_id: str('Lead id, e.g. lead_9.'), name: str('Full name.'), company: str('Company.'), email: str('Email.'), status: str('Lead status.'), converted: { type: ['object', 'null'], description: 'What conversion made.' } }, required: ['lead_id', 'name', 'status'] };
export const dealSchema: JsonSchema = { type: 'object', properties: { deal_id: str('Deal id, e.g. deal_31.'), name: str('Deal name.'), account_id: str('Account.'), amount: { type: 'number', description: 'Amount in USD.' }, stage: str('Pipeline stage.'), probability: { type: 'integer', description: 'Win probability, percent.' }, close_date: str('Expected or actual close day.') }, required: ['deal_id', 'name', 'account_id', 'amount', 'stage'] };
export const activitySchema: JsonSchema = { type: 'object', properties: { activity_id: str('Activity id.'), type: str('call, email, meeting, note or task.'), subject: str('Subject.'), date: str('Day.') }, required: ['activity_id', 'type', 'subject'] };

export { outputOf as objectOutput } from '../kit/schemas.js';

export const idArg = (what: string, example: string): JsonSchema => ({ type: 'string', minLength: 1, maxLength: 60, description: `The ${what} id, e.g. ${example}.` });
export const ownerArg: JsonSchema = { type: 'string', minLength: 3, maxLength: 120, description: 'A sales rep: email (e.g. ava.kaplan@brightline.io) or full name.' };
export const listOf = (items: JsonSchema, description: string): JsonSchema => ({ type: 'array', items, description });
