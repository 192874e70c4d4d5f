import type { ChatMessage, Example, ExecutedCall } from '../../core/index.js';
import type { EvalSummary, SliceSummary } from './EvalSummaryBuilder.js';
import type { RolloutRecord } from './evaluateRollout.js';

/** A rollout shown in full, next to its example's ground truth. */
export interface ReportedRollout {
  record: RolloutRecord;
  example: Example;
}

const PALETTE = ['#3b6ea5', '#e07b39', '#4a9d5b', '#c4453c', '#8a63b3', '#8c6d4f', '#d46aa8', '#6f7a86', '#b4b232', '#2fb3c4'];
const TEXT_LIMIT = 4000;

/** Escape text for HTML element content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function clip(text: string): string {
  return text.length <= TEXT_LIMIT ? text : `${text.slice(0, TEXT_LIMIT)}… (${text.length - TEXT_LIMIT} more characters)`;
}

const num = (value: number | null | undefined, digits = 3) => (value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
const pct = (value: number | null | undefined) => (value === null || value === undefined ? '–' : `${(value * 100).toFixed(1)} %`);

function sliceTable(title: string, slices: Record<string, SliceSummary>, terms: string[]): string {
  const head = ['', 'rollouts', 'reward', ...terms, 'state check', 'response check'].map((h) => `<th>${escapeHtml(h)}</th>`).join('');
  const rows = Object.entries(slices)
    .map(
      ([name, s]) =>
        `<tr><th>${escapeHtml(name)}</th><td>${s.rollouts}</td><td>${num(s.reward)}</td>${terms.map((t) => `<td>${num(s.terms[t])}</td>`).join('')}<td>${pct(s.stateCheck)}</td><td>${pct(s.responseCheck)}</td></tr>`,
    )
    .join('\n');
  return `<h2>${escapeHtml(title)}</h2><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** Grouped bars: one group per domain, one bar per reward term, zero line where terms go negative. */
function termChart(byDomain: Record<string, SliceSummary>, terms: string[]): string {
  const domains = Object.keys(byDomain);
  if (domains.length === 0 || terms.length === 0) return '<p>No reward terms to chart.</p>';
  const values = domains.flatMap((d) => terms.map((t) => byDomain[d].terms[t] ?? 0));
  const top = Math.max(1, ...values);
  const bottom = Math.min(0, ...values);
  const bar = 18;
  const gap = 30;
  const groupWidth = terms.length * bar + gap;
  const left = 44;
  const plotHeight = 220;
  const width = left + domains.length * groupWidth + 10;
  const height = plotHeight + 70;
  const y = (v: number) => 10 + ((top - v) / (top - bottom)) * plotHeight;
  const parts: string[] = [];
  for (const tick of [bottom, 0, top / 2, top].filter((v, i, a) => a.indexOf(v) === i)) {
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${y(tick)}" y2="${y(tick)}" class="grid"/><text x="${left - 6}" y="${y(tick) + 4}" text-anchor="end">${tick.toFixed(2)}</text>`);
  }
  domains.forEach((domain, di) => {
    const x0 = left + di * groupWidth + gap / 2;
    terms.forEach((term, ti) => {
      const value = byDomain[domain].terms[term] ?? 0;
      const y1 = y(Math.max(0, value));
      const h = Math.abs(y(value) - y(0));
      parts.push(
        `<rect x="${x0 + ti * bar}" y="${y1}" width="${bar - 2}" height="${Math.max(h, 0.5)}" fill="${PALETTE[ti % PALETTE.length]}"><title>${escapeHtml(`${domain} · ${term}: ${value.toFixed(3)}`)}</title></rect>`,
      );
    });
    parts.push(`<text x="${x0 + (terms.length * bar) / 2}" y="${plotHeight + 30}" text-anchor="middle">${escapeHtml(domain)}</text>`);
  });
  parts.push(`<line x1="${left}" x2="${width - 10}" y1="${y(0)}" y2="${y(0)}" class="axis"/>`);
  const legend = terms.map((term, ti) => `<span class="key"><i style="background:${PALETTE[ti % PALETTE.length]}"></i>${escapeHtml(term)}</span>`).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="reward terms per domain">${parts.join('')}</svg><div class="legend">${legend}</div>`;
}

function callText(call: { name: string; arguments: Record<string, unknown>; malformed?: string }): string {
  return call.malformed !== undefined ? `⚠ malformed: ${call.malformed}` : `${call.name}(${JSON.stringify(call.arguments)})`;
}

function renderMessages(messages: readonly ChatMessage[], calls: readonly ExecutedCall[]): string {
  const byId = new Map(calls.filter((c) => c.id).map((c) => [c.id!, c]));
  return messages
    .map((message) => {
      if (message.role === 'tool') {
        const call = byId.get(message.tool_call_id);
        const failed = call !== undefined && !call.ok;
        return `<div class="msg tool${failed ? ' failed' : ''}"><b>tool${message.name ? ` ${escapeHtml(message.name)}` : ''}${failed ? ` · ${escapeHtml(call!.error?.kind ?? 'error')}` : ''}</b><pre>${escapeHtml(clip(message.content))}</pre></div>`;
      }
      const text = typeof message.content === 'string' && message.content !== '' ? `<pre>${escapeHtml(clip(message.content))}</pre>` : '';
      const toolCalls =
        message.role === 'assistant' && message.tool_calls?.length
          ? `<ul class="calls">${message.tool_calls
              .map((tc) => {
                const call = byId.get(tc.id);
                return `<li>${escapeHtml(call ? callText(call) : `${tc.function.name}(${tc.function.arguments})`)}</li>`;
              })
              .join('')}</ul>`
          : '';
      return `<div class="msg ${message.role}"><b>${message.role}</b>${text}${toolCalls}</div>`;
    })
    .join('\n');
}

function renderGroundTruth(example: Example): string {
  const turns = example.turns
    .map((turn, index) => {
      const steps = example.groundTruth.filter((step) => step.turn === index);
      const list = steps.length
        ? `<ol>${steps
            .map((step) => `<li><code>${escapeHtml(step.id)}</code>${step.dependsOn.length ? ` <small>after ${escapeHtml(step.dependsOn.join(', '))}</small>` : ''}<ul class="calls">${step.calls.map((c) => `<li>${escapeHtml(callText(c))}</li>`).join('')}</ul></li>`)
            .join('')}</ol>`
        : '<p class="muted">no calls</p>';
      return `<div class="msg user"><b>user ${index + 1}</b><pre>${escapeHtml(clip(turn.user))}</pre></div>${list}`;
    })
    .join('\n');
  const teacher = example.messages.length ? `<details><summary>teacher's conversation (${example.messages.length} messages)</summary>${renderMessages(example.messages, [])}</details>` : '';
  return turns + teacher;
}

