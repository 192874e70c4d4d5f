import type { JsonSchema } from '../../core/index.js';
import { defineTool } from '../kit/Domain.js';
import { bucketOf } from '../kit/bucketedRecord.js';
import {
  CLOSED_STATUSES,
  ISSUE_TYPES,
  MAX_LABELS,
  PRIORITIES,
  STATUSES,
  STATUS_NAMES,
  WORKFLOW,
  allIssues,
  isCalendarDate,
  issueOf,
  type Issue,
  type IssueTrackerState,
  type IssueType,
  type Priority,
  type Status,
} from './IssueTrackerState.js';
import { JqlError, compileJql, parseJql, sortIssues } from './jql.js';
import {
  base,
  emailArg,
  issueKeyArg,
  issueRow,
  issueRowSchema,
  issueSchema,
  issueView,
  objectOutput,
  projectKeyArg,
  requireAssignable,
  requireIssue,
  requireProject,
  requireSprint,
  requireUser,
  sprintIdArg,
  type Context,
} from './issueTrackerLookups.js';

const LABEL_PATTERN = '^[a-z0-9][a-z0-9-]{0,29}$';
const labelArg: JsonSchema = { type: 'string', pattern: LABEL_PATTERN, description: 'A label: lowercase letters, digits and dashes, e.g. "customer-reported".' };
const issueOutput = objectOutput({ issue: issueSchema });

/** A writable copy of an issue (kept only if the call succeeds), stamped as changed now. */
function editIssue(ctx: Context, issue: Issue): Issue {
  const draft = ctx.edit<Issue>('issues', bucketOf(issue.issue_id), issue.issue_id);
  draft.updated_at = ctx.now;
  return draft;
}

/** Add a new issue: copies the outer record and one bucket. */
function putIssue(ctx: Context, issue: Issue): void {
  const bucket = bucketOf(issue.issue_id);
  if (Object.hasOwn(ctx.base.issues, bucket)) ctx.edit<Record<string, Issue>>('issues', bucket)[issue.issue_id] = issue;
  else ctx.edit<Record<string, Record<string, Issue>>>('issues')[bucket] = { [issue.issue_id]: issue };
}

function statusList(statuses: readonly Status[]): string {
  return statuses.map((s) => `${STATUS_NAMES[s]} (${s})`).join(', ');
}

function checkDueDate(ctx: Context, due: string): void {
  if (!isCalendarDate(due)) ctx.fail(`due_date ${due} is not a calendar day; use YYYY-MM-DD, e.g. 2026-03-27`);
  if (due < ctx.today) ctx.fail(`due_date ${due} is in the past; today is ${ctx.today}`);
}

export const searchTrackerIssues = defineTool<IssueTrackerState, { jql: string; max_results?: number }>({
  name: 'search_tracker_issues',
  description:
    'Find issues with a JQL-like filter: clauses `field op value` joined by AND / OR, then ORDER BY. Fields: project, status, ' +
    'assignee, reporter, priority, type, labels, sprint, text, created, updated, due, points. Operators: = != IN (..) NOT IN (..) ' +
    '~ (text contains) IS EMPTY, IS NOT EMPTY, and < <= > >= for days, points and priority. Example: project = WEB AND status = ' +
    '"In Progress" AND assignee = maya.chen@northwind.dev ORDER BY priority DESC. Returns matching issues (compact) and the total.',
  input: {
    type: 'object',
    properties: {
      jql: { type: 'string', minLength: 1, maxLength: 500, description: 'The filter, e.g. project = API AND labels = security AND status != Done ORDER BY updated DESC.' },
      max_results: { type: 'integer', minimum: 1, maximum: 50, description: 'Most issues to return (default 20).' },
    },
    required: ['jql'],
    additionalProperties: false,
  },
  output: objectOutput({ issues: { type: 'array', items: issueRowSchema, description: 'Matching issues.' }, total: { type: 'integer', description: 'All matches.' }, jql: { type: 'string', description: 'The filter.' } }),
  annotations: { title: 'Search issues', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    let matches: Issue[];
    let parsed;
    try {
      parsed = parseJql(args.jql);
      const test = compileJql(parsed, state, ctx.today);
      matches = allIssues(state).filter(test);
    } catch (error) {
      if (error instanceof JqlError) return ctx.fail(`invalid jql: ${error.message}`);
      throw error;
    }
    const sorted = sortIssues(matches, parsed);
    return { issues: sorted.slice(0, args.max_results ?? 20).map((i) => issueRow(state, i)), total: sorted.length, jql: args.jql };
  },
});

