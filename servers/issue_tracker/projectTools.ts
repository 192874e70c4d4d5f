import { defineTool } from '../kit/Domain.js';
import { bucketOf } from '../kit/bucketedRecord.js';
import {
  CLOSED_STATUSES,
  MAX_SPRINT_DAYS,
  SPRINT_STATES,
  STATUSES,
  STATUS_NAMES,
  WORKFLOW,
  addDays,
  allIssues,
  issuesByKey,
  isCalendarDate,
  type Issue,
  type IssueTrackerState,
  type Sprint,
  type SprintState,
} from './IssueTrackerState.js';
import {
  base,
  issueKeyArg,
  issueSchema,
  issueView,
  objectOutput,
  projectKeyArg,
  requireIssue,
  requireProject,
  requireSprint,
  sprintIdArg,
  sprintSchema,
  sprintView,
  userRef,
  type Context,
} from './issueTrackerLookups.js';

const userSchema = { type: 'object', properties: { name: { type: 'string' }, email: { type: 'string' }, title: { type: 'string' }, active: { type: 'boolean' } } };

export const listTrackerProjects = defineTool<IssueTrackerState, Record<string, never>>({
  name: 'list_tracker_projects',
  description: 'List every project: key, name, lead, member count and how many issues are open.',
  input: { type: 'object', properties: {}, additionalProperties: false },
  output: objectOutput({ projects: { type: 'array', items: { type: 'object', properties: { project_id: { type: 'string' }, name: { type: 'string' }, open_issues: { type: 'integer' } } }, description: 'The projects.' } }),
  annotations: { title: 'List projects', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(_args, ctx) {
    const state = base(ctx);
    const open = new Map<string, number>();
    for (const issue of allIssues(state)) if (!CLOSED_STATUSES.has(issue.status)) open.set(issue.project_id, (open.get(issue.project_id) ?? 0) + 1);
    return {
      projects: Object.values(state.projects).map((p) => ({ project_id: p.project_id, name: p.name, description: p.description, lead: userRef(state, p.lead_id), member_count: p.member_ids.length, open_issues: open.get(p.project_id) ?? 0 })),
    };
  },
});

export const getTrackerProject = defineTool<IssueTrackerState, { project_id: string }>({
  name: 'get_tracker_project',
  description: 'Get a project: its members, its workflow (statuses and allowed transitions), issue counts by status and its active sprint.',
  input: { type: 'object', properties: { project_id: projectKeyArg }, required: ['project_id'], additionalProperties: false },
  output: objectOutput({ project: { type: 'object', properties: { project_id: { type: 'string' }, name: { type: 'string' }, members: { type: 'array', items: userSchema } }, description: 'The project.' } }),
  annotations: { title: 'Get project', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const project = requireProject(ctx, args.project_id);
    const counts: Record<string, number> = Object.fromEntries(STATUSES.map((s) => [s, 0]));
    for (const issue of allIssues(state)) if (issue.project_id === project.project_id) counts[issue.status]++;
    const active = Object.values(state.sprints).find((s) => s.project_id === project.project_id && s.state === 'active');
    return {
      project: {
        project_id: project.project_id,
        name: project.name,
        description: project.description,
        lead: userRef(state, project.lead_id),
        members: project.member_ids.map((id) => ({ name: state.users[id].name, email: state.users[id].email, title: state.users[id].title, active: state.users[id].active })),
        workflow: STATUSES.map((s) => ({ status: s, name: STATUS_NAMES[s], transitions_to: WORKFLOW[s] })),
        issue_counts: counts,
        active_sprint: active === undefined ? null : { sprint_id: active.sprint_id, name: active.name, end_date: active.end_date },
      },
    };
  },
});

export const listTrackerUsers = defineTool<IssueTrackerState, { project_id?: string; search?: string; include_inactive?: boolean }>({
  name: 'list_tracker_users',
  description: 'List people (name, email, title), optionally the members of one project or those whose name or email contains a text. Deactivated users are left out unless asked for.',
  input: {
    type: 'object',
    properties: {
      project_id: { ...projectKeyArg, description: 'Only members of this project (key, e.g. WEB).' },
      search: { type: 'string', minLength: 1, maxLength: 80, description: 'Text the name or email contains, e.g. "chen".' },
      include_inactive: { type: 'boolean', description: 'Also list deactivated users (default false).' },
    },
    additionalProperties: false,
  },
  output: objectOutput({ users: { type: 'array', items: userSchema, description: 'The people.' }, count: { type: 'integer', description: 'How many.' } }),
  annotations: { title: 'List users', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const members = args.project_id === undefined ? undefined : new Set(requireProject(ctx, args.project_id).member_ids);
    const search = args.search?.trim().toLowerCase();
    const users = Object.values(state.users)
      .filter((u) => (args.include_inactive === true || u.active) && (members === undefined || members.has(u.user_id)) && (!search || `${u.name} ${u.email}`.toLowerCase().includes(search)))
      .map((u) => ({ name: u.name, email: u.email, title: u.title, active: u.active }));
    return { users, count: users.length };
  },
});

export const listTrackerSprints = defineTool<IssueTrackerState, { project_id: string; state?: SprintState }>({
  name: 'list_tracker_sprints',
  description: 'List the sprints of a project (closed, active, future) with dates, goal, issue counts and committed points.',
  input: {
    type: 'object',
    properties: { project_id: projectKeyArg, state: { type: 'string', enum: [...SPRINT_STATES], description: 'Only sprints in this state.' } },
    required: ['project_id'],
    additionalProperties: false,
  },
  output: objectOutput({ sprints: { type: 'array', items: sprintSchema, description: 'The sprints, oldest first.' } }),
  annotations: { title: 'List sprints', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const project = requireProject(ctx, args.project_id);
    const sprints = Object.values(state.sprints)
      .filter((s) => s.project_id === project.project_id && (args.state === undefined || s.state === args.state))
      .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.sprint_id < b.sprint_id ? -1 : 1));
    return { sprints: sprints.map((s) => sprintView(state, s)) };
  },
});

