import type { DomainSampler } from '../kit/Domain.js';
import type { TeamChatState } from './TeamChatState.js';

/** What a workspace conversation can mention, as the signed-in user sees it. */

const POSTS = ['Standup moved to 10:30 today.', 'Heads up: staging will be down for 20 minutes.', 'Who can review the billing PR?', 'Thanks everyone for the great demo!', 'Reminder: retro at 16:00.', 'I am out tomorrow, ping @ben for anything urgent.'];
const WORDS = ['deploy', 'rollback', 'review', 'lunch', 'VPN', 'budget', 'offsite', 'certificate', 'candidates', 'launch', 'refund', 'laptops'];
const EMOJI = ['thumbsup', 'eyes', 'white_check_mark', 'tada', 'rocket', 'pray'];
const NEW_CHANNELS: Array<[string, string]> = [
  ['project-atlas', 'Atlas launch coordination'],
  ['book-club', 'What we are reading'],
  ['q2-planning', 'Planning for Q2'],
  ['oncall', 'On-call handovers'],
];

export const teamChatSamplers: DomainSampler<TeamChatState>[] = [
  {
    collection: 'channels',
    description: 'Channels the signed-in user is in (they may read, post, reply and invite there).',
    sample(state) {
      return Object.values(state.channels)
        .filter((c) => c.members.includes(state.me))
        .map((c) => ({ channel: c.name, topic: c.topic, is_private: c.is_private, members: c.members.length }));
    },
  },
  {
    collection: 'joinable_channels',
    description: 'Public channels the signed-in user is not in yet.',
    sample(state) {
      return Object.values(state.channels)
        .filter((c) => !c.is_private && !c.members.includes(state.me))
        .map((c) => ({ channel: c.name, topic: c.topic }));
    },
  },
  {
    collection: 'people',
    description: 'People in the workspace: username (what @mentions and invitations take), full name and title.',
    sample(state) {
      return Object.values(state.users)
        .filter((u) => u.username !== state.me)
        .map((u) => ({ username: u.username, from: u.username, full_name: u.display_name, title: u.title }));
    },
  },
  {
    collection: 'chat_channels',
    description: 'Names and topics for channels a user might create (none exists yet).',
    sample(state) {
      return NEW_CHANNELS.filter(([name]) => !Object.hasOwn(state.channels, name)).map(([name, topic]) => ({ name, topic }));
    },
  },
  {
    collection: 'phrases',
    description: 'Messages a user might post (text), words they might search for (query) and emoji they react with.',
    sample() {
      return [...POSTS.map((text) => ({ text })), ...WORDS.map((query) => ({ query })), ...EMOJI.map((emoji) => ({ emoji }))];
    },
  },
];
