import type { DomainSampler } from '../kit/Domain.js';
import { CLOSED_STATUSES, STATUS_NAMES, allIssues, idNumber, issueOf, issuesByKey, type Issue, type IssueTrackerState, type Sprint } from './IssueTrackerState.js';

/**
 * Read-only discovery of what a grounded tracker request can mention: projects, people (one record
 * per project they belong to), open issues with the step the workflow would take next, sprints
 * that can still take work, blocking links, and saved filters (JQL) a team would keep.
 */


/** The sprint an issue would be planned into next: the active sprint from the backlog, else the future one. */
function nextSprint(state: IssueTrackerState, issue: Issue): Sprint | undefined {
  const sprints = Object.values(state.sprints).filter((s) => s.project_id === issue.project_id && s.state !== 'closed' && s.sprint_id !== issue.sprint_id);
  return sprints.find((s) => s.state === 'active') ?? sprints.find((s) => s.state === 'future');
}

/** The forward step of the workflow an issue would take next, when it can take it now. */
function nextStatus(state: IssueTrackerState, issue: Issue): string | undefined {
  switch (issue.status) {
    case 'backlog': return 'todo';
    case 'todo': return issue.assignee_id === null ? 'cancelled' : 'in_progress';
    case 'in_progress': return 'in_review';
    case 'in_review': return issue.blocked_by.every((k) => CLOSED_STATUSES.has(issueOf(state, k)?.status ?? 'todo')) ? 'done' : 'in_progress';
    case 'done': return 'todo';
    default: return 'backlog';
  }
}

export const issueTrackerSamplers: DomainSampler<IssueTrackerState>[] = [
  {
    collection: 'projects',
    description: 'Every project: key (project_id), name and lead.',
    sample(state) {
      return Object.values(state.projects).map((p) => ({ project_id: p.project_id, name: p.name, lead_name: state.users[p.lead_id].name }));
    },
  },
  {
    collection: 'people',
    description: 'Active people, once per project they belong to: name, email, title and the project key.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const project of Object.values(state.projects)) {
        for (const id of project.member_ids) {
          const user = state.users[id];
          if (user.active) out.push({ name: user.name, email: user.email, title: user.title, project_id: project.project_id });
        }
      }
      return out;
    },
  },
  {
    collection: 'issues',
    description:
      'Issues that are not cancelled: key (issue_id), summary, type, status, priority, assignee name, sprint, one label, the due day when ' +
      'it is still ahead, to_status (the workflow step it would take next) and to_sprint_id (the sprint it would be planned into next).',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const issue of issuesByKey(state)) {
        if (issue.status === 'cancelled') continue;
        const record: Record<string, unknown> = {
          issue_id: issue.issue_id,
          project_id: issue.project_id,
          summary: issue.summary,
          type: issue.type,
          status: issue.status,
          status_name: STATUS_NAMES[issue.status],
          priority: issue.priority,
          assignee: issue.assignee_id === null ? null : state.users[issue.assignee_id].name,
        };
        if (issue.labels.length > 0) record.label = issue.labels[0];
        if (issue.due_date !== null && issue.due_date >= '2026-03-16') record.due_date = issue.due_date;
        const to = nextStatus(state, issue);
        if (to !== undefined) record.to_status = to;
        const sprint = issue.type === 'epic' || CLOSED_STATUSES.has(issue.status) ? undefined : nextSprint(state, issue);
        if (sprint !== undefined) record.to_sprint_id = sprint.sprint_id;
        out.push(record);
      }
      return out;
    },
  },
  {
    collection: 'sprints',
    description: 'Sprints that are active or planned: id, name, project, state, dates and goal.',
    sample(state) {
      return Object.values(state.sprints)
        .filter((s) => s.state !== 'closed')
        .sort((a, b) => idNumber(a.sprint_id) - idNumber(b.sprint_id))
        .map((s) => ({ sprint_id: s.sprint_id, name: s.name, project_id: s.project_id, state: s.state, start_date: s.start_date, end_date: s.end_date, goal: s.goal }));
    },
  },
  {
    collection: 'labels',
    description: 'Labels in use in each project.',
    sample(state) {
      const seen = new Map<string, Set<string>>();
      for (const issue of allIssues(state)) for (const label of issue.labels) {
        if (!seen.has(issue.project_id)) seen.set(issue.project_id, new Set());
        seen.get(issue.project_id)!.add(label);
      }
      return [...seen].sort(([a], [b]) => (a < b ? -1 : 1)).flatMap(([project_id, labels]) => [...labels].sort().map((label) => ({ label, project_id })));
    },
  },
  {
    collection: 'links',
    description: 'Blocking links between issues: which issue blocks which.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const issue of issuesByKey(state)) for (const blocked of issue.blocks) {
        out.push({ blocking_issue_id: issue.issue_id, blocked_issue_id: blocked, blocking_summary: issue.summary, project_id: issue.project_id });
      }
      return out;
    },
  },
  {
    collection: 'saved_filters',
    description: 'Filters a team keeps (name and JQL): open work per project, per person, per label and per sprint.',
    sample(state) {
      const out: Array<Record<string, unknown>> = [];
      for (const project of Object.values(state.projects)) {
        const key = project.project_id;
        out.push({ name: `${key} work in progress`, jql: `project = ${key} AND status IN ("In Progress", "In Review") ORDER BY priority DESC`, project_id: key });
        out.push({ name: `${key} open bugs`, jql: `project = ${key} AND type = bug AND status NOT IN (Done, Cancelled) ORDER BY priority DESC`, project_id: key });
        out.push({ name: `${key} unassigned to do`, jql: `project = ${key} AND assignee IS EMPTY AND status = "To Do"`, project_id: key });
        out.push({ name: `${key} due this week`, jql: `project = ${key} AND due <= 7d AND status != Done ORDER BY due ASC`, project_id: key });
        out.push({ name: `${key} high priority backlog`, jql: `project = ${key} AND status = Backlog AND priority >= high`, project_id: key });
      }
      for (const sprint of Object.values(state.sprints)) {
        if (sprint.state === 'closed') continue;
        out.push({ name: `${sprint.name} board`, jql: `sprint = "${sprint.name}" ORDER BY status ASC`, project_id: sprint.project_id });
      }
      const labels = new Set<string>();
      for (const issue of allIssues(state)) for (const label of issue.labels) labels.add(label);
      for (const label of [...labels].sort()) out.push({ name: `Open ${label} issues`, jql: `labels = ${label} AND status != Done AND status != Cancelled` });
      for (const user of Object.values(state.users)) {
        if (user.active) out.push({ name: `${user.name}'s open issues`, jql: `assignee = "${user.email}" AND status IN ("To Do", "In Progress", "In Review") ORDER BY priority DESC` });
      }
      return out;
    },
  },
];
