import { defineTool } from '../kit/Domain.js';
import {
  ACTIVITY_TYPES,
  DEAL_STAGES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  OPEN_STAGES,
  SETTABLE_LEAD_STATUSES,
  STAGE_PROBABILITY,
  accountByName,
  accountOf,
  addDays,
  allAccounts,
  allActivities,
  contactByEmail,
  defaultOwnerId,
  allDeals,
  allLeads,
  byIdNumber,
  contactOf,
  dealOf,
  formatMoney,
  isCalendarDate,
  type Account,
  type Activity,
  type ActivityType,
  type Contact,
  type CrmState,
  type Deal,
  type DealStage,
  type Lead,
  type LeadSource,
  type LeadStatus,
} from './CrmState.js';
import {
  accountView,
  activitySchema,
  activityView,
  base,
  contactView,
  dealSchema,
  dealView,
  idArg,
  leadSchema,
  leadView,
  listOf,
  objectOutput,
  ownerArg,
  requireAccount,
  requireContact,
  requireDeal,
  requireLead,
  requireOwner,
  type Context,
} from './crmLookups.js';
import { editEntry, putEntry } from './crmWrites.js';

const OPEN_STAGE_LIST = ['prospecting', 'qualification', 'proposal', 'negotiation'] as const;
const amountArg = { type: 'number', minimum: 0, maximum: 100000000, multipleOf: 0.01, description: 'Amount in USD, e.g. 45000.' };

function checkFutureDay(ctx: Context, name: string, day: string): void {
  if (!isCalendarDate(day)) ctx.fail(`${name} ${day} is not a calendar day; use YYYY-MM-DD`);
  if (day < ctx.today) ctx.fail(`${name} ${day} is in the past; today is ${ctx.today}`);
}

export const listCrmLeads = defineTool<CrmState, { status?: LeadStatus; owner_email?: string; source?: LeadSource }>({
  name: 'list_crm_leads',
  description: 'List leads (people not yet converted into contacts and deals, and converted ones), by status, owner or source. At most 50, newest first.',
  input: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: [...LEAD_STATUSES], description: 'Only leads with this status.' },
      owner_email: { ...ownerArg, description: 'Only leads of this rep (email or full name).' },
      source: { type: 'string', enum: [...LEAD_SOURCES], description: 'Only leads from this source.' },
    },
    additionalProperties: false,
  },
  output: objectOutput({ leads: listOf(leadSchema, 'Leads.'), count: { type: 'integer', description: 'All matches.' } }),
  annotations: { title: 'List leads', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const owner = args.owner_email === undefined ? undefined : requireOwner(ctx, args.owner_email, false);
    const leads = allLeads(state)
      .filter((l) => (args.status === undefined || l.status === args.status) && (owner === undefined || l.owner_id === owner.owner_id) && (args.source === undefined || l.source === args.source))
      .sort((a, b) => (a.created_on === b.created_on ? byIdNumber<Lead>((l) => l.lead_id)(b, a) : a.created_on < b.created_on ? 1 : -1));
    return { leads: leads.slice(0, 50).map((l) => leadView(state, l)), count: leads.length };
  },
});

interface CreateLeadArgs {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  source: LeadSource;
  title?: string;
  owner_email?: string;
}

