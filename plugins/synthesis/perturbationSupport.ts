import type { GenerationDraft } from '../../core/index.js';
import type { ConversationScript } from './ConversationStateMachine.js';
import { SCRIPT } from './contracts.js';
import { SynthesisRandom } from './SynthesisRandom.js';

/** The script of a synthesis query draft, or undefined for any other draft (rollouts, later turns). */
export function queryScript(draft: GenerationDraft): ConversationScript | undefined {
  return draft.purpose === 'query' ? SCRIPT.get(draft.meta) : undefined;
}

/** A perturbation's own random source for a draft: its draws do not depend on which other perturbations ran. */
export function perturbationRandom(draft: GenerationDraft, name: string): SynthesisRandom {
  return SynthesisRandom.derive(draft.seed, name);
}

/** Record that a perturbation was applied to the example being drafted. */
export function markPerturbation(draft: GenerationDraft, name: string, detail?: unknown): void {
  const example = draft.example ?? (draft.example = {});
  example.perturbations = [...(example.perturbations ?? []), name];
  if (detail !== undefined) example.meta = { ...(example.meta ?? {}), [name]: detail };
}

/** Options every perturbation plugin takes. */
export interface PerturbationOptions {
  /** Probability of applying it to a conversation. */
  probability?: number;
}

export const PROBABILITY_SCHEMA = { type: 'number', minimum: 0, maximum: 1 } as const;
