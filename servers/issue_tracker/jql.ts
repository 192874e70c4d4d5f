import { PRIORITIES, STATUSES, STATUS_NAMES, ISSUE_TYPES, type Issue, type IssueTrackerState, type Status } from './IssueTrackerState.js';
import { findUser } from './issueTrackerLookups.js';

/**
 * A small JQL: clauses `field op value` joined by AND (and OR between AND-groups), then an optional
 * `ORDER BY field [ASC|DESC], …`. Fields: project, status, assignee, reporter, priority, type,
 * labels, sprint, text (summary and description), created, updated, due, points. Operators: = != IN
 * NOT IN ~ (text contains) IS EMPTY / IS NOT EMPTY, and < <= > >= for dates, priority and points.
 * Values: bare words or "quoted text"; functions: openSprints(), currentSprint is an alias.
 * A malformed query is refused with what was expected at which word: nothing is guessed.
 */

export const JQL_FIELDS = ['project', 'status', 'assignee', 'reporter', 'priority', 'type', 'labels', 'sprint', 'text', 'created', 'updated', 'due', 'points'] as const;
type Field = (typeof JQL_FIELDS)[number];
const FIELD_ALIASES: Record<string, Field> = { label: 'labels', summary: 'text', issuetype: 'type', duedate: 'due', storypoints: 'points', story_points: 'points' };

type Token = { kind: 'word' | 'string' | 'op' | 'lparen' | 'rparen' | 'comma'; text: string };

export class JqlError extends Error {}