export const createCrmLead = defineTool<CrmState, CreateLeadArgs>({
  name: 'create_crm_lead',
  description: 'Create a lead (status new). Refused when the email already belongs to a contact: that person is a customer contact already.',
  input: {
    type: 'object',
    properties: {
      first_name: { type: 'string', minLength: 1, maxLength: 60, description: 'First name.' },
      last_name: { type: 'string', minLength: 1, maxLength: 60, description: 'Last name.' },
      company: { type: 'string', minLength: 2, maxLength: 100, description: 'Company the person works at.' },
      email: { type: 'string', pattern: '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$', maxLength: 120, description: 'Work email.' },
      source: { type: 'string', enum: [...LEAD_SOURCES], description: 'Where the lead came from.' },
      title: { type: 'string', minLength: 1, maxLength: 80, description: 'Job title.' },
      owner_email: ownerArg,
    },
    required: ['first_name', 'last_name', 'company', 'email', 'source'],
    additionalProperties: false,
  },
  output: objectOutput({ lead: leadSchema }),
  annotations: { title: 'Create lead', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const email = args.email.trim().toLowerCase();
    const contact = contactByEmail(state, email);
    if (contact !== undefined) ctx.fail(`${email} is already contact ${contact.contact_id} (${contact.first_name} ${contact.last_name}); log an activity or create a deal on that contact instead`);
    const owner = args.owner_email === undefined ? state.owners[defaultOwnerId(state)] : requireOwner(ctx, args.owner_email);
    const account = accountByName(state, args.company);
    const lead: Lead = {
      lead_id: ctx.nextId('lead'),
      first_name: args.first_name.trim(),
      last_name: args.last_name.trim(),
      company: args.company.trim(),
      industry: account?.industry ?? 'software',
      email,
      title: args.title?.trim() ?? '',
      source: args.source,
      status: 'new',
      owner_id: owner.owner_id,
      created_on: ctx.today,
      converted: null,
    };
    putEntry(ctx, 'leads', lead.lead_id, lead);
    return { lead: leadView(state, lead) };
  },
});

export const updateCrmLeadStatus = defineTool<CrmState, { lead_id: string; status: (typeof SETTABLE_LEAD_STATUSES)[number] }>({
  name: 'update_crm_lead_status',
  description: 'Set a lead\'s status: new, working, qualified or unqualified. Converted leads are final (convert_crm_lead converts).',
  input: {
    type: 'object',
    properties: { lead_id: idArg('lead', 'lead_9'), status: { type: 'string', enum: [...SETTABLE_LEAD_STATUSES], description: 'The new status.' } },
    required: ['lead_id', 'status'],
    additionalProperties: false,
  },
  output: objectOutput({ lead: leadSchema, previous_status: { type: 'string', description: 'Status before.' } }),
  annotations: { title: 'Update lead status', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const lead = requireLead(ctx, args.lead_id);
    if (lead.status === 'converted') ctx.fail(`lead ${lead.lead_id} was converted on ${lead.converted!.converted_on} into contact ${lead.converted!.contact_id}; its status is final`);
    if (lead.status === args.status) ctx.fail(`lead ${lead.lead_id} is already ${lead.status}`);
    const draft = editEntry<Lead>(ctx, 'leads', lead.lead_id);
    draft.status = args.status;
    return { lead: leadView(base(ctx), draft), previous_status: lead.status };
  },
});

interface ConvertArgs {
  lead_id: string;
  account_id?: string;
  create_deal?: boolean;
  deal_name?: string;
  amount?: number;
  close_date?: string;
}