export const getTrackerIssue = defineTool<IssueTrackerState, { issue_id: string }>({
  name: 'get_tracker_issue',
  description: 'Get one issue in full: description, status, assignee, reporter, labels, sprint, blocking links and the latest comments.',
  input: { type: 'object', properties: { issue_id: issueKeyArg }, required: ['issue_id'], additionalProperties: false },
  output: issueOutput,
  annotations: { title: 'Get issue', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    return { issue: issueView(base(ctx), requireIssue(ctx, args.issue_id)) };
  },
});

interface CreateArgs {
  project_id: string;
  summary: string;
  type: IssueType;
  description?: string;
  priority?: Priority;
  assignee_email?: string;
  reporter_email?: string;
  labels?: string[];
  story_points?: number;
  due_date?: string;
  sprint_id?: string;
}

export const createTrackerIssue = defineTool<IssueTrackerState, CreateArgs>({
  name: 'create_tracker_issue',
  description:
    'Create an issue in a project. It starts in Backlog, or To Do when put in a sprint. The assignee must be an active project member; ' +
    'epics take no story points and no sprint; the sprint must belong to the project and not be closed. Returns the issue with its new key.',
  input: {
    type: 'object',
    properties: {
      project_id: projectKeyArg,
      summary: { type: 'string', minLength: 3, maxLength: 200, description: 'One-line summary, e.g. "Checkout button unresponsive on Safari".' },
      type: { type: 'string', enum: [...ISSUE_TYPES], description: 'bug, story, task or epic.' },
      description: { type: 'string', maxLength: 4000, description: 'Details: steps, acceptance criteria.' },
      priority: { type: 'string', enum: [...PRIORITIES], description: 'Priority (default medium).' },
      assignee_email: emailArg('Who works on it'),
      reporter_email: emailArg('Who reports it (default: the project lead)'),
      labels: { type: 'array', items: labelArg, maxItems: MAX_LABELS, uniqueItems: true, description: 'Labels.' },
      story_points: { type: 'number', enum: [0, 0.5, 1, 2, 3, 5, 8, 13, 21], description: 'Estimate on the Fibonacci scale.' },
      due_date: { type: 'string', format: 'date', description: 'Due day, YYYY-MM-DD, today or later.' },
      sprint_id: sprintIdArg,
    },
    required: ['project_id', 'summary', 'type'],
    additionalProperties: false,
  },
  output: issueOutput,
  annotations: { title: 'Create issue', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const project = requireProject(ctx, args.project_id);
    const summary = args.summary.trim();
    if (summary.length < 3) ctx.fail('summary is blank; give a one-line summary of the work');
    if (args.type === 'epic' && args.story_points !== undefined) ctx.fail('epics take no story points; estimate the stories inside the epic instead');
    const assignee = args.assignee_email === undefined ? null : requireAssignable(ctx, project, args.assignee_email);
    const reporter = args.reporter_email === undefined ? state.users[project.lead_id] : requireUser(ctx, args.reporter_email);
    if (args.due_date !== undefined) checkDueDate(ctx, args.due_date);
    let sprintId: string | null = null;
    if (args.sprint_id !== undefined) {
      const sprint = requireSprint(ctx, args.sprint_id);
      if (args.type === 'epic') ctx.fail('epics are not planned into sprints; put their stories in the sprint instead');
      if (sprint.project_id !== project.project_id) ctx.fail(`sprint ${sprint.sprint_id} (${sprint.name}) belongs to project ${sprint.project_id}, not ${project.project_id}`);
      if (sprint.state === 'closed') ctx.fail(`sprint ${sprint.name} is closed; choose the active or a future sprint (list_tracker_sprints)`);
      sprintId = sprint.sprint_id;
    }
    const number = project.next_number;
    const key = `${project.project_id}-${number}`;
    ctx.edit<{ next_number: number }>('projects', project.project_id).next_number = number + 1;
    const issue: Issue = {
      issue_id: key,
      project_id: project.project_id,
      number,
      type: args.type,
      summary,
      description: args.description?.trim() ?? '',
      status: sprintId === null ? 'backlog' : 'todo',
      priority: args.priority ?? 'medium',
      assignee_id: assignee?.user_id ?? null,
      reporter_id: reporter.user_id,
      labels: [...new Set(args.labels ?? [])].sort(),
      sprint_id: sprintId,
      story_points: args.story_points ?? null,
      due_date: args.due_date ?? null,
      blocks: [],
      blocked_by: [],
      comments: [],
      created_at: ctx.now,
      updated_at: ctx.now,
      resolved_at: null,
    };
    putIssue(ctx, issue);
    return { issue: issueView(state, issue) };
  },
});

