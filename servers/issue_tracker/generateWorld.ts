import { runWorldGenerator } from '../kit/fixtures.js';
import { SeededRandom, seedRandomState } from '../kit/seededRandom.js';
import { toBuckets } from '../kit/bucketedRecord.js';
import {
  CLOSED_STATUSES,
  ISSUE_TRACKER_REFERENCE_DATE,
  addDays,
  type Comment,
  type Issue,
  type IssueTrackerState,
  type IssueType,
  type Priority,
  type Project,
  type Sprint,
  type Status,
  type TrackerUser,
} from './IssueTrackerState.js';

/**
 * The seeded world of the issue tracker (`npx tsx servers/issue_tracker/generateWorld.ts [seed]`
 * writes fixtures/issue_tracker/world.json): one company (Northwind) with five projects, thirty
 * people, about 350 issues across a closed, an active and a future sprint per project and a
 * backlog, with comments and blocking links. Consistent with the reference date (2026-03-16).
 */

const FIRST = ['Maya', 'Liam', 'Priya', 'Noah', 'Sofia', 'Ethan', 'Amara', 'Lucas', 'Hana', 'Mateo', 'Zoe', 'Omar', 'Ines', 'Kenji', 'Chloe', 'Diego', 'Aisha', 'Felix', 'Nora', 'Ravi', 'Elena', 'Jonas', 'Leila', 'Marcus', 'Yuki', 'Tariq', 'Clara', 'Samir', 'Freya', 'Andre', 'Mei', 'Oscar'];
const LAST = ['Chen', 'Okafor', 'Patel', 'Novak', 'Garcia', 'Kim', 'Haddad', 'Moreau', 'Sato', 'Rossi', 'Larsen', 'Mensah', 'Silva', 'Weber', 'Ivanova', 'Brennan', 'Nakamura', 'Costa', 'Fischer', 'Ahmed', 'Lindqvist', 'Duarte', 'Kowalski', 'Osei', 'Bauer', 'Reyes', 'Tanaka', 'Murphy', 'Dubois', 'Singh'];
const TITLES = ['Software Engineer', 'Senior Engineer', 'Staff Engineer', 'Product Manager', 'Designer', 'QA Engineer', 'Engineering Manager', 'Data Engineer', 'SRE'];

interface ProjectSeed {
  key: string;
  name: string;
  description: string;
  areas: string[];
  labels: string[];
}

const PROJECTS: ProjectSeed[] = [
  {
    key: 'WEB',
    name: 'Storefront Web',
    description: 'The customer-facing web shop: catalog, cart, checkout and account pages.',
    areas: ['checkout page', 'cart drawer', 'product gallery', 'search bar', 'login form', 'order history page', 'promo banner', 'address form', 'wishlist', 'footer links', 'size guide', 'gift card flow'],
    labels: ['frontend', 'checkout', 'accessibility', 'performance', 'seo', 'regression', 'customer-reported'],
  },
  {
    key: 'MOB',
    name: 'Mobile App',
    description: 'The iOS and Android shopping app.',
    areas: ['push notifications', 'onboarding screens', 'barcode scanner', 'offline mode', 'dark mode', 'payment sheet', 'home feed', 'deep links', 'app widget', 'biometric login', 'order tracking screen', 'settings screen'],
    labels: ['ios', 'android', 'crash', 'ux', 'release-blocker', 'accessibility', 'customer-reported'],
  },
  {
    key: 'API',
    name: 'Platform API',
    description: 'Public and internal REST APIs: orders, inventory, pricing and webhooks.',
    areas: ['orders endpoint', 'inventory sync', 'pricing service', 'webhook delivery', 'rate limiter', 'auth tokens', 'pagination', 'refunds endpoint', 'tax calculation', 'shipping quotes', 'OpenAPI spec', 'idempotency keys'],
    labels: ['backend', 'security', 'performance', 'breaking-change', 'tech-debt', 'partner-request', 'regression'],
  },
  {
    key: 'OPS',
    name: 'Infrastructure',
    description: 'Cloud infrastructure, CI/CD, monitoring and on-call.',
    areas: ['CI pipeline', 'staging cluster', 'database backups', 'TLS certificates', 'log retention', 'alerting rules', 'CDN config', 'cost dashboard', 'secrets rotation', 'autoscaling policy', 'incident runbook', 'DNS records'],
    labels: ['infra', 'security', 'on-call', 'cost', 'tech-debt', 'monitoring', 'compliance'],
  },
  {
    key: 'DATA',
    name: 'Data Pipeline',
    description: 'Event ingestion, the warehouse, dashboards and recommendation models.',
    areas: ['clickstream ingestion', 'sales dashboard', 'nightly ETL job', 'recommendation model', 'churn report', 'warehouse schema', 'A/B test metrics', 'GDPR deletion job', 'inventory forecast', 'marketing attribution', 'data catalog', 'event schema registry'],
    labels: ['etl', 'dashboard', 'ml', 'data-quality', 'privacy', 'tech-debt', 'analytics'],
  },
];

