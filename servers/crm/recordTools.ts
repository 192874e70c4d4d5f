import { defineTool } from '../kit/Domain.js';
import {
  INDUSTRIES,
  OPEN_STAGES,
  accountByName,
  accountOf,
  openLeadOfCompany,
  allAccounts,
  allActivities,
  allContacts,
  contactByEmail,
  defaultOwnerId,
  allDeals,
  allLeads,
  byIdNumber,
  contactOf,
  dealOf,
  leadOf,
  type Account,
  type Contact,
  type CrmState,
  type Industry,
} from './CrmState.js';
import {
  accountSchema,
  accountView,
  activityView,
  base,
  contactName,
  contactSchema,
  contactView,
  dealView,
  idArg,
  listOf,
  objectOutput,
  ownerArg,
  ownerRef,
  requireAccount,
  requireOwner,
  type Context,
} from './crmLookups.js';
import { editEntry, putEntry, removeEntry } from './crmWrites.js';

const RECORD_TYPES = ['account', 'contact', 'lead', 'deal'] as const;

export const searchCrmRecords = defineTool<CrmState, { query: string; type?: (typeof RECORD_TYPES)[number] }>({
  name: 'search_crm_records',
  description: 'Search accounts, contacts, leads and deals by name, company or email (case-insensitive text match). Returns up to 20 hits with their ids.',
  input: {
    type: 'object',
    properties: {
      query: { type: 'string', minLength: 2, maxLength: 100, description: 'Text to look for, e.g. "Falcon" or "kaplan".' },
      type: { type: 'string', enum: [...RECORD_TYPES], description: 'Only this kind of record.' },
    },
    required: ['query'],
    additionalProperties: false,
  },
  output: objectOutput({ results: listOf({ type: 'object', properties: { record_type: { type: 'string' }, name: { type: 'string' } } }, 'Hits, accounts first.'), count: { type: 'integer', description: 'Hits returned.' } }),
  annotations: { title: 'Search CRM', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const q = args.query.trim().toLowerCase();
    const want = (type: string) => args.type === undefined || args.type === type;
    const results: Array<Record<string, unknown>> = [];
    if (want('account')) for (const a of allAccounts(state)) if (a.name.toLowerCase().includes(q) || a.website.includes(q)) results.push({ record_type: 'account', account_id: a.account_id, name: a.name, industry: a.industry, city: a.city });
    if (want('contact')) for (const c of allContacts(state).sort(byIdNumber((x) => x.contact_id))) if (`${contactName(c)} ${c.email}`.toLowerCase().includes(q)) results.push({ record_type: 'contact', contact_id: c.contact_id, name: contactName(c), email: c.email, account_id: c.account_id });
    if (want('lead')) for (const l of allLeads(state).sort(byIdNumber((x) => x.lead_id))) if (`${l.first_name} ${l.last_name} ${l.company} ${l.email}`.toLowerCase().includes(q)) results.push({ record_type: 'lead', lead_id: l.lead_id, name: `${l.first_name} ${l.last_name}`, company: l.company, status: l.status });
    if (want('deal')) for (const d of allDeals(state).sort(byIdNumber((x) => x.deal_id))) if (d.name.toLowerCase().includes(q)) results.push({ record_type: 'deal', deal_id: d.deal_id, name: d.name, stage: d.stage, amount: d.amount });
    return { results: results.slice(0, 20), count: Math.min(20, results.length) };
  },
});

export const getCrmAccount = defineTool<CrmState, { account_id: string }>({
  name: 'get_crm_account',
  description: 'Get an account (company) with its contacts, its deals (open and closed) and its five latest activities. Takes the account id or its exact name.',
  input: { type: 'object', properties: { account_id: { ...idArg('account', 'acct_7'), description: 'The account id (e.g. acct_7) or the exact company name.' } }, required: ['account_id'], additionalProperties: false },
  output: objectOutput({ account: accountSchema, contacts: listOf(contactSchema, 'Its contacts.'), deals: listOf({ type: 'object' }, 'Its deals.'), open_pipeline: { type: 'number', description: 'Sum of open deal amounts, USD.' }, recent_activities: listOf({ type: 'object' }, 'Latest activities.') }),
  annotations: { title: 'Get account', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const account = requireAccount(ctx, args.account_id);
    const id = account.account_id;
    const deals = allDeals(state).filter((d) => d.account_id === id).sort(byIdNumber((d) => d.deal_id));
    const activities = allActivities(state).filter((a) => a.account_id === id).sort((a, b) => (a.date === b.date ? b.activity_id.localeCompare(a.activity_id) : a.date < b.date ? 1 : -1));
    return {
      account: accountView(state, account),
      contacts: allContacts(state).filter((c) => c.account_id === id).sort(byIdNumber((c) => c.contact_id)).map((c) => contactView(state, c)),
      deals: deals.map((d) => dealView(state, d)),
      open_pipeline: Math.round(deals.filter((d) => OPEN_STAGES.has(d.stage)).reduce((s, d) => s + d.amount, 0) * 100) / 100,
      recent_activities: activities.slice(0, 5).map(activityView),
    };
  },
});