interface UpdateArgs {
  issue_id: string;
  summary?: string;
  description?: string;
  priority?: Priority;
  story_points?: number | null;
  due_date?: string | null;
  type?: IssueType;
}

export const updateTrackerIssue = defineTool<IssueTrackerState, UpdateArgs>({
  name: 'update_tracker_issue',
  description:
    'Change fields of an issue: summary, description, priority, story points, due date or type (status has its own tool, ' +
    'transition_tracker_issue; assignee has assign_tracker_issue). Give at least one field; null clears points or the due date.',
  input: {
    type: 'object',
    properties: {
      issue_id: issueKeyArg,
      summary: { type: 'string', minLength: 3, maxLength: 200, description: 'New summary.' },
      description: { type: 'string', maxLength: 4000, description: 'New description.' },
      priority: { type: 'string', enum: [...PRIORITIES], description: 'New priority.' },
      story_points: { type: ['number', 'null'], enum: [0, 0.5, 1, 2, 3, 5, 8, 13, 21, null], description: 'New estimate, or null to clear it.' },
      due_date: { type: ['string', 'null'], format: 'date', description: 'New due day (YYYY-MM-DD), or null to clear it.' },
      type: { type: 'string', enum: [...ISSUE_TYPES], description: 'New type.' },
    },
    required: ['issue_id'],
    additionalProperties: false,
  },
  output: objectOutput({ issue: issueSchema, changed: { type: 'array', items: { type: 'string' }, description: 'Fields that changed.' } }),
  annotations: { title: 'Update issue', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const issue = requireIssue(ctx, args.issue_id);
    const fields = (['summary', 'description', 'priority', 'story_points', 'due_date', 'type'] as const).filter((f) => args[f] !== undefined);
    if (fields.length === 0) ctx.fail('nothing to change: give summary, description, priority, story_points, due_date or type');
    const type = args.type ?? issue.type;
    const points = args.story_points !== undefined ? args.story_points : issue.story_points;
    if (type === 'epic' && points !== null) ctx.fail(`epics take no story points; ${issue.issue_id} would be an epic with ${points} points (clear story_points with null)`);
    if (type === 'epic' && issue.sprint_id !== null && args.type === 'epic') ctx.fail(`${issue.issue_id} is in a sprint; epics are not planned into sprints (move it to the backlog first)`);
    if (typeof args.due_date === 'string') checkDueDate(ctx, args.due_date);
    if (args.summary !== undefined && args.summary.trim().length < 3) ctx.fail('summary is blank; give a one-line summary');
    const changed = fields.filter((f) => {
      const value = f === 'summary' || f === 'description' ? (args[f] as string).trim() : args[f];
      return value !== issue[f];
    });
    if (changed.length === 0) return { issue: issueView(base(ctx), issue), changed };
    const draft = editIssue(ctx, issue);
    for (const f of changed) (draft as unknown as Record<string, unknown>)[f] = f === 'summary' || f === 'description' ? (args[f] as string).trim() : args[f];
    return { issue: issueView(base(ctx), draft), changed };
  },
});

function transitionsOf(issue: Issue): Array<{ to_status: Status; name: string }> {
  return WORKFLOW[issue.status].map((to) => ({ to_status: to, name: STATUS_NAMES[to] }));
}

export const listTrackerTransitions = defineTool<IssueTrackerState, { issue_id: string }>({
  name: 'list_tracker_transitions',
  description: 'List the workflow transitions an issue can take now, from its current status, and what each needs (an assignee, no open blockers).',
  input: { type: 'object', properties: { issue_id: issueKeyArg }, required: ['issue_id'], additionalProperties: false },
  output: objectOutput({
    issue_id: { type: 'string', description: 'The issue.' },
    status: { type: 'string', enum: [...STATUSES], description: 'Its current status.' },
    transitions: { type: 'array', items: { type: 'object', properties: { to_status: { type: 'string' }, name: { type: 'string' }, blocked_reason: { type: ['string', 'null'] } } }, description: 'Allowed target statuses.' },
  }),
  annotations: { title: 'List transitions', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const issue = requireIssue(ctx, args.issue_id);
    const state = base(ctx);
    return {
      issue_id: issue.issue_id,
      status: issue.status,
      transitions: transitionsOf(issue).map((t) => ({ ...t, blocked_reason: transitionProblem(state, issue, t.to_status) ?? null })),
    };
  },
});

