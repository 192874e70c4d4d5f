import { expect } from 'chai';
import fc from 'fast-check';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { expectSeededWorld, ok, refused } from '../support/domainCalls.js';
import * as world from '../../../servers/issue_tracker/generateWorld.js';
import { issueTrackerDomain } from '../../../servers/issue_tracker/IssueTrackerDomain.js';
import { PRIORITIES, STATUSES, WORKFLOW, allIssues, issueOf, type Issue, type IssueTrackerState, type Status } from '../../../servers/issue_tracker/IssueTrackerState.js';

const runtime = domainRuntime(issueTrackerDomain);


describe('issue_tracker: the world', () => {
  it('generateWorld(42) is exactly the committed fixture; another seed gives another world that keeps every invariant', () => {
    expectSeededWorld('issue_tracker', world, issueTrackerDomain.invariants, 7);
  });

  it('is large and varied enough for thousands of grounded requests', () => {
    const world = runtime.world;
    const issues = allIssues(world);
    expect(Object.keys(world.users)).to.have.length(30);
    expect(issues.length).to.be.within(300, 400);
    for (const status of STATUSES) expect(issues.filter((i) => i.status === status).length, status).to.be.greaterThan(5);
    expect(new Set(issues.map((i) => i.summary)).size).to.equal(issues.length);
    expect(Object.values(world.sprints).filter((s) => s.state === 'active')).to.have.length(3);
  });
});

describe('issue_tracker: the workflow is a state machine', () => {
  it('random transition attempts only ever take allowed edges; refusals name the allowed statuses and change nothing', () => {
    const keys = ['WEB-2', 'WEB-3', 'WEB-14', 'MOB-5', 'API-10', 'OPS-2', 'DATA-7'];
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...STATUSES)), { minLength: 1, maxLength: 25 }), (steps) => {
        const session = runtime.openSession();
        for (const key of keys) if (issueOf(session.state, key)!.assignee_id === null) ok(session, 'assign_tracker_issue', { issue_id: key, assignee_email: session.state.users[session.state.projects[key.split('-')[0]].lead_id].email });
        for (const [key, to] of steps) {
          const from: Status = issueOf(session.state, key)!.status;
          const outcome = session.call('transition_tracker_issue', { issue_id: key, to_status: to });
          if (outcome.ok) expect(WORKFLOW[from], `${from} → ${to}`).to.include(to);
          else if (!WORKFLOW[from].includes(to)) for (const allowed of WORKFLOW[from]) expect(outcome.error.message).to.include(`(${allowed})`);
          expect(runtime.checkInvariants(session.state)).to.deep.equal([]);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('a reopened issue of a closed sprint goes back to the backlog', () => {
    const session = runtime.openSession();
    const issue = allIssues(session.state).find((i) => i.sprint_id === 'spr_1' && i.status === 'done')!;
    const result = ok(session, 'transition_tracker_issue', { issue_id: issue.issue_id, to_status: 'todo' });
    expect(result.issue).to.include({ status: 'todo', sprint_id: null, resolved_at: null });
  });
});

describe('issue_tracker: JQL', () => {
  const issues = allIssues(runtime.world);
  const keys = (list: Issue[]) => list.map((i) => i.issue_id).sort();
  const search = (jql: string) => {
    const result = ok(runtime.openSession(), 'search_tracker_issues', { jql, max_results: 50 });
    return result;
  };
  const all = (jql: string): string[] => {
    const result = search(jql);
    expect(result.total).to.be.at.most(50);
    return result.issues.map((i: { issue_id: string }) => i.issue_id).sort();
  };

  it('AND, OR, IN, NOT IN, IS EMPTY, ~ and comparisons select what a direct filter selects', () => {
    const rank = (p: string) => PRIORITIES.length - PRIORITIES.indexOf(p as never);
    expect(all('project = API AND priority >= high AND status NOT IN (Done, Cancelled)')).to.deep.equal(keys(issues.filter((i) => i.project_id === 'API' && rank(i.priority) >= rank('high') && i.status !== 'done' && i.status !== 'cancelled')));
    expect(all('project = WEB AND assignee IS EMPTY AND status = "To Do" OR project = MOB AND type = epic')).to.deep.equal(
      keys(issues.filter((i) => (i.project_id === 'WEB' && i.assignee_id === null && i.status === 'todo') || (i.project_id === 'MOB' && i.type === 'epic'))),
    );
    expect(all('text ~ "wishlist" AND project = WEB')).to.deep.equal(keys(issues.filter((i) => i.project_id === 'WEB' && `${i.summary} ${i.description}`.toLowerCase().includes('wishlist'))));
    expect(all('sprint = "WEB Sprint 12" AND labels IN (regression, performance)')).to.deep.equal(keys(issues.filter((i) => i.sprint_id === 'spr_2' && i.labels.some((l) => l === 'regression' || l === 'performance'))));
    expect(all('due <= 7d AND due >= today AND project = OPS')).to.deep.equal(keys(issues.filter((i) => i.project_id === 'OPS' && i.due_date !== null && i.due_date >= '2026-03-16' && i.due_date <= '2026-03-23')));
  });

  it('ORDER BY sorts, ties broken by key; no ORDER BY means most recently updated first', () => {
    const result = search('project = DATA ORDER BY priority DESC, created ASC');
    const ranks = result.issues.map((i: { priority: string }) => PRIORITIES.indexOf(i.priority as never));
    expect(ranks).to.deep.equal([...ranks].sort((a: number, b: number) => a - b));
    const recent = search('project = MOB').issues.map((i: { updated_at: string }) => i.updated_at);
    expect(recent).to.deep.equal([...recent].sort().reverse());
  });

  it('malformed queries are refused with what was expected', () => {
    const session = runtime.openSession();
    expect(refused(session, 'search_tracker_issues', { jql: 'status = Doing' })).to.include('"To Do"');
    expect(refused(session, 'search_tracker_issues', { jql: 'project = WEB AND' })).to.include('ends where a field was expected');
    expect(refused(session, 'search_tracker_issues', { jql: 'priority IN high' })).to.include('IN takes a list');
    expect(refused(session, 'search_tracker_issues', { jql: 'assignee = nobody@nowhere.dev' })).to.include('no user');
    expect(refused(session, 'search_tracker_issues', { jql: 'summary = "x"' })).to.include('text takes ~');
    expect(refused(session, 'search_tracker_issues', { jql: '(project = WEB)' })).to.include('parentheses');
  });
});
