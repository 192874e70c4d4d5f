/**
 * The issue tracker's state (after Jira and Linear): people, projects with a key and a workflow,
 * issues keyed by their project key and number (`WEB-42`), sprints, comments and blocks /
 * blocked-by links. Every collection is a record keyed by id; lookups go through `Object.hasOwn`.
 */

import { entryValues, getEntry, type BucketedRecord } from '../kit/bucketedRecord.js';
import { addDays, isCalendarDate } from '../kit/days.js';
export { addDays, isCalendarDate };
import { idNumber } from '../kit/lookups.js';
export { idNumber };

export const ISSUE_TRACKER_REFERENCE_DATE = '2026-03-16T09:00:00Z';

export const ISSUE_TYPES = ['bug', 'story', 'task', 'epic'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];

export const PRIORITIES = ['highest', 'high', 'medium', 'low', 'lowest'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const STATUSES = ['backlog', 'todo', 'in_progress', 'in_review', 'done', 'cancelled'] as const;
export type Status = (typeof STATUSES)[number];

/** What each status is called on a board. */
export const STATUS_NAMES: Readonly<Record<Status, string>> = {
  backlog: 'Backlog',
  todo: 'To Do',
  in_progress: 'In Progress',
  in_review: 'In Review',
  done: 'Done',
  cancelled: 'Cancelled',
};

/** The workflow: from each status, the statuses a transition may reach. */
export const WORKFLOW: Readonly<Record<Status, readonly Status[]>> = {
  backlog: ['todo', 'cancelled'],
  todo: ['in_progress', 'backlog', 'cancelled'],
  in_progress: ['in_review', 'todo', 'cancelled'],
  in_review: ['done', 'in_progress'],
  done: ['todo'],
  cancelled: ['backlog'],
};

/** Statuses that close an issue (it no longer blocks anything). */
export const CLOSED_STATUSES: ReadonlySet<Status> = new Set(['done', 'cancelled']);

export const SPRINT_STATES = ['future', 'active', 'closed'] as const;
export type SprintState = (typeof SPRINT_STATES)[number];

export const MAX_LABELS = 10;
export const MAX_SPRINT_DAYS = 28;

export interface TrackerUser {
  user_id: string;
  name: string;
  email: string;
  title: string;
  active: boolean;
}

export interface Project {
  project_id: string;
  name: string;
  description: string;
  lead_id: string;
  member_ids: string[];
  /** The number the next issue of the project gets (`WEB-<n>`). */
  next_number: number;
  created_on: string;
}

export interface Comment {
  comment_id: string;
  author_id: string;
  body: string;
  created_at: string;
}

export interface Issue {
  issue_id: string;
  project_id: string;
  number: number;
  type: IssueType;
  summary: string;
  description: string;
  status: Status;
  priority: Priority;
  assignee_id: string | null;
  reporter_id: string;
  labels: string[];
  sprint_id: string | null;
  story_points: number | null;
  due_date: string | null;
  /** Keys of the issues this one blocks. */
  blocks: string[];
  /** Keys of the issues that block this one. */
  blocked_by: string[];
  comments: Comment[];
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
}

export interface Sprint {
  sprint_id: string;
  project_id: string;
  name: string;
  goal: string;
  state: SprintState;
  start_date: string;
  end_date: string;
  completed_at: string | null;
}

export interface IssueTrackerState {
  users: Record<string, TrackerUser>;
  projects: Record<string, Project>;
  /** Issues by key, in buckets (servers/kit/bucketedRecord.ts): a change copies one bucket, not hundreds of issues. */
  issues: BucketedRecord<Issue>;
  sprints: Record<string, Sprint>;
}

/** The issue with that key, or undefined (never a prototype property). */
export function issueOf(state: IssueTrackerState, key: string): Issue | undefined {
  return getEntry(state.issues, key);
}

/** Every issue (bucket order: sort where order matters). */
export function allIssues(state: IssueTrackerState): Issue[] {
  return entryValues(state.issues);
}

/** Every issue, by project key and number. */
export function issuesByKey(state: IssueTrackerState): Issue[] {
  return allIssues(state).sort((a, b) => (a.project_id === b.project_id ? a.number - b.number : a.project_id < b.project_id ? -1 : 1));
}



