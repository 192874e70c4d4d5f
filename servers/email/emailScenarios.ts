import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import type { EmailMessage, EmailState } from './EmailState.js';

/**
 * Goals of the mailbox's owner, played as conversations. The owner remembers mail as people do: who
 * sent it, a word or two of the subject, roughly when ("the invoice Sofia Wagner sent around
 * February 22"), a colleague's name, the subject of a draft; the assistant turns that into Gmail
 * search operators (from:, subject:, after:/before:, has:attachment, is:unread) and finds the ids.
 */

type Row = Record<string, any>;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "February 22" for an ISO date. */
const spokenDay = (iso: string): string => `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}`;

/** The Gmail date (YYYY/MM/DD) `days` after an ISO date's day (negative: before). */
function gmailDay(iso: string, days: number): string {
  return new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '/');
}

const byNumber = (a: EmailMessage, b: EmailMessage): number => Number(a.message_id.slice(4)) - Number(b.message_id.slice(4));

/** Received mail from a known contact, still in the inbox: what the owner remembers and acts on. */
function received(state: EmailState): EmailMessage[] {
  return entryValues(state.messages)
    .filter((m) => !m.labels.includes('SENT') && !m.labels.includes('TRASH') && !m.labels.includes('SPAM') && m.labels.includes('INBOX') && Object.hasOwn(state.contacts, m.from))
    .sort(byNumber);
}

const GENERIC = new Set(['your', 'with', 'from', 'about', 'this', 'next', 'project', 'status', 'update', 'week']);

/** A word of the subject a person would remember: the longest one, without digits or punctuation. */
function subjectWord(subject: string): string | undefined {
  const words = subject
    .replace(/^(re|fwd):\s*/i, '')
    .split(/[^A-Za-z]+/)
    .filter((w) => w.length >= 4 && !GENERIC.has(w.toLowerCase()) && !MONTHS.includes(w));
  return words.sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0]?.toLowerCase();
}

/**
 * Whether what the owner remembers of `m` (its sender with a word of its subject, or its sender and
 * day) points at it alone in the mailbox: no other message from that sender has the word in
 * its subject or came within a day of it. Otherwise two conversations could say the same words and
 * mean different messages (seen: "Meeting invitation: Design critique" and its "Re:" thread, both
 * from one sender on one day), and a model could not tell which one the user meant.
 */
function uniquelyRemembered(m: EmailMessage, word: string, all: readonly EmailMessage[]): boolean {
  const day = Date.parse(m.date);
  return all.every((other) => other === m || other.from !== m.from || (!other.subject.toLowerCase().includes(word) && Math.abs(Date.parse(other.date) - day) > 86_400_000 * 2));
}

/** A received message (tried from a random start) that `pick` accepts, with what the owner remembers of it. */
function castMessage(state: EmailState, random: SessionRandom, pick: (m: EmailMessage, all: EmailMessage[]) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const all = received(state);
  if (all.length === 0) return undefined;
  const everything = entryValues(state.messages);
  const start = random.int(0, all.length - 1);
  for (let k = 0; k < all.length; k++) {
    const m = all[(start + k) % all.length];
    const word = subjectWord(m.subject);
    if (word === undefined || !uniquelyRemembered(m, word, everything)) continue;
    const facts = pick(m, all);
    if (facts === undefined) continue;
    const sender = state.contacts[m.from];
    return { sender_name: sender.name, sender_company: sender.company, word, day: spokenDay(m.date), after: gmailDay(m.date, -1), before: gmailDay(m.date, 2), target_subject: m.subject, target_date: m.date, ...facts };
  }
  return undefined;
}

/** The message the owner described, in a search result (same sender name and subject, same day). */
const found = (result: { messages: Row[] }, f: ScenarioFacts): ScenarioFacts | undefined => {
  const m = result.messages.find((row) => row.subject === f.target_subject && row.date === f.target_date);
  return m === undefined ? undefined : { message_id: m.message_id, thread_id: m.thread_id };
};

const remembered = (f: ScenarioFacts): string => `from:"${f.sender_name}" subject:${f.word} after:${f.after} before:${f.before}`;

