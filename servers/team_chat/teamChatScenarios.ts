import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import { entryValues } from '../kit/bucketedRecord.js';
import type { ChatMessage, TeamChatState } from './TeamChatState.js';

/**
 * Goals of the signed-in member of the workspace, played as conversations. She names channels
 * (#deploys), people by name or @handle as Slack shows them, and messages by who said what
 * ("Omar's message in #deploys about the atlas release"); the assistant reads, searches and finds
 * the message ids.
 */

type Row = Record<string, any>;

const byNumber = (a: ChatMessage, b: ChatMessage): number => Number(a.message_id.slice(4)) - Number(b.message_id.slice(4));

/** Channels the signed-in user can see (public, or private with her in it), by name. */
function visible(state: TeamChatState): string[] {
  return Object.values(state.channels)
    .filter((c) => !c.is_private || c.members.includes(state.me))
    .map((c) => c.name)
    .sort();
}

const STOP = new Set(['the', 'and', 'for', 'from', 'with', 'this', 'that', 'anyone', 'please', 'next', 'week', 'can', 'someone', 'check', 'into', 'looking', 'back']);

/** A word of a message a person remembers (the longest plain word that is not a mention or a stop word). */
function keyword(text: string): string | undefined {
  const words = text
    .split(/[^A-Za-z0-9.-]+/)
    .map((w) => w.replace(/\.+$/, ''))
    .filter((w) => w.length >= 4 && /^[A-Za-z]/.test(w) && !STOP.has(w.toLowerCase()));
  return words.sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0];
}

/**
 * Whether "the #channel message from <first name> that mentions <word>" points at `m` alone: no
 * other message of that channel (a reply included) mentions the word and comes from someone with the same
 * first name. Otherwise one request would mean two messages (seen: two of Ivan's messages in
 * #engineering about Postgres), and no assistant could tell which one the user meant.
 */
function uniquelyRemembered(state: TeamChatState, m: ChatMessage, word: string, all: readonly ChatMessage[]): boolean {
  const first = (user: string): string | undefined => state.users[user]?.display_name.split(' ')[0];
  const lower = word.toLowerCase();
  return all.every((other) => other === m || other.channel !== m.channel || first(other.user) !== first(m.user) || !other.text.toLowerCase().includes(lower));
}

/** A top-level message by someone else in a channel the user is in (tried from a random start) that `pick` accepts. */
function castMessage(state: TeamChatState, random: SessionRandom, pick: (m: ChatMessage) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const mine = new Set(Object.values(state.channels).filter((c) => c.members.includes(state.me)).map((c) => c.name));
  const all = entryValues(state.messages)
    .filter((m) => m.parent_id === null && m.user !== state.me && mine.has(m.channel))
    .sort(byNumber);
  if (all.length === 0) return undefined;
  const everything = entryValues(state.messages);
  const start = random.int(0, all.length - 1);
  for (let k = 0; k < all.length; k++) {
    const m = all[(start + k) % all.length];
    const word = keyword(m.text);
    if (word === undefined || !uniquelyRemembered(state, m, word, everything)) continue;
    const facts = pick(m);
    if (facts === undefined) continue;
    const author = state.users[m.user];
    return { me: state.me, me_name: state.users[state.me].display_name, channel: m.channel, author: author.display_name, author_first: author.display_name.split(' ')[0], author_handle: m.user, word, target_ts: m.ts, ...facts };
  }
  return undefined;
}

/** The remembered message in a search or channel result. */
const found = (result: { messages: Row[] }, f: ScenarioFacts): ScenarioFacts | undefined => {
  const m = result.messages.find((row) => row.ts === f.target_ts && row.channel === f.channel);
  return m === undefined ? undefined : { message_id: m.message_id };
};

const EMOJI = ['thumbsup', 'eyes', 'tada', 'white_check_mark', 'raised_hands', 'heart'];
const REPLIES = ['Thanks, on it!', 'Looks good to me.', 'Great news, thanks for sharing.', 'I can take a look this afternoon.', 'Nice work!'];

const SIGNED_IN = ['The signed-in user is {me_name} (@{me}).'];

