import type { ArgumentSource } from './resolveArguments.js';
import type { Persona } from './personas.js';
import type { SynthesisRandom } from './SynthesisRandom.js';
import type { ToolFacts } from './ToolCatalog.js';
import { isInternalId, nounOfField, singular, stripRolePrefix } from './valuePool.js';

/** What a clause needs to know to mention an argument value. */
export interface MentionContext {
  rng: SynthesisRandom;
  /** Every string of the initial world the sampling context holds: such values may be named outright. */
  worldValues: ReadonlySet<string>;
  /** Turn of the step that produced each output value's step index. */
  stepTurns: readonly number[];
  currentTurn: number;
  /** Argument left out on purpose (information level "missing"). */
  withheld?: string;
  /** Terse phrasing without optional extras ("minimal"). */
  minimal: boolean;
}

const VERBS: Record<string, string> = {
  get: 'get',
  list: 'list',
  search: 'search',
  find: 'find',
  query: 'check',
  track: 'track',
  estimate: 'estimate',
  create: 'create',
  add: 'add',
  update: 'update',
  set: 'set',
  change: 'change',
  delete: 'delete',
  remove: 'remove',
  cancel: 'cancel',
  book: 'book',
  pay: 'pay',
  transfer: 'transfer',
  apply: 'apply',
  select: 'select',
  complete: 'complete',
  request: 'request',
  report: 'report',
  freeze: 'freeze',
  unfreeze: 'unfreeze',
  respond: 'respond to',
  move: 'move',
  activate: 'activate',
  turn: 'turn',
  lock: 'lock',
  unlock: 'unlock',
  take: 'take',
  price: 'price',
};

/** `current_balance` → `current balance`. */
export function words(name: string): string {
  // camelCase keys (totalPrice, departureTime) read as words too.
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase().trim();
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(2);
}

/** An argument value as a user would say it. */
export function mentionValue(argument: string, value: unknown, source: ArgumentSource | undefined, context: MentionContext): string {
  if (Array.isArray(value)) {
    const parts = value.map((item) => mentionValue(argument, item, source?.kind === 'entity' ? { ...source, label: undefined } : source, context));
    return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `${words(key)} ${mentionValue(key, item, undefined, context)}`)
      .join(', ');
  }
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value);
  if (source?.kind === 'entity' && !/(_id|^id|_ids)$/.test(argument)) {
    return /(name|alias|title|summary|memo|description|query|search)$/.test(argument) ? `"${text}"` : text;
  }
  if (source?.kind === 'entity') {
    const noun = source.noun || nounOfField(argument);
    // Named by its label; a lookup found the id.
    if (source.byLabel === true && source.label !== undefined) return source.label;
    if (source.origin.kind === 'output') {
      const producedIn = context.stepTurns[source.origin.step] ?? context.currentTurn;
      if (source.label !== undefined) return producedIn < context.currentTurn && !source.label.startsWith('the ') && context.rng.chance(0.5) ? `that ${noun}, ${source.label}` : source.label;
      if (context.worldValues.has(text)) return text;
      return producedIn < context.currentTurn ? `the ${noun} from before` : `the new ${noun}`;
    }
    // "Label (id)" only for ids a person holds (a hotel code, a ticket number), never for internal ones (usr_26).
    if (source.label !== undefined && source.label !== text && !isInternalId(text) && !context.minimal && context.rng.chance(0.4)) return `${source.label} (${text})`;
    return text;
  }
  if (/(memo|note|comment|description|summary|name|alias|title|text|query|search|keyword)$/.test(argument) && !/_id$/.test(argument)) return `"${text}"`;
  return text;
}

const SLOT = /\{([a-z0-9_]+)\}/g;

/**
 * Whether a user must say this argument's value: anything but an id taken from an earlier result
 * (a memo or a bank name seen in a result is still the user's choice to make).
 */
export function userProvided(argument: string, source: ArgumentSource | undefined): boolean {
  if (source?.kind === 'principal') return false;
  if (source?.kind === 'entity' && source.byLabel === true) return true;
  return source === undefined || source.kind !== 'entity' || source.origin.kind !== 'output' || !/(_id|^id|_ids)$/.test(argument);
}