/** Why a transition the workflow allows cannot happen now, or undefined. */
function transitionProblem(state: IssueTrackerState, issue: Issue, to: Status): string | undefined {
  if ((to === 'in_progress' || to === 'in_review') && issue.assignee_id === null) return `${issue.issue_id} has no assignee; assign it (assign_tracker_issue) before moving it to ${STATUS_NAMES[to]}`;
  if (to === 'done') {
    const open = issue.blocked_by.filter((key) => !CLOSED_STATUSES.has(issueOf(state, key)?.status ?? 'done'));
    if (open.length > 0) return `${issue.issue_id} is blocked by ${open.map((k) => `${k} (${STATUS_NAMES[issueOf(state, k)!.status]})`).join(', ')}; finish those or remove the link first`;
  }
  return undefined;
}

export const transitionTrackerIssue = defineTool<IssueTrackerState, { issue_id: string; to_status: Status }>({
  name: 'transition_tracker_issue',
  description:
    'Move an issue along the workflow: Backlog → To Do → In Progress → In Review → Done, or Cancelled. A transition the workflow does ' +
    'not allow from the current status is refused with the allowed ones. In Progress and In Review need an assignee; Done needs every ' +
    'blocking issue closed. Reopening an issue of a closed sprint puts it back in the backlog.',
  input: {
    type: 'object',
    properties: { issue_id: issueKeyArg, to_status: { type: 'string', enum: [...STATUSES], description: 'Target status.' } },
    required: ['issue_id', 'to_status'],
    additionalProperties: false,
  },
  output: objectOutput({ issue: issueSchema, from_status: { type: 'string', description: 'Status before.' } }),
  annotations: { title: 'Transition issue', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const issue = requireIssue(ctx, args.issue_id);
    const from = issue.status;
    const to = args.to_status;
    if (from === to) ctx.fail(`${issue.issue_id} is already ${STATUS_NAMES[to]}; from there it can move to ${statusList(WORKFLOW[from])}`);
    if (!WORKFLOW[from].includes(to)) ctx.fail(`the workflow does not allow ${STATUS_NAMES[from]} → ${STATUS_NAMES[to]} for ${issue.issue_id}; from ${STATUS_NAMES[from]} it can move to ${statusList(WORKFLOW[from])}`);
    const problem = transitionProblem(state, issue, to);
    if (problem !== undefined) ctx.fail(problem);
    const draft = editIssue(ctx, issue);
    draft.status = to;
    if (CLOSED_STATUSES.has(to)) draft.resolved_at = ctx.now;
    else if (CLOSED_STATUSES.has(from)) {
      draft.resolved_at = null;
      if (issue.sprint_id !== null && Object.hasOwn(state.sprints, issue.sprint_id) && state.sprints[issue.sprint_id].state === 'closed') draft.sprint_id = null;
    }
    return { issue: issueView(state, draft), from_status: from };
  },
});

export const assignTrackerIssue = defineTool<IssueTrackerState, { issue_id: string; assignee_email: string | null }>({
  name: 'assign_tracker_issue',
  description:
    'Assign an issue to an active member of its project, or unassign it with null. An issue In Progress or In Review cannot be left ' +
    'without an assignee: move it back to To Do first.',
  input: {
    type: 'object',
    properties: { issue_id: issueKeyArg, assignee_email: { ...emailArg('The new assignee'), type: ['string', 'null'], description: 'The new assignee: email (e.g. maya.chen@northwind.dev) or full name; null to unassign.' } },
    required: ['issue_id', 'assignee_email'],
    additionalProperties: false,
  },
  output: objectOutput({ issue: issueSchema, previous_assignee: { type: ['object', 'null'], description: 'Who had it before.' } }),
  annotations: { title: 'Assign issue', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const issue = requireIssue(ctx, args.issue_id);
    const previous = issue.assignee_id === null ? null : { name: state.users[issue.assignee_id].name, email: state.users[issue.assignee_id].email };
    if (args.assignee_email === null) {
      if (issue.assignee_id === null) ctx.fail(`${issue.issue_id} is not assigned to anyone`);
      if (issue.status === 'in_progress' || issue.status === 'in_review') ctx.fail(`${issue.issue_id} is ${STATUS_NAMES[issue.status]} and needs an assignee; move it back to To Do first or assign someone else`);
      const draft = editIssue(ctx, issue);
      draft.assignee_id = null;
      return { issue: issueView(state, draft), previous_assignee: previous };
    }
    const user = requireAssignable(ctx, state.projects[issue.project_id], args.assignee_email);
    if (issue.assignee_id === user.user_id) ctx.fail(`${issue.issue_id} is already assigned to ${user.name}`);
    const draft = editIssue(ctx, issue);
    draft.assignee_id = user.user_id;
    return { issue: issueView(state, draft), previous_assignee: previous };
  },
});