interface CreateAccountArgs {
  company_name: string;
  industry: Industry;
  city?: string;
  website?: string;
  employees?: number;
  owner_email?: string;
}

export const createCrmAccount = defineTool<CrmState, CreateAccountArgs>({
  name: 'create_crm_account',
  description: 'Create an account (a company). Its name must not already be an account; the owner defaults to the rep of the matching lead, else the first rep.',
  input: {
    type: 'object',
    properties: {
      company_name: { type: 'string', minLength: 2, maxLength: 100, description: 'The company name, e.g. "Falcon Freight".' },
      industry: { type: 'string', enum: [...INDUSTRIES], description: 'Industry.' },
      city: { type: 'string', minLength: 1, maxLength: 60, description: 'Headquarters city.' },
      website: { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 200, description: 'Website URL.' },
      employees: { type: 'integer', minimum: 1, maximum: 1000000, description: 'Head count.' },
      owner_email: ownerArg,
    },
    required: ['company_name', 'industry'],
    additionalProperties: false,
  },
  output: objectOutput({ account: accountSchema }),
  annotations: { title: 'Create account', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const name = args.company_name.trim();
    if (name.length < 2) ctx.fail('company_name is blank');
    const clash = accountByName(state, name);
    if (clash !== undefined) ctx.fail(`account ${clash.account_id} is already named ${clash.name}; use it instead of a duplicate`);
    const lead = openLeadOfCompany(state, name);
    const owner = args.owner_email !== undefined ? requireOwner(ctx, args.owner_email) : state.owners[lead?.owner_id ?? defaultOwnerId(state)];
    const account: Account = {
      account_id: ctx.nextId('acct'),
      name,
      industry: args.industry,
      city: args.city?.trim() ?? '',
      website: args.website ?? '',
      employees: args.employees ?? 0,
      owner_id: owner.owner_id,
      created_on: ctx.today,
    };
    putEntry(ctx, 'accounts', account.account_id, account);
    return { account: accountView(state, account) };
  },
});

export const listCrmContacts = defineTool<CrmState, { account_id?: string; search?: string }>({
  name: 'list_crm_contacts',
  description: 'List contacts, those of one account and/or whose name or email contains a text. At most 50.',
  input: {
    type: 'object',
    properties: { account_id: { ...idArg('account', 'acct_7'), description: 'Only contacts of this account (id or exact name).' }, search: { type: 'string', minLength: 1, maxLength: 80, description: 'Text in the name or email.' } },
    additionalProperties: false,
  },
  output: objectOutput({ contacts: listOf(contactSchema, 'Contacts.'), count: { type: 'integer', description: 'All matches.' } }),
  annotations: { title: 'List contacts', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const account = args.account_id === undefined ? undefined : requireAccount(ctx, args.account_id);
    const q = args.search?.trim().toLowerCase();
    const found = allContacts(state)
      .filter((c) => (account === undefined || c.account_id === account.account_id) && (!q || `${contactName(c)} ${c.email}`.toLowerCase().includes(q)))
      .sort(byIdNumber((c) => c.contact_id));
    return { contacts: found.slice(0, 50).map((c) => contactView(state, c)), count: found.length };
  },
});

interface CreateContactArgs {
  first_name: string;
  last_name: string;
  email: string;
  account_id?: string;
  title?: string;
  phone?: string;
  owner_email?: string;
}

export const createCrmContact = defineTool<CrmState, CreateContactArgs>({
  name: 'create_crm_contact',
  description: 'Create a contact (a person), optionally at an account. Emails are unique among contacts. The owner defaults to the account\'s.',
  input: {
    type: 'object',
    properties: {
      first_name: { type: 'string', minLength: 1, maxLength: 60, description: 'First name.' },
      last_name: { type: 'string', minLength: 1, maxLength: 60, description: 'Last name.' },
      email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', maxLength: 120, description: 'Work email.' },
      account_id: { ...idArg('account', 'acct_7'), description: 'The account (id or exact name) the person works at.' },
      title: { type: 'string', minLength: 1, maxLength: 80, description: 'Job title.' },
      phone: { type: 'string', pattern: '^[+0-9][0-9 ()-]{6,20}$', description: 'Phone number.' },
      owner_email: ownerArg,
    },
    required: ['first_name', 'last_name', 'email'],
    additionalProperties: false,
  },
  output: objectOutput({ contact: contactSchema }),
  annotations: { title: 'Create contact', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const email = args.email.trim().toLowerCase();
    const clash = contactByEmail(state, email);
    if (clash !== undefined) ctx.fail(`contact ${clash.contact_id} (${contactName(clash)}) already has the email ${email}`);
    const account = args.account_id === undefined ? undefined : requireAccount(ctx, args.account_id);
    const owner = args.owner_email !== undefined ? requireOwner(ctx, args.owner_email) : account !== undefined ? state.owners[account.owner_id] : undefined;
    const contact: Contact = {
      contact_id: ctx.nextId('con'),
      account_id: account?.account_id ?? null,
      first_name: args.first_name.trim(),
      last_name: args.last_name.trim(),
      email,
      phone: args.phone ?? '',
      title: args.title?.trim() ?? '',
      owner_id: owner?.owner_id ?? defaultOwnerId(state),
      created_on: ctx.today,
    };
    putEntry(ctx, 'contacts', contact.contact_id, contact);
    return { contact: contactView(state, contact) };
  },
});

