import type { JsonSchema } from '../../core/index.js';
import type { ToolContext } from '../kit/Domain.js';
import { closestName } from '../kit/closestName.js';
import {
  ISSUE_TYPES,
  PRIORITIES,
  SPRINT_STATES,
  STATUSES,
  STATUS_NAMES,
  allIssues,
  idNumber,
  issueOf,
  type Issue,
  type IssueTrackerState,
  type Project,
  type Sprint,
  type TrackerUser,
} from './IssueTrackerState.js';

/**
 * Lookups every tracker tool shares (on the frozen base state, through `Object.hasOwn`: an id such
 * as `__proto__` is a plain not-found), and the views and schemas of what the tools return.
 */

export type Context = ToolContext<IssueTrackerState>;

export function base(ctx: Context): IssueTrackerState {
  return ctx.base as IssueTrackerState;
}

function suggestion(name: string, names: readonly string[]): string {
  const closest = closestName(name, names);
  return closest === undefined ? '' : ` Did you mean ${closest}?`;
}

function range(ids: readonly string[]): string {
  const sorted = [...ids].sort((a, b) => idNumber(a) - idNumber(b));
  return sorted.length === 0 ? 'none' : sorted.length <= 6 ? sorted.join(', ') : `${sorted[0]} … ${sorted[sorted.length - 1]}`;
}

export function requireProject(ctx: Context, id: string): Project {
  const state = base(ctx);
  const key = id.trim().toUpperCase();
  if (Object.hasOwn(state.projects, key)) return state.projects[key];
  const keys = Object.keys(state.projects);
  return ctx.fail(`project ${id} not found.${suggestion(key, keys)} Valid project keys: ${keys.join(', ')} (list_tracker_projects lists them with their names)`);
}

export function requireIssue(ctx: Context, id: string): Issue {
  const state = base(ctx);
  const key = id.trim().toUpperCase();
  const found = issueOf(state, key);
  if (found !== undefined) return found;
  const dash = key.lastIndexOf('-');
  const projectKey = dash > 0 ? key.slice(0, dash) : '';
  if (Object.hasOwn(state.projects, projectKey)) {
    const project = state.projects[projectKey];
    return ctx.fail(`issue ${id} not found; project ${projectKey} has issues ${projectKey}-1 … ${projectKey}-${project.next_number - 1} (search_tracker_issues finds them by text)`);
  }
  const keys = allIssues(state).map((i) => i.issue_id);
  return ctx.fail(`issue ${id} not found.${suggestion(key, keys)} Issue keys look like WEB-12: a project key (${Object.keys(state.projects).join(', ')}), a dash and a number`);
}

export function requireSprint(ctx: Context, id: string): Sprint {
  const state = base(ctx);
  if (Object.hasOwn(state.sprints, id)) return state.sprints[id];
  const all = Object.values(state.sprints);
  const named = all.filter((s) => s.name.toLowerCase() === id.trim().toLowerCase());
  if (named.length === 1) return named[0];
  if (named.length > 1) return ctx.fail(`${named.length} sprints are named ${named[0].name} (${named.map((s) => `${s.sprint_id}, ${s.state}`).join('; ')}); give the sprint id`);
  const names = all.map((s) => `${s.sprint_id} (${s.name})`);
  const closest = closestName(id, [...all.map((s) => s.sprint_id), ...all.map((s) => s.name)]);
  return ctx.fail(`sprint ${id} not found.${closest ? ` Did you mean ${closest}?` : ''} Sprints: ${range(all.map((s) => s.sprint_id))}; list_tracker_sprints lists a project's sprints (${names.slice(0, 3).join(', ')}, …)`);
}

const emailIndexes = new WeakMap<object, Map<string, TrackerUser>>();

function emailIndex(state: IssueTrackerState): Map<string, TrackerUser> {
  let index = emailIndexes.get(state.users);
  if (index === undefined) {
    index = new Map(Object.values(state.users).map((u) => [u.email.toLowerCase(), u]));
    emailIndexes.set(state.users, index);
  }
  return index;
}

