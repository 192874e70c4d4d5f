import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { REPO_ROOT } from '../support/project.js';

/** Every module specifier of a TypeScript file: static imports and re-exports, `import()`, `require()`. */
function specifiers(source: string): string[] {
  const out: string[] = [];
  source = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const patterns = [/\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, /\bimport\s*['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of source.matchAll(pattern)) out.push(match[1]);
  return out;
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? tsFiles(path) : /\.[cm]?ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Imports of `root/core` that reach another layer: a relative path out of core/, or the package's
 * own name (`prove-rl/plugins/…`), which resolves to the same files.
 */
export function layerViolations(root: string, packageName: string): string[] {
  const core = join(root, 'core');
  const violations: string[] = [];
  for (const file of tsFiles(core)) {
    for (const specifier of specifiers(readFileSync(file, 'utf8'))) {
      const outside = specifier.startsWith('.') ? !resolve(dirname(file), specifier).startsWith(core + sep) : specifier === packageName || specifier.startsWith(`${packageName}/`);
      if (outside) violations.push(`${relative(root, file)} imports ${specifier}`);
    }
  }
  return violations;
}

const PACKAGE_NAME = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string }).name;

describe('layering: core/ imports nothing from plugins/, servers/ or presets/', () => {
  it('holds for this repository', () => {
    expect(layerViolations(REPO_ROOT, PACKAGE_NAME)).to.deep.equal([]);
  });

  it('reports an import out of core/, static, dynamic or through the package name', () => {
    const root = mkdtempSync(join(tmpdir(), 'prove-layering-'));
    try {
      mkdirSync(join(root, 'core', 'cli'), { recursive: true });
      writeFileSync(join(root, 'core', 'ok.ts'), `/** import { a } from '../plugins/doc-only'; */\nimport { x } from './cli/y.js';\nimport type { Z } from "./z.js";\nexport * from './w.js';\n`);
      writeFileSync(
        join(root, 'core', 'cli', 'bad.ts'),
        [
          `import { GrpoOptimizerPlugin } from '../../plugins/optimizer/GrpoOptimizerPlugin.js';`,
          `export { provePreset } from '../../presets/prove.js';`,
          `const serve = () => import('../../servers/cli/serveCommand.js');`,
          `import '${PACKAGE_NAME}/plugins/reward/x';`,
          `import { ok } from '../ok.js';`,
        ].join('\n'),
      );
      expect(layerViolations(root, PACKAGE_NAME)).to.have.members([
        'core/cli/bad.ts imports ../../plugins/optimizer/GrpoOptimizerPlugin.js',
        'core/cli/bad.ts imports ../../presets/prove.js',
        'core/cli/bad.ts imports ../../servers/cli/serveCommand.js',
        `core/cli/bad.ts imports ${PACKAGE_NAME}/plugins/reward/x`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
