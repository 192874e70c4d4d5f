import { expect } from 'chai';
import type { Engine } from '../../core/index.js';
import { domainNames } from '../../servers/index.js';
import { engineForGraphs, loadGold, renderScores, scoreDomains, type DomainScore } from './goldEdges/score.js';

// Domains whose model-free graph is still short of 0.9 against the gold edges (measured, see the
// synthesis README): their floor is today's measurement, so they cannot get worse unnoticed.
const BELOW_TARGET: Record<string, { precision: number; recall: number }> = {
  // None at present: all twenty domains reach 0.9 (issue #17 part 5).
};

describe('dependency graph against hand-labelled gold edges', function () {
  this.timeout(300_000);
  let engine: Engine;
  let scores: DomainScore[];

  before(async () => {
    engine = await engineForGraphs();
    scores = await scoreDomains(engine, domainNames());
    process.stdout.write(renderScores(scores));
  });
  after(() => engine.close());

  it('labels every built-in domain; a domain without a gold file is listed as unlabelled', async () => {
    for (const score of scores) {
      const gold = await loadGold(score.domain);
      expect(score.gold === undefined, score.domain).to.equal(gold === undefined);
    }
  });

  for (const domain of domainNames()) {
    it(`${domain}: precision and recall ≥ 0.9 (or its recorded floor)`, async function () {
      const score = scores.find((s) => s.domain === domain)!;
      if (score.gold === undefined) this.skip();
      const floor = BELOW_TARGET[domain] ?? { precision: 0.9, recall: 0.9 };
      expect(score.precision, `${domain} precision; extra: ${score.extra.join(', ')}`).to.be.at.least(floor.precision);
      expect(score.recall, `${domain} recall; missing: ${score.missing.join(', ')}`).to.be.at.least(floor.recall);
    });
  }
});
