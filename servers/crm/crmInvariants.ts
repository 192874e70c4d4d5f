import type { DomainInvariant } from '../kit/Domain.js';
import { OPEN_STAGES, STAGE_PROBABILITY, accountOf, allActivities, allContacts, allDeals, allLeads, contactOf, dealOf, type CrmState } from './CrmState.js';

/** Properties every reachable CRM state keeps: relational integrity first. */
export const crmInvariants: DomainInvariant<CrmState>[] = [
  {
    name: 'no orphan deal: every deal has its account, and its contact works at that account',
    check(state) {
      for (const d of allDeals(state)) {
        if (accountOf(state, d.account_id) === undefined) return `deal ${d.deal_id} points at missing account ${d.account_id}`;
        if (d.contact_id !== null && contactOf(state, d.contact_id)?.account_id !== d.account_id) return `deal ${d.deal_id}: contact ${d.contact_id} is not at ${d.account_id}`;
        if (!Object.hasOwn(state.owners, d.owner_id)) return `deal ${d.deal_id} has unknown owner ${d.owner_id}`;
      }
      return undefined;
    },
  },
  {
    name: 'contacts and activities point at records that exist; contact emails are unique',
    check(state) {
      const emails = new Set<string>();
      for (const c of allContacts(state)) {
        if (c.account_id !== null && accountOf(state, c.account_id) === undefined) return `contact ${c.contact_id} points at missing account ${c.account_id}`;
        if (emails.has(c.email)) return `two contacts have the email ${c.email}`;
        emails.add(c.email);
      }
      for (const a of allActivities(state)) {
        if (a.account_id !== null && accountOf(state, a.account_id) === undefined) return `activity ${a.activity_id} points at missing account ${a.account_id}`;
        if (a.contact_id !== null && contactOf(state, a.contact_id) === undefined) return `activity ${a.activity_id} points at missing contact ${a.contact_id}`;
        if (a.deal_id !== null && dealOf(state, a.deal_id) === undefined) return `activity ${a.activity_id} points at missing deal ${a.deal_id}`;
        if (a.account_id === null && a.contact_id === null && a.deal_id === null) return `activity ${a.activity_id} is about nothing`;
      }
      return undefined;
    },
  },
  {
    name: 'a converted lead points at the contact, account and deal its conversion made, which agree; other leads point at nothing',
    check(state) {
      for (const l of allLeads(state)) {
        if ((l.status === 'converted') !== (l.converted !== null)) return `lead ${l.lead_id} is ${l.status} with converted ${JSON.stringify(l.converted)}`;
        if (l.converted === null) continue;
        const contact = contactOf(state, l.converted.contact_id);
        if (contact === undefined || contact.account_id !== l.converted.account_id || contact.email !== l.email) return `lead ${l.lead_id} was converted into ${l.converted.contact_id}, which does not match`;
        if (accountOf(state, l.converted.account_id) === undefined) return `lead ${l.lead_id}: account ${l.converted.account_id} is missing`;
        if (l.converted.deal_id !== null && dealOf(state, l.converted.deal_id)?.account_id !== l.converted.account_id) return `lead ${l.lead_id}: deal ${l.converted.deal_id} is missing or on another account`;
      }
      return undefined;
    },
  },
  {
    name: 'deal probability follows its stage; closed deals have a close day, lost ones a reason; amounts are non-negative cents',
    check(state) {
      for (const d of allDeals(state)) {
        if (d.probability !== STAGE_PROBABILITY[d.stage]) return `deal ${d.deal_id} in ${d.stage} has probability ${d.probability}`;
        if (OPEN_STAGES.has(d.stage) === (d.closed_on !== null)) return `deal ${d.deal_id} in ${d.stage} has closed_on ${d.closed_on}`;
        if ((d.stage === 'closed_lost') !== (d.lost_reason !== null)) return `deal ${d.deal_id} in ${d.stage} has lost_reason ${d.lost_reason}`;
        if (d.amount < 0 || Math.round(d.amount * 100) !== d.amount * 100) return `deal ${d.deal_id} has amount ${d.amount}`;
      }
      return undefined;
    },
  },
];
