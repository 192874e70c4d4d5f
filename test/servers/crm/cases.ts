import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the CRM, played in order on one fresh session of the seed-42 world
 * (fixtures/crm/world.json, reference date 2026-03-16T14:00Z). Falcon Fabrication (acct_1, Hugo
 * Mbeki's) has deal_1 in prospecting with Ivan Banerjee (con_2); Lumen Clinics (acct_18) has no
 * deal. Vera Underwood's lead (lead_3, Granite Shipping) is qualified and converts into acct_61,
 * con_197 and deal_122; Ava Mbeki's lead (lead_1) is new and is refused until qualified.
 */
export const crmCases: ToolCase[] = [
  { title: 'a search finds accounts and contacts by name', tool: 'search_crm_records', args: { query: 'falcon fab' }, ok: true, check: (r) => expect(r.results[0]).to.include({ record_type: 'account', account_id: 'acct_1', name: 'Falcon Fabrication' }) },
  { title: 'a one-letter search is refused by the schema', tool: 'search_crm_records', args: { query: 'f' }, ok: false, errorIncludes: ['query'] },
  {
    title: 'an account by name shows its contacts, deals and open pipeline',
    tool: 'get_crm_account',
    args: { account_id: 'Falcon Fabrication' },
    ok: true,
    check: (r) => {
      expect(r.account.account_id).to.equal('acct_1');
      expect(r.contacts).to.have.length(4);
      expect(r.deals.map((d: { deal_id: string }) => d.deal_id)).to.deep.equal(['deal_1', 'deal_2']);
      expect(r.open_pipeline).to.equal(34500);
    },
  },
  { title: '__proto__ as an account id is a plain not-found', tool: 'get_crm_account', args: { account_id: '__proto__' }, ok: false, errorIncludes: ['__proto__', 'not found'] },
  { title: 'a mistyped account id names the closest one', tool: 'get_crm_account', args: { account_id: 'acct_600' }, ok: false, errorIncludes: ['acct_600', 'did you mean acct_60'] },
  { title: 'the contacts of an account are listed', tool: 'list_crm_contacts', args: { account_id: 'acct_1', search: 'kaplan' }, ok: true, check: (r) => expect(r.contacts.map((c: { contact_id: string }) => c.contact_id)).to.deep.equal(['con_3']) },
  { title: 'constructor as an account id is a plain not-found', tool: 'list_crm_contacts', args: { account_id: 'constructor' }, ok: false, errorIncludes: ['constructor', 'not found'] },
  { title: 'a duplicate account name is refused with the existing id', tool: 'create_crm_account', args: { company_name: 'falcon fabrication', industry: 'manufacturing' }, ok: false, errorIncludes: ['acct_1', 'already named'] },
  { title: 'an account is created', tool: 'create_crm_account', args: { company_name: 'Pinnacle Transport', industry: 'logistics', city: 'Denver' }, ok: true, check: (r) => expect(r.account).to.include({ account_id: 'acct_61', name: 'Pinnacle Transport' }) },
  { title: 'a contact is created at an account', tool: 'create_crm_contact', args: { first_name: 'Ava', last_name: 'Mbeki', email: 'ava.mbeki@pinnacletransport.com', account_id: 'acct_61' }, ok: true, check: (r) => expect(r.contact).to.include({ contact_id: 'con_197', account_id: 'acct_61' }) },
  { title: 'a contact email is unique', tool: 'create_crm_contact', args: { first_name: 'Ivan', last_name: 'B', email: 'ivan.banerjee@falconfabrication.com' }, ok: false, errorIncludes: ['con_2', 'already has the email'] },
  { title: 'qualified leads are listed', tool: 'list_crm_leads', args: { status: 'qualified', owner_email: 'hugo.mbeki@brightline.io' }, ok: true, check: (r) => expect(r.leads.map((l: { lead_id: string }) => l.lead_id)).to.include('lead_4') },
  { title: 'an unknown rep names the closest one', tool: 'list_crm_leads', args: { owner_email: 'hugo.mbeki@brightline.com' }, ok: false, errorIncludes: ['no sales rep', 'Hugo Mbeki'] },
  { title: 'a lead whose email is a contact already is refused', tool: 'create_crm_lead', args: { first_name: 'Ava', last_name: 'Mbeki', company: 'Pinnacle Transport', email: 'ava.mbeki@pinnacletransport.com', source: 'web_form' }, ok: false, errorIncludes: ['already contact con_197'] },
  { title: 'a lead is created', tool: 'create_crm_lead', args: { first_name: 'Noor', last_name: 'Haddad', company: 'Helios Solar', email: 'noor.haddad@heliossolar.com', source: 'webinar', owner_email: 'Wes Kaplan' }, ok: true, check: (r) => expect(r.lead).to.include({ lead_id: 'lead_81', status: 'new' }) },
  { title: 'a new lead cannot be converted before it is qualified', tool: 'convert_crm_lead', args: { lead_id: 'lead_1' }, ok: false, errorIncludes: ['lead_1 is new', 'qualified'] },
  { title: 'a lead status is set', tool: 'update_crm_lead_status', args: { lead_id: 'lead_2', status: 'working' }, ok: true, check: (r) => expect(r.previous_status).to.equal('new') },
  { title: 'a converted lead\'s status is final', tool: 'update_crm_lead_status', args: { lead_id: 'lead_5', status: 'working' }, ok: false, errorIncludes: ['converted', 'final'] },
  {
    title: 'converting a qualified lead creates account, contact and deal at once',
    tool: 'convert_crm_lead',
    args: { lead_id: 'lead_3', amount: 42000, close_date: '2026-04-30' },
    ok: true,
    check: (r) => {
      expect(r.account_created).to.equal(true);
      expect(r.account).to.include({ account_id: 'acct_62', name: 'Granite Shipping' });
      expect(r.contact).to.include({ contact_id: 'con_198', account_id: 'acct_62' });
      expect(r.deal).to.include({ deal_id: 'deal_122', stage: 'qualification', amount: 42000, account_id: 'acct_62' });
      expect(r.lead.converted).to.deep.equal({ account_id: 'acct_62', contact_id: 'con_198', deal_id: 'deal_122', converted_on: '2026-03-16' });
    },
  },
  { title: 'a lead is not converted twice', tool: 'convert_crm_lead', args: { lead_id: 'lead_3' }, ok: false, errorIncludes: ['already converted', 'con_198'] },
  { title: 'deals of an account are listed with totals', tool: 'list_crm_deals', args: { account_id: 'acct_2', open_only: true }, ok: true, check: (r) => expect(r).to.include({ count: 3, total_amount: 238000, weighted_amount: 100800 }) },
  { title: 'hasOwnProperty as an account id is a plain not-found', tool: 'list_crm_deals', args: { account_id: 'hasOwnProperty' }, ok: false, errorIncludes: ['hasOwnProperty', 'not found'] },
  { title: 'a deal with a contact of another account is refused', tool: 'create_crm_deal', args: { account_id: 'acct_1', deal_name: 'Falcon expansion', amount: 20000, close_date: '2026-05-01', contact_id: 'con_5' }, ok: false, errorIncludes: ['con_5', 'acct_2', 'not acct_1'] },
  { title: 'a deal is created', tool: 'create_crm_deal', args: { account_id: 'acct_1', deal_name: 'Falcon expansion', amount: 20000, close_date: '2026-05-01', contact_id: 'con_2', stage: 'proposal' }, ok: true, check: (r) => expect(r.deal).to.include({ deal_id: 'deal_123', probability: 50 }) },
  { title: 'a deal moves forward and its probability follows', tool: 'update_crm_deal_stage', args: { deal_id: 'deal_1', to_stage: 'negotiation' }, ok: true, check: (r) => expect(r.deal).to.include({ stage: 'negotiation', probability: 75 }) },
  { title: 'losing a deal needs a reason', tool: 'update_crm_deal_stage', args: { deal_id: 'deal_1', to_stage: 'closed_lost' }, ok: false, errorIncludes: ['lost_reason'] },
  { title: 'a deal is won', tool: 'update_crm_deal_stage', args: { deal_id: 'deal_1', to_stage: 'closed_won', amount: 36000 }, ok: true, check: (r) => expect(r.deal).to.include({ stage: 'closed_won', closed_on: '2026-03-16', amount: 36000 }) },
  { title: 'a closed deal does not reopen', tool: 'update_crm_deal_stage', args: { deal_id: 'deal_1', to_stage: 'proposal' }, ok: false, errorIncludes: ['closed_won', 'do not reopen'] },
  { title: 'an activity is logged with a contact on a deal; the account is filled in', tool: 'log_crm_activity', args: { contact_id: 'con_2', type: 'call', subject: 'Signed the order form', deal_id: 'deal_123' }, ok: true, check: (r) => expect(r.activity).to.include({ activity_id: 'act_180', account_id: 'acct_1', deal_id: 'deal_123' }) },
  { title: 'a deal of another account is refused', tool: 'log_crm_activity', args: { contact_id: 'con_5', type: 'call', subject: 'Call', deal_id: 'deal_123' }, ok: false, errorIncludes: ['deal_123 belongs to account acct_1', 'acct_2'] },
  { title: 'a meeting cannot be logged in the future', tool: 'log_crm_activity', args: { contact_id: 'con_1', type: 'meeting', subject: 'QBR', date: '2026-04-02' }, ok: false, errorIncludes: ['has not happened yet', 'only tasks'] },
  { title: 'activities of a deal are listed newest first', tool: 'list_crm_activities', args: { record_id: 'deal_123' }, ok: true, check: (r) => expect(r.activities[0].activity_id).to.equal('act_180') },
  { title: 'an unknown record says what ids look like', tool: 'list_crm_activities', args: { record_id: 'opp_4' }, ok: false, errorIncludes: ['no deal, contact or account opp_4'] },
  { title: 'a deal is reassigned', tool: 'assign_crm_owner', args: { record_id: 'deal_123', owner_email: 'tara.dufresne@brightline.io' }, ok: true, check: (r) => expect(r).to.deep.include({ record_type: 'deal', previous_owner: { name: 'Hugo Mbeki', email: 'hugo.mbeki@brightline.io' } }) },
  { title: 'a deactivated rep cannot own records', tool: 'assign_crm_owner', args: { record_id: 'acct_1', owner_email: 'june.abbott@brightline.io' }, ok: false, errorIncludes: ['deactivated'] },
  { title: 'an account with deals is not deleted (no orphan deals)', tool: 'delete_crm_account', args: { account_id: 'acct_1' }, ok: false, errorIncludes: ['deal_1', 'orphan'] },
  { title: 'an account without deals is deleted with its contacts', tool: 'delete_crm_account', args: { account_id: 'Lumen Clinics' }, ok: true, check: (r) => expect(r.account_id).to.equal('acct_18') },
];