function renderRollout({ record, example }: ReportedRollout, terms: string[]): string {
  const mark = (pass: boolean) => (pass ? '<span class="ok">pass</span>' : '<span class="bad">fail</span>');
  const termCells = terms.map((t) => `<td>${num(record.reward.terms[t])}</td>`).join('');
  return `<details class="rollout"><summary><code>${escapeHtml(record.exampleId)}</code> · rollout ${record.rollout} · ${escapeHtml(record.domains.join('+'))} · ${escapeHtml(record.kind)} · reward <b>${num(record.reward.total)}</b> · state ${record.stateCheck.status === 'unavailable' ? 'unavailable' : mark(record.stateCheck.pass)} · response ${mark(record.responseCheck.pass)} · ${escapeHtml(record.trajectory.finishReason)}</summary>
<table><thead><tr>${terms.map((t) => `<th>${escapeHtml(t)}</th>`).join('')}</tr></thead><tbody><tr>${termCells}</tr></tbody></table>
<p class="muted">${escapeHtml(record.responseCheck.reason)}${record.stateCheck.mismatched.length ? ` · state differs on ${escapeHtml(record.stateCheck.mismatched.join(', '))}` : ''}${record.trajectory.error ? ` · error: ${escapeHtml(record.trajectory.error)}` : ''}</p>
<div class="pair"><section><h4>rollout</h4>${renderMessages(record.trajectory.messages, record.trajectory.calls)}</section><section><h4>ground truth</h4>${renderGroundTruth(example)}</section></div></details>`;
}