/** A contact other than the sender, named as a colleague would. */
function otherContact(state: EmailState, random: SessionRandom, not: readonly string[]): { name: string; email: string; first: string } | undefined {
  const contacts = Object.values(state.contacts)
    .filter((c) => !not.includes(c.email))
    .sort((a, b) => (a.email < b.email ? -1 : 1));
  if (contacts.length === 0) return undefined;
  const c = random.pick(contacts);
  return { name: c.name, email: c.email, first: c.name.split(' ')[0] };
}

const REPLIES = ['Thanks, that works for me.', 'Thanks! I will take a look today and get back to you.', 'Got it, thank you. Let us discuss on Thursday.', 'Approved, please go ahead.', 'Thanks for the update, looks good.'];

const MAILBOX = ['The signed-in user is {owner_name} ({owner_email}).'];

const owner = (state: EmailState): ScenarioFacts => ({ owner_name: state.account.name, owner_email: state.account.email });

export const emailScenarios: DomainScenario<EmailState>[] = [
  {
    name: 'reply_to_remembered_email',
    goal: 'Find a message from what the owner remembers (sender, subject word, day), read it, and reply.',
    context: MAILBOX,
    weight: 2,
    cast(state, random) {
      const facts = castMessage(state, random, () => ({ reply: random.pick(REPLIES), guessed: `msg_${random.int(900, 999)}` }));
      return facts && { ...owner(state), ...facts };
    },
    turns: [
      {
        say: [
          'What did {sender_name} write to me on {day} about the {word} thing?',
          'Can you pull up the email {sender_name} sent me around {day}? The subject had "{word}" in it.',
          'I need the {word} email from {sender_name}, I think it came on {day}. What does it say?',
        ],
        steps: [
          { tool: 'search_emails', args: (f) => ({ query: remembered(f) }), learn: found },
          {
            tool: 'get_email',
            args: (f) => ({ message_id: f.message_id }),
            fault: { kind: 'guessed_id', tool: 'get_email', args: (f) => ({ message_id: f.guessed }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Reply to {sender_name}: "{reply}"', 'Please answer it with: {reply}', 'Write back "{reply}"'],
        steps: [{ tool: 'reply_to_email', args: (f) => ({ message_id: f.message_id, body: f.reply }) }],
      },
    ],
  },
  {
    name: 'catch_up_on_thread_and_reply_all',
    goal: 'Read a whole conversation found by its subject, then reply to everyone on its latest message.',
    context: MAILBOX,
    weight: 2,
    cast(state, random) {
      const facts = castMessage(state, random, (m) => {
        const thread = Object.values(state.threads).flatMap((b) => Object.values(b)).find((t) => t.thread_id === m.thread_id);
        return thread !== undefined && thread.message_ids.length >= 2 ? { reply: random.pick(REPLIES) } : undefined;
      });
      return facts && { ...owner(state), ...facts };
    },
    turns: [
      {
        say: [
          'Catch me up on the "{target_subject}" conversation with {sender_name}.',
          'What is the latest on the {word} thread with {sender_name}? Show me the whole conversation.',
        ],
        steps: [
          // Both ways of asking name the subject's word (the full subject contains it): search by that word.
          { tool: 'search_emails', args: (f) => ({ query: `from:"${f.sender_name}" subject:${f.word}` }), learn: found },
          {
            tool: 'get_email_thread',
            args: (f) => ({ thread_id: f.thread_id }),
            learn: (r: { messages: Row[] }, f) => {
              const theirs = r.messages.filter((m) => m.from !== f.owner_email);
              const latest = theirs[theirs.length - 1];
              return latest === undefined ? undefined : { latest_id: latest.message_id };
            },
            fault: { kind: 'guessed_id', tool: 'get_email_thread', args: (f) => ({ thread_id: String(f.word) }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Reply all to their last message: "{reply}"', 'Answer everyone on it: {reply}'],
        steps: [{ tool: 'reply_to_email', args: (f) => ({ message_id: f.latest_id, body: f.reply, reply_all: true }) }],
      },
    ],
  },
  {
    name: 'forward_attachment_to_colleague',
    goal: 'Forward a message with an attachment, found from its sender and month, to a colleague named by the owner.',
    context: MAILBOX,
    weight: 2,
    cast(state, random) {
      const facts = castMessage(state, random, (m) => {
        if (m.attachments.length === 0) return undefined;
        const to = otherContact(state, random, [m.from]);
        if (to === undefined) return undefined;
        const ext = m.attachments[0].filename.split('.').pop();
        return { colleague: to.name, colleague_first: to.first, ext, note: random.pick(['FYI, see attached.', 'Can you handle this one?', 'For your records.', 'Please file this, thanks.']) };
      });
      return facts && { ...owner(state), ...facts };
    },
    turns: [
      {
        say: [
          'Did {sender_name} send me the {word} email with an attachment on {day}? What is attached?',
          '{sender_name} sent me a {ext} about {word} around {day}. Can you find that email?',
        ],
        steps: [{ tool: 'search_emails', args: (f) => ({ query: `from:"${f.sender_name}" has:attachment after:${f.after} before:${f.before}` }), learn: found }],
      },
      {
        say: ['That is the one. Forward it to {colleague} with the note "{note}"', 'Please send it on to {colleague}. Add a note: "{note}"'],
        steps: [
          {
            tool: 'list_email_contacts',
            args: (f) => ({ name: f.colleague }),
            learn: (r: { contacts: Row[] }, f) => {
              const c = r.contacts.find((row) => row.name === f.colleague);
              return c === undefined ? undefined : { colleague_email: c.email };
            },
            fault: { kind: 'guessed_id', tool: 'forward_email', args: (f) => ({ message_id: f.message_id, to: [f.colleague_first], note: f.note }), recovery: 'retry_alternative' },
          },
          { tool: 'forward_email', args: (f) => ({ message_id: f.message_id, to: [f.colleague_email], note: f.note }) },
        ],
      },
    ],
  },
  {
    name: 'email_a_contact_by_name',
    goal: 'Write a new email to someone the owner names by first name and company; the assistant finds the address.',
    context: MAILBOX,
    cast(state, random) {
      const c = otherContact(state, random, []);
      if (c === undefined) return undefined;
      const contact = state.contacts[c.email];
      const topic = random.pick([
        { subject: 'Quick sync this week?', body: 'Hi, do you have 20 minutes this week for a quick sync?' },
        { subject: 'Slides for Friday', body: 'Hi, could you send me the slides for Friday?' },
        { subject: 'Thanks for today', body: 'Thanks for the meeting today, very helpful.' },
        { subject: 'Budget numbers', body: 'Hi, could you share the latest budget numbers?' },
      ]);
      return { ...owner(state), first: c.first, name: c.name, company: contact.company, ...topic };
    },
    turns: [
      {
        say: ['Send an email to {first} from {company} with the subject "{subject}": {body}', 'Email {name} at {company}. Subject "{subject}", and say: {body}'],
        steps: [
          {
            tool: 'list_email_contacts',
            args: (f) => ({ name: f.first }),
            learn: (r: { contacts: Row[] }, f) => {
              const c = r.contacts.find((row) => row.name === f.name && row.company === f.company);
              return c === undefined ? undefined : { address: c.email };
            },
          },
          {
            tool: 'send_email',
            args: (f) => ({ to: [f.address], subject: f.subject, body: f.body }),
            learn: (r: Row) => ({ sent_id: r.message_id }),
            fault: { kind: 'missing_argument', tool: 'send_email', args: (f) => ({ to: [f.address], body: f.body }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Did it go out? Show me the message as it was sent.', 'Thanks. Which address did it go to? Show me the sent email.'],
        steps: [{ tool: 'get_email', args: (f) => ({ message_id: f.sent_id }) }],
      },
    ],
  },
  {
    name: 'finish_draft_and_send',
    goal: 'Find a draft by its subject, add a recipient by name, and send it.',
    context: MAILBOX,
    weight: 2,
    cast(state, random) {
      const drafts = Object.values(state.drafts)
        .filter((d) => d.to.length === 0)
        .sort((a, b) => (a.draft_id < b.draft_id ? -1 : 1));
      if (drafts.length === 0) return undefined;
      const draft = random.pick(drafts);
      const c = otherContact(state, random, []);
      if (c === undefined) return undefined;
      return { ...owner(state), draft_subject: draft.subject, colleague: c.name };
    },
    turns: [
      {
        say: ['Do I still have a draft called "{draft_subject}"? Who is it addressed to?', 'Find my "{draft_subject}" draft, please. Does it have a recipient yet?'],
        steps: [
          {
            tool: 'list_email_drafts',
            args: () => ({}),
            learn: (r: { drafts: Row[] }, f) => {
              const d = r.drafts.find((row) => row.subject === f.draft_subject);
              return d === undefined ? undefined : { draft_id: d.draft_id };
            },
          },
        ],
      },
      {
        say: ['It is ready. Send it to {colleague}.', 'OK, address it to {colleague} and send it.'],
        steps: [
          {
            tool: 'list_email_contacts',
            args: (f) => ({ name: f.colleague }),
            learn: (r: { contacts: Row[] }, f) => {
              const c = r.contacts.find((row) => row.name === f.colleague);
              return c === undefined ? undefined : { colleague_email: c.email };
            },
          },
          {
            tool: 'update_email_draft',
            args: (f) => ({ draft_id: f.draft_id, to: [f.colleague_email] }),
            fault: { kind: 'state_refusal', tool: 'send_email_draft', args: (f) => ({ draft_id: f.draft_id }), recovery: 'retry_alternative' },
          },
          { tool: 'send_email_draft', args: (f) => ({ draft_id: f.draft_id }) },
        ],
      },
    ],
  },
  {
    name: 'draft_reply_then_discard',
    goal: 'Save a reply as a draft to a remembered message, then discard it (or an old draft) when plans change.',
    context: MAILBOX,
    weight: 2,
    cast(state, random) {
      const facts = castMessage(state, random, () => ({ reply: random.pick(REPLIES) }));
      const old = Object.values(state.drafts).sort((a, b) => (a.draft_id < b.draft_id ? -1 : 1));
      const stale = old.length > 0 && (random.next() < 0.5) ? random.pick(old).subject : undefined;
      return facts && { ...owner(state), ...facts, stale };
    },
    turns: [
      {
        say: ['Draft a reply to the {word} email {sender_name} sent on {day}, saying "{reply}". Do not send it yet.', 'Start a reply to {sender_name} about {word} (from {day}): "{reply}", but keep it as a draft.'],
        steps: [
          { tool: 'search_emails', args: (f) => ({ query: remembered(f) }), learn: found },
          {
            tool: 'create_email_draft',
            args: (f) => ({ to: [f.sender_name], subject: `Re: ${String(f.target_subject).replace(/^Re:\s*/i, '')}`, body: f.reply, reply_to_message_id: f.message_id }),
            learn: (r: Row) => ({ new_draft_id: r.draft_id }),
          },
        ],
      },
      {
        say: ['Actually, we talked in person. Throw that draft away.', 'Never mind, delete the draft.'],
        when: (f) => f.stale === undefined,
        steps: [{ tool: 'delete_email_draft', args: (f) => ({ draft_id: f.new_draft_id }) }],
      },
      {
        say: ['Thanks. And my old "{stale}" draft can go, delete it.', 'Also discard the draft called "{stale}", it is outdated.'],
        when: (f) => f.stale !== undefined,
        steps: [
          {
            tool: 'list_email_drafts',
            args: () => ({}),
            learn: (r: { drafts: Row[] }, f) => {
              const d = r.drafts.find((row) => row.subject === f.stale);
              return d === undefined ? undefined : { stale_id: d.draft_id };
            },
          },
          { tool: 'delete_email_draft', args: (f) => ({ draft_id: f.stale_id }) },
        ],
      },
    ],
  },
  {
    name: 'file_mail_under_new_label',
    goal: 'Create a label and file a remembered message under it, then drop a label the owner no longer uses.',
    context: MAILBOX,
    weight: 2,
    cast(state, random) {
      const facts = castMessage(state, random, () => ({}));
      const names = ['Taxes 2026', 'Vendors', 'Follow up', 'Board', 'Offsite 2026', 'Contracts'];
      const label = random.pick(names);
      if (Object.values(state.labels).some((l) => l.label.toLowerCase() === label.toLowerCase())) return undefined;
      const users = Object.values(state.labels)
        .filter((l) => l.type === 'user')
        .sort((a, b) => (a.label_id < b.label_id ? -1 : 1));
      const drop = users.length > 0 ? random.pick(users).label : undefined;
      return facts && { ...owner(state), ...facts, label, drop };
    },
    turns: [
      {
        say: ['Make a new label "{label}" and put the {word} email from {sender_name} ({day}) under it.', 'Create a "{label}" folder and file {sender_name}\'s {word} message from {day} there.'],
        steps: [
          {
            tool: 'create_email_label',
            args: (f) => ({ name: f.label }),
            fault: { kind: 'state_refusal', tool: 'create_email_label', args: () => ({ name: 'Inbox' }), recovery: 'retry_corrected' },
          },
          { tool: 'search_emails', args: (f) => ({ query: remembered(f) }), learn: found },
          { tool: 'modify_email_labels', args: (f) => ({ message_id: f.message_id, label: f.label, action: 'add' }) },
        ],
      },
      {
        say: ['Which labels do I have now, and how many unread in each?', 'Show me my labels with their counts.'],
        steps: [{ tool: 'list_email_labels', args: () => ({}) }],
      },
      {
        say: ['I never use {drop} anymore. Delete that label.', 'Get rid of the {drop} label, please.'],
        when: (f) => f.drop !== undefined,
        steps: [{ tool: 'delete_email_label', args: (f) => ({ label: f.drop }) }],
      },
    ],
  },
  {
    name: 'triage_unread_and_newsletters',
    goal: 'Mark a remembered unread message read and starred, then trash a newsletter.',
    context: MAILBOX,
    weight: 2,
    cast(state, random) {
      const facts = castMessage(state, random, (m) => ({ unread: m.labels.includes('UNREAD'), starred: m.labels.includes('STARRED') }));
      const news = entryValues(state.messages)
        .filter((m) => m.from.startsWith('news@') && m.labels.includes('INBOX') && !m.labels.includes('TRASH'))
        .sort(byNumber);
      if (news.length === 0) return undefined;
      const newsletter = random.pick(news);
      return facts && { ...owner(state), ...facts, read_said: facts.unread === true ? ' and mark it as read' : '', news_subject: newsletter.subject, news_date: newsletter.date, news_day: spokenDay(newsletter.date) };
    },
    turns: [
      {
        say: ['Mark the {word} email from {sender_name} ({day}) as starred{read_said}, so I do not lose it.', 'Please put {sender_name}\'s message about {word} from {day} in my starred mail{read_said}.'],
        steps: [
          { tool: 'search_emails', args: (f) => ({ query: remembered(f) }), learn: found },
          {
            tool: 'modify_email_labels',
            args: (f) => ({ message_id: f.message_id, label: 'STARRED', action: 'add' }),
            fault: { kind: 'out_of_range', tool: 'modify_email_labels', args: (f) => ({ message_id: f.message_id, label: 'Favorites', action: 'add' }), recovery: 'retry_corrected' },
          },
          { tool: 'modify_email_labels', args: (f) => (f.unread === true ? { message_id: f.message_id, label: 'UNREAD', action: 'remove' } : undefined) },
        ],
      },
      {
        say: ['And trash the "{news_subject}" email from {news_day}.', 'Also bin the newsletter "{news_subject}" that came on {news_day}.'],
        steps: [
          {
            tool: 'search_emails',
            args: (f) => ({ query: `subject:"${f.news_subject}" after:${gmailDay(String(f.news_date), -1)} before:${gmailDay(String(f.news_date), 1)}` }),
            learn: (r: { messages: Row[] }, f) => {
              const m = r.messages.find((row) => row.date === f.news_date);
              return m === undefined ? undefined : { news_id: m.message_id };
            },
          },
          { tool: 'trash_email', args: (f) => ({ message_id: f.news_id }) },
        ],
      },
    ],
  },
];