export const convertCrmLead = defineTool<CrmState, ConvertArgs>({
  name: 'convert_crm_lead',
  description:
    'Convert a qualified lead, atomically: a contact, an account (a new one named after the lead\'s company, or the existing account ' +
    'given as account_id) and, unless create_deal is false, a deal in qualification. Either everything is created or nothing is. ' +
    'Refused for leads that are not qualified, already converted, or whose email is already a contact.',
  input: {
    type: 'object',
    properties: {
      lead_id: idArg('lead', 'lead_9'),
      account_id: { ...idArg('account', 'acct_7'), description: 'Attach to this existing account (id or exact name) instead of creating one.' },
      create_deal: { type: 'boolean', description: 'Also create a deal (default true).' },
      deal_name: { type: 'string', minLength: 2, maxLength: 120, description: 'Deal name (default "<company> new business").' },
      amount: { ...amountArg, description: 'Deal amount in USD (default 0 until estimated).' },
      close_date: { type: 'string', format: 'date', description: 'Expected close day (default 30 days from today).' },
    },
    required: ['lead_id'],
    additionalProperties: false,
  },
  output: objectOutput({ lead: leadSchema, account: { type: 'object', description: 'The account (new or existing).' }, account_created: { type: 'boolean', description: 'Whether the account is new.' }, contact: { type: 'object', description: 'The new contact.' }, deal: { type: ['object', 'null'], description: 'The new deal, if any.' } }),
  annotations: { title: 'Convert lead', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const lead = requireLead(ctx, args.lead_id);
    if (lead.status === 'converted') ctx.fail(`lead ${lead.lead_id} was already converted on ${lead.converted!.converted_on} into contact ${lead.converted!.contact_id}${lead.converted!.deal_id ? ` and deal ${lead.converted!.deal_id}` : ''}`);
    if (lead.status !== 'qualified') ctx.fail(`lead ${lead.lead_id} is ${lead.status}; only qualified leads are converted (update_crm_lead_status to qualified first)`);
    const existing = contactByEmail(state, lead.email);
    if (existing !== undefined) ctx.fail(`${lead.email} is already contact ${existing.contact_id}; the lead is a duplicate (set it to unqualified)`);
    const createDeal = args.create_deal !== false;
    if (!createDeal && (args.deal_name !== undefined || args.amount !== undefined || args.close_date !== undefined)) ctx.fail('deal_name, amount and close_date describe the deal; leave them out when create_deal is false');
    if (args.close_date !== undefined) checkFutureDay(ctx, 'close_date', args.close_date);
    let account: Account;
    let created = false;
    if (args.account_id !== undefined) account = requireAccount(ctx, args.account_id);
    else {
      const same = accountByName(state, lead.company);
      if (same !== undefined) ctx.fail(`account ${same.account_id} is already named ${same.name}; pass account_id ${same.account_id} to attach the lead to it`);
      account = { account_id: ctx.nextId('acct'), name: lead.company, industry: lead.industry, city: '', website: '', employees: 0, owner_id: lead.owner_id, created_on: ctx.today };
      created = true;
      putEntry(ctx, 'accounts', account.account_id, account);
    }
    const contact: Contact = { contact_id: ctx.nextId('con'), account_id: account.account_id, first_name: lead.first_name, last_name: lead.last_name, email: lead.email, phone: '', title: lead.title, owner_id: lead.owner_id, created_on: ctx.today };
    putEntry(ctx, 'contacts', contact.contact_id, contact);
    let deal: Deal | null = null;
    if (createDeal) {
      deal = {
        deal_id: ctx.nextId('deal'),
        name: args.deal_name?.trim() ?? `${account.name} new business`,
        account_id: account.account_id,
        contact_id: contact.contact_id,
        owner_id: lead.owner_id,
        amount: args.amount ?? 0,
        stage: 'qualification',
        probability: STAGE_PROBABILITY.qualification,
        close_date: args.close_date ?? addDays(ctx.today, 30),
        created_on: ctx.today,
        closed_on: null,
        lost_reason: null,
      };
      putEntry(ctx, 'deals', deal.deal_id, deal);
    }
    const draft = editEntry<Lead>(ctx, 'leads', lead.lead_id);
    draft.status = 'converted';
    draft.converted = { account_id: account.account_id, contact_id: contact.contact_id, deal_id: deal?.deal_id ?? null, converted_on: ctx.today };
    return { lead: leadView(state, draft), account: accountView(state, account), account_created: created, contact: contactView(state, contact), deal: deal === null ? null : dealView(state, deal) };
  },
});