function phraseArgument(argument: string, mention: string, source: ArgumentSource | undefined): string {
  if (source?.kind === 'entity' && (argument.endsWith('_id') || argument === 'id')) {
    const noun = nounOfField(argument);
    const base = stripRolePrefix(argument);
    const role = argument !== base ? argument.slice(0, argument.length - base.length - 1).replace(/_/g, ' ') : '';
    if (mention.startsWith('that ') || mention.startsWith('the ') || mention.startsWith('my ')) return role ? `${role} ${mention}` : `for ${mention}`;
    return role ? `${role} ${noun} ${mention}` : `for ${noun} ${mention}`;
  }
  return `with ${words(argument)} ${mention}`;
}

/** An id value as a noun phrase ("account acc_1"); labels and references already are one. */
function nounPhrase(argument: string, mention: string, source: ArgumentSource | undefined): string {
  if (source?.kind !== 'entity' || !/(_id|^id)$/.test(argument)) return mention;
  if (mention.startsWith('that ') || mention.startsWith('the ') || source.label !== undefined && mention.startsWith(source.label)) return mention;
  const generic = argument === 'id' || argument === 'target_id';
  return `${generic ? source.noun.replace(/_/g, ' ') : nounOfField(argument)} ${mention}`;
}

function joinList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** " for card X and from account Y, with amount 90 and memo "rent"": entities first, then the other values in one "with" list. */
function argumentPhrases(argumentsToSay: readonly string[], mentions: Record<string, string>, sources: Record<string, ArgumentSource>): string {
  const entities: string[] = [];
  const values: string[] = [];
  for (const argument of argumentsToSay) {
    const phrase = phraseArgument(argument, mentions[argument], sources[argument]);
    if (phrase.startsWith('with ')) values.push(phrase.slice(5));
    else entities.push(phrase);
  }
  let out = entities.length > 0 ? ` ${entities.join(' and ')}` : '';
  if (values.length > 0) out += `${entities.length > 0 ? ',' : ''} with ${joinList(values)}`;
  return out;
}

/**
 * A phrasing as the signed-in user says it: "show the budget of {user_id}" → "show my budget",
 * "{account_id}'s positions" → "my positions", "as {user_id}, relist {listing_id}" → "relist {listing_id}". A phrasing that still needs the slot ("how did
 * {user_id} do") stays as it is and no longer fits (its slot has no mention).
 */
export function withoutSelf(phrasing: string, self: readonly string[]): string {
  const key = `${phrasing}\u0000${self.join('\u0000')}`;
  let known = selfless.get(key);
  if (known === undefined) {
    known = selflessUncached(phrasing, self);
    // Phrasings and principals are few; bounded against pathological inputs.
    if (selfless.size < 20_000) selfless.set(key, known);
  }
  return known;
}

const selfless = new Map<string, string>();

function selflessUncached(phrasing: string, self: readonly string[]): string {
  let out = phrasing;
  for (const argument of self) {
    out = out
      .replace(new RegExp(`^(?:I am|I'm|as|for) \\{${argument}\\}[;,:]\\s*`), '')
      .replace(new RegExp(`\\{${argument}\\}'s\\b`, 'g'), 'my')
      .replace(new RegExp(`\\bthe ((?:[\\w-]+ ){0,3}[\\w-]+) (?:of|for) \\{${argument}\\}`, 'g'), 'my $1')
      .replace(new RegExp(`\\s+(?:for|of|in|from|to|by|on|as|under)\\s+(?:user |account |customer |member )?\\{${argument}\\}`, 'g'), '');
  }
  return out.replace(/\s+([,.?!])/g, '$1').trim();
}

