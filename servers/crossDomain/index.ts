import type { CrossDomainScenario } from '../kit/Domain.js';
import { commerceScenarios } from './commerceScenarios.js';
import { placesScenarios } from './placesScenarios.js';
import { scheduleScenarios } from './scheduleScenarios.js';

/**
 * Every cross-domain scenario (servers/README.md, "Scenarios"): goals whose steps span two domains,
 * played against one session of each. Synthesis plays one when all its domains are in the run.
 */
export const CROSS_DOMAIN_SCENARIOS: readonly CrossDomainScenario[] = [...commerceScenarios, ...scheduleScenarios, ...placesScenarios];

/** The cross-domain scenarios a domain takes part in. */
export function crossDomainScenariosOf(domain: string): readonly CrossDomainScenario[] {
  return CROSS_DOMAIN_SCENARIOS.filter((scenario) => scenario.domains.includes(domain));
}