const STYLE = `body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;margin:24px;color:#1d2329;max-width:1400px}
h1{font-size:22px}h2{font-size:17px;margin-top:28px}table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #d5dbe1;padding:3px 8px;text-align:right}
th:first-child{text-align:left}th.sub{padding-left:22px;font-weight:normal}td.left{text-align:left}thead th{background:#f1f4f7}.muted{color:#66717c}.ok{color:#2e7d32;font-weight:600}.bad{color:#c62828;font-weight:600}
svg text{font-size:11px;fill:#444}.grid{stroke:#e3e7eb}.axis{stroke:#555}.legend .key{margin-right:14px;white-space:nowrap}.legend i{display:inline-block;width:10px;height:10px;margin-right:4px}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:16px}.msg{border-left:3px solid #ccd3da;padding:2px 8px;margin:6px 0}.msg.user{border-color:#3b6ea5}.msg.assistant{border-color:#4a9d5b}
.msg.tool{border-color:#9aa5b1;background:#f7f9fa}.msg.failed{border-color:#c62828;background:#fdf1f1}.msg.system{border-color:#b9a037}pre{white-space:pre-wrap;word-break:break-word;margin:2px 0;font:12px/1.4 ui-monospace,Menlo,monospace}
ul.calls{margin:2px 0;padding-left:18px;font:12px ui-monospace,Menlo,monospace}details.rollout{border:1px solid #d5dbe1;border-radius:4px;padding:6px 10px;margin:10px 0}summary{cursor:pointer}`;

/** report.html: self-contained (inline CSS and SVG, no script, nothing fetched), every value escaped. */
export function renderReport(summary: EvalSummary, worst: readonly ReportedRollout[]): string {
  // The combiner's order (the paper's: validity, coverage, efficiency, name, args), then any other term.
  const terms = [...Object.keys(summary.weights).filter((t) => t in summary.terms), ...Object.keys(summary.terms).filter((t) => !(t in summary.weights))];
  const failures = Object.entries(summary.validityFailures)
    .map(([kind, n]) => `${kind} ${n}`)
    .join(', ');
  const finish = Object.entries(summary.finishReasons)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  const rows: Array<[string, string]> = [
    ['dataset', `${summary.dataset} (split ${summary.split})`],
    ['policy', `${summary.model ?? '(configured)'}${summary.policy ? ` at ${summary.policy}` : ''}`],
    ['examples × group', `${summary.examples} × ${summary.groupSize} = ${summary.rollouts} rollouts`],
    ['mean reward', `${num(summary.reward)} of ${num(summary.maxReward, 2)}`],
    ...terms.map((t): [string, string] => [`· ${t}${summary.weights[t] !== undefined ? ` (weight ${summary.weights[t]})` : ''}`, num(summary.terms[t])]),
    ['state check (BFCL)', pct(summary.stateCheck)],
    ['response check', pct(summary.responseCheck)],
    ['both checks', pct(summary.bothChecks)],
    ['calls per rollout', `${num(summary.calls.perRollout, 2)} (ground truth ${num(summary.calls.groundTruthPerExample, 2)}); ${summary.calls.failed} of ${summary.calls.total} failed`],
    ['failed calls by kind', failures],
    ['abstention accuracy', `${pct(summary.abstention.accuracy)} of ${summary.abstention.rollouts}; over-abstention ${pct(summary.abstention.overAbstention)}`],
    ['finish reasons', finish],
    ['time', `${num(summary.timing.wallSeconds, 1)} s, ${num(summary.timing.rolloutsPerSecond, 2)} rollouts/s, ${num(summary.timing.generateMsPerTurn, 1)} ms per policy turn`],
  ];
  const errors = summary.errors.length
    ? `<h2>Errors</h2><ul>${summary.errors.map((e) => `<li><code>${escapeHtml(e.exampleId)}</code> #${e.rollout}: ${escapeHtml(e.error)}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>prove-rl eval · ${escapeHtml(summary.model ?? summary.dataset)}</title><style>${STYLE}</style></head>
<body><h1>prove-rl eval · ${escapeHtml(summary.model ?? 'policy')}</h1>
<h2>Summary</h2><table><tbody>${rows.map(([k, v]) => `<tr><th${k.startsWith('· ') ? ' class="sub"' : ''}>${escapeHtml(k)}</th><td class="left">${escapeHtml(v)}</td></tr>`).join('')}</tbody></table>
<h2>Reward terms per domain</h2>${termChart(summary.byDomain, terms)}
${sliceTable('By domain', summary.byDomain, terms)}
${sliceTable('By example kind', summary.byKind, terms)}
${errors}
<h2>Worst rollouts</h2><p class="muted">The ${worst.length} rollouts with the lowest reward, each next to its example's ground truth.</p>
${worst.map((w) => renderRollout(w, terms)).join('\n')}
</body></html>
`;
}