export const listCrmDeals = defineTool<CrmState, { stage?: DealStage; owner_email?: string; account_id?: string; open_only?: boolean }>({
  name: 'list_crm_deals',
  description: 'List deals of the pipeline by stage, owner or account, with the total and the probability-weighted total. At most 50, by close day.',
  input: {
    type: 'object',
    properties: {
      stage: { type: 'string', enum: [...DEAL_STAGES], description: 'Only deals in this stage.' },
      owner_email: { ...ownerArg, description: 'Only deals of this rep (email or full name).' },
      account_id: { ...idArg('account', 'acct_7'), description: 'Only deals of this account (id or exact name).' },
      open_only: { type: 'boolean', description: 'Only open deals (not closed won or lost).' },
    },
    additionalProperties: false,
  },
  output: objectOutput({ deals: listOf(dealSchema, 'Deals.'), count: { type: 'integer', description: 'All matches.' }, total_amount: { type: 'number', description: 'Sum of amounts, USD.' }, weighted_amount: { type: 'number', description: 'Sum of amount × probability, USD.' } }),
  annotations: { title: 'List deals', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const owner = args.owner_email === undefined ? undefined : requireOwner(ctx, args.owner_email, false);
    const account = args.account_id === undefined ? undefined : requireAccount(ctx, args.account_id);
    const deals = allDeals(state)
      .filter((d) => (args.stage === undefined || d.stage === args.stage) && (owner === undefined || d.owner_id === owner.owner_id) && (account === undefined || d.account_id === account.account_id) && (args.open_only !== true || OPEN_STAGES.has(d.stage)))
      .sort((a, b) => (a.close_date === b.close_date ? byIdNumber<Deal>((d) => d.deal_id)(a, b) : a.close_date < b.close_date ? -1 : 1));
    const total = deals.reduce((s, d) => s + d.amount, 0);
    const weighted = deals.reduce((s, d) => s + (d.amount * d.probability) / 100, 0);
    return { deals: deals.slice(0, 50).map((d) => dealView(state, d)), count: deals.length, total_amount: Math.round(total * 100) / 100, weighted_amount: Math.round(weighted * 100) / 100 };
  },
});

interface CreateDealArgs {
  account_id: string;
  deal_name: string;
  amount: number;
  close_date: string;
  stage?: (typeof OPEN_STAGE_LIST)[number];
  contact_id?: string;
  owner_email?: string;
}

export const createCrmDeal = defineTool<CrmState, CreateDealArgs>({
  name: 'create_crm_deal',
  description: 'Create a deal on an account, in an open stage (default prospecting). The contact, if given, must work at that account; the owner defaults to the account\'s.',
  input: {
    type: 'object',
    properties: {
      account_id: { ...idArg('account', 'acct_7'), description: 'The account (id or exact name).' },
      deal_name: { type: 'string', minLength: 2, maxLength: 120, description: 'Deal name, e.g. "Falcon Freight seat expansion".' },
      amount: amountArg,
      close_date: { type: 'string', format: 'date', description: 'Expected close day, today or later.' },
      stage: { type: 'string', enum: [...OPEN_STAGE_LIST], description: 'Starting stage.' },
      contact_id: idArg('contact', 'con_12'),
      owner_email: ownerArg,
    },
    required: ['account_id', 'deal_name', 'amount', 'close_date'],
    additionalProperties: false,
  },
  output: objectOutput({ deal: dealSchema }),
  annotations: { title: 'Create deal', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const account = requireAccount(ctx, args.account_id);
    checkFutureDay(ctx, 'close_date', args.close_date);
    let contactId: string | null = null;
    if (args.contact_id !== undefined) {
      const contact = requireContact(ctx, args.contact_id);
      if (contact.account_id !== account.account_id) ctx.fail(`contact ${contact.contact_id} (${contact.first_name} ${contact.last_name}) works at ${contact.account_id ?? 'no account'}, not ${account.account_id} (${account.name})`);
      contactId = contact.contact_id;
    }
    const owner = args.owner_email === undefined ? state.owners[account.owner_id] : requireOwner(ctx, args.owner_email);
    const stage = args.stage ?? 'prospecting';
    const deal: Deal = { deal_id: ctx.nextId('deal'), name: args.deal_name.trim(), account_id: account.account_id, contact_id: contactId, owner_id: owner.owner_id, amount: args.amount, stage, probability: STAGE_PROBABILITY[stage], close_date: args.close_date, created_on: ctx.today, closed_on: null, lost_reason: null };
    putEntry(ctx, 'deals', deal.deal_id, deal);
    return { deal: dealView(state, deal) };
  },
});

