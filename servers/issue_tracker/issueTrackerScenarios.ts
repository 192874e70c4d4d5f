import type { DomainScenario, ScenarioFacts, ScenarioStep, SessionRandom } from '../kit/Domain.js';
import { CLOSED_STATUSES, STATUS_NAMES, issuesByKey, type Issue, type IssueTrackerState, type Project, type TrackerUser } from './IssueTrackerState.js';

/**
 * Goals of a signed-in team member, played as conversations. The member knows project names,
 * issues by their summary, colleagues by first name, sprints as "the current" or "the next" one,
 * and days; the assistant finds project keys, issue keys, emails and sprint ids by lookups.
 */

type Row = Record<string, any>;

const SIGNED_IN = ['The signed-in user is {user_name} ({user_email}).'];

/** An active user (tried from a random start) and one of their projects for which `pick` finds what the goal needs. */
function castMember(state: IssueTrackerState, random: SessionRandom, pick: (user: TrackerUser, project: Project) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const users = Object.values(state.users).filter((u) => u.active).sort((a, b) => Number(a.user_id.slice(4)) - Number(b.user_id.slice(4)));
  const projects = Object.values(state.projects).sort((a, b) => (a.project_id < b.project_id ? -1 : 1));
  const start = random.int(0, users.length - 1);
  for (let k = 0; k < users.length; k++) {
    const user = users[(start + k) % users.length];
    const own = projects.filter((p) => p.member_ids.includes(user.user_id));
    if (own.length === 0) continue;
    const first = random.int(0, own.length - 1);
    for (let j = 0; j < own.length; j++) {
      const project = own[(first + j) % own.length];
      const facts = pick(user, project);
      if (facts !== undefined) return { user_name: user.name, user_email: user.email, project_name: project.name, ...facts };
    }
  }
  return undefined;
}

/** Issues of a project that `keep` accepts, in key order. */
const issuesOf = (state: IssueTrackerState, project: Project, keep: (issue: Issue) => boolean): Issue[] => issuesByKey(state).filter((i) => i.project_id === project.project_id && keep(i));

/** The project the user named, by its name in the list. */
const findProject: ScenarioStep = {
  tool: 'list_tracker_projects',
  args: () => ({}),
  learn: (r: { projects: Row[] }, f) => { const p = r.projects.find((x) => x.name === f.project_name); return p && { project_id: p.project_id }; },
};

/** The issue the user described by its summary, found by a text search (in the project a lookup found, when `inProject`); `as` names the fact. */
function findIssue(summaryFact: string, as: string, inProject = false): ScenarioStep {
  return {
    tool: 'search_tracker_issues',
    args: (f) => ({ jql: `text ~ "${String(f[summaryFact]).replace(/"/g, '')}"${inProject ? ` AND project = "${f.project_id}"` : ''}`, max_results: 5 }),
    learn: (r: { issues: Row[] }, f) => { const i = r.issues.find((x) => x.summary === f[summaryFact]); return i && { [as]: i.issue_id }; },
  };
}

const BUGS = [
  'Search results page crashes on empty query',
  'Password reset email never arrives',
  'Dark mode colors unreadable on settings page',
  'CSV export drops the last row',
  'Push notifications arrive twice',
  'Timeout when uploading large images',
];
const LABELS = ['regression', 'customer-reported', 'performance', 'security', 'ux', 'tech-debt', 'release-blocker'];
const COMMENTS = ['Looking into it today.', 'I can reproduce this locally, working on a fix.', 'Picking this up, will update by end of day.'];
/** Days as a member types them in a tracker: the day itself, with how they think of it. */
const DAYS: Array<[string, string]> = [
  ['2026-03-20', 'Friday, 2026-03-20'],
  ['2026-03-23', 'next Monday (2026-03-23)'],
  ['2026-03-27', '2026-03-27'],
  ['2026-03-31', 'the end of the month, 2026-03-31'],
];
const NOTES = ['Repro steps are in the support ticket.', 'Seen on the latest build only.', 'Customers started reporting this yesterday.'];

