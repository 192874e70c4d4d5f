import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const here = dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

describe('servers under hostile clients (issue 15)', function () {
  this.timeout(120_000);

  it('20,000 calls in one HTTP session grow the heap by less than 10 MB (the SDK kept a stream entry per request)', async () => {
    const { stdout } = await run(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'httpMemory.ts'), '20000'], { maxBuffer: 1 << 20 });
    const figure = JSON.parse(stdout.trim().split('\n').pop()!) as { calls: number; growthBytes: number };
    console.log(`      heap growth after ${figure.calls} calls: ${(figure.growthBytes / 1e6).toFixed(2)} MB`);
    expect(figure.calls).to.equal(20_000);
    expect(figure.growthBytes).to.be.below(10 * 1024 * 1024);
  });
});
