/**
 * Replays every example of a dataset in this (fresh) process: each recorded tool call against a
 * fresh session must give the recorded result, and the session must end in the recorded state
 * hash; the ground truth alone must end there too. Prints a JSON summary.
 */
import { readFileSync } from 'node:fs';
import { Engine, type Example } from '../../core/index.js';
import { DomainEnvironmentPlugin } from '../../plugins/environments/DomainEnvironmentPlugin.js';
import { replayGroundTruth } from '../../plugins/rollout/replayGroundTruth.js';
import { toolMessageContent } from '../../plugins/synthesis/ConversationStateMachine.js';

const examples = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Example);
const engine = new Engine();
for (const server of [...new Set(examples.flatMap((e) => e.servers))].sort()) await engine.use(new DomainEnvironmentPlugin({ domain: server }));
const problems: string[] = [];
let calls = 0;
for (const example of examples) {
  const server = example.servers[0];
  const session = await engine.openSession(server, example.world);
  const results = new Map(example.messages.flatMap((m) => (m.role === 'tool' ? [[m.tool_call_id, m.content] as const] : [])));
  for (const message of example.messages) {
    if (message.role !== 'assistant') continue;
    for (const call of message.tool_calls ?? []) {
      calls++;
      const outcome = await engine.execute({ server, session, call: { name: call.function.name, arguments: JSON.parse(call.function.arguments) } });
      if (toolMessageContent(outcome) !== results.get(call.id)) problems.push(`${example.id}: ${call.function.name} gave a different result`);
    }
  }
  if ((await session.stateHash()) !== example.meta.finalStateHash) problems.push(`${example.id}: final state hash differs`);
  await session.close();
  const replay = await replayGroundTruth(engine, example);
  if (example.groundTruth.length > 0 && replay.finalStateHashes[server] !== example.meta.finalStateHash) problems.push(`${example.id}: ground truth ends elsewhere`);
}
process.stdout.write(JSON.stringify({ examples: examples.length, calls, problems }));