const BUG_FORMS = ['{Area} fails to load on slow connections', '{Area} shows the wrong currency', 'Crash when opening the {area}', '{Area} times out after deploy', 'Duplicate entries in the {area}', '{Area} ignores the saved locale', 'Broken layout of the {area} on small screens', '{Area} returns a 500 for empty input'];
const STORY_FORMS = ['Redesign the {area}', 'Add filters to the {area}', 'Let customers share the {area}', 'Show delivery estimates in the {area}', 'Support gift messages in the {area}', 'Personalize the {area}'];
const TASK_FORMS = ['Upgrade dependencies of the {area}', 'Add monitoring to the {area}', 'Write tests for the {area}', 'Document the {area}', 'Clean up feature flags in the {area}', 'Migrate the {area} to the new SDK'];
const EPIC_FORMS = ['{Area} overhaul', 'Q2 improvements to the {area}'];

const COMMENTS = [
  'I can reproduce this on staging.',
  'Looks like it started after last Tuesday\'s release.',
  'Pairing on this tomorrow morning.',
  'PR is up for review.',
  'Design mocks are attached to the epic.',
  'Customer support flagged two more tickets about this.',
  'Blocked until the upstream fix lands.',
  'Added a regression test.',
  'Can we split this into two stories?',
  'Moving to next sprint, capacity is full.',
  'Verified the fix in production.',
  'Needs a decision from product before we continue.',
];

const DESCRIPTIONS = [
  'Steps to reproduce and the expected behaviour are in the first comment.',
  'Acceptance criteria: works on the three supported browsers and passes the accessibility checks.',
  'Reported by customer support; affects a small share of sessions.',
  'Follow-up from the last retrospective.',
  'Part of the quarterly roadmap; see the epic for context.',
  'Keep the change behind a feature flag until QA signs off.',
];

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function at(day: string, hour: number, minute: number): string {
  return `${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`;
}

