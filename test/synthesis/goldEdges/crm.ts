import type { GoldGraph } from './types.js';

// Activities, contacts, deals and leads carry the ids of the records they belong to.
export const gold: GoldGraph = {
  domain: 'crm',
  explicit: {
    get_crm_account: ['search_crm_records', 'list_crm_contacts', 'list_crm_deals', 'list_crm_leads', 'list_crm_activities', 'create_crm_account', 'convert_crm_lead'],
    create_crm_deal: ['search_crm_records', 'list_crm_contacts', 'list_crm_deals', 'list_crm_leads', 'list_crm_activities', 'create_crm_account', 'convert_crm_lead'],
    delete_crm_account: ['search_crm_records', 'list_crm_contacts', 'list_crm_deals', 'list_crm_leads', 'list_crm_activities', 'create_crm_account', 'convert_crm_lead'],
    update_crm_lead_status: ['search_crm_records', 'list_crm_leads', 'create_crm_lead'],
    convert_crm_lead: ['search_crm_records', 'list_crm_leads', 'create_crm_lead'],
    update_crm_deal_stage: ['get_crm_account', 'list_crm_deals', 'list_crm_leads', 'list_crm_activities', 'create_crm_deal', 'convert_crm_lead'],
    log_crm_activity: ['search_crm_records', 'get_crm_account', 'list_crm_contacts', 'list_crm_deals', 'list_crm_leads', 'list_crm_activities', 'create_crm_contact', 'convert_crm_lead'],
    // record_id names any record: an account, contact, lead or deal.
    list_crm_activities: ['search_crm_records', 'get_crm_account', 'list_crm_contacts', 'list_crm_leads', 'list_crm_deals'],
    assign_crm_owner: ['search_crm_records', 'get_crm_account', 'list_crm_contacts', 'list_crm_leads', 'list_crm_deals'],
  },
  implicit: [],
};
