import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';

const ROOT = join(import.meta.dirname, '..', '..', '..');

/**
 * The first free/busy query of a process: the event index is built (and its keys numbered) during
 * that very call, so a lookup made before the build found no events and answered "not busy" where a
 * process that had built the index before answered the real busy blocks (found by the fresh-process
 * replay of synthesized examples).
 */
describe('calendar: query_free_busy as the first call of a fresh process', () => {
  it('gives the busy blocks of a colleague invited to recurring meetings', () => {
    const script = `
      import { Engine } from './core/index.js';
      import { DomainEnvironmentPlugin } from './plugins/environments/DomainEnvironmentPlugin.js';
      const engine = new Engine();
      await engine.use(new DomainEnvironmentPlugin({ domain: 'calendar' }));
      const session = await engine.openSession('calendar', { seed: 11, referenceDate: '2026-03-16T09:00:00Z' });
      const out = await engine.execute({ server: 'calendar', session, call: { name: 'query_free_busy', arguments: { items: ['nora.kruger@lumenlabs.example'], time_min: '2026-03-24', time_max: '2026-03-25' } } });
      process.stdout.write(JSON.stringify(out.result));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    const result = JSON.parse(output) as { calendars: Array<{ busy: Array<{ start: string; end: string }> }> };
    // Tuesday: "Product & Design weekly" 11:00–12:00 and "1:1 Chiara / Nora" 16:00–16:30 Berlin (UTC+1 before 29 March).
    expect(result.calendars[0].busy).to.deep.equal([
      { start: '2026-03-24T10:00:00Z', end: '2026-03-24T11:00:00Z' },
      { start: '2026-03-24T15:00:00Z', end: '2026-03-24T15:30:00Z' },
    ]);
  });
});