/** A person by email (or by exact full name, as people also say), active or not. */
export function findUser(state: IssueTrackerState, who: string): TrackerUser | undefined {
  const key = who.trim().toLowerCase();
  const byEmail = emailIndex(state).get(key);
  if (byEmail !== undefined) return byEmail;
  for (const user of Object.values(state.users)) if (user.name.toLowerCase() === key) return user;
  return undefined;
}

export function requireUser(ctx: Context, who: string): TrackerUser {
  const state = base(ctx);
  const user = findUser(state, who);
  if (user !== undefined) return user;
  const users = Object.values(state.users);
  const closest = closestName(who.trim().toLowerCase(), [...users.map((u) => u.email), ...users.map((u) => u.name.toLowerCase())]);
  const match = closest === undefined ? undefined : users.find((u) => u.email === closest || u.name.toLowerCase() === closest);
  return ctx.fail(`no user ${who}.${match ? ` Did you mean ${match.name} <${match.email}>?` : ''} list_tracker_users lists people by name and email`);
}

/** A user who may be assigned work in a project: active and a member. */
export function requireAssignable(ctx: Context, project: Project, who: string): TrackerUser {
  const user = requireUser(ctx, who);
  if (!user.active) ctx.fail(`${user.name} <${user.email}> is deactivated and cannot be assigned issues`);
  if (!project.member_ids.includes(user.user_id)) {
    const members = project.member_ids.map((id) => base(ctx).users[id]).filter((u) => u.active).map((u) => `${u.name} <${u.email}>`);
    ctx.fail(`${user.name} is not a member of project ${project.project_id}; members who can be assigned: ${members.join(', ')}`);
  }
  return user;
}

export function userRef(state: IssueTrackerState, id: string | null): { name: string; email: string } | null {
  if (id === null || !Object.hasOwn(state.users, id)) return null;
  const user = state.users[id];
  return { name: user.name, email: user.email };
}

/** The compact form of an issue that lists and searches return. */
export function issueRow(state: IssueTrackerState, issue: Issue): Record<string, unknown> {
  return {
    issue_id: issue.issue_id,
    summary: issue.summary,
    type: issue.type,
    status: issue.status,
    status_name: STATUS_NAMES[issue.status],
    priority: issue.priority,
    assignee: userRef(state, issue.assignee_id),
    labels: issue.labels,
    sprint_id: issue.sprint_id,
    story_points: issue.story_points,
    due_date: issue.due_date,
    updated_at: issue.updated_at,
  };
}

/** An issue in full: links, sprint name, the latest comments (one literal: no spread on the hot path). */
export function issueView(state: IssueTrackerState, issue: Issue): Record<string, unknown> {
  const comments = issue.comments;
  const latest = [];
  for (let i = Math.max(0, comments.length - 5); i < comments.length; i++) {
    const c = comments[i];
    latest.push({ comment_id: c.comment_id, author: userRef(state, c.author_id), body: c.body, created_at: c.created_at });
  }
  return {
    issue_id: issue.issue_id,
    summary: issue.summary,
    type: issue.type,
    status: issue.status,
    status_name: STATUS_NAMES[issue.status],
    priority: issue.priority,
    assignee: userRef(state, issue.assignee_id),
    labels: issue.labels,
    sprint_id: issue.sprint_id,
    story_points: issue.story_points,
    due_date: issue.due_date,
    updated_at: issue.updated_at,
    project_id: issue.project_id,
    description: issue.description,
    reporter: userRef(state, issue.reporter_id),
    sprint_name: issue.sprint_id !== null && Object.hasOwn(state.sprints, issue.sprint_id) ? state.sprints[issue.sprint_id].name : null,
    blocks: issue.blocks,
    blocked_by: issue.blocked_by,
    comment_count: comments.length,
    comments: latest,
    created_at: issue.created_at,
    resolved_at: issue.resolved_at,
  };
}

