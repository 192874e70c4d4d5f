import type { GoldGraph } from './types.js';

const ISSUE_SOURCES = ['search_tracker_issues', 'create_tracker_issue'];
const SPRINT_SOURCES = ['list_tracker_sprints', 'create_tracker_sprint', 'get_tracker_issue', 'search_tracker_issues', 'get_tracker_project'];
const PROJECT_SOURCES = ['list_tracker_projects', 'get_tracker_issue'];
// People by email: the user list, a project's lead and members, an issue's assignee and reporter.
const PEOPLE = ['list_tracker_users', 'list_tracker_projects', 'get_tracker_project', 'get_tracker_issue'];

export const gold: GoldGraph = {
  domain: 'issue_tracker',
  explicit: {
    get_tracker_issue: ISSUE_SOURCES,
    update_tracker_issue: ISSUE_SOURCES,
    list_tracker_transitions: ISSUE_SOURCES,
    transition_tracker_issue: ISSUE_SOURCES,
    assign_tracker_issue: [...ISSUE_SOURCES, ...PEOPLE],
    add_tracker_comment: [...ISSUE_SOURCES, ...PEOPLE],
    add_tracker_label: ISSUE_SOURCES,
    // The label to remove is one the issue has.
    remove_tracker_label: [...ISSUE_SOURCES, 'get_tracker_issue', 'add_tracker_label'],
    link_tracker_issues: ISSUE_SOURCES,
    unlink_tracker_issues: [...ISSUE_SOURCES, 'get_tracker_issue'],
    move_tracker_issue_to_sprint: [...ISSUE_SOURCES, ...SPRINT_SOURCES],
    start_tracker_sprint: SPRINT_SOURCES,
    complete_tracker_sprint: SPRINT_SOURCES,
    get_tracker_project: PROJECT_SOURCES,
    create_tracker_issue: PROJECT_SOURCES,
    list_tracker_sprints: PROJECT_SOURCES,
    create_tracker_sprint: PROJECT_SOURCES,
  },
  implicit: [],
};
