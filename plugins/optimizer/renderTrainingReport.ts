import type { StepMetrics } from './GrpoTrainer.js';

const TERM_COLORS = ['#4e79a7', '#f28e2b', '#e15759', '#76b7b2', '#59a14f', '#edc948', '#b07aa1', '#ff9da7'];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function fmt(value: number): string {
  return Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 1 ? value.toFixed(2) : value.toFixed(3);
}

/** Moving average over a trailing window (the smoothed line of a training curve). */
export function movingAverage(values: readonly number[], window: number): number[] {
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i];
    if (i >= window) sum -= values[i - window];
    out.push(sum / Math.min(i + 1, window));
  }
  return out;
}

interface Series {
  name: string;
  color: string;
  points: Array<[number, number]>;
  dashed?: boolean;
}

/**
 * Round ticks covering [lo, hi]: a step of 1, 2 or 5 × 10^k giving about `target` intervals, the
 * range widened to whole steps, each tick printed with the decimals its step needs (no -0).
 */
export function niceTicks(lo: number, hi: number, target = 4): { lo: number; hi: number; ticks: number[]; label(value: number): string } {
  const raw = (hi - lo) / target;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toFixed(decimals)));
  const label = (value: number) => (Object.is(value, -0) || Math.abs(value) < step / 1e6 ? 0 : value).toFixed(decimals);
  return { lo: first * step, hi: last * step, ticks, label };
}

/** An SVG line chart with axes, ticks and a legend; no script, no external resource. */
function lineChart(title: string, series: Series[], width = 640, height = 260): string {
  const all = series.flatMap((s) => s.points);
  if (all.length === 0) return `<figure><figcaption>${escapeHtml(title)}</figcaption><p>(no data)</p></figure>`;
  const left = 48;
  const right = 12;
  const top = 12;
  const bottom = 32;
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs) === x0 ? x0 + 1 : Math.max(...xs);
  let y0 = Math.min(...ys);
  let y1 = Math.max(...ys);
  if (y1 === y0) {
    y0 -= 0.5;
    y1 += 0.5;
  }
  const axis = niceTicks(y0, y1);
  y0 = axis.lo;
  y1 = axis.hi;
  const X = (x: number) => left + ((x - x0) / (x1 - x0)) * (width - left - right);
  const Y = (y: number) => top + (1 - (y - y0) / (y1 - y0)) * (height - top - bottom);
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(title)}">`];
  for (const y of axis.ticks) {
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${Y(y).toFixed(1)}" y2="${Y(y).toFixed(1)}" stroke="#eee"/>`);
    parts.push(`<text x="${left - 4}" y="${(Y(y) + 4).toFixed(1)}" text-anchor="end" font-size="10">${axis.label(y)}</text>`);
  }
  for (let i = 0; i <= 5; i++) {
    const x = x0 + ((x1 - x0) * i) / 5;
    parts.push(`<text x="${X(x).toFixed(1)}" y="${height - bottom + 14}" text-anchor="middle" font-size="10">${Math.round(x)}</text>`);
  }
  parts.push(`<text x="${(left + width - right) / 2}" y="${height - 4}" text-anchor="middle" font-size="11">step</text>`);
  parts.push(`<line x1="${left}" x2="${left}" y1="${top}" y2="${height - bottom}" stroke="#999"/><line x1="${left}" x2="${width - right}" y1="${height - bottom}" y2="${height - bottom}" stroke="#999"/>`);
  for (const s of series) {
    const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join('');
    parts.push(`<path d="${d}" fill="none" stroke="${s.color}" stroke-width="${s.dashed ? 1 : 2}"${s.dashed ? ' stroke-dasharray="3,3" opacity="0.6"' : ''}/>`);
  }
  parts.push('</svg>');
  const legend = series.map((s) => `<span class="key"><i style="background:${s.color}"></i>${escapeHtml(s.name)}</span>`).join(' ');
  return `<figure><figcaption>${escapeHtml(title)}</figcaption>${parts.join('')}<div class="legend">${legend}</div></figure>`;
}

