import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of the issue tracker, played in order on one fresh session of the seed-42 world
 * (fixtures/issue_tracker/world.json, reference date 2026-03-16T09:00Z). WEB-3 (a To Do bug of the
 * future sprint, unassigned) is assigned to Mateo Chen, walked through the workflow, blocked by
 * WEB-17 and released; a new bug WEB-70 is filed, labelled and commented; OPS starts its planned
 * sprint spr_12; WEB completes its active sprint spr_2 into spr_3.
 */
export const issueTrackerCases: ToolCase[] = [
  { title: 'every project is listed with its open issues', tool: 'list_tracker_projects', args: {}, ok: true, check: (r) => expect(r.projects.map((p: { project_id: string }) => p.project_id)).to.deep.equal(['WEB', 'MOB', 'API', 'OPS', 'DATA']) },
  { title: 'an unknown argument is refused by the schema', tool: 'list_tracker_projects', args: { bogus: 1 }, ok: false, errorIncludes: ['bogus'] },
  {
    title: 'a project shows its members, workflow and active sprint',
    tool: 'get_tracker_project',
    args: { project_id: 'web' },
    ok: true,
    check: (r) => {
      expect(r.project.members).to.have.length(8);
      expect(r.project.active_sprint).to.include({ sprint_id: 'spr_2', name: 'WEB Sprint 12' });
      expect(r.project.workflow[0]).to.deep.include({ status: 'backlog', transitions_to: ['todo', 'cancelled'] });
    },
  },
  { title: 'a mistyped project key names the closest one', tool: 'get_tracker_project', args: { project_id: 'WBE' }, ok: false, errorIncludes: ['WBE', 'not found', 'WEB'] },
  { title: 'the members of a project are listed', tool: 'list_tracker_users', args: { project_id: 'WEB', search: 'moreau' }, ok: true, check: (r) => expect(r.users.map((u: { email: string }) => u.email)).to.deep.equal(['samir.moreau@northwind.dev', 'omar.moreau@northwind.dev']) },
  { title: 'a prototype name as project key is a plain not-found', tool: 'list_tracker_users', args: { project_id: 'hasOwnProperty' }, ok: false, errorIncludes: ['hasOwnProperty', 'not found'] },
  {
    title: 'JQL finds work in progress ordered by priority',
    tool: 'search_tracker_issues',
    args: { jql: 'project = WEB AND status IN ("In Progress", "In Review") ORDER BY priority DESC', max_results: 3 },
    ok: true,
    check: (r) => {
      expect(r.issues).to.have.length(3);
      expect(r.issues[0]).to.include({ issue_id: 'WEB-20', priority: 'highest' });
      expect(r.total).to.be.greaterThan(3);
    },
  },
  { title: 'an unknown JQL field is refused with the valid fields', tool: 'search_tracker_issues', args: { jql: 'projct = WEB' }, ok: false, errorIncludes: ['projct', 'project, status, assignee'] },
  { title: 'an issue is read in full', tool: 'get_tracker_issue', args: { issue_id: 'WEB-2' }, ok: true, check: (r) => expect(r.issue).to.include({ issue_id: 'WEB-2', status: 'in_progress', summary: 'Redesign the gift card flow', sprint_name: 'WEB Sprint 12' }) },
  { title: '__proto__ as an issue key is a plain not-found', tool: 'get_tracker_issue', args: { issue_id: '__proto__' }, ok: false, errorIncludes: ['__proto__', 'not found'] },
  { title: 'a number past the project\'s last issue gives the valid range', tool: 'get_tracker_issue', args: { issue_id: 'WEB-999' }, ok: false, errorIncludes: ['WEB-999', 'WEB-1 … WEB-69'] },
  {
    title: 'the transitions from To Do say that In Progress needs an assignee',
    tool: 'list_tracker_transitions',
    args: { issue_id: 'WEB-3' },
    ok: true,
    check: (r) => {
      expect(r.transitions.map((t: { to_status: string }) => t.to_status)).to.deep.equal(['in_progress', 'backlog', 'cancelled']);
      expect(r.transitions[0].blocked_reason).to.include('no assignee');
    },
  },
  { title: 'constructor as an issue key is a plain not-found', tool: 'list_tracker_transitions', args: { issue_id: 'constructor' }, ok: false, errorIncludes: ['constructor', 'not found'] },
  { title: 'a transition the workflow forbids is refused with the allowed ones', tool: 'transition_tracker_issue', args: { issue_id: 'WEB-3', to_status: 'done' }, ok: false, errorIncludes: ['To Do → Done', 'In Progress', 'Backlog', 'Cancelled'] },
  { title: 'In Progress needs an assignee', tool: 'transition_tracker_issue', args: { issue_id: 'WEB-3', to_status: 'in_progress' }, ok: false, errorIncludes: ['no assignee', 'assign_tracker_issue'] },
  { title: 'a deactivated user cannot be assigned', tool: 'assign_tracker_issue', args: { issue_id: 'WEB-3', assignee_email: 'ethan.novak@northwind.dev' }, ok: false, errorIncludes: ['deactivated'] },
  { title: 'an active member is assigned by email', tool: 'assign_tracker_issue', args: { issue_id: 'WEB-3', assignee_email: 'mateo.chen@northwind.dev' }, ok: true, check: (r) => expect(r.issue.assignee).to.deep.equal({ name: 'Mateo Chen', email: 'mateo.chen@northwind.dev' }) },
  { title: 'To Do → In Progress once assigned', tool: 'transition_tracker_issue', args: { issue_id: 'WEB-3', to_status: 'in_progress' }, ok: true, check: (r) => expect(r.from_status).to.equal('todo') },
  { title: 'In Progress → In Review', tool: 'transition_tracker_issue', args: { issue_id: 'WEB-3', to_status: 'in_review' }, ok: true },
  { title: 'a blocking link is recorded on both issues', tool: 'link_tracker_issues', args: { blocking_issue_id: 'WEB-17', blocked_issue_id: 'WEB-3' }, ok: true, check: (r) => expect(r.blocked_issue_blocked_by).to.deep.equal(['WEB-17']) },
  { title: 'Done is refused while a blocker is open', tool: 'transition_tracker_issue', args: { issue_id: 'WEB-3', to_status: 'done' }, ok: false, errorIncludes: ['blocked by WEB-17', 'In Progress'] },
  { title: 'a link that would close a cycle is refused', tool: 'link_tracker_issues', args: { blocking_issue_id: 'WEB-33', blocked_issue_id: 'WEB-8' }, ok: false, errorIncludes: ['WEB-8 already blocks WEB-33', 'cycle'] },
  { title: 'the link is removed', tool: 'unlink_tracker_issues', args: { blocking_issue_id: 'WEB-17', blocked_issue_id: 'WEB-3' }, ok: true, check: (r) => expect(r.blocked_issue_blocked_by).to.deep.equal([]) },
  { title: 'removing a link that does not exist says which links there are', tool: 'unlink_tracker_issues', args: { blocking_issue_id: 'WEB-17', blocked_issue_id: 'WEB-3' }, ok: false, errorIncludes: ['WEB-17 does not block WEB-3'] },
  { title: 'In Review → Done resolves the issue', tool: 'transition_tracker_issue', args: { issue_id: 'WEB-3', to_status: 'done' }, ok: true, check: (r) => expect(r.issue.resolved_at).to.equal('2026-03-16T09:00:00.000Z') },
  {
    title: 'a new bug gets the next key of its project',
    tool: 'create_tracker_issue',
    args: { project_id: 'WEB', summary: 'Promo code field rejects lowercase codes', type: 'bug', priority: 'high', assignee_email: 'Nora Ivanova', labels: ['checkout'] },
    ok: true,
    check: (r) => expect(r.issue).to.include({ issue_id: 'WEB-70', status: 'backlog', priority: 'high' }),
  },
  { title: 'an epic takes no story points', tool: 'create_tracker_issue', args: { project_id: 'WEB', summary: 'Checkout rework', type: 'epic', story_points: 8 }, ok: false, errorIncludes: ['epics take no story points'] },
  { title: 'fields are updated', tool: 'update_tracker_issue', args: { issue_id: 'WEB-70', story_points: 3, due_date: '2026-03-27' }, ok: true, check: (r) => expect(r.changed).to.deep.equal(['story_points', 'due_date']) },
  { title: 'an update with no field is refused', tool: 'update_tracker_issue', args: { issue_id: 'WEB-70' }, ok: false, errorIncludes: ['nothing to change'] },
  { title: 'a comment is added', tool: 'add_tracker_comment', args: { issue_id: 'WEB-70', body: 'Reproduced with code spring25.', author_email: 'samir.moreau@northwind.dev' }, ok: true, check: (r) => expect(r.comment_count).to.equal(1) },
  { title: 'a deactivated user cannot comment', tool: 'add_tracker_comment', args: { issue_id: 'WEB-70', body: 'hi', author_email: 'leila.patel@northwind.dev' }, ok: false, errorIncludes: ['deactivated'] },
  { title: 'a label is added', tool: 'add_tracker_label', args: { issue_id: 'WEB-70', label: 'regression' }, ok: true, check: (r) => expect(r.labels).to.deep.equal(['checkout', 'regression']) },
  { title: 'a label the issue has is not added twice', tool: 'add_tracker_label', args: { issue_id: 'WEB-70', label: 'checkout' }, ok: false, errorIncludes: ['already has the label checkout'] },
  { title: 'a label is removed', tool: 'remove_tracker_label', args: { issue_id: 'WEB-70', label: 'checkout' }, ok: true, check: (r) => expect(r.labels).to.deep.equal(['regression']) },
  { title: 'removing a label the issue lacks lists its labels', tool: 'remove_tracker_label', args: { issue_id: 'WEB-70', label: 'seo' }, ok: false, errorIncludes: ['no label seo', 'regression'] },
  { title: 'a project\'s sprints are listed oldest first', tool: 'list_tracker_sprints', args: { project_id: 'OPS' }, ok: true, check: (r) => expect(r.sprints.map((s: { state: string }) => s.state)).to.deep.equal(['closed', 'closed', 'future']) },
  { title: 'toString as a project key is a plain not-found', tool: 'list_tracker_sprints', args: { project_id: 'toString' }, ok: false, errorIncludes: ['toString', 'not found'] },
  { title: 'a sprint is planned', tool: 'create_tracker_sprint', args: { project_id: 'OPS', name: 'OPS Sprint 30', start_date: '2026-03-30', end_date: '2026-04-12', goal: 'Rotate every secret' }, ok: true, check: (r) => expect(r.sprint).to.include({ sprint_id: 'spr_16', state: 'future' }) },
  { title: 'a sprint that ends before it starts is refused', tool: 'create_tracker_sprint', args: { project_id: 'OPS', name: 'Backwards', start_date: '2026-04-12', end_date: '2026-04-01' }, ok: false, errorIncludes: ['must be after start_date'] },
  { title: 'a backlog issue moved into the active sprint becomes To Do', tool: 'move_tracker_issue_to_sprint', args: { issue_id: 'WEB-9', to_sprint_id: 'WEB Sprint 12' }, ok: true, check: (r) => expect(r.issue).to.include({ sprint_id: 'spr_2', status: 'todo' }) },
  { title: 'a sprint of another project is refused', tool: 'move_tracker_issue_to_sprint', args: { issue_id: 'WEB-9', to_sprint_id: 'spr_5' }, ok: false, errorIncludes: ['belongs to project MOB'] },
  { title: 'a project with an active sprint cannot start another', tool: 'start_tracker_sprint', args: { sprint_id: 'spr_3' }, ok: false, errorIncludes: ['already has an active sprint', 'WEB Sprint 12'] },
  { title: 'OPS starts its planned sprint today', tool: 'start_tracker_sprint', args: { sprint_id: 'spr_12' }, ok: true, check: (r) => expect(r.sprint).to.include({ state: 'active', start_date: '2026-03-16', end_date: '2026-03-29' }) },
  {
    title: 'completing the active sprint rolls its open issues into the next one',
    tool: 'complete_tracker_sprint',
    args: { sprint_id: 'spr_2', move_open_issues_to: 'spr_3' },
    ok: true,
    check: (r) => {
      expect(r.sprint.state).to.equal('closed');
      expect(r.moved_issue_ids).to.include('WEB-9');
      expect(r.moved_to).to.equal('spr_3');
    },
  },
  { title: 'a closed sprint cannot be completed again', tool: 'complete_tracker_sprint', args: { sprint_id: 'spr_2' }, ok: false, errorIncludes: ['closed', 'only the active sprint'] },
];
