import type { DomainSampler } from '../kit/Domain.js';
import { OPEN_STAGES, allAccounts, allContacts, allDeals, allLeads, byIdNumber, type CrmState, type DealStage } from './CrmState.js';

/**
 * Read-only discovery of what a grounded CRM request can mention: reps, accounts, contacts, leads
 * (with their company and email, as a rep would read them off a form), companies of open leads that
 * are not accounts yet, and deals with the stage they would move to next.
 */

const NEXT_STAGE: Record<string, DealStage> = { prospecting: 'qualification', qualification: 'proposal', proposal: 'negotiation', negotiation: 'closed_won' };

export const crmSamplers: DomainSampler<CrmState>[] = [
  {
    collection: 'reps',
    description: 'Active sales reps: name, owner_email and team.',
    sample(state) {
      return Object.values(state.owners).filter((o) => o.active).map((o) => ({ name: o.name, owner_email: o.email, team: o.team }));
    },
  },
  {
    collection: 'accounts',
    description: 'Accounts: id, company name, industry, city, and how many open deals they have.',
    sample(state) {
      const open = new Map<string, number>();
      for (const d of allDeals(state)) if (OPEN_STAGES.has(d.stage)) open.set(d.account_id, (open.get(d.account_id) ?? 0) + 1);
      return allAccounts(state).map((a) => ({ account_id: a.account_id, name: a.name, industry: a.industry, city: a.city, open_deals: open.get(a.account_id) ?? 0 }));
    },
  },
  {
    collection: 'contacts',
    description: 'Contacts: id, full name, title and their account.',
    sample(state) {
      return allContacts(state).sort(byIdNumber((c) => c.contact_id)).map((c) => ({ contact_id: c.contact_id, name: `${c.first_name} ${c.last_name}`, title: c.title, account_id: c.account_id }));
    },
  },
  {
    collection: 'leads',
    description: 'Leads not converted: id, first and last name, company, email, source and status.',
    sample(state) {
      return allLeads(state)
        .filter((l) => l.status !== 'converted')
        .sort(byIdNumber((l) => l.lead_id))
        .map((l) => ({ lead_id: l.lead_id, first_name: l.first_name, last_name: l.last_name, name: `${l.first_name} ${l.last_name}`, company: l.company, email: l.email, source: l.source, status: l.status }));
    },
  },
  {
    collection: 'prospect_companies',
    description: 'Companies of open leads that are not accounts yet (company_name, industry, the lead).',
    sample(state) {
      const accounts = new Set(allAccounts(state).map((a) => a.name.toLowerCase()));
      return allLeads(state)
        .filter((l) => l.status !== 'converted' && !accounts.has(l.company.toLowerCase()))
        .sort(byIdNumber((l) => l.lead_id))
        .map((l) => ({ company_name: l.company, industry: l.industry, lead_id: l.lead_id, contact_name: `${l.first_name} ${l.last_name}` }));
    },
  },
  {
    collection: 'deals',
    description: 'Open deals: id, name, account, contact, amount, stage, close day and to_stage (the stage it would move to next).',
    sample(state) {
      return allDeals(state)
        .filter((d) => OPEN_STAGES.has(d.stage))
        .sort(byIdNumber((d) => d.deal_id))
        .map((d) => ({ deal_id: d.deal_id, name: d.name, account_id: d.account_id, contact_id: d.contact_id, amount: d.amount, stage: d.stage, to_stage: NEXT_STAGE[d.stage], close_date: d.close_date }));
    },
  },
];