/** Grouped bars: each reward term's mean at each chosen step (the paper's figure 4). */
function termBars(lines: readonly StepMetrics[], terms: readonly string[], steps: readonly number[], window: number): string {
  const width = 640;
  const height = 260;
  const left = 48;
  const bottom = 40;
  const top = 12;
  const values = steps.map((step) =>
    terms.map((term) => {
      const near = lines.filter((l) => Number(l.step) > step - window && Number(l.step) <= step).map((l) => num(l[`reward/${term}`]) ?? 0);
      return near.length ? near.reduce((a, b) => a + b, 0) / near.length : 0;
    }),
  );
  const flat = values.flat();
  const axis = niceTicks(Math.min(0, ...flat), Math.max(1, ...flat));
  const [y0, y1] = [axis.lo, axis.hi];
  const Y = (y: number) => top + (1 - (y - y0) / (y1 - y0)) * (height - top - bottom);
  const slot = (width - left - 12) / Math.max(steps.length, 1);
  const bar = (slot * 0.8) / Math.max(terms.length, 1);
  const parts: string[] = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="reward terms at chosen steps">`];
  for (const y of axis.ticks) {
    parts.push(`<line x1="${left}" x2="${width - 12}" y1="${Y(y).toFixed(1)}" y2="${Y(y).toFixed(1)}" stroke="#eee"/><text x="${left - 4}" y="${(Y(y) + 4).toFixed(1)}" text-anchor="end" font-size="10">${axis.label(y)}</text>`);
  }
  parts.push(`<line x1="${left}" x2="${width - 12}" y1="${Y(0).toFixed(1)}" y2="${Y(0).toFixed(1)}" stroke="#999"/>`);
  steps.forEach((step, s) => {
    terms.forEach((term, t) => {
      const v = values[s][t];
      const x = left + s * slot + slot * 0.1 + t * bar;
      const yTop = Math.min(Y(v), Y(0));
      parts.push(`<rect x="${x.toFixed(1)}" y="${yTop.toFixed(1)}" width="${(bar - 1).toFixed(1)}" height="${Math.abs(Y(v) - Y(0)).toFixed(1)}" fill="${TERM_COLORS[t % TERM_COLORS.length]}"><title>${escapeHtml(term)} at step ${step}: ${fmt(v)}</title></rect>`);
    });
    parts.push(`<text x="${(left + s * slot + slot / 2).toFixed(1)}" y="${height - bottom + 16}" text-anchor="middle" font-size="11">step ${step}</text>`);
  });
  parts.push('</svg>');
  const legend = terms.map((term, t) => `<span class="key"><i style="background:${TERM_COLORS[t % TERM_COLORS.length]}"></i>${escapeHtml(term)}</span>`).join(' ');
  const rows = steps.map((step, s) => `<tr><th>${step}</th>${values[s].map((v) => `<td>${fmt(v)}</td>`).join('')}</tr>`).join('');
  return `<figure><figcaption>Each reward term at chosen steps (mean over the ${window} steps up to each)</figcaption>${parts.join('')}<div class="legend">${legend}</div></figure>
<table><thead><tr><th>step</th>${terms.map((t) => `<th>${escapeHtml(t)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** Steps spread evenly over the run (first and last included). */
export function chooseSteps(lines: readonly StepMetrics[], count: number): number[] {
  const steps = lines.map((l) => Number(l.step));
  if (steps.length <= count) return steps;
  const out = new Set<number>();
  for (let i = 0; i < count; i++) out.add(steps[Math.round((i * (steps.length - 1)) / (count - 1))]);
  return [...out];
}

/**
 * The report of a training run as one self-contained HTML page: total training reward over steps
 * (with a moving average, the paper's figure 3), each term at chosen steps (figure 4), and the
 * optimizer's own curves (KL, clip fraction, entropy, grad norm, response length, calls).
 */
export function renderTrainingReport(title: string, lines: readonly StepMetrics[], options: { steps?: number[]; window?: number } = {}): string {
  const window = options.window ?? Math.max(1, Math.round(lines.length / 10));
  const steps = options.steps ?? chooseSteps(lines, 5);
  const terms = [...new Set(lines.flatMap((l) => Object.keys(l).filter((k) => k.startsWith('reward/')).map((k) => k.slice(7))))].sort();
  const series = (key: string) => lines.filter((l) => num(l[key]) !== undefined).map((l) => [Number(l.step), num(l[key])!] as [number, number]);
  const reward = series('reward_mean');
  const smooth = movingAverage(reward.map((p) => p[1]), window).map((v, i) => [reward[i][0], v] as [number, number]);
  const charts = [
    lineChart('Total training reward (mean over the step’s rollouts)', [
      { name: 'per step', color: '#9ab', points: reward, dashed: true },
      { name: `moving average (${window} steps)`, color: '#4e79a7', points: smooth },
    ]),
    lineChart(
      'Reward terms over steps',
      terms.map((term, i) => ({ name: term, color: TERM_COLORS[i % TERM_COLORS.length], points: series(`reward/${term}`) })),
    ),
    termBars(lines, terms, steps, window),
    lineChart('KL to the reference', [{ name: 'kl', color: '#e15759', points: series('kl') }]),
    lineChart('Clip fraction and entropy', [
      { name: 'clip fraction', color: '#f28e2b', points: series('clip_fraction') },
      { name: 'entropy (nats)', color: '#59a14f', points: series('entropy') },
    ]),
    lineChart('Gradient norm (before clipping)', [{ name: 'grad norm', color: '#b07aa1', points: series('grad_norm') }]),
    lineChart('Response tokens and tool calls per rollout', [
      { name: 'response tokens', color: '#76b7b2', points: series('response_tokens_per_rollout') },
      { name: 'tool calls ×10', color: '#edc948', points: series('tool_calls_per_rollout').map(([x, y]) => [x, y * 10] as [number, number]) },
    ]),
    lineChart('Throughput (tokens per second)', [
      { name: 'generation', color: '#4e79a7', points: series('generation_tokens_per_second') },
      { name: 'update', color: '#e15759', points: series('update_tokens_per_second') },
    ]),
  ];
  const first = lines.slice(0, window).map((l) => Number(l.reward_mean));
  const last = lines.slice(-window).map((l) => Number(l.reward_mean));
  const avg = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : 0);
  const summary = lines.length
    ? `<p>${lines.length} steps. Mean training reward of the first ${first.length} steps ${fmt(avg(first))}, of the last ${last.length} steps ${fmt(avg(last))}.</p>`
    : '<p>No steps yet.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;max-width:1340px;color:#222}figure{display:inline-block;margin:8px;vertical-align:top}figcaption{font-weight:600;margin-bottom:4px}.legend{font-size:12px}.key{margin-right:12px}.key i{display:inline-block;width:10px;height:10px;margin-right:4px}table{border-collapse:collapse;margin:8px}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}</style>
</head><body><h1>${escapeHtml(title)}</h1>${summary}${charts.join('\n')}</body></html>
`;
}
