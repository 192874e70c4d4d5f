/**
 * `npm run synth:examples -- DIR/examples.jsonl [COUNT]`: a few real examples of a synthesized
 * dataset, shortened, as Markdown (plugins/synthesis/EXAMPLES.md is this script's output on the
 * 13,500-example run of seed 11). The choice is deterministic — candidates in the order of their
 * ids (content hashes), at most one per domain — and covers what the data is meant to teach:
 * scenario conversations with a recovery, a cross-domain one, graph chains whose later turn needs an
 * earlier result, clarifications, an abstention and a missing tool.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { ChatMessage, Example } from '../../core/index.js';
import { domainNames } from '../../servers/index.js';

const file = process.argv[2];
const count = Number(process.argv[3] ?? 10);
if (file === undefined || !existsSync(file) || !Number.isInteger(count) || count < 1) {
  process.stderr.write(`usage: npm run synth:examples -- DIR/examples.jsonl [COUNT]${file !== undefined && !existsSync(file) ? ` (no file ${file})` : ''}\n`);
  process.exit(2);
}
const examples = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
examples.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

const scenario = (e: Example): string | undefined => (typeof e.meta.scenario === 'string' ? e.meta.scenario : undefined);
const recovery = (e: Example): string | undefined => (typeof e.meta.recovery === 'string' ? e.meta.recovery : undefined);
/** A later turn's call takes a value that only an earlier turn's tool result held. */
function laterTurnUsesResult(e: Example): boolean {
  const turnOf = new Map<number, number>();
  let turn = -1;
  const results: Array<{ turn: number; text: string }> = [];
  e.messages.forEach((m, i) => {
    if (m.role === 'user') turn++;
    turnOf.set(i, turn);
    if (m.role === 'tool') results.push({ turn, text: m.content });
  });
  return e.messages.some((m, i) => m.role === 'assistant' && (m.tool_calls ?? []).some((call) => {
    const args = JSON.parse(call.function.arguments) as Record<string, unknown>;
    return Object.values(args).some((v) => typeof v === 'string' && v.length > 2 && results.some((r) => r.turn < turnOf.get(i)! && r.text.includes(`"${v}"`)) && !e.turns.some((t) => t.user.includes(v)));
  }));
}

/** The slots to fill, in order: a name and a test. */
const slots: Array<[string, (e: Example) => boolean]> = [
  ['scenario with a recovery', (e) => e.kind === 'multi_turn' && scenario(e) !== undefined && recovery(e) !== undefined && e.servers.length === 1],
  ['cross-domain scenario', (e) => e.kind === 'multi_turn' && e.servers.length > 1],
  ['scenario', (e) => e.kind === 'multi_turn' && scenario(e) !== undefined && e.turns.length >= 3],
  ['graph chain, later turn needs an earlier result', (e) => e.kind === 'multi_turn' && scenario(e) === undefined && e.turns.length >= 2 && laterTurnUsesResult(e)],
  ['graph chain with a recovery', (e) => e.kind === 'multi_turn' && scenario(e) === undefined && recovery(e) !== undefined],
  ['clarification', (e) => e.kind === 'clarification' && scenario(e) !== undefined],
  ['clarification', (e) => e.kind === 'clarification'],
  ['abstention', (e) => e.kind === 'abstention'],
  ['missing tool', (e) => e.perturbations.includes('missing_function') && e.kind !== 'abstention'],
  ['scenario with a recovery', (e) => e.kind === 'multi_turn' && scenario(e) !== undefined && recovery(e) !== undefined],
];

const chosen: Example[] = [];
const domains = new Set<string>();
for (let i = 0; chosen.length < count; i++) {
  const [, test] = slots[i % slots.length];
  const pick = examples.find((e) => !chosen.includes(e) && !domains.has(e.servers[0]) && test(e)) ?? examples.find((e) => !chosen.includes(e) && test(e));
  if (pick !== undefined) {
    chosen.push(pick);
    domains.add(pick.servers[0]);
  }
  if (i > slots.length * 4) break;
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max)}…`;
}

function render(e: Example): string {
  const header = [e.kind, scenario(e) ?? 'graph chain', ...(recovery(e) === undefined ? [] : [`recovery: ${recovery(e)}`])].join('; ');
  const lines: string[] = [];
  const system = e.messages.find((m: ChatMessage) => m.role === 'system')?.content ?? '';
  const context = system.slice(Math.max(0, system.indexOf('Today is')));
  if (context.length > 0 && system.includes('Today is')) lines.push(`system (end): ${cut(context, 220)}`);
  for (const m of e.messages) {
    if (m.role === 'user') lines.push(`user: ${cut(m.content, 300)}`);
    else if (m.role === 'assistant') {
      if (m.content !== null && m.content !== undefined && m.content !== '') lines.push(`assistant: ${cut(m.content, 160)}`);
      for (const call of m.tool_calls ?? []) lines.push(`call: ${call.function.name}(${cut(call.function.arguments, 120)})`);
    } else if (m.role === 'tool') lines.push(`  → ${cut(m.content, 100)}`);
  }
  return `**${e.id}** (${header})\n\n\`\`\`text\n${lines.join('\n')}\n\`\`\`\n`;
}

const manifest = file.replace(/examples\.jsonl$/, 'manifest.json');
const made = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { count?: number; seed?: number; domains?: string[] }) : {};
// The run as a command, from its manifest (the domains only when not all of them took part).
const source = made.count === undefined || made.seed === undefined ? `\`${file}\`` : `\`prove-rl synth --count ${made.count} --seed ${made.seed}${made.domains !== undefined && made.domains.length < domainNames().length ? ` --domains ${made.domains.join(',')}` : ''}\``;
process.stdout.write(
  `# ${chosen.length} synthesized examples\n\nReal examples of ${source} (template teacher), chosen by \`npm run synth:examples\` (test/bench/synthExamples.ts: in the order of their ids, at most one per domain, covering scenarios with a recovery, a cross-domain goal, graph chains whose later turn needs an earlier result, clarifications, an abstention and a missing tool) and shortened: of the system message only its end (the date and who is signed in), tool results cut at about 100 characters and arguments at 120 (…), each assistant message's text before its calls. The header gives the kind, the scenario (or "graph chain") and the recovery, where there was one. Statistics of a dataset: \`npm run synth:stats\` (see README.md).\n\n${chosen.map(render).join('\n')}`,
);