export const addTrackerComment = defineTool<IssueTrackerState, { issue_id: string; body: string; author_email: string }>({
  name: 'add_tracker_comment',
  description: 'Add a comment to an issue, written by an active user. Returns the comment with its id.',
  input: {
    type: 'object',
    properties: { issue_id: issueKeyArg, body: { type: 'string', minLength: 1, maxLength: 4000, description: 'The comment text.' }, author_email: emailArg('Who writes it') },
    required: ['issue_id', 'body', 'author_email'],
    additionalProperties: false,
  },
  output: objectOutput({ issue_id: { type: 'string', description: 'The issue.' }, comment: { type: 'object', properties: { comment_id: { type: 'string' }, body: { type: 'string' }, created_at: { type: 'string' } }, description: 'The comment.' }, comment_count: { type: 'integer', description: 'Comments on the issue now.' } }),
  annotations: { title: 'Comment on issue', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  handler(args, ctx) {
    const issue = requireIssue(ctx, args.issue_id);
    const author = requireUser(ctx, args.author_email);
    if (!author.active) ctx.fail(`${author.name} is deactivated and cannot comment`);
    const body = args.body.trim();
    if (body === '') ctx.fail('the comment is blank');
    const comment = { comment_id: ctx.nextId('cmt'), author_id: author.user_id, body, created_at: ctx.now };
    const draft = editIssue(ctx, issue);
    draft.comments = [...issue.comments, comment];
    return { issue_id: issue.issue_id, comment: { comment_id: comment.comment_id, author: { name: author.name, email: author.email }, body, created_at: comment.created_at }, comment_count: draft.comments.length };
  },
});

export const addTrackerLabel = defineTool<IssueTrackerState, { issue_id: string; label: string }>({
  name: 'add_tracker_label',
  description: `Add a label to an issue (at most ${MAX_LABELS} per issue). Labels are lowercase words with dashes, e.g. "regression".`,
  input: { type: 'object', properties: { issue_id: issueKeyArg, label: labelArg }, required: ['issue_id', 'label'], additionalProperties: false },
  output: objectOutput({ issue_id: { type: 'string', description: 'The issue.' }, labels: { type: 'array', items: { type: 'string' }, description: 'Its labels now.' } }),
  annotations: { title: 'Add label', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const issue = requireIssue(ctx, args.issue_id);
    if (issue.labels.includes(args.label)) ctx.fail(`${issue.issue_id} already has the label ${args.label}; its labels: ${issue.labels.join(', ')}`);
    if (issue.labels.length >= MAX_LABELS) ctx.fail(`${issue.issue_id} already has ${MAX_LABELS} labels, the most allowed; remove one first`);
    const draft = editIssue(ctx, issue);
    draft.labels = [...issue.labels, args.label].sort();
    return { issue_id: issue.issue_id, labels: draft.labels };
  },
});

export const removeTrackerLabel = defineTool<IssueTrackerState, { issue_id: string; label: string }>({
  name: 'remove_tracker_label',
  description: 'Remove a label from an issue.',
  input: { type: 'object', properties: { issue_id: issueKeyArg, label: { type: 'string', minLength: 1, maxLength: 30, description: 'The label to remove.' } }, required: ['issue_id', 'label'], additionalProperties: false },
  output: objectOutput({ issue_id: { type: 'string', description: 'The issue.' }, labels: { type: 'array', items: { type: 'string' }, description: 'Its labels now.' } }),
  annotations: { title: 'Remove label', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const issue = requireIssue(ctx, args.issue_id);
    const label = args.label.trim().toLowerCase();
    if (!issue.labels.includes(label)) ctx.fail(`${issue.issue_id} has no label ${args.label}; its labels: ${issue.labels.length ? issue.labels.join(', ') : 'none'}`);
    const draft = editIssue(ctx, issue);
    draft.labels = issue.labels.filter((l) => l !== label);
    return { issue_id: issue.issue_id, labels: draft.labels };
  },
});

/** Whether `from` reaches `to` by following blocks links. */
function blocksTransitively(state: IssueTrackerState, from: string, to: string): boolean {
  const seen = new Set<string>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (key === to) return true;
    for (const next of issueOf(state, key)?.blocks ?? []) if (!seen.has(next)) {
      seen.add(next);
      stack.push(next);
    }
  }
  return false;
}