export function sprintView(state: IssueTrackerState, sprint: Sprint): Record<string, unknown> {
  let issues = 0;
  let open = 0;
  let points = 0;
  for (const issue of allIssues(state)) {
    if (issue.sprint_id !== sprint.sprint_id) continue;
    issues++;
    if (issue.status !== 'done' && issue.status !== 'cancelled') open++;
    points += issue.story_points ?? 0;
  }
  return { ...sprint, issue_count: issues, open_issue_count: open, story_points: points };
}

const str = (description: string): JsonSchema => ({ type: 'string', description });
const nullable = (type: string, description: string): JsonSchema => ({ type: [type, 'null'], description });
const person: JsonSchema = { type: ['object', 'null'], properties: { name: str('Full name.'), email: str('Email.') }, description: 'A person, or null.' };

export const issueRowSchema: JsonSchema = {
  type: 'object',
  properties: {
    issue_id: str('Issue key, e.g. WEB-12.'),
    summary: str('One-line summary.'),
    type: { type: 'string', enum: [...ISSUE_TYPES], description: 'Issue type.' },
    status: { type: 'string', enum: [...STATUSES], description: 'Workflow status.' },
    status_name: str('Status as the board shows it.'),
    priority: { type: 'string', enum: [...PRIORITIES], description: 'Priority.' },
    assignee: person,
    labels: { type: 'array', items: { type: 'string' }, description: 'Labels.' },
    sprint_id: nullable('string', 'Sprint, or null in the backlog.'),
    story_points: nullable('number', 'Estimate.'),
    due_date: nullable('string', 'Due day, YYYY-MM-DD.'),
    updated_at: str('Last change, ISO-8601 UTC.'),
  },
  required: ['issue_id', 'summary', 'status', 'priority'],
};

export const issueSchema: JsonSchema = {
  type: 'object',
  properties: {
    ...(issueRowSchema.properties as Record<string, JsonSchema>),
    project_id: str('Project key.'),
    description: str('Description.'),
    reporter: person,
    sprint_name: nullable('string', 'Sprint name.'),
    blocks: { type: 'array', items: { type: 'string' }, description: 'Issues this one blocks.' },
    blocked_by: { type: 'array', items: { type: 'string' }, description: 'Issues blocking this one.' },
    comment_count: { type: 'integer', description: 'Number of comments.' },
    comments: { type: 'array', items: { type: 'object' }, description: 'The five latest comments.' },
    created_at: str('Created, ISO-8601 UTC.'),
    resolved_at: nullable('string', 'When it was closed.'),
  },
  required: ['issue_id', 'summary', 'status', 'project_id'],
};

export const sprintSchema: JsonSchema = {
  type: 'object',
  properties: {
    sprint_id: str('Sprint id, e.g. spr_4.'),
    project_id: str('Project key.'),
    name: str('Sprint name.'),
    goal: str('Sprint goal.'),
    state: { type: 'string', enum: [...SPRINT_STATES], description: 'future, active or closed.' },
    start_date: str('First day.'),
    end_date: str('Last day.'),
    completed_at: nullable('string', 'When it was completed.'),
    issue_count: { type: 'integer', description: 'Issues in the sprint.' },
    open_issue_count: { type: 'integer', description: 'Issues not done or cancelled.' },
    story_points: { type: 'number', description: 'Points committed.' },
  },
  required: ['sprint_id', 'project_id', 'name', 'state'],
};

export { outputOf as objectOutput } from '../kit/schemas.js';

export const issueKeyArg: JsonSchema = { type: 'string', minLength: 2, maxLength: 20, description: 'The issue key, e.g. WEB-12 (project key, dash, number).' };
export const projectKeyArg: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The project key, e.g. WEB.' };
export const sprintIdArg: JsonSchema = { type: 'string', minLength: 1, maxLength: 40, description: 'The sprint id (e.g. spr_4) or its exact name (e.g. "WEB Sprint 21").' };
export const emailArg = (what: string): JsonSchema => ({ type: 'string', minLength: 3, maxLength: 120, description: `${what}: their email (e.g. maya.chen@northwind.dev) or full name.` });