export const assignCrmOwner = defineTool<CrmState, { record_id: string; owner_email: string }>({
  name: 'assign_crm_owner',
  description: 'Give an account, contact, lead or deal to another active sales rep. Converted leads and closed deals keep their owner.',
  input: {
    type: 'object',
    properties: {
      record_id: { type: 'string', minLength: 1, maxLength: 60, description: 'The record to reassign: an account id (acct_…), contact id (con_…), lead id (lead_…) or deal id (deal_…).' },
      owner_email: ownerArg,
    },
    required: ['record_id', 'owner_email'],
    additionalProperties: false,
  },
  output: objectOutput({ record_id: { type: 'string', description: 'The record.' }, record_type: { type: 'string', description: 'account, contact, lead or deal.' }, owner: { type: 'object', description: 'The new owner.' }, previous_owner: { type: 'object', description: 'The owner before.' } }),
  annotations: { title: 'Assign owner', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const id = args.record_id.trim();
    let type: 'account' | 'contact' | 'lead' | 'deal';
    let ownerId: string;
    const account = accountOf(state, id);
    const contact = contactOf(state, id);
    const lead = leadOf(state, id);
    const deal = dealOf(state, id);
    if (account !== undefined) [type, ownerId] = ['account', account.owner_id];
    else if (contact !== undefined) [type, ownerId] = ['contact', contact.owner_id];
    else if (lead !== undefined) {
      if (lead.status === 'converted') ctx.fail(`lead ${id} was converted on ${lead.converted!.converted_on}; reassign the contact ${lead.converted!.contact_id} or the deal instead`);
      [type, ownerId] = ['lead', lead.owner_id];
    } else if (deal !== undefined) {
      if (!OPEN_STAGES.has(deal.stage)) ctx.fail(`deal ${id} is ${deal.stage}; closed deals keep their owner`);
      [type, ownerId] = ['deal', deal.owner_id];
    } else {
      return ctx.fail(`no account, contact, lead or deal ${id}; ids look like acct_7, con_12, lead_9, deal_31 (search_crm_records finds them by name)`);
    }
    const owner = requireOwner(ctx, args.owner_email);
    if (owner.owner_id === ownerId) ctx.fail(`${type} ${id} is already owned by ${owner.name}`);
    if (type === 'account') editEntry<Account>(ctx, 'accounts', id).owner_id = owner.owner_id;
    else editEntry<{ owner_id: string }>(ctx, type === 'contact' ? 'contacts' : type === 'lead' ? 'leads' : 'deals', id).owner_id = owner.owner_id;
    return { record_id: id, record_type: type, owner: ownerRef(state, owner.owner_id), previous_owner: ownerRef(state, ownerId) };
  },
});

export const deleteCrmAccount = defineTool<CrmState, { account_id: string }>({
  name: 'delete_crm_account',
  description:
    'Delete an account with its contacts and the activities logged on them. Refused while any deal belongs to the account or a lead was converted into it (no orphan deals, no broken conversions).',
  input: { type: 'object', properties: { account_id: { ...idArg('account', 'acct_7'), description: 'The account id (e.g. acct_7) or the exact company name.' } }, required: ['account_id'], additionalProperties: false },
  output: objectOutput({ account_id: { type: 'string', description: 'The deleted account.' }, deleted_contact_ids: listOf({ type: 'string' }, 'Contacts deleted with it.'), deleted_activity_count: { type: 'integer', description: 'Activities deleted with it.' } }),
  annotations: { title: 'Delete account', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const account = requireAccount(ctx, args.account_id);
    const id = account.account_id;
    const deals = allDeals(state).filter((d) => d.account_id === id).sort(byIdNumber((d) => d.deal_id));
    if (deals.length > 0) ctx.fail(`account ${id} (${account.name}) has deals ${deals.slice(0, 5).map((d) => `${d.deal_id} (${d.stage})`).join(', ')}${deals.length > 5 ? ', …' : ''}; deleting it would orphan them`);
    const converted = allLeads(state).filter((l) => l.converted?.account_id === id);
    if (converted.length > 0) ctx.fail(`lead ${converted[0].lead_id} was converted into account ${id}; it cannot be deleted`);
    const contacts = allContacts(state).filter((c) => c.account_id === id).sort(byIdNumber((c) => c.contact_id));
    const contactIds = new Set(contacts.map((c) => c.contact_id));
    const activities = allActivities(state).filter((a) => a.account_id === id || (a.contact_id !== null && contactIds.has(a.contact_id)));
    for (const a of activities) removeEntry(ctx, 'activities', a.activity_id);
    for (const c of contacts) removeEntry(ctx, 'contacts', c.contact_id);
    removeEntry(ctx, 'accounts', id);
    return { account_id: id, deleted_contact_ids: contacts.map((c) => c.contact_id), deleted_activity_count: activities.length };
  },
});

export type { Context };
