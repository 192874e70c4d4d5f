import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { CRM_REFERENCE_DATE, type CrmState } from './CrmState.js';
import { crmInvariants } from './crmInvariants.js';
import { crmPhrasings } from './crmPhrasings.js';
import { crmSamplers } from './crmSamplers.js';
import { crmScenarios } from './crmScenarios.js';
import { assignCrmOwner, createCrmAccount, createCrmContact, deleteCrmAccount, getCrmAccount, listCrmContacts, searchCrmRecords } from './recordTools.js';
import { convertCrmLead, createCrmDeal, createCrmLead, listCrmActivities, listCrmDeals, listCrmLeads, logCrmActivity, updateCrmDealStage, updateCrmLeadStatus } from './salesTools.js';

/** A CRM after Salesforce and HubSpot: accounts, contacts, leads, deals in pipeline stages, activities and owners. */
export const crmDomain = defineDomain<CrmState>({
  name: 'crm',
  title: 'CRM',
  category: 'commerce',
  description:
    'A Salesforce / HubSpot-style CRM for one sales organisation (Brightline Software): twelve reps, sixty accounts with their contacts, ' +
    'about eighty leads (new, working, qualified, unqualified, converted), some 130 deals across the pipeline stages with amounts and ' +
    'win probabilities, and calls, emails, meetings, notes and tasks logged on them. Lead conversion creates the account, contact and ' +
    'deal atomically; no deal is ever left without its account.',
  tools: [
    searchCrmRecords,
    getCrmAccount,
    createCrmAccount,
    listCrmContacts,
    createCrmContact,
    listCrmLeads,
    createCrmLead,
    updateCrmLeadStatus,
    convertCrmLead,
    listCrmDeals,
    createCrmDeal,
    updateCrmDealStage,
    logCrmActivity,
    listCrmActivities,
    assignCrmOwner,
    deleteCrmAccount,
  ],
  loadWorld: () => loadFixture<CrmState>('crm'),
  defaultReferenceDate: CRM_REFERENCE_DATE,
  samplers: crmSamplers,
  invariants: crmInvariants,
  phrasings: crmPhrasings,
  scenarios: crmScenarios,
});

export default crmDomain;