/** A request clause derived from the tool's name and arguments, for tools without phrasings. */
export function fallbackClause(tool: ToolFacts, args: Record<string, unknown>, mentions: Record<string, string>, sources: Record<string, ArgumentSource>): string {
  const [verb, ...rest] = tool.name.split('_');
  const known = VERBS[verb];
  // `turn_on_device` → "turn on the device": a particle belongs to the verb.
  const particle = ['on', 'off', 'up', 'down'].includes(rest[0]) ? ` ${rest.shift()}` : '';
  const object = rest.join(' ');
  // A verb we do not know is still a verb: tool names are verb_object by convention.
  let clause = `${known ?? verb}${particle} ${verb === 'list' || verb === 'search' || verb === 'find' || object === '' ? '' : 'the '}${object}`;
  clause += argumentPhrases(Object.keys(args).filter((argument) => mentions[argument] !== undefined), mentions, sources);
  return clause.replace(/\s+/g, ' ').trim();
}

/**
 * The clause that asks for one call: a phrasing of the tool whose slots are all filled (a random one
 * of those), with the user-provided values it does not mention appended; the generic clause when
 * the tool has no fitting phrasing.
 */
export function requestClause(tool: ToolFacts, args: Record<string, unknown>, sources: Record<string, ArgumentSource>, context: MentionContext): string {
  const mentions: Record<string, string> = {};
  const self: string[] = [];
  for (const [argument, value] of Object.entries(args)) {
    // The signed-in user is who speaks: never said, like the withheld value.
    if (sources[argument]?.kind === 'principal') self.push(argument);
    if (argument === context.withheld || sources[argument]?.kind === 'principal') continue;
    mentions[argument] = mentionValue(argument, value, sources[argument], context);
  }
  // In a phrasing, an id slot stands alone: "check the balance of {account_id}" → "… of account acc_1" / "… of Everyday Checking".
  const slotText: Record<string, string> = {};
  for (const [argument, mention] of Object.entries(mentions)) slotText[argument] = nounPhrase(argument, mention, sources[argument]);
  const fitting = (self.length === 0 ? tool.phrasings : tool.phrasings.map((phrasing) => withoutSelf(phrasing, self))).filter((phrasing) => {
    const slots = [...phrasing.matchAll(SLOT)].map((m) => m[1]);
    return slots.every((slot) => slot in mentions);
  });
  // A phrasing should mention most of what must be said; prefer the ones that leave least to append.
  if (fitting.length === 0) return fallbackClause(tool, args, mentions, sources);
  const coverage = (phrasing: string) => new Set([...phrasing.matchAll(SLOT)].map((m) => m[1])).size;
  const best = Math.max(...fitting.map(coverage));
  const chosen = context.rng.pick(fitting.filter((p) => coverage(p) >= best - 1));
  const used = new Set([...chosen.matchAll(SLOT)].map((m) => m[1]));
  const clause = chosen.replace(SLOT, (_, slot: string) => slotText[slot]);
  const extra = Object.keys(args).filter((argument) => !used.has(argument) && mentions[argument] !== undefined && userProvided(argument, sources[argument]));
  return clause + argumentPhrases(extra, mentions, sources);
}

function capitalize(text: string): string {
  return text.length === 0 ? text : text[0].toUpperCase() + text.slice(1);
}

/** One user message in a persona's voice, from one or more request clauses. */
export function userMessage(persona: Persona, clauses: readonly string[], rng: SynthesisRandom, followUp: boolean): string {
  let request = clauses[0];
  for (let i = 1; i < clauses.length; i++) request += rng.pick(persona.joiners) + clauses[i];
  if (followUp) {
    const lead = rng.pick(persona.followUps);
    const question = /(could you|can you|could you also)\s*$/i.test(lead);
    const body = `${/[.!:]\s$/.test(lead) ? capitalize(request) : request}${question ? '?' : '.'}`;
    return (lead + body).replace(/\?\.$/, '?').replace(/\.\.$/, '.');
  }
  const ask = rng.pick(persona.asks).replace('{request}', request);
  const opener = rng.pick(persona.openers);
  const startsSentence = opener === '' || /[.!?:]\s$/.test(opener);
  const keepCase = startsSentence || /^I\b/.test(ask);
  return capitalize(opener + (keepCase ? capitalize(ask) : ask[0].toLowerCase() + ask.slice(1))).replace(/\.\.$/, '.').replace(/\?\?$/, '?');
}