export const updateCrmDealStage = defineTool<CrmState, { deal_id: string; to_stage: DealStage; lost_reason?: string; amount?: number }>({
  name: 'update_crm_deal_stage',
  description:
    'Move a deal to another pipeline stage; the win probability follows the stage. Closing as closed_lost needs a lost_reason; closed ' +
    'deals do not reopen (create a new deal). Closing sets the close day to today. amount may be updated in the same step.',
  input: {
    type: 'object',
    properties: {
      deal_id: idArg('deal', 'deal_31'),
      to_stage: { type: 'string', enum: [...DEAL_STAGES], description: 'The new stage.' },
      lost_reason: { type: 'string', minLength: 2, maxLength: 200, description: 'Why it was lost (only for closed_lost), e.g. "chose a competitor".' },
      amount: { ...amountArg, description: 'New amount in USD, if it changed.' },
    },
    required: ['deal_id', 'to_stage'],
    additionalProperties: false,
  },
  output: objectOutput({ deal: dealSchema, previous_stage: { type: 'string', description: 'Stage before.' } }),
  annotations: { title: 'Update deal stage', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const deal = requireDeal(ctx, args.deal_id);
    const to = args.to_stage;
    if (!OPEN_STAGES.has(deal.stage)) ctx.fail(`deal ${deal.deal_id} is ${deal.stage} since ${deal.closed_on}; closed deals do not reopen, create a new deal with create_crm_deal`);
    if (deal.stage === to) ctx.fail(`deal ${deal.deal_id} is already in ${to}`);
    if (to === 'closed_lost' && args.lost_reason === undefined) ctx.fail(`closing deal ${deal.deal_id} as lost needs a lost_reason (e.g. price, chose a competitor, no budget)`);
    if (to !== 'closed_lost' && args.lost_reason !== undefined) ctx.fail('lost_reason is only for closed_lost');
    const amount = args.amount ?? deal.amount;
    if (to === 'closed_won' && amount <= 0) ctx.fail(`deal ${deal.deal_id} has no amount; give the amount it was won for`);
    const draft = editEntry<Deal>(ctx, 'deals', deal.deal_id);
    draft.stage = to;
    draft.probability = STAGE_PROBABILITY[to];
    draft.amount = amount;
    if (!OPEN_STAGES.has(to)) {
      draft.closed_on = ctx.today;
      draft.close_date = ctx.today;
      draft.lost_reason = args.lost_reason?.trim() ?? null;
    }
    return { deal: dealView(base(ctx), draft), previous_stage: deal.stage };
  },
});

interface LogArgs {
  contact_id: string;
  type: ActivityType;
  subject: string;
  deal_id?: string;
  date?: string;
  owner_email?: string;
}

