/** How sales people ask for each CRM tool (slots are argument names), for data synthesis. */
export const crmPhrasings: Record<string, string[]> = {
  search_crm_records: ['look up {query} in the CRM', 'find anything matching {query}'],
  get_crm_account: ['pull up the account {account_id}', 'show me everything we have on {account_id}'],
  create_crm_account: ['create an account for {company_name} ({industry})', 'add {company_name} as a new {industry} account'],
  list_crm_contacts: ['who are our contacts at {account_id}?', 'list the contacts'],
  create_crm_contact: ['add {first_name} {last_name} ({email}) as a contact', 'create a contact {first_name} {last_name}, email {email}'],
  list_crm_leads: ['list the {status} leads', 'show me the leads'],
  create_crm_lead: ['new lead: {first_name} {last_name} from {company}, {email}, came in via {source}', 'add a lead {first_name} {last_name} at {company} ({email}), source {source}'],
  update_crm_lead_status: ['mark lead {lead_id} as {status}', 'set {lead_id} to {status}'],
  convert_crm_lead: ['convert {lead_id}', 'convert the lead {lead_id} into a contact and a deal'],
  list_crm_deals: ['show the pipeline', 'list the deals in {stage}'],
  create_crm_deal: ['open a deal {deal_name} on {account_id} for {amount} closing {close_date}', 'create a {amount} deal called {deal_name} for {account_id}, expected to close {close_date}'],
  update_crm_deal_stage: ['move {deal_id} to {to_stage}', 'set the stage of {deal_id} to {to_stage}'],
  log_crm_activity: ['log a {type} with {contact_id}: {subject}', 'record a {type} "{subject}" with {contact_id}'],
  list_crm_activities: ['what activity do we have logged on {record_id}?', 'show the activity history of {record_id}'],
  assign_crm_owner: ['give {record_id} to {owner_email}', 'reassign {record_id} to {owner_email}'],
  delete_crm_account: ['delete the account {account_id}', 'remove {account_id} from the CRM'],
};
