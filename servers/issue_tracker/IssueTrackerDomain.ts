import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { ISSUE_TRACKER_REFERENCE_DATE, type IssueTrackerState } from './IssueTrackerState.js';
import {
  addTrackerComment,
  addTrackerLabel,
  assignTrackerIssue,
  createTrackerIssue,
  getTrackerIssue,
  linkTrackerIssues,
  listTrackerTransitions,
  removeTrackerLabel,
  searchTrackerIssues,
  transitionTrackerIssue,
  unlinkTrackerIssues,
  updateTrackerIssue,
} from './issueTools.js';
import { issueTrackerInvariants } from './issueTrackerInvariants.js';
import { issueTrackerPhrasings } from './issueTrackerPhrasings.js';
import { issueTrackerSamplers } from './issueTrackerSamplers.js';
import { issueTrackerScenarios } from './issueTrackerScenarios.js';
import {
  completeTrackerSprint,
  createTrackerSprint,
  getTrackerProject,
  listTrackerProjects,
  listTrackerSprints,
  listTrackerUsers,
  moveTrackerIssueToSprint,
  startTrackerSprint,
} from './projectTools.js';

/** An issue tracker after Jira and Linear: projects, a workflow state machine, sprints, links and a JQL-like filter. */
export const issueTrackerDomain = defineDomain<IssueTrackerState>({
  name: 'issue_tracker',
  title: 'Issue tracker',
  category: 'productivity',
  description:
    'A Jira / Linear-style issue tracker for one company (Northwind): five projects with keys (WEB, MOB, API, OPS, DATA), thirty people, ' +
    'about 350 issues (bugs, stories, tasks, epics) with priorities, labels, story points, due days, comments and blocks / blocked-by links; ' +
    'a workflow whose transitions are a state machine (Backlog, To Do, In Progress, In Review, Done, Cancelled); sprints that are planned, ' +
    'started and completed; and a JQL-like search.',
  tools: [
    listTrackerProjects,
    getTrackerProject,
    listTrackerUsers,
    searchTrackerIssues,
    getTrackerIssue,
    createTrackerIssue,
    updateTrackerIssue,
    listTrackerTransitions,
    transitionTrackerIssue,
    assignTrackerIssue,
    addTrackerComment,
    addTrackerLabel,
    removeTrackerLabel,
    linkTrackerIssues,
    unlinkTrackerIssues,
    listTrackerSprints,
    createTrackerSprint,
    moveTrackerIssueToSprint,
    startTrackerSprint,
    completeTrackerSprint,
  ],
  loadWorld: () => loadFixture<IssueTrackerState>('issue_tracker'),
  defaultReferenceDate: ISSUE_TRACKER_REFERENCE_DATE,
  samplers: issueTrackerSamplers,
  invariants: issueTrackerInvariants,
  phrasings: issueTrackerPhrasings,
  scenarios: issueTrackerScenarios,
});

export default issueTrackerDomain;