export const issueTrackerScenarios: DomainScenario<IssueTrackerState>[] = [
  {
    name: 'file_a_bug_for_a_colleague',
    goal: 'File a bug in a named project assigned to a colleague named by first name, then put it in the current sprint.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castMember(state, random, (user, project) => {
        const colleagues = project.member_ids.map((id) => state.users[id]).filter((u) => u.active && u.user_id !== user.user_id);
        if (colleagues.length === 0) return undefined;
        const colleague = random.pick(colleagues);
        const active = Object.values(state.sprints).some((s) => s.project_id === project.project_id && s.state === 'active');
        return { summary: random.pick(BUGS), colleague: colleague.name.split(' ')[0], colleague_full: colleague.name, priority: random.pick(['high', 'highest', 'medium']), label: random.pick(LABELS), to_sprint: active && random.int(0, 2) > 0, note: random.pick(NOTES) };
      }),
    turns: [
      {
        say: [
          'Please file a {priority} priority bug in {project_name}: "{summary}". Assign it to {colleague} and label it {label}.',
          'New bug for the {project_name} project, "{summary}", {priority} priority, tag {label}; {colleague} should take it.',
        ],
        steps: [
          findProject,
          {
            tool: 'list_tracker_users',
            args: (f) => ({ project_id: f.project_id, search: f.colleague }),
            learn: (r: { users: Row[] }, f) => { const u = r.users.find((x) => x.name === f.colleague_full); return u && { colleague_email: u.email }; },
          },
          {
            tool: 'create_tracker_issue',
            args: (f) => ({ project_id: f.project_id, summary: f.summary, type: 'bug', priority: f.priority, assignee_email: f.colleague_email, reporter_email: f.user_email, labels: [f.label] }),
            learn: (r: { issue: Row }) => ({ issue_id: r.issue.issue_id }),
            fault: { kind: 'missing_argument', tool: 'create_tracker_issue', args: (f) => ({ project_id: f.project_id, summary: f.summary, priority: f.priority }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Put it in the current sprint too.', 'It is urgent: add it to the sprint that is running now.'],
        when: (f) => f.to_sprint === true,
        steps: [
          { tool: 'get_tracker_project', args: (f) => ({ project_id: f.project_id }), learn: (r: { project: Row }) => r.project.active_sprint && { sprint_id: r.project.active_sprint.sprint_id } },
          { tool: 'move_tracker_issue_to_sprint', args: (f) => ({ issue_id: f.issue_id, to_sprint_id: f.sprint_id }) },
        ],
      },
      {
        say: ['Add a comment to it from me: "{note}"', 'Leave a note on the new bug for {colleague}: "{note}"'],
        when: (f) => f.to_sprint !== true,
        steps: [{ tool: 'add_tracker_comment', args: (f) => ({ issue_id: f.issue_id, body: f.note, author_email: f.user_email }) }],
      },
    ],
  },
  {
    name: 'pick_up_an_issue',
    goal: 'Take an unassigned To Do issue named by its summary, move it to In Progress (it needs an assignee first) and comment.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castMember(state, random, (_user, project) => {
        const open = issuesOf(state, project, (i) => i.status === 'todo' && i.assignee_id === null && i.type !== 'epic');
        if (open.length === 0) return undefined;
        return { summary: random.pick(open).summary, comment: random.pick(COMMENTS) };
      }),
    turns: [
      {
        say: ['I am picking up "{summary}". Put it on me and mark it In Progress.', 'Assign "{summary}" to me and start it, please.'],
        steps: [
          findIssue('summary', 'issue_id'),
          {
            tool: 'assign_tracker_issue',
            args: (f) => ({ issue_id: f.issue_id, assignee_email: f.user_email }),
            fault: { kind: 'state_refusal', tool: 'transition_tracker_issue', args: (f) => ({ issue_id: f.issue_id, to_status: 'in_progress' }), recovery: 'retry_alternative' },
          },
          { tool: 'transition_tracker_issue', args: (f) => ({ issue_id: f.issue_id, to_status: 'in_progress' }) },
        ],
      },
      {
        say: ['Leave a comment on it from me: "{comment}"', 'Add a comment: "{comment}"'],
        steps: [{ tool: 'add_tracker_comment', args: (f) => ({ issue_id: f.issue_id, body: f.comment, author_email: f.user_email }) }],
      },
    ],
  },
  {
    name: 'move_an_issue_along',
    goal: 'Ask where an issue named by its summary can go next, then move it to the first status it may reach now.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castMember(state, random, (_user, project) => {
        const issues = issuesOf(state, project, (i) => ['backlog', 'in_review', 'done', 'cancelled'].includes(i.status));
        if (issues.length === 0) return undefined;
        const issue = random.pick(issues);
        return { summary: issue.summary, status_name: STATUS_NAMES[issue.status] };
      }),
    turns: [
      {
        say: ['"{summary}" is {status_name}. Where can it go from there?', 'What statuses can I move "{summary}" to right now?'],
        steps: [
          findIssue('summary', 'issue_id'),
          {
            tool: 'list_tracker_transitions',
            args: (f) => ({ issue_id: f.issue_id }),
            learn: (r: { transitions: Row[] }) => { const t = r.transitions.find((x) => x.blocked_reason === null); return t ? { to_status: t.to_status, to_name: t.name } : { stuck: true }; },
          },
        ],
      },
      {
        say: ['Then move it to {to_name}.', 'OK, set it to {to_name}.'],
        when: (f) => f.stuck !== true,
        steps: [{ tool: 'transition_tracker_issue', args: (f) => ({ issue_id: f.issue_id, to_status: f.to_status }) }],
      },
    ],
  },
  {
    name: 'fix_the_labels',
    goal: 'Replace a wrong label on an issue named by its summary.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castMember(state, random, (_user, project) => {
        const labelled = issuesOf(state, project, (i) => i.labels.length > 0 && i.labels.length < 10);
        if (labelled.length === 0) return undefined;
        const issue = random.pick(labelled);
        const others = LABELS.filter((l) => !issue.labels.includes(l));
        return { summary: issue.summary, wrong: random.pick(issue.labels), right: random.pick(others) };
      }),
    turns: [
      {
        say: ['"{summary}" is not really {wrong}. Take that label off.', 'Remove the {wrong} label from "{summary}".'],
        steps: [findIssue('summary', 'issue_id'), { tool: 'remove_tracker_label', args: (f) => ({ issue_id: f.issue_id, label: f.wrong }) }],
      },
      {
        say: ['And tag it {right} instead.', 'It is really a {right} issue; add that label.'],
        steps: [
          {
            tool: 'add_tracker_label',
            args: (f) => ({ issue_id: f.issue_id, label: f.right }),
            fault: { kind: 'out_of_range', tool: 'add_tracker_label', args: (f) => ({ issue_id: f.issue_id, label: String(f.right).replace(/-/g, ' ').replace(/\b[a-z]/g, (c) => c.toUpperCase()) }), recovery: 'retry_corrected' },
          },
        ],
      },
    ],
  },
  {
    name: 'plan_the_next_sprint',
    goal: 'Review the sprints of a named project, create the next one by its name and said days, then put an issue named by its summary in it.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castMember(state, random, (_user, project) => {
        const backlog = issuesOf(state, project, (i) => i.status === 'backlog' && i.type !== 'epic');
        if (backlog.length === 0) return undefined;
        const [start, start_said] = random.pick(DAYS.slice(0, 3));
        const days = random.pick([13, 14]);
        const end = new Date(Date.parse(`${start}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
        const too_late = new Date(Date.parse(`${start}T00:00:00Z`) + 35 * 86_400_000).toISOString().slice(0, 10);
        return { start, start_said, end, too_late, goal: random.pick(['Ship the new onboarding flow', 'Stabilize the release', 'Pay down tech debt']), summary: random.pick(backlog).summary };
      }),
    turns: [
      {
        say: ['What sprints does {project_name} have so far?', 'I want to plan the next {project_name} sprint. Which sprints are there already?'],
        steps: [
          findProject,
          {
            tool: 'list_tracker_sprints',
            args: (f) => ({ project_id: f.project_id }),
            // The team numbers its sprints: the next one is named after the highest number listed.
            learn: (r: { sprints: Row[] }, f) => {
              const numbers = r.sprints.map((s) => Number(/(\d+)$/.exec(s.name)?.[1] ?? 0));
              return { sprint_name: `${f.project_id} Sprint ${Math.max(0, ...numbers) + 1}` };
            },
          },
        ],
      },
      {
        say: ['Create {sprint_name} from {start_said} through {end}, goal "{goal}".', 'Then set up {sprint_name}: it runs {start_said} to {end}, and the goal is "{goal}".'],
        steps: [
          {
            tool: 'create_tracker_sprint',
            args: (f) => ({ project_id: f.project_id, name: f.sprint_name, start_date: f.start, end_date: f.end, goal: f.goal }),
            learn: (r: { sprint: Row }) => ({ sprint_id: r.sprint.sprint_id }),
            // An end day five weeks out (a slip of the month): longer than a sprint may be.
            fault: { kind: 'out_of_range', tool: 'create_tracker_sprint', args: (f) => ({ project_id: f.project_id, name: f.sprint_name, start_date: f.start, end_date: f.too_late, goal: f.goal }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Put "{summary}" into that new sprint.', 'And move "{summary}" from the backlog into it.'],
        steps: [findIssue('summary', 'issue_id', true), { tool: 'move_tracker_issue_to_sprint', args: (f) => ({ issue_id: f.issue_id, to_sprint_id: f.sprint_id }) }],
      },
    ],
  },
  {
    name: 'roll_over_the_sprint',
    goal: 'Close the running sprint of a named project, carrying open work to the next sprint, and start that one.',
    context: SIGNED_IN,
    weight: 2,
    cast: (state, random) =>
      castMember(state, random, (_user, project) => {
        const sprints = Object.values(state.sprints).filter((s) => s.project_id === project.project_id);
        if (!sprints.some((s) => s.state === 'active') || !sprints.some((s) => s.state === 'future')) return undefined;
        return {};
      }),
    turns: [
      {
        say: ['Close out the current {project_name} sprint and carry whatever is unfinished over to the next one.', 'The {project_name} sprint is over: complete it and move the open issues to the next sprint.'],
        steps: [
          findProject,
          { tool: 'get_tracker_project', args: (f) => ({ project_id: f.project_id }), learn: (r: { project: Row }) => r.project.active_sprint && { active_id: r.project.active_sprint.sprint_id } },
          { tool: 'list_tracker_sprints', args: (f) => ({ project_id: f.project_id, state: 'future' }), learn: (r: { sprints: Row[] }) => r.sprints[0] && { next_id: r.sprints[0].sprint_id } },
          { tool: 'complete_tracker_sprint', args: (f) => ({ sprint_id: f.active_id, move_open_issues_to: f.next_id }) },
        ],
      },
      {
        say: ['Now start the next one.', 'Great. Kick off the next sprint today.'],
        steps: [{ tool: 'start_tracker_sprint', args: (f) => ({ sprint_id: f.next_id }) }],
      },
    ],
  },
  {
    name: 'record_a_blocker',
    goal: 'Record that one issue blocks another, both named by summary; undo it when it was the wrong one.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castMember(state, random, (_user, project) => {
        const open = issuesOf(state, project, (i) => !CLOSED_STATUSES.has(i.status) && i.type !== 'epic');
        if (open.length < 2) return undefined;
        const blocked = random.pick(open);
        const blocker = random.pick(open.filter((i) => i.issue_id !== blocked.issue_id && !blocked.blocked_by.includes(i.issue_id) && !i.blocked_by.includes(blocked.issue_id)));
        if (blocker === undefined) return undefined;
        return { blocked: blocked.summary, blocker: blocker.summary, undo: random.int(0, 2) === 0 };
      }),
    turns: [
      {
        say: ['"{blocked}" cannot ship until "{blocker}" is done. Record that dependency.', 'Mark "{blocked}" as blocked by "{blocker}".'],
        steps: [
          findIssue('blocked', 'blocked_id'),
          findIssue('blocker', 'blocker_id'),
          {
            tool: 'link_tracker_issues',
            args: (f) => ({ blocking_issue_id: f.blocker_id, blocked_issue_id: f.blocked_id }),
            fault: { kind: 'missing_argument', tool: 'link_tracker_issues', args: (f) => ({ blocked_issue_id: f.blocked_id }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Wait, I mixed them up; remove that link again.', 'Sorry, that was wrong. Undo the blocker link.'],
        when: (f) => f.undo === true,
        steps: [{ tool: 'unlink_tracker_issues', args: (f) => ({ blocking_issue_id: f.blocker_id, blocked_issue_id: f.blocked_id }) }],
      },
      {
        say: ['What else is "{blocked}" waiting on now?', 'Show me "{blocked}" with its blockers.'],
        when: (f) => f.undo !== true,
        steps: [{ tool: 'get_tracker_issue', args: (f) => ({ issue_id: f.blocked_id }) }],
      },
    ],
  },
  {
    name: 'drop_a_stale_blocker',
    goal: 'Look at an issue named by summary and remove the link to the issue that blocks it.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castMember(state, random, (_user, project) => {
        const blocked = issuesOf(state, project, (i) => i.blocked_by.length > 0);
        return blocked.length === 0 ? undefined : { summary: random.pick(blocked).summary };
      }),
    turns: [
      {
        say: ['What is blocking "{summary}"?', 'Show me "{summary}": what is it waiting on?'],
        steps: [findIssue('summary', 'issue_id'), { tool: 'get_tracker_issue', args: (f) => ({ issue_id: f.issue_id }), learn: (r: { issue: Row }) => r.issue.blocked_by[0] && { blocker_id: r.issue.blocked_by[0] } }],
      },
      {
        say: ['That dependency is not real any more. Remove it.', 'We worked around it; drop that blocker link.'],
        steps: [{ tool: 'unlink_tracker_issues', args: (f) => ({ blocking_issue_id: f.blocker_id, blocked_issue_id: f.issue_id }) }],
      },
    ],
  },
  {
    name: 'reprioritize_and_reassign',
    goal: 'Raise the priority and set a due day of an issue named by summary, then hand it to a colleague named by first name.',
    context: SIGNED_IN,
    cast: (state, random) =>
      castMember(state, random, (user, project) => {
        const open = issuesOf(state, project, (i) => ['backlog', 'todo'].includes(i.status) && i.type !== 'epic' && i.priority !== 'highest');
        const colleagues = project.member_ids.map((id) => state.users[id]).filter((u) => u.active && u.user_id !== user.user_id);
        if (open.length === 0 || colleagues.length === 0) return undefined;
        const issue = random.pick(open);
        const colleague = random.pick(colleagues.filter((u) => u.user_id !== issue.assignee_id));
        if (colleague === undefined) return undefined;
        const [due, due_said] = random.pick(DAYS);
        return { summary: issue.summary, due, due_said, points: random.pick([2, 3, 5, 8]), colleague: colleague.name.split(' ')[0], colleague_full: colleague.name };
      }),
    turns: [
      {
        say: ['Bump "{summary}" to highest priority, estimate it at {points} points and make it due {due_said}.', '"{summary}" is urgent now: highest priority, {points} points, due by {due_said}.'],
        steps: [
          findIssue('summary', 'issue_id'),
          {
            tool: 'update_tracker_issue',
            args: (f) => ({ issue_id: f.issue_id, priority: 'highest', story_points: f.points, due_date: f.due }),
            fault: { kind: 'out_of_range', tool: 'update_tracker_issue', args: (f) => ({ issue_id: f.issue_id, priority: 'highest', story_points: f.points === 2 ? 4 : (f.points as number) + 1, due_date: f.due }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Who has it right now? Give it to {colleague}.', 'Hand it over to {colleague}, please.'],
        steps: [
          { tool: 'get_tracker_issue', args: (f) => ({ issue_id: f.issue_id }), learn: (r: { issue: Row }) => ({ project_id: r.issue.project_id }) },
          {
            tool: 'list_tracker_users',
            args: (f) => ({ project_id: f.project_id, search: f.colleague }),
            learn: (r: { users: Row[] }, f) => { const u = r.users.find((x) => x.name === f.colleague_full); return u && { colleague_email: u.email }; },
          },
          { tool: 'assign_tracker_issue', args: (f) => ({ issue_id: f.issue_id, assignee_email: f.colleague_email }) },
        ],
      },
    ],
  },
];
