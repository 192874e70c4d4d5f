import { existsSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { defineCommand, errors } from '../../core/index.js';
import { writeFileAtomic } from '../../core/support/index.js';
import type { StepMetrics } from './GrpoTrainer.js';
import { renderTrainingReport } from './renderTrainingReport.js';

export default defineCommand({
  name: 'report',
  summary: 'render a training run’s curves (total reward over steps, each term at chosen steps) as one HTML page',
  usage: '<run-dir>',
  description: 'Reads RUN/metrics.jsonl (written by prove-rl train) and writes RUN/report.html: one page, no external resources.',
  options: {
    steps: { type: 'string', valueName: 'LIST', description: 'steps at which each reward term is shown, e.g. 0,50,100 (default: five spread over the run)' },
    window: { type: 'string', valueName: 'N', description: 'moving-average window in steps (default: a tenth of the run)' },
    out: { type: 'string', valueName: 'FILE', description: 'where to write the page (default RUN/report.html)' },
  },
  examples: ['prove-rl report runs/tiny', 'prove-rl report runs/qwen3-4b --steps 0,50,100,200,350'],
  async run(context) {
    const [run] = context.positionals;
    if (!run) throw errors.usage('report', 'give the run folder (the --out of prove-rl train)');
    const dir = resolve(context.cwd, run);
    const file = join(dir, 'metrics.jsonl');
    if (!existsSync(file)) throw errors.metricsMissing(dir);
    const lines: StepMetrics[] = [];
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, i) => {
        if (text.trim() === '') return;
        try {
          lines.push(JSON.parse(text) as StepMetrics);
        } catch (error) {
          throw errors.datasetLineInvalid(file, i + 1, `not valid JSON (${(error as Error).message})`);
        }
      });
    const stepsOption = context.values.steps;
    let steps: number[] | undefined;
    if (typeof stepsOption === 'string') {
      steps = stepsOption.split(',').map((s) => Number(s.trim()));
      if (steps.some((s) => !Number.isInteger(s) || s < 0)) throw errors.invalidArgument('report', '--steps', stepsOption, 'must be a comma-separated list of step numbers, e.g. 0,50,100');
      const last = Math.max(...lines.map((l) => Number(l.step)));
      const beyond = steps.filter((s) => s > last);
      if (beyond.length > 0) throw errors.invalidArgument('report', '--steps', stepsOption, `step ${beyond.join(', ')} is past the run's last step (${last}); its steps are 0 to ${last}`);
    }
    const windowOption = context.values.window;
    const window = typeof windowOption === 'string' ? Number(windowOption) : undefined;
    if (window !== undefined && (!Number.isInteger(window) || window < 1)) throw errors.invalidArgument('report', '--window', windowOption, 'must be a positive integer');
    const out = typeof context.values.out === 'string' ? resolve(context.cwd, context.values.out) : join(dir, 'report.html');
    writeFileAtomic(out, renderTrainingReport(`prove-rl train — ${basename(dir)}`, lines, { steps, window }));
    context.stdout(`report: ${lines.length} steps → ${out}\n`);
    return 0;
  },
});
