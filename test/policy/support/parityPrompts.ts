import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Example } from '../../../core/index.js';
import { REPO_ROOT } from '../../support/project.js';

const DOMAINS = ['banking', 'calendar', 'iot_devices', 'shopping', 'travel_booking', 'cross_domain'];

/** 20 prompts from the fixture examples: the system and first user turn with two of the tools (then the next two, once every example was used). */
export function parityPrompts(count = 20): Array<Pick<Example, 'messages' | 'tools'>> {
  const all: Example[] = [];
  for (const domain of DOMAINS) {
    for (const line of readFileSync(join(REPO_ROOT, 'fixtures', 'examples', `${domain}.jsonl`), 'utf8').split('\n')) if (line.trim()) all.push(JSON.parse(line));
  }
  const prompts: Array<Pick<Example, 'messages' | 'tools'>> = [];
  for (let k = 0; prompts.length < count; k++) {
    const e = all[k % all.length];
    const from = 2 * Math.floor(k / all.length);
    prompts.push({ messages: e.messages.slice(0, e.messages.findIndex((m) => m.role === 'user') + 1), tools: e.tools.slice(from, from + 2) });
  }
  return prompts;
}

