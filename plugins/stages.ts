import { STAGE_DEFAULT, STAGE_EARLY, STAGE_LATE } from '../core/index.js';

/**
 * Where each built-in plugin taps, by hook, in one place: the order inside a hook is read here,
 * not worked out from `STAGE_EARLY + 2` scattered over the plugins. Lower runs first; taps of one
 * stage run in configuration order. A third-party plugin picks its stage relative to these.
 */
export const STAGES = Object.freeze({
  onSample: {
    /** Domain plugins: entities, ranges and values read from the live session. */
    environment: STAGE_DEFAULT,
    /** Keeps entities with enough supporting data and caches the context (after the domains filled it). */
    liveSampling: STAGE_DEFAULT + 5,
    /** Builds the dependency graph from the sampled entities (after live sampling). */
    dependencyGraph: STAGE_LATE,
  },
  onGenerate: {
    /** Perturbations first, in this order: the teacher must see the perturbed tool set. */
    distractors: STAGE_EARLY,
    enumStripping: STAGE_EARLY + 1,
    irrelevance: STAGE_EARLY + 2,
    missingFunction: STAGE_EARLY + 3,
    /** Teachers and policies that answer drafts (OpenAI-compatible, the PyTorch worker). */
    policy: STAGE_DEFAULT,
    /** The template teacher answers only what no model answered before it. */
    templateTeacher: STAGE_DEFAULT + 1,
    /** A model user simulator rewrites the template teacher's user turns in its own words. */
    userSimulator: STAGE_DEFAULT + 2,
  },
  onReward: {
    /** One plugin per reward term. */
    term: STAGE_DEFAULT,
    /** R_arg reads the alignment the coverage term left in the sheet's details. */
    argumentValues: STAGE_DEFAULT + 1,
    /** The weighted total, after every term. */
    combiner: STAGE_LATE,
  },
  onUpdate: {
    /** Replays and filters examples before anything consumes them. */
    replayValidation: STAGE_EARLY,
    /** The GRPO step. */
    optimizer: STAGE_DEFAULT,
    /** Writes what is left, last. */
    datasetWriter: STAGE_LATE,
  },
} as const);