/** The user supplying a value the assistant asked for. */
export function answerMessage(persona: Persona, mention: string, rng: SynthesisRandom): string {
  const template = rng.pick(persona.answers);
  const text = template.replace('{value}', mention);
  return template.startsWith('{') ? text : capitalize(text);
}

/** The assistant asking for a value the request left out. */
export function clarificationQuestion(tool: ToolFacts, argument: string, rng: SynthesisRandom): string {
  const what = argument.endsWith('_id') ? `which ${nounOfField(argument)}` : `the ${words(argument)}`;
  const action = words(tool.name);
  return rng.pick([
    `Before I ${action}, could you tell me ${what} you mean?`,
    `I need one more detail to ${action}: ${what} should I use?`,
    `Sure. Which value should I use for ${words(argument)}?`,
  ]);
}

const SUMMARY_SKIP = /(^id$|_id$|_ids$|Id$|url|created_at|updated_at|currency|^as_of$|offset|has_more|next_page|^name$|^title$|^summary$|^alias$)/;

const PAST: Record<string, string> = {
  add: 'added',
  admit: 'admitted',
  buy: 'bought',
  copy: 'copied',
  leave: 'left',
  log: 'logged',
  make: 'made',
  modify: 'modified',
  pop: 'popped',
  reply: 'replied',
  send: 'sent',
  stop: 'stopped',
  wake: 'woke',
  write: 'wrote',
  apply: 'applied',
  book: 'booked',
  cancel: 'cancelled',
  change: 'changed',
  complete: 'completed',
  create: 'created',
  delete: 'deleted',
  freeze: 'froze',
  lock: 'locked',
  move: 'moved',
  pay: 'paid',
  price: 'priced',
  remove: 'removed',
  report: 'reported',
  request: 'requested',
  respond: 'responded to',
  select: 'selected',
  set: 'set',
  take: 'took',
  transfer: 'transferred',
  turn: 'turned',
  unfreeze: 'unfroze',
  unlock: 'unlocked',
  update: 'updated',
  activate: 'activated',
};

/** `freeze_bank_card` → `froze the bank card`. */
function pastTense(toolName: string): string {
  const [verb, ...rest] = toolName.split('_');
  if (verb === 'quick' && rest.length > 1) return `quickly ${pastTense(rest.join('_'))}`;
  const past = PAST[verb] ?? (verb.endsWith('e') ? `${verb}d` : `${verb}ed`);
  // "transfer_between_bank_accounts" → "transferred between bank accounts": no article before a preposition.
  // "respond_to_event": the verb's past already carries its preposition ("responded to"), said once.
  if (past.endsWith(` ${rest[0]}`)) return `${past} the ${rest.slice(1).join(' ')}`;
  if (verb === 'turn' || ['between', 'to', 'from', 'into', 'for'].includes(rest[0])) return `${past} ${rest.join(' ')}`;
  return `${past} the ${rest.join(' ')}`;
}

function scalarFacts(record: Record<string, unknown>, limit: number): string[] {
  const facts: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (facts.length >= limit) break;
    if (SUMMARY_SKIP.test(key) || value === null || value === '' || typeof value === 'object') continue;
    if (typeof value === 'string' && value.length > 60) continue;
    const shown = typeof value === 'number' ? formatNumber(value) : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value;
    facts.push(`${words(key)} ${shown}`);
  }
  return facts;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** One sentence about a tool result, from its shape alone (counts, names, a few key facts). */
