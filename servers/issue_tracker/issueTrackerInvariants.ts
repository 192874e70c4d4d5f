import type { DomainInvariant } from '../kit/Domain.js';
import { getEntry } from '../kit/bucketedRecord.js';
import { CLOSED_STATUSES, MAX_LABELS, STATUSES, allIssues, issueOf, type IssueTrackerState } from './IssueTrackerState.js';

/** Properties every reachable tracker state keeps. */
export const issueTrackerInvariants: DomainInvariant<IssueTrackerState>[] = [
  {
    name: 'issue keys are their project key and number, below the project counter',
    check(state) {
      for (const issue of allIssues(state)) {
        const key = issue.issue_id;
        if (key !== `${issue.project_id}-${issue.number}`) return `${key} is filed as ${issue.project_id}-${issue.number}`;
        if (!Object.hasOwn(state.projects, issue.project_id)) return `${key} belongs to no project`;
        if (issue.number >= state.projects[issue.project_id].next_number) return `${key} is not below the counter of ${issue.project_id}`;
      }
      return undefined;
    },
  },
  {
    name: 'blocks and blocked-by links mirror each other, point at real issues and make no cycle',
    check(state) {
      for (const issue of allIssues(state)) {
        for (const key of issue.blocks) {
          if (key === issue.issue_id) return `${key} blocks itself`;
          if (!issueOf(state, key)?.blocked_by.includes(issue.issue_id)) return `${issue.issue_id} blocks ${key} without the mirror link`;
        }
        for (const key of issue.blocked_by) if (!issueOf(state, key)?.blocks.includes(issue.issue_id)) return `${issue.issue_id} is blocked by ${key} without the mirror link`;
      }
      const done = new Set<string>();
      const onPath = new Set<string>();
      const visit = (key: string): string | undefined => {
        if (onPath.has(key)) return `a blocking cycle through ${key}`;
        if (done.has(key)) return undefined;
        onPath.add(key);
        for (const next of issueOf(state, key)!.blocks) {
          const problem = visit(next);
          if (problem !== undefined) return problem;
        }
        onPath.delete(key);
        done.add(key);
        return undefined;
      };
      for (const { issue_id: key } of allIssues(state)) {
        const problem = visit(key);
        if (problem !== undefined) return problem;
      }
      return undefined;
    },
  },
  {
    name: 'statuses are in the workflow; closed issues have a resolution time, open ones none; work in progress has an assignee',
    check(state) {
      for (const issue of allIssues(state)) {
        if (!(STATUSES as readonly string[]).includes(issue.status)) return `${issue.issue_id} has status ${issue.status}`;
        if (CLOSED_STATUSES.has(issue.status) !== (issue.resolved_at !== null)) return `${issue.issue_id} is ${issue.status} with resolved_at ${issue.resolved_at}`;
        if ((issue.status === 'in_progress' || issue.status === 'in_review') && issue.assignee_id === null) return `${issue.issue_id} is ${issue.status} without an assignee`;
      }
      return undefined;
    },
  },
  {
    name: 'assignees are active members of the issue\'s project; labels are sorted, unique and at most the limit',
    check(state, initial) {
      for (const issue of allIssues(state)) {
        if (issue === getEntry(initial.issues, issue.issue_id)) continue;
        if (issue.assignee_id !== null) {
          const user = state.users[issue.assignee_id];
          if (user === undefined || !user.active || !state.projects[issue.project_id].member_ids.includes(user.user_id)) return `${issue.issue_id} is assigned to ${issue.assignee_id}, not an active member of ${issue.project_id}`;
        }
        if (issue.labels.length > MAX_LABELS || issue.labels.some((l, i) => i > 0 && issue.labels[i - 1] >= l)) return `${issue.issue_id} has labels ${issue.labels.join(',')}`;
      }
      return undefined;
    },
  },
  {
    name: 'at most one active sprint per project; sprint issues belong to its project; closed sprints hold only closed issues; epics are in no sprint',
    check(state) {
      const active = new Set<string>();
      for (const sprint of Object.values(state.sprints)) {
        if (sprint.start_date > sprint.end_date) return `${sprint.sprint_id} ends before it starts`;
        if (sprint.state !== 'active') continue;
        if (active.has(sprint.project_id)) return `${sprint.project_id} has two active sprints`;
        active.add(sprint.project_id);
      }
      for (const issue of allIssues(state)) {
        if (issue.sprint_id === null) continue;
        const sprint = state.sprints[issue.sprint_id];
        if (sprint === undefined || !Object.hasOwn(state.sprints, issue.sprint_id)) return `${issue.issue_id} is in unknown sprint ${issue.sprint_id}`;
        if (sprint.project_id !== issue.project_id) return `${issue.issue_id} is in ${sprint.sprint_id} of ${sprint.project_id}`;
        if (sprint.state === 'closed' && !CLOSED_STATUSES.has(issue.status)) return `${issue.issue_id} is ${issue.status} in closed sprint ${sprint.sprint_id}`;
        if (issue.type === 'epic') return `epic ${issue.issue_id} is in sprint ${sprint.sprint_id}`;
      }
      return undefined;
    },
  },
];