export const createTrackerSprint = defineTool<IssueTrackerState, { project_id: string; name: string; start_date: string; end_date: string; goal?: string }>({
  name: 'create_tracker_sprint',
  description: `Plan a new (future) sprint for a project: a name, a start day from today on and an end day after it, at most ${MAX_SPRINT_DAYS} days long.`,
  input: {
    type: 'object',
    properties: {
      project_id: projectKeyArg,
      name: { type: 'string', minLength: 1, maxLength: 60, description: 'Sprint name, e.g. "WEB Sprint 24".' },
      start_date: { type: 'string', format: 'date', description: 'First day, YYYY-MM-DD.' },
      end_date: { type: 'string', format: 'date', description: 'Last day, YYYY-MM-DD.' },
      goal: { type: 'string', maxLength: 200, description: 'What the sprint should achieve.' },
    },
    required: ['project_id', 'name', 'start_date', 'end_date'],
    additionalProperties: false,
  },
  output: objectOutput({ sprint: sprintSchema }),
  annotations: { title: 'Create sprint', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const project = requireProject(ctx, args.project_id);
    const name = args.name.trim();
    if (name === '') ctx.fail('the sprint name is blank');
    for (const day of [args.start_date, args.end_date]) if (!isCalendarDate(day)) ctx.fail(`${day} is not a calendar day; use YYYY-MM-DD`);
    if (args.start_date < ctx.today) ctx.fail(`start_date ${args.start_date} is in the past; today is ${ctx.today}`);
    if (args.end_date <= args.start_date) ctx.fail(`end_date ${args.end_date} must be after start_date ${args.start_date}`);
    if (args.end_date > addDays(args.start_date, MAX_SPRINT_DAYS - 1)) ctx.fail(`a sprint lasts at most ${MAX_SPRINT_DAYS} days; end it by ${addDays(args.start_date, MAX_SPRINT_DAYS - 1)}`);
    const sprint: Sprint = { sprint_id: ctx.nextId('spr'), project_id: project.project_id, name, goal: args.goal?.trim() ?? '', state: 'future', start_date: args.start_date, end_date: args.end_date, completed_at: null };
    ctx.edit<Record<string, Sprint>>('sprints')[sprint.sprint_id] = sprint;
    return { sprint: { ...sprint, issue_count: 0, open_issue_count: 0, story_points: 0 } };
  },
});

export const moveTrackerIssueToSprint = defineTool<IssueTrackerState, { issue_id: string; to_sprint_id: string }>({
  name: 'move_tracker_issue_to_sprint',
  description:
    'Put an issue into a sprint of its project (active or future), or back into the backlog with to_sprint_id "backlog". Epics and ' +
    'closed issues (Done, Cancelled) are not moved. An issue put into a sprint from Backlog becomes To Do.',
  input: {
    type: 'object',
    properties: { issue_id: issueKeyArg, to_sprint_id: { ...sprintIdArg, description: 'The target sprint id (e.g. spr_4) or exact name, or "backlog".' } },
    required: ['issue_id', 'to_sprint_id'],
    additionalProperties: false,
  },
  output: objectOutput({ issue: issueSchema, from_sprint_id: { type: ['string', 'null'], description: 'Sprint before (null: backlog).' } }),
  annotations: { title: 'Move issue to sprint', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const issue = requireIssue(ctx, args.issue_id);
    if (issue.type === 'epic') ctx.fail(`${issue.issue_id} is an epic; epics are not planned into sprints`);
    if (CLOSED_STATUSES.has(issue.status)) ctx.fail(`${issue.issue_id} is ${STATUS_NAMES[issue.status]}; closed issues stay where they were finished`);
    const toBacklog = args.to_sprint_id.trim().toLowerCase() === 'backlog';
    const sprint = toBacklog ? undefined : requireSprint(ctx, args.to_sprint_id);
    if (sprint !== undefined) {
      if (sprint.project_id !== issue.project_id) ctx.fail(`sprint ${sprint.sprint_id} (${sprint.name}) belongs to project ${sprint.project_id}; ${issue.issue_id} can go into sprints of ${issue.project_id}`);
      if (sprint.state === 'closed') ctx.fail(`sprint ${sprint.name} is closed; choose the active or a future sprint of ${issue.project_id}`);
    }
    const target = sprint?.sprint_id ?? null;
    if (issue.sprint_id === target) ctx.fail(`${issue.issue_id} is already ${target === null ? 'in the backlog' : `in ${sprint!.name}`}`);
    const draft = ctx.edit<Issue>('issues', bucketOf(issue.issue_id), issue.issue_id);
    draft.updated_at = ctx.now;
    draft.sprint_id = target;
    if (target !== null && issue.status === 'backlog') draft.status = 'todo';
    return { issue: issueView(state, draft), from_sprint_id: issue.sprint_id };
  },
});