export function summarizeResult(tool: ToolFacts, result: unknown): string {
  if (result === null || typeof result !== 'object') return `${capitalize(words(tool.name))} returned ${String(result)}.`;
  const record = result as Record<string, unknown>;
  const scalars = Object.values(record).filter((value) => value === null || typeof value !== 'object').length;
  // A list envelope (a few counters around one list) is summarized by its list; an entity by its facts.
  const arrayKey = !tool.readOnly || scalars > 5 ? undefined : Object.keys(record).find((key) => Array.isArray(record[key]) && (record[key] as unknown[]).every((item) => item !== null && typeof item === 'object'));
  if (arrayKey !== undefined) {
    const items = record[arrayKey] as Array<Record<string, unknown>>;
    if (items.length === 0) return `I found no ${words(arrayKey)} for that.`;
    const names = items
      .slice(0, 3)
      .map((item) => {
        const name = item.name ?? item.title ?? item.summary ?? item.alias;
        return typeof name === 'string' && name.length <= 48 ? name : item[Object.keys(item).find((k) => k.endsWith('_id') || k.endsWith('Id')) ?? 'id'];
      })
      .filter((name): name is string => typeof name === 'string');
    const more = items.length > 3 ? `, among others` : '';
    const noun = items.length === 1 ? singular(words(arrayKey)) : words(arrayKey);
    return `I found ${items.length} ${noun}${names.length > 0 ? `: ${list(names)}${more}` : ''}.`;
  }
  const nested = Object.values(record).find((value) => value !== null && typeof value === 'object' && !Array.isArray(value)) as Record<string, unknown> | undefined;
  const facts = scalarFacts(record, 4);
  if (facts.length < 2 && nested) facts.push(...scalarFacts(nested, 4 - facts.length));
  const name = record.name ?? record.title ?? record.summary ?? record.alias;
  const subject = typeof name === 'string' && name.length <= 60 ? name : undefined;
  if (!tool.readOnly) {
    const done = `Done: I ${pastTense(tool.name)}${subject ? ` (${subject})` : ''}.`;
    return facts.length > 0 ? `${done} It now shows ${list(facts)}.` : done;
  }
  if (facts.length === 0) return `Here is what I found${subject ? ` for ${subject}` : ''}.`;
  return subject ? `${subject} has ${list(facts)}.` : `Here are the details: ${list(facts)}.`;
}

/** The assistant declining a request that needs a tool it does not have. */
export function missingToolReply(tool: ToolFacts, rng: SynthesisRandom, askInstead: boolean): string {
  const action = words(tool.name);
  if (askInstead) {
    return rng.pick([
      `I can't ${action} with the tools I have here. Would you like me to help with something else related to this instead?`,
      `That part (${action}) isn't something I can do from here, so I stopped there. Is there another way you'd like me to proceed?`,
      `I don't have a way to ${action} right now. Should I leave it at what I've done so far, or is there something else you need?`,
    ]);
  }
  return rng.pick([
    `I'm sorry, but I can't ${action}: none of the tools available to me can do that.`,
    `Unfortunately I have no tool that can ${action}, so I can't do that for you here.`,
  ]);
}

/**
 * Requests no tool of a typical service can satisfy, each with the word that must not occur in any
 * offered tool; `{n}` and `{place}` are filled at random for variety.
 */
export const IRRELEVANT_REQUESTS: ReadonlyArray<{ topic: string; text: string }> = [
  { topic: 'weather', text: "what's the weather going to be like in {place} this weekend?" },
  { topic: 'weather', text: 'will it rain in {place} tomorrow?' },
  { topic: 'recipe', text: 'can you give me a good recipe for banana bread for {n} people?' },
  { topic: 'recipe', text: 'what can I cook tonight with rice, eggs and spinach?' },
  { topic: 'translat', text: 'please translate "see you tomorrow" into Portuguese.' },
  { topic: 'translat', text: 'how do you say "thank you very much" in Japanese?' },
  { topic: 'poem', text: 'write me a short poem about autumn leaves in {place}.' },
  { topic: 'score', text: 'who won the football match in {place} last night, and what was the score?' },
  { topic: 'stock', text: 'should I buy shares of a tech stock right now?' },
  { topic: 'stock', text: 'what will the stock market do over the next {n} months?' },
  { topic: 'symptom', text: 'I have a headache and a sore throat. What medicine should I take?' },
  { topic: 'joke', text: 'tell me a joke to cheer me up.' },
  { topic: 'lyrics', text: 'what are the lyrics of the song that goes "here comes the sun"?' },
  { topic: 'capital', text: 'what is the capital of Australia?' },
  { topic: 'taxi', text: 'can you order me a taxi to the train station in {place} right now?' },
  { topic: 'pizza', text: 'order {n} large pepperoni pizzas for delivery, please.' },
  { topic: 'essay', text: 'can you write a {n}00-word essay on climate change for my class?' },
  { topic: 'horoscope', text: "what's my horoscope for today? I'm a Leo." },
  { topic: 'math', text: 'what is the square root of {n}44, to three decimals?' },
  { topic: 'movie', text: 'which movie should I watch tonight? Something like Inception.' },
  { topic: 'gym', text: 'put together a {n}-week workout plan for me to build strength.' },
  { topic: 'garden', text: 'when should I plant tomatoes in {place}?' },
  { topic: 'history', text: 'who was the first person to walk on the moon?' },
  { topic: 'password', text: 'can you reset the password of my email account?' },
  { topic: 'vaccine', text: 'which vaccines do I need before a trip to {place}?' },
  { topic: 'resume', text: 'please rewrite my CV so it fits a job as a data analyst.' },
  { topic: 'chess', text: "what's the best opening move in chess for a beginner?" },
  { topic: 'diet', text: 'how many calories should I eat per day to lose {n} kilos?' },
];

