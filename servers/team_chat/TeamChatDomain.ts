import { defineDomain } from '../kit/Domain.js';
import { loadFixture } from '../kit/fixtures.js';
import { TEAM_CHAT_REFERENCE_DATE, type TeamChatState } from './TeamChatState.js';
import {
  addChatReaction,
  createChatChannel,
  getChatThread,
  inviteToChatChannel,
  joinChatChannel,
  leaveChatChannel,
  listChatChannels,
  postChatMessage,
  readChatChannel,
  replyInChatThread,
  searchChatMessages,
} from './chatTools.js';
import { teamChatInvariants } from './teamChatInvariants.js';
import { teamChatPhrasings } from './teamChatPhrasings.js';
import { teamChatSamplers } from './teamChatSamplers.js';
import { teamChatScenarios } from './teamChatScenarios.js';

/** A Slack-style workspace: public and private channels, membership, messages, threads, reactions, mentions, search. */
export const teamChatDomain = defineDomain<TeamChatState>({
  name: 'team_chat',
  title: 'Team chat (Slack-style workspace)',
  category: 'social',
  description:
    'The Northwind Labs workspace modelled on Slack, seen by its signed-in user (maya): public and private channels with members ' +
    '(private ones invisible to non-members), messages with @mentions, threads, emoji reactions and search; joining, leaving, creating ' +
    'channels and inviting people. History is append-only.',
  tools: [listChatChannels, joinChatChannel, leaveChatChannel, createChatChannel, inviteToChatChannel, postChatMessage, replyInChatThread, addChatReaction, readChatChannel, getChatThread, searchChatMessages],
  loadWorld: () => loadFixture<TeamChatState>('team_chat'),
  defaultReferenceDate: TEAM_CHAT_REFERENCE_DATE,
  samplers: teamChatSamplers,
  invariants: teamChatInvariants,
  phrasings: teamChatPhrasings,
  scenarios: teamChatScenarios,
});

export default teamChatDomain;