export const startTrackerSprint = defineTool<IssueTrackerState, { sprint_id: string }>({
  name: 'start_tracker_sprint',
  description: 'Start a future sprint today (it keeps its length). A project has one active sprint at a time, and an empty sprint cannot start.',
  input: { type: 'object', properties: { sprint_id: sprintIdArg }, required: ['sprint_id'], additionalProperties: false },
  output: objectOutput({ sprint: sprintSchema }),
  annotations: { title: 'Start sprint', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const sprint = requireSprint(ctx, args.sprint_id);
    if (sprint.state !== 'future') ctx.fail(`sprint ${sprint.name} is ${sprint.state}; only a future sprint can start`);
    const active = Object.values(state.sprints).find((s) => s.project_id === sprint.project_id && s.state === 'active');
    if (active !== undefined) ctx.fail(`project ${sprint.project_id} already has an active sprint, ${active.name} (${active.sprint_id}); complete it first with complete_tracker_sprint`);
    if (!allIssues(state).some((i) => i.sprint_id === sprint.sprint_id)) ctx.fail(`sprint ${sprint.name} has no issues; move issues into it first (move_tracker_issue_to_sprint)`);
    const length = Math.round((Date.parse(`${sprint.end_date}T00:00:00Z`) - Date.parse(`${sprint.start_date}T00:00:00Z`)) / 86_400_000);
    const draft = ctx.edit<Sprint>('sprints', sprint.sprint_id);
    draft.state = 'active';
    draft.start_date = ctx.today;
    draft.end_date = addDays(ctx.today, Math.max(1, length));
    return { sprint: sprintView(state, draft) };
  },
});

export const completeTrackerSprint = defineTool<IssueTrackerState, { sprint_id: string; move_open_issues_to?: string }>({
  name: 'complete_tracker_sprint',
  description:
    'Complete the active sprint. Its open issues (not Done or Cancelled) go to the backlog, or to a future sprint of the same project ' +
    'given as move_open_issues_to. Returns the closed sprint and the issues that moved.',
  input: {
    type: 'object',
    properties: {
      sprint_id: sprintIdArg,
      move_open_issues_to: { type: 'string', minLength: 1, maxLength: 40, description: 'A future sprint (id or exact name) for the open issues, or "backlog" (default).' },
    },
    required: ['sprint_id'],
    additionalProperties: false,
  },
  output: objectOutput({ sprint: sprintSchema, moved_issue_ids: { type: 'array', items: { type: 'string' }, description: 'Open issues that moved.' }, moved_to: { type: ['string', 'null'], description: 'Sprint they moved to, or null for the backlog.' } }),
  annotations: { title: 'Complete sprint', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const sprint = requireSprint(ctx, args.sprint_id);
    if (sprint.state !== 'active') ctx.fail(`sprint ${sprint.name} is ${sprint.state}; only the active sprint can be completed`);
    let target: Sprint | undefined;
    if (args.move_open_issues_to !== undefined && args.move_open_issues_to.trim().toLowerCase() !== 'backlog') {
      target = requireSprint(ctx, args.move_open_issues_to);
      if (target.project_id !== sprint.project_id || target.state !== 'future') {
        const futures = Object.values(state.sprints).filter((s) => s.project_id === sprint.project_id && s.state === 'future');
        ctx.fail(`open issues can move to a future sprint of ${sprint.project_id} (${futures.map((s) => `${s.sprint_id} ${s.name}`).join(', ') || 'none'}) or the backlog, not ${target.name}`);
      }
    }
    const moved: string[] = [];
    for (const issue of issuesByKey(state)) {
      if (issue.sprint_id !== sprint.sprint_id || CLOSED_STATUSES.has(issue.status)) continue;
      const draft = ctx.edit<Issue>('issues', bucketOf(issue.issue_id), issue.issue_id);
      draft.sprint_id = target?.sprint_id ?? null;
      draft.updated_at = ctx.now;
      moved.push(issue.issue_id);
    }
    const draft = ctx.edit<Sprint>('sprints', sprint.sprint_id);
    draft.state = 'closed';
    draft.completed_at = ctx.now;
    if (draft.end_date > ctx.today) draft.end_date = ctx.today;
    const view = sprintView(state, draft);
    return { sprint: { ...view, issue_count: (view.issue_count as number) - moved.length, open_issue_count: 0 }, moved_issue_ids: moved, moved_to: target?.sprint_id ?? null };
  },
});

export type { Context };