/**
 * In-domain requests no tool of a typical service does: an action on the service's own things
 * (`{things}`: what its tools act on, e.g. "payees") that needs a word no offered tool has.
 */
export const UNSUPPORTED_REQUESTS: ReadonlyArray<{ topic: string; text: string }> = [
  { topic: 'export', text: 'export all my {things} to a spreadsheet and email it to my accountant.' },
  { topic: 'pdf', text: 'make a PDF report of my {things} from the last {n} months.' },
  { topic: 'print', text: 'print out my {things} and mail the paper copy to me.' },
  { topic: 'fax', text: 'fax the list of my {things} to my lawyer.' },
  { topic: 'share', text: 'share my {things} on social media.' },
  { topic: 'chart', text: 'draw a chart of how my {things} changed over {n} years.' },
  { topic: 'predict', text: 'predict what my {things} will look like in {n} years.' },
  { topic: 'merge', text: 'merge my {things} with my spouse\'s into one.' },
  { topic: 'undo', text: 'undo everything that happened to my {things} in the last {n} days.' },
  { topic: 'complain', text: 'file a formal complaint about my {things} with the regulator.' },
  { topic: 'backup', text: 'back up my {things} to my personal cloud drive.' },
  { topic: 'import', text: 'import my {things} from my old provider in {place}.' },
  { topic: 'compare', text: 'compare my {things} with what other people in {place} have.' },
  { topic: 'voice', text: 'read my {things} out loud to me over the phone.' },
  { topic: 'tax', text: 'work out how much tax I owe on my {things}.' },
  { topic: 'insur', text: 'get me insurance for my {things}.' },
  { topic: 'sell', text: 'find someone in {place} who would buy my {things}.' },
  { topic: 'audit', text: 'audit my {things} for anything suspicious in the last {n} weeks and call the police.' },
];

const PLACES = ['Lisbon', 'Denver', 'Osaka', 'Cape Town', 'Montreal', 'Edinburgh', 'Austin', 'Melbourne', 'Bergen', 'Seville'];

/** An out-of-scope request in the persona's voice. */
export function irrelevantMessage(persona: Persona, request: string, rng: SynthesisRandom, things = 'records'): string {
  const text = request.replace('{place}', rng.pick(PLACES)).replace('{n}', String(rng.int(2, 9))).replace('{things}', things);
  const opener = rng.pick(persona.openers);
  const startsSentence = opener === '' || /[.!?:]\s$/.test(opener);
  return capitalize(opener + (startsSentence ? capitalize(text) : text));
}

/** The assistant declining an out-of-scope request. */
export function abstainReply(rng: SynthesisRandom, scope: string): string {
  return rng.pick([
    `I'm sorry, but I can't help with that: I can only work with ${scope} through the tools I have.`,
    `That's outside what I can do here. My tools cover ${scope}, so I can't answer that one.`,
    `I don't have any tool for that request; I can help with ${scope} instead if you like.`,
  ]);
}