export function generateWorld(seed: number): IssueTrackerState {
  const random = new SeededRandom(seedRandomState(seed));
  const today = ISSUE_TRACKER_REFERENCE_DATE.slice(0, 10);

  const users: Record<string, TrackerUser> = {};
  const firstNames = [...FIRST];
  const userIds: string[] = [];
  for (let i = 1; i <= 30; i++) {
    const first = firstNames.splice(random.int(0, firstNames.length - 1), 1)[0];
    const last = LAST[(i * 7 + random.int(0, 3)) % LAST.length];
    const user_id = `usr_${i}`;
    users[user_id] = {
      user_id,
      name: `${first} ${last}`,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@northwind.dev`,
      title: random.pick(TITLES),
      active: i % 13 !== 0,
    };
    userIds.push(user_id);
  }
  const activeIds = userIds.filter((id) => users[id].active);

  const projects: Record<string, Project> = {};
  const issues: Record<string, Issue> = {};
  const sprints: Record<string, Sprint> = {};
  let sprintNumber = 0;
  let commentNumber = 0;
  const usedSummaries = new Set<string>();

  for (const [p, seedProject] of PROJECTS.entries()) {
    // Six to eight members per project; people work on one to three projects.
    const members = new Set<string>();
    for (let k = 0; k < 6; k++) members.add(activeIds[(p * 6 + k) % activeIds.length]);
    const extra = random.int(0, 2);
    for (let k = 0; k < extra; k++) members.add(random.pick(userIds));
    const memberIds = [...members].sort((a, b) => Number(a.slice(4)) - Number(b.slice(4)));
    const activeMembers = memberIds.filter((id) => users[id].active);
    const project: Project = {
      project_id: seedProject.key,
      name: seedProject.name,
      description: seedProject.description,
      lead_id: activeMembers[0],
      member_ids: memberIds,
      next_number: 1,
      created_on: addDays(today, -400 + p * 30),
    };
    projects[seedProject.key] = project;

    // Sprints: two weeks each; the active one started last Monday.
    const sprintIds: Record<'closed' | 'active' | 'future', string> = { closed: '', active: '', future: '' };
    const baseNumber = 10 + random.int(0, 20);
    // Three projects are mid-sprint; OPS and DATA completed their sprint last Friday and start the next one when someone says so.
    const between = p >= 3;
    const plan = between
      ? ([[-34, 'closed'], [-20, 'closed'], [0, 'future']] as const)
      : ([[-21, 'closed'], [-7, 'active'], [7, 'future']] as const);
    for (const [index, [offset, planned]] of plan.entries()) {
      const state = index === 0 ? 'closed' : index === 1 ? 'active' : 'future';
      const sprint_id = `spr_${++sprintNumber}`;
      const start = addDays(today, offset);
      sprints[sprint_id] = {
        sprint_id,
        project_id: seedProject.key,
        name: `${seedProject.key} Sprint ${baseNumber + (state === 'closed' ? 0 : state === 'active' ? 1 : 2)}`,
        goal: `${capitalize(random.pick(['stabilize', 'ship', 'polish', 'speed up', 'finish']))} the ${random.pick(seedProject.areas)}`,
        state: planned,
        start_date: start,
        end_date: addDays(start, 13),
        completed_at: planned === 'closed' ? at(addDays(start, 13), 17, 0) : null,
      };
      sprintIds[state] = sprint_id;
    }

    const count = random.int(62, 78);
    const projectIssues: Issue[] = [];
    for (let n = 1; n <= count; n++) {
      const type: IssueType = n % 17 === 1 ? 'epic' : random.pick(['bug', 'bug', 'story', 'story', 'task'] as const);
      const forms = type === 'bug' ? BUG_FORMS : type === 'story' ? STORY_FORMS : type === 'task' ? TASK_FORMS : EPIC_FORMS;
      let summary = '';
      for (let tries = 0; tries < 20; tries++) {
        const area = random.pick(seedProject.areas);
        summary = random.pick(forms).replace('{Area}', capitalize(area)).replace('{area}', area);
        if (!usedSummaries.has(summary)) break;
      }
      if (usedSummaries.has(summary)) summary = `${summary} (${seedProject.key} follow-up ${n})`;
      usedSummaries.add(summary);

      // Where the issue is: in the closed sprint (done or cancelled), the active sprint, the future one, or the backlog.
      const place = random.pick(['closed', 'active', 'active', 'active', 'future', 'backlog', 'backlog'] as const);
      let status: Status;
      let sprint_id: string | null;
      if (place === 'closed') {
        status = random.next() < 0.9 ? 'done' : 'cancelled';
        sprint_id = sprintIds.closed;
      } else if (place === 'active' && between) {
        // The sprint that just closed: finished work stays in it, the rest was planned into the next one.
        status = random.next() < 0.5 ? 'done' : 'todo';
        sprint_id = status === 'done' ? sprintIds.active : sprintIds.future;
      } else if (place === 'active') {
        status = random.pick(['todo', 'todo', 'in_progress', 'in_progress', 'in_review', 'done'] as const);
        sprint_id = sprintIds.active;
      } else if (place === 'future') {
        status = 'todo';
        sprint_id = sprintIds.future;
      } else {
        status = random.next() < 0.85 ? 'backlog' : 'cancelled';
        sprint_id = null;
      }
      if (type === 'epic') sprint_id = null;
      const needsAssignee = status === 'in_progress' || status === 'in_review' || status === 'done';
      const assignee_id = needsAssignee || random.next() < 0.6 ? random.pick(activeMembers) : null;
      const created = addDays(today, -random.int(20, 120));
      const updatedDay = addDays(today, -random.int(0, 10));
      const updated_at = at(updatedDay > created ? updatedDay : created, random.int(8, 17), random.int(0, 59));
      const comments: Comment[] = [];
      const commentCount = random.int(0, 3);
      for (let c = 0; c < commentCount; c++) {
        comments.push({
          comment_id: `cmt_${++commentNumber}`,
          author_id: random.pick(memberIds),
          body: random.pick(COMMENTS),
          created_at: at(addDays(created, c + 1), random.int(9, 17), random.int(0, 59)),
        });
      }
      const issue: Issue = {
        issue_id: `${seedProject.key}-${n}`,
        project_id: seedProject.key,
        number: n,
        type,
        summary,
        description: random.pick(DESCRIPTIONS),
        status,
        priority: random.pick(['highest', 'high', 'high', 'medium', 'medium', 'medium', 'low', 'lowest'] as Priority[]),
        assignee_id,
        reporter_id: random.pick(memberIds),
        labels: random.next() < 0.7 ? [...new Set([random.pick(seedProject.labels), ...(random.next() < 0.3 ? [random.pick(seedProject.labels)] : [])])].sort() : [],
        sprint_id,
        story_points: type === 'story' || type === 'task' ? random.pick([1, 2, 3, 5, 8]) : type === 'bug' && random.next() < 0.5 ? random.pick([1, 2, 3]) : null,
        due_date: random.next() < 0.25 ? addDays(today, random.int(-5, 30)) : null,
        blocks: [],
        blocked_by: [],
        comments,
        created_at: at(created, random.int(8, 17), random.int(0, 59)),
        updated_at,
        resolved_at: CLOSED_STATUSES.has(status) ? updated_at : null,
      };
      projectIssues.push(issue);
    }
    project.next_number = count + 1;

    // Blocking links inside the project: an open issue waits on another; a done issue's blockers are closed.
    for (let k = 0; k < 10; k++) {
      const a = random.pick(projectIssues);
      const b = random.pick(projectIssues);
      if (a === b || a.blocks.includes(b.issue_id) || b.blocks.includes(a.issue_id)) continue;
      if (b.status === 'done' && !CLOSED_STATUSES.has(a.status)) continue;
      a.blocks.push(b.issue_id);
      b.blocked_by.push(a.issue_id);
    }
    for (const issue of projectIssues) issues[issue.issue_id] = issue;
  }

  return { users, projects, issues: toBuckets(issues), sprints };
}

runWorldGenerator(import.meta.url, 'issue_tracker', (seed) => `${JSON.stringify(generateWorld(seed), null, 1)}\n`);