function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < query.length) {
    const c = query[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '"' || c === "'") {
      const end = query.indexOf(c, i + 1);
      if (end < 0) throw new JqlError(`unterminated quoted text starting at ${query.slice(i, i + 20)}`);
      tokens.push({ kind: 'string', text: query.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '(') {
      tokens.push({ kind: 'lparen', text: c });
      i++;
    } else if (c === ')') {
      tokens.push({ kind: 'rparen', text: c });
      i++;
    } else if (c === ',') {
      tokens.push({ kind: 'comma', text: c });
      i++;
    } else if ('=!<>~'.includes(c)) {
      const two = query.slice(i, i + 2);
      const op = ['!=', '<=', '>=', '!~'].includes(two) ? two : c;
      if (op === '!') throw new JqlError('"!" must be followed by "=" or "~"');
      tokens.push({ kind: 'op', text: op });
      i += op.length;
    } else {
      let j = i;
      while (j < query.length && !/[\s"'(),=!<>~]/.test(query[j])) j++;
      // A function call such as openSprints() stays one word.
      if (query.slice(j, j + 2) === '()') j += 2;
      tokens.push({ kind: 'word', text: query.slice(i, j) });
      i = j;
    }
  }
  return tokens;
}

type Op = '=' | '!=' | 'in' | 'not in' | '~' | '!~' | 'is empty' | 'is not empty' | '<' | '<=' | '>' | '>=';

interface Clause {
  field: Field;
  op: Op;
  values: string[];
}

export interface ParsedQuery {
  groups: Clause[][];
  order: Array<{ field: Field; descending: boolean }>;
}

class Parser {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(expected: string): Token {
    const token = this.tokens[this.at++];
    if (token === undefined) throw new JqlError(`the query ends where ${expected} was expected`);
    return token;
  }

  private keyword(word: string): boolean {
    const token = this.peek();
    if (token?.kind === 'word' && token.text.toLowerCase() === word) {
      this.at++;
      return true;
    }
    return false;
  }

  parse(): ParsedQuery {
    const groups: Clause[][] = [[]];
    const order: ParsedQuery['order'] = [];
    if (this.peek() !== undefined && !this.isOrderBy()) {
      for (;;) {
        groups[groups.length - 1].push(this.clause());
        if (this.keyword('and')) continue;
        if (this.keyword('or')) {
          groups.push([]);
          continue;
        }
        break;
      }
    }
    if (this.isOrderBy()) {
      this.at += 2;
      for (;;) {
        const field = this.field();
        let descending = false;
        if (this.keyword('desc')) descending = true;
        else this.keyword('asc');
        order.push({ field, descending });
        if (this.peek()?.kind === 'comma') {
          this.at++;
          continue;
        }
        break;
      }
    }
    const rest = this.peek();
    if (rest !== undefined) throw new JqlError(`unexpected "${rest.text}": clauses are joined with AND or OR, and ORDER BY comes last`);
    return { groups: groups[0].length === 0 ? [] : groups, order };
  }

  private isOrderBy(): boolean {
    const a = this.tokens[this.at];
    const b = this.tokens[this.at + 1];
    return a?.kind === 'word' && a.text.toLowerCase() === 'order' && b?.kind === 'word' && b.text.toLowerCase() === 'by';
  }

  private field(): Field {
    const token = this.next('a field');
    if (token.kind === 'lparen') throw new JqlError('parentheses group only IN lists here; write the query as AND-clauses joined by OR');
    const name = token.text.toLowerCase();
    const field = (JQL_FIELDS as readonly string[]).includes(name) ? (name as Field) : Object.hasOwn(FIELD_ALIASES, name) ? FIELD_ALIASES[name] : undefined;
    if (field === undefined) throw new JqlError(`unknown field "${token.text}"; fields: ${JQL_FIELDS.join(', ')}`);
    return field;
  }

  private value(): string {
    const token = this.next('a value');
    if (token.kind !== 'word' && token.kind !== 'string') throw new JqlError(`expected a value, got "${token.text}"`);
    return token.text;
  }

  private clause(): Clause {
    const field = this.field();
    const token = this.next(`an operator after ${field}`);
    if (token.kind === 'op') {
      const op = token.text as Op;
      return { field, op, values: [this.value()] };
    }
    if (token.kind === 'word') {
      const word = token.text.toLowerCase();
      if (word === 'in') return { field, op: 'in', values: this.list() };
      if (word === 'not' && this.keyword('in')) return { field, op: 'not in', values: this.list() };
      if (word === 'is') {
        const negated = this.keyword('not');
        if (!this.keyword('empty') && !this.keyword('null')) throw new JqlError(`expected EMPTY after "${field} IS${negated ? ' NOT' : ''}"`);
        return { field, op: negated ? 'is not empty' : 'is empty', values: [] };
      }
    }
    throw new JqlError(`expected an operator (=, !=, ~, IN, NOT IN, IS EMPTY, <, >) after ${field}, got "${token.text}"`);
  }

  private list(): string[] {
    if (this.next('"("').kind !== 'lparen') throw new JqlError('IN takes a list in parentheses, e.g. status IN ("To Do", "In Progress")');
    const values = [this.value()];
    for (;;) {
      const token = this.next('"," or ")"');
      if (token.kind === 'rparen') return values;
      if (token.kind !== 'comma') throw new JqlError(`expected "," or ")" in the IN list, got "${token.text}"`);
      values.push(this.value());
    }
  }
}

export function parseJql(query: string): ParsedQuery {
  return new Parser(tokenize(query)).parse();
}

function statusOf(value: string): Status {
  const lower = value.trim().toLowerCase();
  for (const status of STATUSES) if (status === lower.replace(/ /g, '_') || STATUS_NAMES[status].toLowerCase() === lower) return status;
  throw new JqlError(`unknown status "${value}"; statuses: ${STATUSES.map((s) => `"${STATUS_NAMES[s]}"`).join(', ')}`);
}

function oneOf(field: string, value: string, valid: readonly string[]): string {
  const lower = value.toLowerCase();
  if (!valid.includes(lower)) throw new JqlError(`unknown ${field} "${value}"; valid: ${valid.join(', ')}`);
  return lower;
}

function dayOf(field: string, value: string, today: string): string {
  const relative = /^([+-]?\d+)d$/.exec(value);
  if (relative) return new Date(Date.parse(`${today}T00:00:00Z`) + Number(relative[1]) * 86_400_000).toISOString().slice(0, 10);
  if (value.toLowerCase() === 'now()' || value.toLowerCase() === 'today') return today;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  throw new JqlError(`${field} compares with a day (YYYY-MM-DD), today or a relative day such as -7d, got "${value}"`);
}

/** Turn parsed clauses into one predicate, checking every value against the state (unknown names are errors). */
export function compileJql(parsed: ParsedQuery, state: IssueTrackerState, today: string): (issue: Issue) => boolean {
  const compileClause = (clause: Clause): ((issue: Issue) => boolean) => {
    const { field, op } = clause;
    const empty = op === 'is empty' || op === 'is not empty';
    const orderOps = op === '<' || op === '<=' || op === '>' || op === '>=';
    if (op === '~' || op === '!~') {
      if (field !== 'text') throw new JqlError(`~ (contains) works on text only; use = for ${field}`);
      const needle = clause.values[0].toLowerCase();
      return (issue) => `${issue.summary} ${issue.description}`.toLowerCase().includes(needle) === (op === '~');
    }
    if (field === 'text') throw new JqlError('text takes ~ (contains), e.g. text ~ "checkout"');
    // The value each issue has for a field, and how a query value is read for it.
    let get: (issue: Issue) => string | number | null | string[];
    let read: (value: string) => string | number;
    switch (field) {
      case 'project':
        get = (i) => i.project_id;
        read = (v) => {
          const key = v.toUpperCase();
          if (!Object.hasOwn(state.projects, key)) throw new JqlError(`unknown project "${v}"; projects: ${Object.keys(state.projects).join(', ')}`);
          return key;
        };
        break;
      case 'status':
        get = (i) => i.status;
        read = statusOf;
        break;
      case 'assignee':
      case 'reporter':
        get = field === 'assignee' ? (i) => i.assignee_id : (i) => i.reporter_id;
        read = (v) => {
          const user = findUser(state, v);
          if (user === undefined) throw new JqlError(`no user "${v}" (use an email such as maya.chen@northwind.dev or a full name)`);
          return user.user_id;
        };
        break;
      case 'priority':
        get = (i) => i.priority;
        read = (v) => oneOf('priority', v, PRIORITIES);
        break;
      case 'type':
        get = (i) => i.type;
        read = (v) => oneOf('type', v, ISSUE_TYPES);
        break;
      case 'labels':
        get = (i) => i.labels;
        read = (v) => v.toLowerCase();
        break;
      case 'sprint':
        get = (i) => i.sprint_id;
        read = (v) => {
          if (Object.hasOwn(state.sprints, v)) return v;
          const byName = Object.values(state.sprints).find((s) => s.name.toLowerCase() === v.toLowerCase());
          if (byName === undefined) throw new JqlError(`unknown sprint "${v}" (use a sprint id, a sprint name in quotes, or openSprints())`);
          return byName.sprint_id;
        };
        break;
      case 'created':
      case 'updated':
      case 'due':
        get = field === 'created' ? (i) => i.created_at.slice(0, 10) : field === 'updated' ? (i) => i.updated_at.slice(0, 10) : (i) => i.due_date;
        read = (v) => dayOf(field, v, today);
        break;
      case 'points':
        get = (i) => i.story_points;
        read = (v) => {
          const n = Number(v);
          if (!Number.isFinite(n)) throw new JqlError(`points compares with a number, got "${v}"`);
          return n;
        };
        break;
    }
    if (empty) {
      return (issue) => {
        const value = get(issue);
        const isEmpty = value === null || (Array.isArray(value) && value.length === 0);
        return op === 'is empty' ? isEmpty : !isEmpty;
      };
    }
    if (field === 'sprint' && clause.values.length === 1 && /^(opensprints\(\)|currentsprint\(\))$/i.test(clause.values[0])) {
      const open = new Set(Object.values(state.sprints).filter((s) => s.state !== 'closed').map((s) => s.sprint_id));
      if (op !== '=' && op !== 'in' && op !== '!=' && op !== 'not in') throw new JqlError('openSprints() takes =, !=, IN or NOT IN');
      const inside = op === '=' || op === 'in';
      return (issue) => (issue.sprint_id !== null && open.has(issue.sprint_id)) === inside;
    }
    if (orderOps) {
      const rank = field === 'priority' ? (v: string | number) => PRIORITIES.length - PRIORITIES.indexOf(v as never) : (v: string | number) => v;
      if (!['created', 'updated', 'due', 'points', 'priority'].includes(field)) throw new JqlError(`${op} works on created, updated, due, points and priority, not ${field}`);
      const bound = rank(read(clause.values[0]));
      return (issue) => {
        const value = get(issue);
        if (value === null || Array.isArray(value)) return false;
        const v = rank(value);
        return op === '<' ? v < bound : op === '<=' ? v <= bound : op === '>' ? v > bound : v >= bound;
      };
    }
    const wanted = new Set(clause.values.map(read));
    const positive = op === '=' || op === 'in';
    return (issue) => {
      const value = get(issue);
      const hit = Array.isArray(value) ? value.some((v) => wanted.has(v)) : value !== null && wanted.has(value);
      return hit === positive;
    };
  };
  const groups = parsed.groups.map((group) => group.map(compileClause));
  if (groups.length === 0) return () => true;
  return (issue) => groups.some((group) => group.every((test) => test(issue)));
}

const PRIORITY_RANK: Record<string, number> = Object.fromEntries(PRIORITIES.map((p, i) => [p, PRIORITIES.length - i]));
const STATUS_RANK: Record<string, number> = Object.fromEntries(STATUSES.map((s, i) => [s, i]));

/** Sort by the ORDER BY fields (then by key); without one, most recently updated first. */
export function sortIssues(issues: Issue[], parsed: ParsedQuery): Issue[] {
  const order = parsed.order.length > 0 ? parsed.order : [{ field: 'updated' as Field, descending: true }];
  const key = (issue: Issue, field: Field): string | number => {
    switch (field) {
      case 'priority': return PRIORITY_RANK[issue.priority];
      case 'status': return STATUS_RANK[issue.status];
      case 'created': return issue.created_at;
      case 'updated': return issue.updated_at;
      case 'due': return issue.due_date ?? '9999-12-31';
      case 'points': return issue.story_points ?? -1;
      case 'project': return issue.project_id;
      case 'type': return issue.type;
      case 'assignee': return issue.assignee_id ?? '';
      case 'reporter': return issue.reporter_id;
      case 'sprint': return issue.sprint_id ?? '';
      default: return issue.summary;
    }
  };
  return issues.sort((a, b) => {
    for (const { field, descending } of order) {
      const x = key(a, field);
      const y = key(b, field);
      if (x !== y) return (x < y ? -1 : 1) * (descending ? -1 : 1);
    }
    return a.project_id === b.project_id ? a.number - b.number : a.project_id < b.project_id ? -1 : 1;
  });
}