export const logCrmActivity = defineTool<CrmState, LogArgs>({
  name: 'log_crm_activity',
  description:
    'Log a call, email, meeting, note or task with a contact, optionally on one of the deals of the contact\'s account; the account is ' +
    'filled in. Only tasks may be dated in the future. The owner defaults to the deal\'s, else the contact\'s.',
  input: {
    type: 'object',
    properties: {
      contact_id: idArg('contact', 'con_12'),
      type: { type: 'string', enum: [...ACTIVITY_TYPES], description: 'Kind of activity.' },
      subject: { type: 'string', minLength: 2, maxLength: 200, description: 'What happened or what to do, e.g. "Discovery call".' },
      deal_id: { ...idArg('deal', 'deal_31'), description: 'The deal it is about: a deal of the contact\'s account.' },
      date: { type: 'string', format: 'date', description: 'Day (default today).' },
      owner_email: ownerArg,
    },
    required: ['contact_id', 'type', 'subject'],
    additionalProperties: false,
  },
  output: objectOutput({ activity: activitySchema }),
  annotations: { title: 'Log activity', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const contact = requireContact(ctx, args.contact_id);
    const deal = args.deal_id === undefined ? undefined : requireDeal(ctx, args.deal_id);
    if (deal !== undefined && deal.account_id !== contact.account_id) ctx.fail(`deal ${deal.deal_id} belongs to account ${deal.account_id}, but ${contact.first_name} ${contact.last_name} (${contact.contact_id}) is at ${contact.account_id ?? 'no account'}; log it with a contact of ${deal.account_id}`);
    const date = args.date ?? ctx.today;
    if (!isCalendarDate(date)) ctx.fail(`date ${date} is not a calendar day; use YYYY-MM-DD`);
    if (date > ctx.today && args.type !== 'task') ctx.fail(`a ${args.type} on ${date} has not happened yet (today is ${ctx.today}); only tasks are dated in the future`);
    const subject = args.subject.trim();
    if (subject.length < 2) ctx.fail('the subject is blank');
    const owner = args.owner_email !== undefined ? requireOwner(ctx, args.owner_email) : state.owners[deal?.owner_id ?? contact.owner_id];
    const activity: Activity = { activity_id: ctx.nextId('act'), type: args.type, subject, date, owner_id: owner.owner_id, account_id: contact.account_id, contact_id: contact.contact_id, deal_id: deal?.deal_id ?? null };
    putEntry(ctx, 'activities', activity.activity_id, activity);
    return { activity: { ...activityView(activity), owner: { name: owner.name, email: owner.email } } };
  },
});

/** What activities are listed for: a deal, a contact or an account. */
function relatedRecord(ctx: Context, id: string): { account_id: string | null; contact_id: string | null; deal_id: string | null } {
  const state = base(ctx);
  const key = id.trim();
  const deal = dealOf(state, key);
  if (deal !== undefined) return { account_id: deal.account_id, contact_id: deal.contact_id, deal_id: deal.deal_id };
  const contact = contactOf(state, key);
  if (contact !== undefined) return { account_id: contact.account_id, contact_id: contact.contact_id, deal_id: null };
  if (accountOf(state, key) !== undefined || allAccounts(state).some((a) => a.name.toLowerCase() === key.toLowerCase())) {
    return { account_id: requireAccount(ctx, key).account_id, contact_id: null, deal_id: null };
  }
  return ctx.fail(`no deal, contact or account ${id}; ids look like deal_31, con_12, acct_7 (search_crm_records finds them by name)`);
}

const recordArg = { type: 'string', minLength: 1, maxLength: 100, description: 'The record: a deal id (deal_…), contact id (con_…), or account id (acct_…) or exact account name.' };

export const listCrmActivities = defineTool<CrmState, { record_id: string; type?: ActivityType }>({
  name: 'list_crm_activities',
  description: 'List the activities logged on a deal, a contact or an account (an account\'s include those of its contacts and deals), newest first, optionally of one type.',
  input: {
    type: 'object',
    properties: { record_id: recordArg, type: { type: 'string', enum: [...ACTIVITY_TYPES], description: 'Only this kind.' } },
    required: ['record_id'],
    additionalProperties: false,
  },
  output: objectOutput({ activities: listOf(activitySchema, 'Activities, newest first.'), count: { type: 'integer', description: 'How many.' } }),
  annotations: { title: 'List activities', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const related = relatedRecord(ctx, args.record_id);
    const match = related.deal_id !== null ? (a: Activity) => a.deal_id === related.deal_id : related.contact_id !== null ? (a: Activity) => a.contact_id === related.contact_id : (a: Activity) => a.account_id === related.account_id;
    const list = allActivities(state)
      .filter((a) => match(a) && (args.type === undefined || a.type === args.type))
      .sort((a, b) => (a.date === b.date ? byIdNumber<Activity>((x) => x.activity_id)(b, a) : a.date < b.date ? 1 : -1));
    return { activities: list.map(activityView), count: list.length };
  },
});

export { formatMoney };