export const teamChatScenarios: DomainScenario<TeamChatState>[] = [
  {
    name: 'reply_in_remembered_thread',
    goal: 'Find a message by who posted it, where and a word of it; read its thread, reply there and react.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      return castMessage(state, random, (m) => {
        const emoji = random.pick(EMOJI);
        if (m.reactions.some((r) => r.emoji === emoji && r.users.includes(state.me))) return undefined;
        return { reply: random.pick(REPLIES), emoji, guessed: `msg_${random.int(900, 999)}` };
      });
    },
    turns: [
      {
        say: ['{author} posted something in #{channel} about "{word}". What did people answer?', 'Find the #{channel} message from {author_first} that mentions {word} and show me its thread.'],
        steps: [
          { tool: 'search_chat_messages', args: (f) => ({ query: f.word, channel: f.channel }), learn: found },
          { tool: 'get_chat_thread', args: (f) => ({ message_id: f.message_id }) },
        ],
      },
      {
        say: ['Reply in that thread: "{reply}" And add a :{emoji}: to the original message.', 'Answer in the thread with "{reply}", then react with {emoji}.'],
        steps: [
          {
            tool: 'reply_in_chat_thread',
            args: (f) => ({ message_id: f.message_id, text: f.reply }),
            fault: { kind: 'guessed_id', tool: 'reply_in_chat_thread', args: (f) => ({ message_id: f.guessed, text: f.reply }), recovery: 'retry_corrected' },
          },
          { tool: 'add_chat_reaction', args: (f) => ({ message_id: f.message_id, emoji: f.emoji }) },
        ],
      },
    ],
  },
  {
    name: 'catch_up_on_channel',
    goal: 'Read the latest messages of a channel, react to the newest one by someone else, and post a follow-up mentioning them.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      const mine = Object.values(state.channels)
        .filter((c) => c.members.includes(state.me))
        .map((c) => c.name)
        .sort();
      if (mine.length === 0) return undefined;
      return { me: state.me, me_name: state.users[state.me].display_name, channel: random.pick(mine), limit: random.pick([5, 10]), emoji: random.pick(EMOJI), follow_up: random.pick(['thanks for the heads-up, let us talk at standup', 'can you share more details?', 'I will follow up on this today']) };
    },
    turns: [
      {
        say: ['What is new in #{channel}? Show me the last {limit} messages.', 'Catch me up on #{channel}, the latest {limit} posts.'],
        steps: [
          {
            tool: 'read_chat_channel',
            args: (f) => ({ channel: f.channel, limit: f.limit }),
            learn: (r: { messages: Row[] }, f) => {
              // The newest message by someone else (newest first): "the latest from @omar" is that one.
              const theirs = r.messages.find((m) => m.user !== f.me);
              if (theirs === undefined || theirs.reactions.some((x: Row) => x.emoji === f.emoji && x.users.includes(f.me))) return undefined;
              return { latest_id: theirs.message_id, latest_user: theirs.user };
            },
            fault: { kind: 'guessed_id', tool: 'read_chat_channel', args: (f) => ({ channel: `${String(f.channel).replace(/-/g, '')}s`, limit: f.limit }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        // The user read the channel in the reply before: she names the author by the handle Slack shows.
        say: ['React with :{emoji}: to the latest message from @{latest_user} and post "@{latest_user} {follow_up}" in the channel.', 'Put a {emoji} on @{latest_user}\'s message and tell them in #{channel}: "@{latest_user} {follow_up}"'],
        steps: [
          { tool: 'add_chat_reaction', args: (f) => ({ message_id: f.latest_id, emoji: f.emoji }) },
          { tool: 'post_chat_message', args: (f) => ({ channel: f.channel, text: `@${f.latest_user} ${f.follow_up}` }) },
        ],
      },
    ],
  },
  {
    name: 'join_channel_and_ask',
    goal: 'Find a public channel by its topic, join it and post a question there.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      const open = Object.values(state.channels)
        .filter((c) => !c.is_private && !c.members.includes(state.me))
        .sort((a, b) => (a.name < b.name ? -1 : 1));
      if (open.length === 0) return undefined;
      const channel = random.pick(open);
      return { me: state.me, me_name: state.users[state.me].display_name, channel: channel.name, question: random.pick(['Who owns the Q2 roadmap doc?', 'Is there a checklist for new projects?', 'Could someone share last week\'s numbers?', 'Hi all, what is the best way to reach this team?']) };
    },
    turns: [
      {
        say: ['Which channels can I see that I am not in yet?', 'List the channels for me, I am looking for #{channel}.'],
        steps: [{ tool: 'list_chat_channels', args: () => ({}), learn: (r: { channels: Row[] }, f) => (r.channels.some((c) => (c.name ?? c.channel) === f.channel) ? {} : undefined) }],
      },
      {
        say: ['Post in #{channel}: "{question}"', 'Ask #{channel}: {question}'],
        steps: [
          {
            tool: 'join_chat_channel',
            args: (f) => ({ channel: f.channel }),
            fault: { kind: 'state_refusal', tool: 'post_chat_message', args: (f) => ({ channel: f.channel, text: f.question }), recovery: 'retry_alternative' },
          },
          { tool: 'post_chat_message', args: (f) => ({ channel: f.channel, text: f.question }) },
        ],
      },
    ],
  },
  {
    name: 'start_project_channel',
    goal: 'Create a channel for a project (public or private), invite two people by handle, and post the welcome the user dictates.',
    context: SIGNED_IN,
    weight: 3,
    cast(state, random) {
      const project = random.pick(['atlas', 'beacon', 'comet', 'delta', 'orion', 'nova']);
      const name = random.pick([`proj-${project}`, `${project}-launch`, `team-${project}`]);
      if (Object.hasOwn(state.channels, name)) return undefined;
      const people = Object.keys(state.users)
        .filter((u) => u !== state.me)
        .sort();
      if (people.length < 2) return undefined;
      const a = random.pick(people);
      const b = random.pick(people.filter((p) => p !== a));
      const spaced = `${project[0].toUpperCase()}${project.slice(1)} ${name.includes('launch') ? 'Launch' : 'Project'}`;
      const welcome = random.pick([`Welcome @${a} and @${b}! This is our space for ${project}.`, `Hi @${a} and @${b}, glad you are here: everything ${project} goes in this channel.`, `@${a} @${b} welcome aboard! Let us keep ${project} updates here.`]);
      const isPrivate = random.next() < 0.4;
      return { me: state.me, me_name: state.users[state.me].display_name, name, name_said: name, spaced, project, topic: `Everything ${project}`, private: isPrivate, private_said: isPrivate ? 'private ' : '', a, b, a_name: state.users[a].display_name, b_name: state.users[b].display_name, welcome };
    },
    turns: [
      {
        say: ['Create a {private_said}channel "{name_said}" for the {project} project, topic "{topic}".', 'Make a new {private_said}channel called {name_said} with the topic "{topic}".'],
        steps: [
          {
            tool: 'create_chat_channel',
            args: (f) => ({ name: f.name, topic: f.topic, ...(f.private === true ? { is_private: true } : {}) }),
            // A name with capitals and a space is refused; the assistant asks for a valid one rather than inventing it.
            fault: {
              kind: 'out_of_range',
              tool: 'create_chat_channel',
              said: (f) => ({ name_said: f.spaced }),
              args: (f) => ({ name: f.spaced, topic: f.topic, ...(f.private === true ? { is_private: true } : {}) }),
              recovery: 'ask_user',
              ask: ['Channel names must be lowercase, without spaces. What should I call it?', 'That name is not allowed (lowercase letters, digits and dashes only). Which name should I use?'],
              reply: ['Call it {name} then.', 'OK, use {name}.'],
            },
          },
        ],
      },
      {
        say: ['Invite @{a} ({a_name}) and @{b} ({b_name}), then post "{welcome}" there.', 'Add {a_name} (@{a}) and {b_name} (@{b}) to it and welcome them with: {welcome}'],
        steps: [
          { tool: 'invite_to_chat_channel', args: (f) => ({ channel: f.name, username: f.a }) },
          { tool: 'invite_to_chat_channel', args: (f) => ({ channel: f.name, username: f.b }) },
          { tool: 'post_chat_message', args: (f) => ({ channel: f.name, text: f.welcome }) },
        ],
      },
    ],
  },
  {
    name: 'leave_quiet_channels',
    goal: 'List the channels the user is in and leave one she names.',
    context: SIGNED_IN,
    cast(state, random) {
      const mine = Object.values(state.channels)
        .filter((c) => c.members.includes(state.me) && c.name !== 'general')
        .map((c) => c.name)
        .sort();
      if (mine.length === 0) return undefined;
      const channel = random.pick(mine);
      return { me: state.me, me_name: state.users[state.me].display_name, channel, channel_said: channel };
    },
    turns: [
      {
        say: ['Which channels am I a member of?', 'Show me just the channels I am in.'],
        steps: [{ tool: 'list_chat_channels', args: () => ({ member_only: true }) }],
      },
      {
        say: ['Leave #{channel_said}, I do not follow it anymore.', 'Get me out of #{channel_said}.'],
        steps: [
          {
            tool: 'leave_chat_channel',
            args: (f) => ({ channel: f.channel }),
            fault: {
              kind: 'state_refusal',
              tool: 'leave_chat_channel',
              said: () => ({ channel_said: 'general' }),
              args: () => ({ channel: 'general' }),
              recovery: 'ask_user',
              ask: ['Nobody can leave #general. Is there another channel you would like to leave?', 'Everyone stays in #general, so I cannot leave it. Which other channel should I leave?'],
              reply: ['Ah, OK. Then leave #{channel}.', 'Fine, get me out of #{channel} instead.'],
            },
          },
        ],
      },
    ],
  },
  {
    name: 'answer_my_mentions',
    goal: 'Find where the user was @mentioned by someone, read the thread, and reply.',
    context: SIGNED_IN,
    weight: 2,
    cast(state, random) {
      return castMessage(state, random, (m) => (m.mentions.includes(state.me) ? { reply: random.pick(REPLIES) } : undefined));
    },
    turns: [
      {
        say: ['Did {author_first} mention me somewhere? Show me.', 'What did {author} tag me about?'],
        steps: [
          {
            tool: 'search_chat_messages',
            args: (f) => ({ mentions: f.me }),
            learn: (r: { messages: Row[] }, f) => {
              const m = r.messages.find((row) => row.user === f.author_handle && row.parent_id === null);
              return m === undefined ? undefined : { message_id: m.message_id };
            },
          },
          { tool: 'get_chat_thread', args: (f) => ({ message_id: f.message_id }) },
        ],
      },
      {
        say: ['Reply to it in the thread: "{reply}"', 'Answer {author_first} there: {reply}'],
        steps: [{ tool: 'reply_in_chat_thread', args: (f) => ({ message_id: f.message_id, text: f.reply }) }],
      },
    ],
  },
];
