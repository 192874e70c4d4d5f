import { STATE_UNAVAILABLE, type Example, type ExampleKind, type RewardSheet, type Trajectory } from '../../core/index.js';
import type { GroundTruthReplay } from './replayGroundTruth.js';
import type { PlayedRollout } from './RolloutRunner.js';

/** BFCL's state check: the rollout left every live server in the state the ground truth leaves it in. */
export interface StateCheck {
  /** Passed only when every server's state was compared and matched; never when a state was unavailable. */
  pass: boolean;
  /** `unavailable` when a server exposes no state (a third-party MCP server without a state tool): nothing was compared. */
  status: 'passed' | 'failed' | 'unavailable';
  /** Final hash of the ground-truth replay, by server. */
  expected: Record<string, string>;
  /** Final hash the rollout left, by server. */
  actual: Record<string, string>;
  /** Servers whose hashes differ. */
  mismatched: string[];
  /** Ground-truth calls that failed in the replay (a sign that the example no longer fits its world). */
  groundTruthFailures: number;
}

/** The response check: the conversation ended the way the example asks for. */
export interface ResponseCheck {
  pass: boolean;
  /** Why it passed or failed, in words. */
  reason: string;
}

/** One line of rollouts.jsonl. */
export interface RolloutRecord {
  exampleId: string;
  rollout: number;
  domains: string[];
  kind: ExampleKind;
  trajectory: Trajectory;
  reward: RewardSheet;
  stateCheck: StateCheck;
  responseCheck: ResponseCheck;
  durationMs: number;
}

export function stateCheck(example: Example, trajectory: Trajectory, replay: GroundTruthReplay): StateCheck {
  const actual = trajectory.finalStateHashes ?? {};
  const unavailable = example.servers.some((server) => actual[server] === STATE_UNAVAILABLE || replay.finalStateHashes[server] === STATE_UNAVAILABLE);
  const mismatched = unavailable ? [] : example.servers.filter((server) => actual[server] === undefined || actual[server] !== replay.finalStateHashes[server]);
  const status = unavailable ? 'unavailable' : mismatched.length === 0 ? 'passed' : 'failed';
  return { pass: status === 'passed', status, expected: replay.finalStateHashes, actual, mismatched, groundTruthFailures: replay.failures.length };
}

/**
 * The response check, decided here because the paper and BFCL leave it open for live multi-turn
 * episodes: the rollout played every user turn to the end (`completed`), its last message is an
 * assistant message with non-empty text, and on an abstention example it made no call at all.
 */
export function responseCheck(example: Example, trajectory: Trajectory): ResponseCheck {
  if (trajectory.finishReason !== 'completed') return { pass: false, reason: `the rollout ended with ${trajectory.finishReason}${trajectory.error ? `: ${trajectory.error}` : ''}` };
  const last = trajectory.messages[trajectory.messages.length - 1];
  if (last?.role !== 'assistant' || typeof last.content !== 'string' || last.content.trim() === '') {
    return { pass: false, reason: 'the last message is not an assistant answer with text' };
  }
  if (example.kind === 'abstention' && trajectory.calls.length > 0) {
    return { pass: false, reason: `made ${trajectory.calls.length} call(s) on an abstention example` };
  }
  return { pass: true, reason: example.kind === 'abstention' ? 'answered in text without calling a tool' : 'answered every user turn in text' };
}

/** Everything rollouts.jsonl records about one rollout. */
export function rolloutRecord(example: Example, rollout: PlayedRollout, replay: GroundTruthReplay): RolloutRecord {
  return {
    exampleId: example.id,
    rollout: rollout.index,
    domains: [...example.servers],
    kind: example.kind,
    trajectory: rollout.trajectory,
    reward: rollout.reward,
    stateCheck: stateCheck(example, rollout.trajectory, replay),
    responseCheck: responseCheck(example, rollout.trajectory),
    durationMs: rollout.durationMs,
  };
}
