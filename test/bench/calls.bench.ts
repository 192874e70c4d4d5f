/**
 * Every state-changing tool of the domains, one call each, on the fast path and through the SDK's
 * InMemoryTransport (npm run bench:calls [-- domain… --quick]): the per-tool view behind the
 * fast-path figure of bench:env (target: at most 1/10), with each domain's median. Each side runs
 * in fresh processes of its own (fast, in-memory, in-memory, fast; each tool's best of the two).
 * `--typical`: only each domain's typical call (its first state-changing case), the figure the
 * domain issues set a target for (≤ 0.15).
 */
import { benchDomains, fastPathAndInMemory, median } from './benchDomains.js';

const quick = process.argv.includes('--quick');
const typicalOnly = process.argv.includes('--typical');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const iterations = quick ? 4000 : 20_000;

console.log(`${'call'.padEnd(52)} ${'fast path'.padStart(11)} ${'in-memory'.padStart(11)} ${'ratio'.padStart(7)}`);
const medians: string[] = [];
let within = 0;
let tools = 0;
for (const bench of await benchDomains(only)) {
  const ratios: number[] = [];
  const fasts: number[] = [];
  const indexes = typicalOnly ? [bench.typical] : bench.mutating;
  const measured = await fastPathAndInMemory(bench, indexes, iterations);
  for (const [position, index] of indexes.entries()) {
    const { fast, inMemory } = measured[position];
    ratios.push(fast / inMemory);
    fasts.push(fast);
    const mark = fast / inMemory > 0.1 ? '  >' : '';
    console.log(`${`${bench.domain.name}.${bench.cases[index].tool}`.padEnd(52)} ${`${fast.toFixed(2)} µs`.padStart(11)} ${`${inMemory.toFixed(2)} µs`.padStart(11)} ${(fast / inMemory).toFixed(3).padStart(7)}${mark}`);
  }
  const met = ratios.filter((ratio) => ratio <= 0.1).length;
  within += met;
  tools += ratios.length;
  medians.push(`${bench.domain.name}: median ratio ${median(ratios).toFixed(3)}, median fast path ${median(fasts).toFixed(2)} µs over ${ratios.length} tools, ${met} of them ≤ 0.100`);
}
console.log(`\n${medians.join('\n')}\nin all: ${within} of ${tools} state-changing tools ≤ 0.100`);
