/**
 * Replays every example of a dataset in this (fresh) process: each recorded tool call against a
 * fresh session of the environment that has its tool (one per live environment: several for a
 * cross-domain example) must give the recorded result, and each session must end in its recorded
 * state hash; the ground truth alone must end there too. Prints a JSON summary.
 */
import { readFileSync } from 'node:fs';
import { Engine, type EnvironmentSession, type Example } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { toolRouting } from '../../plugins/rollout/toolRouting.js';
import { toolMessageContent } from '../../plugins/synthesis/ConversationStateMachine.js';
import { expectedStateHashes } from '../../plugins/synthesis/ReplayValidationPlugin.js';

const examples = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
const engine = new Engine();
for (const server of [...new Set(examples.flatMap((e) => e.servers))].sort()) await engine.use(new DomainEnvironmentPlugin({ domain: server }));
const problems: string[] = [];
let calls = 0;
for (const example of examples) {
  const routing = toolRouting(engine, example);
  const expected = expectedStateHashes(example);
  const sessions = new Map<string, EnvironmentSession>();
  for (const server of example.servers) sessions.set(server, await engine.openSession(server, example.world));
  const results = new Map(example.messages.flatMap((m) => (m.role === 'tool' ? [[m.tool_call_id, m.content] as const] : [])));
  for (const message of example.messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      calls++;
      const server = routing.serverOf.get(call.function.name) ?? example.servers[0];
      const outcome = await engine.execute({ server, session: sessions.get(server)!, call: { name: call.function.name, arguments: JSON.parse(call.function.arguments) } });
      if (toolMessageContent(outcome) !== results.get(call.id)) problems.push(`${example.id}: ${call.function.name} gave a different result`);
    }
  }
  if (Object.keys(expected).length !== example.servers.length) problems.push(`${example.id}: no final state hash recorded for each server`);
  for (const [server, hash] of Object.entries(expected)) if ((await sessions.get(server)?.stateHash()) !== hash) problems.push(`${example.id}: final state hash of ${server} differs`);
  for (const session of sessions.values()) await session.close();
  const replay = await replayGroundTruth(engine, example);
  if (example.groundTruth.length > 0) for (const [server, hash] of Object.entries(expected)) if (replay.finalStateHashes[server] !== hash) problems.push(`${example.id}: ground truth ends elsewhere in ${server}`);
}
process.stdout.write(JSON.stringify({ examples: examples.length, calls, problems }));
