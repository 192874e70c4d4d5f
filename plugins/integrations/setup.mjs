#!/usr/bin/env node
// Installs the virtual environment of one scale-out engine: `node plugins/integrations/setup.mjs trl|verl`
// (npm run setup:trl, npm run setup:verl). The venv (.venv-trl, .venv-verl) is layered on the worker's
// .venv (npm run setup): a .pth file puts .venv's site-packages after its own, so torch (~5 GB) is not
// downloaded twice, and what the engine pins differently (VERL: transformers < 5.11) is installed in the
// layer, where it shadows .venv's copy. Then the engine's requirements and the prove_rl package
// (plugins/integrations/python, editable). Shows pip's progress and a line every 15 s.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const engine = process.argv[2];
if (engine !== 'trl' && engine !== 'verl') {
  console.error('usage: node plugins/integrations/setup.mjs trl|verl');
  process.exit(2);
}
const say = (text) => process.stdout.write(`setup:${engine}: ${text}\n`);
const base = process.env.PROVE_PYTHON || join(ROOT, '.venv', 'bin', 'python');
if (!existsSync(base)) {
  say(`no worker Python at ${base}: run npm run setup first (it installs .venv with torch and transformers), or set $PROVE_PYTHON`);
  process.exit(1);
}
const venv = join(ROOT, `.venv-${engine}`);
const python = join(venv, 'bin', 'python');
const started = Date.now();

function step(command, args, what) {
  say(`${what}: ${command} ${args.join(' ')}`);
  const t = Date.now();
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, PIP_DISABLE_PIP_VERSION_CHECK: '1' } });
  const timer = setInterval(() => say(`${what}: still working, ${Math.round((Date.now() - t) / 1000)} s`), 15_000);
  return new Promise((done) =>
    child.on('exit', (code, signal) => {
      clearInterval(timer);
      if (code !== 0) {
        say(`${what} failed (exit ${code ?? signal}); fix the problem above and run npm run setup:${engine} again`);
        process.exit(1);
      }
      done();
    }),
  );
}

if (!existsSync(python)) await step(base, ['-m', 'venv', venv], `create .venv-${engine}`);
const sitePackages = (py) => spawnSync(py, ['-c', 'import site; print(site.getsitepackages()[0])'], { encoding: 'utf8' }).stdout.trim();
writeFileSync(join(sitePackages(python), '_prove_worker_venv.pth'), sitePackages(base) + '\n');
say(`layered on ${sitePackages(base)}`);
await step(python, ['-m', 'pip', 'install', '--progress-bar', 'on', '-r', join('plugins', 'integrations', `requirements-${engine}.txt`), '-e', join('plugins', 'integrations', 'python')], 'pip install');
say(`done in ${Math.round((Date.now() - started) / 1000)} s: ${python}`);