const linkInput: JsonSchema = {
  type: 'object',
  properties: {
    blocking_issue_id: { ...issueKeyArg, description: 'The issue key of the issue that blocks, e.g. API-7.' },
    blocked_issue_id: { ...issueKeyArg, description: 'The issue key of the issue that waits on it, e.g. WEB-12.' },
  },
  required: ['blocking_issue_id', 'blocked_issue_id'],
  additionalProperties: false,
};
const linkOutput = objectOutput({
  blocking_issue_id: { type: 'string', description: 'The blocking issue.' },
  blocked_issue_id: { type: 'string', description: 'The blocked issue.' },
  blocking_issue_blocks: { type: 'array', items: { type: 'string' }, description: 'Every issue the blocking issue blocks now.' },
  blocked_issue_blocked_by: { type: 'array', items: { type: 'string' }, description: 'Every issue that blocks the blocked issue now.' },
});

function linkResult(a: Issue, b: Issue): Record<string, unknown> {
  return { blocking_issue_id: a.issue_id, blocked_issue_id: b.issue_id, blocking_issue_blocks: a.blocks, blocked_issue_blocked_by: b.blocked_by };
}

export const linkTrackerIssues = defineTool<IssueTrackerState, { blocking_issue_id: string; blocked_issue_id: string }>({
  name: 'link_tracker_issues',
  description: 'Record that one issue blocks another (the blocked one cannot be Done while the blocker is open). Refused if it would make a cycle.',
  input: linkInput,
  output: linkOutput,
  annotations: { title: 'Link issues', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const state = base(ctx);
    const blocking = requireIssue(ctx, args.blocking_issue_id);
    const blocked = requireIssue(ctx, args.blocked_issue_id);
    if (blocking === blocked) ctx.fail(`an issue cannot block itself (${blocking.issue_id})`);
    if (blocking.blocks.includes(blocked.issue_id)) ctx.fail(`${blocking.issue_id} already blocks ${blocked.issue_id}`);
    if (blocksTransitively(state, blocked.issue_id, blocking.issue_id)) ctx.fail(`${blocked.issue_id} already blocks ${blocking.issue_id} (directly or through other issues); the link would make a cycle`);
    const a = editIssue(ctx, blocking);
    a.blocks = [...blocking.blocks, blocked.issue_id];
    const b = editIssue(ctx, blocked);
    b.blocked_by = [...blocked.blocked_by, blocking.issue_id];
    return linkResult(a, b);
  },
});

export const unlinkTrackerIssues = defineTool<IssueTrackerState, { blocking_issue_id: string; blocked_issue_id: string }>({
  name: 'unlink_tracker_issues',
  description: 'Remove a blocks / blocked-by link between two issues.',
  input: linkInput,
  output: linkOutput,
  annotations: { title: 'Unlink issues', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  handler(args, ctx) {
    const blocking = requireIssue(ctx, args.blocking_issue_id);
    const blocked = requireIssue(ctx, args.blocked_issue_id);
    if (!blocking.blocks.includes(blocked.issue_id)) {
      const reverse = blocked.blocks.includes(blocking.issue_id) ? ` (it is the other way round: ${blocked.issue_id} blocks ${blocking.issue_id})` : '';
      ctx.fail(`${blocking.issue_id} does not block ${blocked.issue_id}${reverse}; ${blocking.issue_id} blocks ${blocking.blocks.length ? blocking.blocks.join(', ') : 'nothing'}`);
    }
    const a = editIssue(ctx, blocking);
    a.blocks = blocking.blocks.filter((k) => k !== blocked.issue_id);
    const b = editIssue(ctx, blocked);
    b.blocked_by = blocked.blocked_by.filter((k) => k !== blocking.issue_id);
    return linkResult(a, b);
  },
});
