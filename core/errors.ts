/**
 * Every error code and message of prove, in one place (after Fastify's `lib/errors.js` and
 * Rollup's `logs.ts`). Code elsewhere throws `errors.xxx(...)`, never a bare `new Error`, so that a
 * user (or a test) can rely on `err.code`.
 */

/** Where an error happened, when known. */
export interface ProveErrorDetails {
  plugin?: string;
  hook?: string;
  file?: string;
  key?: string;
  [extra: string]: unknown;
}

/** An error with a stable `PROVE_*` code. */
export class ProveError extends Error {
  readonly code: string;
  readonly details: ProveErrorDetails;

  constructor(code: string, message: string, details: ProveErrorDetails = {}, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ProveError';
    this.code = code;
    this.details = details;
  }
}

export function isProveError(value: unknown): value is ProveError {
  return value instanceof ProveError || (value instanceof Error && typeof (value as { code?: unknown }).code === 'string' && (value as unknown as { code: string }).code.startsWith('PROVE_'));
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

const list = (values: readonly string[]): string => (values.length === 0 ? '(none)' : values.map((v) => `"${v}"`).join(', '));

/** Factories, grouped by layer. Each returns a `ProveError`; callers `throw` it. */
export const errors = {
  // --- engine and hooks ------------------------------------------------------------------------
  pluginFailed: (plugin: string, hook: string, cause: unknown) =>
    new ProveError('PROVE_PLUGIN_FAILED', `plugin "${plugin}" failed in hook "${hook}": ${messageOf(cause)}`, { plugin, hook }, cause),
  noExecutor: (tool: string, server: string) =>
    new ProveError('PROVE_NO_EXECUTOR', `no plugin executes tool "${tool}" on server "${server}"`, { tool, server }),
  duplicateEnvironment: (name: string, plugin: string) =>
    new ProveError('PROVE_DUPLICATE_ENVIRONMENT', `environment "${name}" is registered twice (second time by plugin "${plugin}")`, { plugin, environment: name }),
  duplicateCommand: (name: string, first: string, second: string) =>
    new ProveError('PROVE_DUPLICATE_COMMAND', `command "${name}" is registered by plugin "${first}" and again by plugin "${second}"`, { plugin: second, command: name }),
  unknownEnvironment: (name: string, known: readonly string[]) =>
    new ProveError('PROVE_UNKNOWN_ENVIRONMENT', `no environment named "${name}" is registered; registered: ${list(known)}`, { environment: name }),
  engineFrozen: (what: string) =>
    new ProveError('PROVE_ENGINE_STARTED', `cannot ${what} after the engine has started`),

  // --- plugins and presets ---------------------------------------------------------------------
  invalidPlugin: (where: string, reason: string) =>
    new ProveError('PROVE_INVALID_PLUGIN', `${where}: not a plugin (${reason}); expected a class with apply(engine), an instance, [Class, options] or a module name`, { key: where }),
  invalidPluginOptions: (plugin: string, key: string, value: unknown, allowed: string) =>
    new ProveError('PROVE_INVALID_PLUGIN_OPTIONS', `plugin "${plugin}": option ${key} = ${preview(value)} is invalid: ${allowed}`, { plugin, key }),
  missingDependency: (plugin: string, dependency: string, present: readonly string[]) =>
    new ProveError(
      'PROVE_MISSING_DEPENDENCY',
      `plugin "${plugin}" needs plugin "${dependency}", which is not in the configuration; add it (or a preset that contains it). Plugins present: ${list(present)}`,
      { plugin, dependency },
    ),
  unknownPluginName: (name: string, action: string, present: readonly string[]) =>
    new ProveError('PROVE_UNKNOWN_PLUGIN_NAME', `cannot ${action} plugin "${name}": no plugin of that name comes before it. Plugins present: ${list(present)}`, { plugin: name }),
  invalidPreset: (where: string, reason: string) =>
    new ProveError('PROVE_INVALID_PRESET', `${where}: not a preset (${reason}); expected definePreset({...}), [preset, options] or a module name`, { key: where }),
  invalidPresetOptions: (preset: string, key: string, value: unknown, allowed: string) =>
    new ProveError('PROVE_INVALID_PRESET_OPTIONS', `preset "${preset}": option ${key} = ${preview(value)} is invalid: ${allowed}`, { preset, key }),
  presetCycle: (chain: readonly string[]) =>
    new ProveError('PROVE_PRESET_CYCLE', `presets include each other in a cycle: ${chain.join(' > ')}`),
  moduleNotFound: (specifier: string, from: string, cause: unknown) =>
    new ProveError('PROVE_MODULE_NOT_FOUND', `cannot find module "${specifier}" (looked from ${from}): ${messageOf(cause)}`, { specifier }, cause),
  moduleLoadFailed: (specifier: string, cause: unknown) =>
    new ProveError('PROVE_MODULE_LOAD_FAILED', `module "${specifier}" failed to load: ${messageOf(cause)}`, { specifier }, cause),

  // --- configuration ---------------------------------------------------------------------------
  configNotFound: (file: string) => new ProveError('PROVE_CONFIG_NOT_FOUND', `config file ${file} does not exist`, { file }),
  configLoadFailed: (file: string, cause: unknown) =>
    new ProveError('PROVE_CONFIG_LOAD_FAILED', `config file ${file} failed to load: ${messageOf(cause)}`, { file }, cause),
  configInvalid: (file: string, key: string, reason: string) =>
    new ProveError('PROVE_CONFIG_INVALID', `config file ${file}: ${key}: ${reason}`, { file, key }),
  /** Adds the config file to an error raised while resolving it. */
  inConfig: (file: string, error: ProveError) =>
    new ProveError(error.code, `config file ${file}: ${error.message}`, { ...error.details, file }, error.cause ?? error),

  // --- command line ----------------------------------------------------------------------------
  unknownCommand: (name: string, known: readonly string[], config: string) =>
    new ProveError('PROVE_UNKNOWN_COMMAND', `unknown command "${name}"; commands: ${known.join(', ')} (plugins contribute commands; these come from ${config}; prove-rl --help)`),
  usage: (command: string, message: string) =>
    new ProveError('PROVE_USAGE', `${command}: ${message} (prove-rl ${command === 'prove-rl' ? '' : command + ' '}--help)`.replace('  ', ' ')),
  invalidArgument: (command: string, option: string, value: unknown, allowed: string) =>
    new ProveError('PROVE_INVALID_ARGUMENT', `prove ${command}: ${option} ${preview(value)} is invalid: ${allowed}`, { key: option }),

  // --- environments (servers/) -----------------------------------------------------------------
  fixtureMissing: (path: string, reason: string) =>
    new ProveError('PROVE_FIXTURE_INVALID', `fixture ${path}: ${reason}`, { file: path }),
  unknownDomain: (name: string, known: readonly string[]) =>
    new ProveError('PROVE_UNKNOWN_DOMAIN', `no domain named "${name}"; domains: ${list(known)}`, { domain: name }),
  invalidWorld: (domain: string, key: string, value: unknown, allowed: string) =>
    new ProveError('PROVE_INVALID_WORLD', `domain "${domain}": world ${key} = ${preview(value)} is invalid: ${allowed}`, { domain, key }),
  invalidDomain: (domain: string, reason: string) =>
    new ProveError('PROVE_INVALID_DOMAIN', `domain "${domain}" is not well formed: ${reason}`, { domain }),
  sessionLimit: (max: number) =>
    new ProveError('PROVE_SESSION_LIMIT', `the server already holds its maximum of ${max} sessions; close one (DELETE with its Mcp-Session-Id) or wait for idle sessions to be evicted`, { max }),

  // --- reward ----------------------------------------------------------------------------------
  invalidGroundTruth: (exampleId: string, reason: string) =>
    new ProveError('PROVE_INVALID_GROUND_TRUTH', `example "${exampleId}": ground truth is not well formed: ${reason}`, { example: exampleId }),
  invalidToolSchema: (exampleId: string, tool: string, reason: string) =>
    new ProveError('PROVE_INVALID_TOOL_SCHEMA', `example "${exampleId}": the parameters schema of candidate tool "${tool}" does not compile: ${reason}`, { example: exampleId, tool }),
  unweightedRewardTerm: (plugin: string, term: string, weighted: readonly string[]) =>
    new ProveError(
      'PROVE_UNWEIGHTED_REWARD_TERM',
      `reward term "${term}" has no weight; give it one in the weights option of ${plugin} (a weight of 0 keeps it in the sheet without counting it). Weighted terms: ${list(weighted)}`,
      { plugin, term },
    ),
  rewardTermNotFinite: (plugin: string, term: string, value: unknown) =>
    new ProveError('PROVE_REWARD_TERM_NOT_FINITE', `reward term "${term}" is ${preview(value)}; every term must be a finite number`, { plugin, term }),
  rewardDetailsMissing: (plugin: string, term: string, needed: string) =>
    new ProveError(
      'PROVE_REWARD_DETAILS_MISSING',
      `reward term "${term}" needs sheet.details.${needed} (the alignment of the coverage term), but no plugin wrote it; keep CoverageRewardPlugin (set its weight to 0 to ablate it) or point the "alignment" option at the term that writes it`,
      { plugin, term },
    ),
  noRewardPlugins: () =>
    new ProveError('PROVE_NO_REWARD_PLUGINS', 'the configuration taps onReward with no plugin; add a reward preset (e.g. "prove-rl/presets/proveReward") or reward term plugins'),
  scoreInputInvalid: (file: string, line: number, reason: string) =>
    new ProveError('PROVE_SCORE_INPUT_INVALID', `${file}:${line}: ${reason}`, { file, line }),
  scoreStrictFailed: (count: number, first: string) =>
    new ProveError('PROVE_SCORE_STRICT', `--strict: ${count} input line${count === 1 ? '' : 's'} could not be scored, nothing was written; first: ${first}`, { count }),
  scoreNothingScored: (file: string, skipped: number) =>
    new ProveError('PROVE_SCORE_NOTHING_SCORED', `no line of ${file} could be scored (${skipped} skipped); nothing was written`, { file, skipped }),

  // --- synthesis -------------------------------------------------------------------------------
  synthesisNoGraph: (server: string) =>
    new ProveError(
      'PROVE_SYNTHESIS_NO_GRAPH',
      `the sampling context of environment "${server}" carries no dependency graph; add DependencyGraphPlugin (or the "synthesis" preset) to the configuration`,
      { environment: server },
    ),
  synthesisBadTransition: (state: string, event: string) =>
    new ProveError('PROVE_SYNTHESIS_BAD_TRANSITION', `the conversation state machine has no transition from "${state}" on "${event}"`, { state, event }),
  synthesisNoTeacher: (purpose: string) =>
    new ProveError(
      'PROVE_SYNTHESIS_NO_TEACHER',
      `no teacher produced a completion for a "${purpose}" draft; add TemplateTeacherPlugin (the default of the "synthesis" preset) or OpenAITeacherPlugin`,
      { purpose },
    ),
  synthesisNoOrchestrator: () =>
    new ProveError('PROVE_SYNTHESIS_NO_ORCHESTRATOR', 'the configuration has no SynthesisOrchestratorPlugin; add the "synthesis" preset (the "prove" preset includes it)'),
  synthesisNoEnvironments: (requested: readonly string[], registered: readonly string[]) =>
    new ProveError(
      'PROVE_SYNTHESIS_NO_ENVIRONMENTS',
      `nothing to synthesize from: ${requested.length ? `domains ${list(requested)} are not registered` : 'no environment is registered'}; registered: ${list(registered)}`,
    ),
  synthesisResumeMismatch: (dir: string, reason: string) =>
    new ProveError(
      'PROVE_SYNTHESIS_RESUME_MISMATCH',
      `cannot resume the run in ${dir}: ${reason}; resume with the same --seed, --count, --domains and configuration, or use a new --out directory`,
      { file: dir },
    ),
  synthesisOutputExists: (dir: string) =>
    new ProveError('PROVE_SYNTHESIS_OUTPUT_EXISTS', `${dir} already holds a finished or interrupted run; pass --resume to continue it, or choose another --out directory`, { file: dir }),
  synthesisStalled: (kept: number, wanted: number, tried: number) =>
    new ProveError(
      'PROVE_SYNTHESIS_STALLED',
      `only ${kept} of ${wanted} examples survived validation after ${tried} conversations; the domains offer too little variety for that many distinct examples (see the drop reasons in the manifest)`,
      { kept, wanted, tried },
    ),

  // --- rollouts and evaluation -----------------------------------------------------------------
  policyUnavailable: (plugin: string, url: string, attempts: number, cause: unknown) =>
    new ProveError(
      'PROVE_POLICY_UNAVAILABLE',
      `policy server ${url} did not answer after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${messageOf(cause)}; check that the model server runs and that the base URL ends in /v1`,
      { plugin, hook: 'onGenerate', url, attempts },
      cause,
    ),
  policyRejected: (plugin: string, url: string, status: number, body: string) =>
    new ProveError('PROVE_POLICY_REJECTED', `policy server ${url} rejected the request with HTTP ${status} (not retried): ${preview(body, 300)}`, { plugin, hook: 'onGenerate', url, status }),
  policyBadResponse: (plugin: string, url: string, reason: string) =>
    new ProveError('PROVE_POLICY_BAD_RESPONSE', `policy server ${url} answered with something that is not a chat completion: ${reason}`, { plugin, hook: 'onGenerate', url }),
  noPolicy: (purpose: string) =>
    new ProveError(
      'PROVE_NO_POLICY',
      `no plugin produced a completion for a "${purpose}" draft; pass --policy URL --model NAME, or add a policy plugin (e.g. OpenAIPolicyPlugin) to the configuration`,
      { purpose },
    ),
  datasetNotFound: (file: string) => new ProveError('PROVE_DATASET_NOT_FOUND', `dataset ${file} does not exist`, { file }),
  datasetLineInvalid: (file: string, line: number, reason: string) =>
    new ProveError('PROVE_DATASET_INVALID', `dataset ${file} line ${line}: ${reason}`, { file, line }),
  datasetEmpty: (file: string, split: string, splits: Record<string, number>) =>
    new ProveError(
      'PROVE_DATASET_EMPTY',
      `dataset ${file} has no example in split "${split}"; splits present: ${Object.entries(splits).map(([name, count]) => `${name} ${count}`).join(', ') || '(no examples)'} (--split all takes every example)`,
      { file, split },
    ),
  exampleEnvironmentMissing: (exampleId: string, server: string, registered: readonly string[]) =>
    new ProveError(
      'PROVE_EXAMPLE_ENVIRONMENT_MISSING',
      `example "${exampleId}" needs environment "${server}", which is not registered; registered: ${list(registered)} (add its environment plugin or preset to the configuration)`,
      { exampleId, environment: server },
    ),
  remoteServerFailed: (server: string, endpoint: string, reason: string, cause?: unknown) =>
    new ProveError('PROVE_REMOTE_SERVER_FAILED', `MCP server "${server}" (${endpoint}): ${reason}`, { environment: server, endpoint }, cause),
  groupStateMismatch: (exampleId: string, server: string, hashes: readonly string[]) =>
    new ProveError(
      'PROVE_GROUP_STATE_MISMATCH',
      `the rollouts of example "${exampleId}" did not start from the same state of "${server}" (initial hashes ${list([...new Set(hashes)])}); sessions of one world must start identical`,
      { exampleId, environment: server },
    ),


  // --- training --------------------------------------------------------------------------------
  workerDependenciesMissing: (python: string, missing: readonly string[], install: string) =>
    new ProveError(
      'PROVE_WORKER_DEPENDENCIES_MISSING',
      `the training worker's Python (${python}) lacks ${missing.join(', ')}; in a checkout of prove-rl run \`npm run setup\` (it creates .venv with them), or install them with: ${install} (or point --python / $PROVE_PYTHON at an interpreter that has them)`,
      { python, missing },
    ),
  workerNotStarted: (python: string, cause: unknown) =>
    new ProveError(
      'PROVE_WORKER_NOT_STARTED',
      `the training worker could not be started with ${python}: ${messageOf(cause)}; in a checkout of prove-rl run \`npm run setup\` (it creates .venv with the worker's modules), or set --python or $PROVE_PYTHON to a Python 3.10+ interpreter that has them`,
      { python },
      cause,
    ),
  workerCrashed: (op: string, exit: string, stderr: string) =>
    new ProveError(
      'PROVE_WORKER_CRASHED',
      `the training worker died during "${op}" (${exit}); its last stderr:\n${stderr.trim() || '(empty)'}\nthe run can continue from its last checkpoint with --resume`,
      { op, exit },
    ),
  workerFailed: (op: string, message: string, traceback?: string) =>
    new ProveError('PROVE_WORKER_FAILED', `the training worker refused "${op}": ${message}${traceback ? `\n${traceback.trim()}` : ''}`, { op }),
  trainRunExists: (dir: string) =>
    new ProveError('PROVE_TRAIN_RUN_EXISTS', `run folder ${dir} already holds a run (metrics.jsonl); continue it with --resume, or pick another --out`, { file: dir }),
  checkpointMissing: (dir: string, reason: string) =>
    new ProveError('PROVE_CHECKPOINT_MISSING', `cannot resume the run in ${dir}: ${reason}`, { file: dir }),
  trainingModelMissing: () =>
    new ProveError('PROVE_TRAINING_MODEL_MISSING', 'no model to train: give --model PATH (a Hugging Face model folder on disk) or --tiny (a tiny model built here from the fixtures)'),
  metricsMissing: (dir: string) =>
    new ProveError('PROVE_METRICS_MISSING', `${dir} has no metrics.jsonl; give the --out folder of a prove-rl train run`, { file: dir }),

  // --- model export and local models (ONNX) ----------------------------------------------------
  onnxExportInvalid: (dir: string, problem: string) =>
    new ProveError('PROVE_ONNX_EXPORT_INVALID', `ONNX export ${dir}: ${problem}`, { file: dir }),
  modelContextExceeded: (dir: string, promptTokens: number, limit: number) =>
    new ProveError('PROVE_MODEL_CONTEXT_EXCEEDED', `the prompt has ${promptTokens} tokens; the model ${dir} takes at most ${limit} (fewer tools, shorter tool results, or fewer turns)`, { file: dir, promptTokens, limit }),
  exportFailed: (format: string, reason: string) =>
    new ProveError('PROVE_EXPORT_FAILED', `prove-rl export --format ${format} failed: ${reason}`, { format }),
} as const;

/** A short, printable rendering of a value for error messages (long values are cut). */
export function preview(value: unknown, max = 80): string {
  let text: string;
  if (value === undefined) text = 'undefined';
  else if (typeof value === 'function') text = `[function ${(value as { name?: string }).name || 'anonymous'}]`;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = String(value);
    }
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
