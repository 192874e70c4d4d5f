import { expect } from 'chai';
import fc from 'fast-check';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { crmDomain } from '../../../servers/crm/CrmDomain.js';
import { allAccounts, allContacts, allDeals, allLeads, type CrmState } from '../../../servers/crm/CrmState.js';
import * as world from '../../../servers/crm/generateWorld.js';
import { expectCallSequencesKeepInvariants, expectSeededWorld } from '../support/domainCalls.js';

const runtime = domainRuntime(crmDomain);

describe('crm: the world', () => {
  it('generateWorld(42) is exactly the committed fixture; another seed gives another world that keeps every invariant', () => {
    expectSeededWorld('crm', world, crmDomain.invariants, 7);
  });

  it('is large and varied enough: every lead status and deal stage, dozens of accounts, hundreds of contacts', () => {
    const world = runtime.world;
    expect(allAccounts(world)).to.have.length(60);
    expect(allContacts(world).length).to.be.greaterThan(150);
    for (const status of ['new', 'working', 'qualified', 'unqualified', 'converted']) expect(allLeads(world).filter((l) => l.status === status).length, status).to.be.greaterThan(3);
    for (const stage of ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost']) expect(allDeals(world).filter((d) => d.stage === stage).length, stage).to.be.greaterThan(3);
  });
});

describe('crm: lead conversion is atomic', () => {
  it('a conversion refused at its last check (the account name exists) leaves no account, contact or deal behind', () => {
    const session = runtime.openSession();
    const lead = allLeads(session.state).find((l) => l.status === 'qualified')!;
    // An account with the lead's company name makes the conversion refuse after it has looked at everything else.
    expect(session.call('create_crm_account', { company_name: lead.company, industry: 'software' }).ok).to.equal(true);
    const before = session.stateHashSync();
    const outcome = session.call('convert_crm_lead', { lead_id: lead.lead_id, amount: 1000 });
    expect(outcome.ok).to.equal(false);
    expect(session.stateHashSync()).to.equal(before);
    const attached = session.call('convert_crm_lead', { lead_id: lead.lead_id, account_id: lead.company });
    expect(attached.ok, JSON.stringify(attached)).to.equal(true);
    expect((attached as { result: { account_created: boolean } }).result.account_created).to.equal(false);
  });

  it('random conversions, stage moves and deletions never leave an orphan deal or a broken conversion', () => {
    const leads = allLeads(runtime.world).filter((l) => l.status !== 'converted').map((l) => l.lead_id);
    const accounts = Object.keys(runtime.world.accounts);
    const deals = allDeals(runtime.world).map((d) => d.deal_id);
    const step = fc.oneof(
      fc.record({ tool: fc.constant('update_crm_lead_status'), args: fc.record({ lead_id: fc.constantFrom(...leads), status: fc.constantFrom('qualified', 'working') }) }),
      fc.record({ tool: fc.constant('convert_crm_lead'), args: fc.record({ lead_id: fc.constantFrom(...leads) }) }),
      fc.record({ tool: fc.constant('delete_crm_account'), args: fc.record({ account_id: fc.constantFrom(...accounts) }) }),
      fc.record({ tool: fc.constant('update_crm_deal_stage'), args: fc.record({ deal_id: fc.constantFrom(...deals), to_stage: fc.constantFrom('proposal', 'closed_won') }) }),
    );
    expectCallSequencesKeepInvariants(runtime, step);
  });
});
