/**
 * The hand-written examples of fixtures/examples/<domain>.jsonl, used by the evaluation tests and
 * the rollout benchmark until synthesis writes real datasets. Turns and ground truth are written by
 * hand against the committed worlds (real ids); candidate tools are the live domains' schemas at
 * the time of writing (a snapshot, as in any dataset), and the conversation is the ground truth
 * played in a live session. A test replays every ground truth, so a world change that breaks one
 * is noticed.
 *
 *   npx tsx test/rollout/support/exampleFixtures.ts     # rewrites fixtures/examples/*.jsonl
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createEngine, resolveConfig, type Example, type ExampleKind, type GroundTruthStep, type ToolSchema } from '../../../core/index.js';
import { RolloutRunner } from '../../../plugins/rollout/RolloutRunner.js';
import { environmentsPreset } from '../../../presets/environments.js';
import { loadDomain } from '../../../servers/index.js';
import { domainRuntime } from '../../../servers/kit/DomainSession.js';
import { GroundTruthPolicyPlugin } from './groundTruthPolicy.js';

/** One example as written by hand. */
export interface ExampleSpec {
  id: string;
  kind: ExampleKind;
  servers: string[];
  turns: string[];
  /** The assistant's closing answer of each turn, as the teacher would have phrased it. */
  answers: string[];
  groundTruth: GroundTruthStep[];
  /** Tools of other domains added to the candidates (the distractor perturbation). */
  distractors?: string[];
  /** Tools of the example's servers hidden from the candidates (the missing-function perturbation). */
  hidden?: string[];
  split?: 'train' | 'test';
}

const step = (id: string, turn: number, calls: Array<[string, Record<string, unknown>]>, dependsOn: string[] = []): GroundTruthStep => ({
  id,
  turn,
  calls: calls.map(([name, args]) => ({ name, arguments: args })),
  dependsOn,
});

export const EXAMPLE_SPECS: Record<string, ExampleSpec[]> = {
  banking: [
    {
      id: 'banking-savings-to-checking',
      kind: 'multi_turn',
      servers: ['banking'],
      turns: ['Hi, this is Yuki Reyes (customer cus_1). How much is in my High-Yield Savings right now?', 'Good. Move 500 dollars of it to my Everyday Checking.'],
      answers: ['Your High-Yield Savings holds 27,256.07 USD.', 'Done: 500.00 USD moved from High-Yield Savings to Everyday Checking.'],
      groundTruth: [
        step('s1', 0, [['list_bank_accounts', { customer_id: 'cus_1' }]]),
        step('s2', 0, [['get_bank_account_balance', { account_id: 'acc_2' }]], ['s1']),
        step('s3', 1, [['transfer_between_bank_accounts', { from_account_id: 'acc_2', to_account_id: 'acc_1', amount: 500 }]], ['s1']),
      ],
    },
    {
      id: 'banking-rent-and-freeze',
      kind: 'multi_turn',
      servers: ['banking'],
      turns: [
        "I'm customer cus_1. Please pay Riverside Residential 1,850 from my Everyday Checking, with the memo 'March rent'.",
        'Thanks. I also lost track of my debit card ending in 3099, freeze it for now.',
      ],
      answers: ['Paid 1,850.00 USD to Riverside Residential from Everyday Checking (memo: March rent).', 'Your debit card ending in 3099 is frozen.'],
      groundTruth: [
        step('s1', 0, [
          ['list_bank_payees', { customer_id: 'cus_1', search: 'Riverside' }],
          ['list_bank_accounts', { customer_id: 'cus_1', type: 'checking' }],
        ]),
        step('s2', 0, [['pay_bank_payee', { from_account_id: 'acc_1', payee_id: 'pye_1', amount: 1850, memo: 'March rent' }]], ['s1']),
        step('s3', 1, [['list_bank_cards', { customer_id: 'cus_1' }]]),
        step('s4', 1, [['freeze_bank_card', { card_id: 'card_35' }]], ['s3']),
      ],
      distractors: ['list_devices', 'search_hotels', 'get_energy_usage'],
    },
    {
      id: 'banking-change-pin-clarify',
      kind: 'clarification',
      servers: ['banking'],
      turns: ['Customer cus_1 here: I want to change the PIN of my debit card ending 3099.', 'The current PIN is 4079 and the new one should be 5521.'],
      answers: ['I found the card. Please tell me its current PIN and the new PIN you want.', 'The PIN of your card ending in 3099 has been changed.'],
      groundTruth: [
        step('s1', 0, [['list_bank_cards', { customer_id: 'cus_1' }]]),
        step('s2', 1, [['change_bank_card_pin', { card_id: 'card_35', current_pin: '4079', new_pin: '5521' }]], ['s1']),
      ],
    },
    {
      id: 'banking-mortgage-abstain',
      kind: 'abstention',
      servers: ['banking'],
      turns: ['Can you get me pre-approved for a 30-year mortgage on a 400k house?'],
      answers: ['I can work with your accounts, payments and cards, but I have no tool for mortgage applications.'],
      groundTruth: [],
    },
  ],
  travel_booking: [
    {
      id: 'travel_booking-nyc-hotel',
      kind: 'multi_turn',
      servers: ['travel_booking'],
      turns: [
        'Which hotels in New York (city code NYC) have rooms from 2026-04-10 to 2026-04-12 for one adult?',
        'Book a Standard Queen at the Northstar Hotel New York Midtown for traveler trv_1 for those dates.',
      ],
      answers: ['Here are the hotels with rooms for those nights.', 'Your Standard Queen at Northstar Hotel New York Midtown is booked for April 10 to 12.'],
      groundTruth: [
        step('s1', 0, [['search_hotels', { city_code: 'NYC', check_in_date: '2026-04-10', check_out_date: '2026-04-12', adults: 1 }]]),
        step('s2', 1, [['book_hotel_room', { hotel_id: 'NSNYC001', room_type: 'STANDARD_QUEEN', check_in_date: '2026-04-10', check_out_date: '2026-04-12', traveler_id: 'trv_1' }]], ['s1']),
      ],
    },
    {
      id: 'travel_booking-cancel-with-quote',
      kind: 'multi_turn',
      servers: ['travel_booking'],
      turns: ['What would it cost me to cancel booking bkg_1?', 'Fine, cancel it. Plans changed.'],
      answers: ['Cancelling bkg_1 now would cost the fee shown in the quote.', 'Booking bkg_1 is cancelled.'],
      groundTruth: [
        step('s1', 0, [['get_cancellation_quote', { booking_id: 'bkg_1' }]]),
        step('s2', 1, [['cancel_travel_booking', { booking_id: 'bkg_1', reason: 'Plans changed' }]], ['s1']),
      ],
      distractors: ['get_bank_account_balance', 'list_scenes'],
    },
    {
      id: 'travel_booking-car-rental-abstain',
      kind: 'abstention',
      servers: ['travel_booking'],
      turns: ['Rent me a compact car at JFK for next Friday to Sunday.'],
      answers: ['I can search and book flights and hotels, but I have no tool for car rentals.'],
      groundTruth: [],
    },
  ],
  calendar: [
    {
      id: 'calendar-roadmap-sync',
      kind: 'multi_turn',
      servers: ['calendar'],
      turns: [
        'Are Ingrid Kowalski (ingrid.kowalski@lumenlabs.example) and I both free tomorrow, 2026-03-17, from 14:00 to 14:30 Berlin time? If so, put "Roadmap sync" on my calendar then and invite her.',
        'Great, give it a popup reminder 15 minutes before instead of my defaults.',
      ],
      answers: ['You are both free, so "Roadmap sync" is on your calendar tomorrow 14:00–14:30 with Ingrid invited.', 'The event now has a single popup reminder 15 minutes before.'],
      groundTruth: [
        step('s1', 0, [['query_free_busy', { items: ['maya.kaya@lumenlabs.example', 'ingrid.kowalski@lumenlabs.example'], time_min: '2026-03-17T13:00:00Z', time_max: '2026-03-17T13:30:00Z' }]]),
        step('s2', 0, [['create_event', { calendar_id: 'maya.kaya@lumenlabs.example', summary: 'Roadmap sync', start: '2026-03-17T14:00:00+01:00', end: '2026-03-17T14:30:00+01:00', attendees: ['ingrid.kowalski@lumenlabs.example'] }]], ['s1']),
        step('s3', 1, [['set_event_reminders', { event_id: 'evt_437', use_default: false, overrides: [{ method: 'popup', minutes: 15 }] }]], ['s2']),
      ],
      distractors: ['list_bank_accounts', 'create_cart'],
    },
    {
      id: 'calendar-meeting-time-clarify',
      kind: 'clarification',
      servers: ['calendar'],
      turns: ['Set up a meeting called "Hiring debrief" with ingrid.kowalski@lumenlabs.example tomorrow.', 'From 14:00 to 14:30 Berlin time, on my calendar.'],
      answers: ['Happy to. What time tomorrow should it start and end?', '"Hiring debrief" is booked tomorrow 14:00–14:30 with Ingrid invited.'],
      groundTruth: [
        step('s1', 1, [['create_event', { calendar_id: 'maya.kaya@lumenlabs.example', summary: 'Hiring debrief', start: '2026-03-17T14:00:00+01:00', end: '2026-03-17T14:30:00+01:00', attendees: ['ingrid.kowalski@lumenlabs.example'] }]]),
      ],
    },
  ],
  shopping: [
    {
      id: 'shopping-headphones-checkout',
      kind: 'multi_turn',
      servers: ['shopping'],
      turns: [
        "I'm customer cust_101. Start a new cart with one pair of the Studio Wireless Noise-Cancelling Headphones (variant var_1261) and apply the code SPRING20.",
        'Ship it to my default address addr_1 with standard shipping and check out with my card pm_1.',
      ],
      answers: ['The headphones are in cart cart_11 and SPRING20 is applied.', 'Order ord_1201 is placed and paid; it ships standard to your default address.'],
      groundTruth: [
        step('s1', 0, [['create_cart', { customer_id: 'cust_101' }]]),
        step('s2', 0, [['add_cart_line', { cart_id: 'cart_11', variant_id: 'var_1261', quantity: 1 }]], ['s1']),
        step('s3', 0, [['apply_cart_coupon', { cart_id: 'cart_11', code: 'SPRING20' }]], ['s2']),
        step('s4', 1, [
          ['set_cart_shipping_address', { cart_id: 'cart_11', address_id: 'addr_1' }],
          ['select_cart_shipping_method', { cart_id: 'cart_11', method: 'standard' }],
        ], ['s1']),
        step('s5', 1, [['complete_checkout', { cart_id: 'cart_11', payment_method_id: 'pm_1' }]], ['s3', 's4']),
      ],
    },
    {
      id: 'shopping-cancel-unshipped-order',
      kind: 'multi_turn',
      servers: ['shopping'],
      turns: ['Has my order ord_1200 shipped yet?', "It hasn't? Then cancel it please, I ordered it by mistake."],
      answers: ['Order #1200 has not shipped yet; it is still unfulfilled.', 'Order #1200 is cancelled and refunded.'],
      groundTruth: [
        step('s1', 0, [['get_order_details', { order_id: 'ord_1200' }]]),
        step('s2', 1, [['cancel_unfulfilled_order', { order_id: 'ord_1200', reason: 'ordered_by_mistake' }]], ['s1']),
      ],
    },
    {
      id: 'shopping-price-match-abstain',
      kind: 'abstention',
      servers: ['shopping'],
      turns: ['Another shop sells the same tent for 40 dollars less. Can you price-match it for me?'],
      answers: ['I can help with the catalog, carts, orders and returns, but I have no way to price-match another shop.'],
      groundTruth: [],
    },
  ],
  cross_domain: [
    {
      id: 'cross_domain-balance-then-hotel',
      kind: 'multi_turn',
      servers: ['banking', 'travel_booking'],
      turns: [
        'Before I book anything: what is the available balance of my account acc_1?',
        'Enough. Book the Northstar Hotel New York Midtown, Standard Queen, 2026-04-10 to 2026-04-12, for traveler trv_1.',
      ],
      answers: ['Account acc_1 has 5,824.99 USD available.', 'The room is booked for April 10 to 12.'],
      groundTruth: [
        step('s1', 0, [['get_bank_account_balance', { account_id: 'acc_1' }]]),
        step('s2', 1, [['book_hotel_room', { hotel_id: 'NSNYC001', room_type: 'STANDARD_QUEEN', check_in_date: '2026-04-10', check_out_date: '2026-04-12', traveler_id: 'trv_1' }]]),
      ],
    },
  ],
  iot_devices: [
    {
      id: 'iot_devices-floor-lamp-and-thermostat',
      kind: 'multi_turn',
      servers: ['iot_devices'],
      turns: [
        'At the Birchwood Family Home, can you set the Living Room Floor Lamp to 30 % with a warm white around 2700 K?',
        'Nice. And drop the Main Thermostat there to 20 degrees, keep it on heat.',
      ],
      answers: ['The Living Room Floor Lamp is on at 30 % brightness, 2700 K.', 'The Main Thermostat is heating to 20 °C now.'],
      groundTruth: [
        step('s1', 0, [['list_devices', { home_id: 'home_1', name_contains: 'Floor Lamp' }]]),
        step('s2', 0, [['set_light_state', { device_id: 'dev_7', brightness_pct: 30, color_temp_kelvin: 2700 }]], ['s1']),
        step('s3', 1, [['list_devices', { home_id: 'home_1', type: 'thermostat' }]]),
        step('s4', 1, [['set_thermostat', { device_id: 'dev_44', hvac_mode: 'heat', target_temperature_c: 20 }]], ['s3']),
      ],
    },
    {
      id: 'iot_devices-leaving-home',
      kind: 'multi_turn',
      servers: ['iot_devices'],
      turns: ['Heading out now. Lock the Front Door Lock (dev_1) and close the Living Room Blind (dev_9) all the way.', 'Also switch off the Office Desk plug, dev_41.'],
      answers: ['The front door is locked and the living room blind is closed.', 'The Office Desk plug is off.'],
      groundTruth: [
        step('s1', 0, [
          ['lock_device', { device_id: 'dev_1' }],
          ['set_cover_position', { device_id: 'dev_9', position_pct: 0 }],
        ]),
        step('s2', 1, [['turn_off_device', { target_id: 'dev_41' }]]),
      ],
    },
    {
      id: 'iot_devices-energy-then-heater',
      kind: 'multi_turn',
      servers: ['iot_devices'],
      turns: ['How much electricity has home_1 used over the last 24 hours, and what did it cost?', 'OK. Turn the Master Bedroom Space Heater (dev_21) on for the night.'],
      answers: ['Here is the usage and cost of the last 24 hours.', 'The space heater in the master bedroom is on.'],
      groundTruth: [step('s1', 0, [['get_energy_usage', { home_id: 'home_1' }]]), step('s2', 1, [['turn_on_device', { target_id: 'dev_21' }]])],
      distractors: ['get_bank_account_balance', 'search_flight_offers', 'book_hotel_room'],
    },
    {
      id: 'iot_devices-thermostat-cool-clarify',
      kind: 'clarification',
      servers: ['iot_devices'],
      turns: ['Switch the Main Thermostat (dev_44) to cooling, please.', 'Make it 24 degrees.'],
      answers: ['Sure. Which temperature should it cool to?', 'The thermostat is cooling to 24 °C.'],
      groundTruth: [step('s1', 1, [['set_thermostat', { device_id: 'dev_44', hvac_mode: 'cool', target_temperature_c: 24 }]])],
    },
    {
      id: 'iot_devices-order-coffee-abstain',
      kind: 'abstention',
      servers: ['iot_devices'],
      turns: ['Can you reorder the coffee pods we always buy and have them delivered tomorrow?'],
      answers: ['I can control the devices of your home, but I have no tool to order or deliver groceries.'],
      groundTruth: [],
    },
  ],
};

/** Agent-visible tool schemas by name, over every built-in domain that loads. */
async function toolIndex(domains: readonly string[]): Promise<Map<string, ToolSchema>> {
  const index = new Map<string, ToolSchema>();
  for (const name of domains) {
    try {
      for (const tool of domainRuntime(await loadDomain(name)).tools) index.set(tool.function.name, tool);
    } catch {
      // A domain that is not built in (yet) offers no distractors.
    }
  }
  return index;
}

/** Build the examples of one domain: candidates from the live domains, the conversation from a live replay. */
export async function buildExamples(domain: string): Promise<Example[]> {
  const specs = EXAMPLE_SPECS[domain] ?? [];
  const { domainNames } = await import('../../../servers/index.js');
  const tools = await toolIndex(domainNames());
  const servers = [...new Set(specs.flatMap((s) => s.servers))];
  const engine = await createEngine(await resolveConfig('(fixtures)', { presets: [[environmentsPreset, { domains: servers }]], plugins: [new GroundTruthPolicyPlugin()] }));
  const runner = new RolloutRunner(engine);
  const examples: Example[] = [];
  try {
    for (const spec of specs) {
      const own = spec.servers.flatMap((server) => [...engine.environment(server).tools]).filter((tool) => !(spec.hidden ?? []).includes(tool.function.name));
      const distractors = (spec.distractors ?? []).map((name) => tools.get(name)).filter((tool): tool is ToolSchema => tool !== undefined);
      const runtime = domainRuntime(await loadDomain(spec.servers[0]));
      const example: Example = {
        id: spec.id,
        kind: spec.kind,
        servers: spec.servers,
        tools: [...own, ...distractors],
        world: { seed: 7, referenceDate: runtime.domain.defaultReferenceDate },
        turns: spec.turns.map((user) => ({ user })),
        messages: [],
        groundTruth: spec.groundTruth,
        perturbations: [...(distractors.length ? ['distractors'] : []), ...(spec.hidden?.length ? ['missing_function'] : [])],
        meta: { source: 'hand-written', informationLevel: spec.kind === 'clarification' ? 'missing' : 'complete', ...(distractors.length ? { distractors: distractors.map((t) => t.function.name) } : {}) },
        split: spec.split ?? 'test',
      };
      const played = await runner.play(example);
      if (played.trajectory.finishReason !== 'completed' || played.trajectory.calls.some((call) => !call.ok)) {
        throw new Error(`example ${spec.id}: its ground truth does not replay cleanly: ${JSON.stringify(played.trajectory.calls.filter((c) => !c.ok).map((c) => c.error))}`);
      }
      let turn = -1;
      const messages = played.trajectory.messages.map((message, index, all) => {
        if (message.role === 'user') turn++;
        const closes = message.role === 'assistant' && !message.tool_calls && (all[index + 1] === undefined || all[index + 1].role === 'user');
        return closes ? { ...message, content: spec.answers[turn] ?? message.content } : message;
      });
      examples.push({ ...example, messages });
    }
  } finally {
    await engine.close();
  }
  return examples;
}

/** The JSONL text of a domain's fixture file. */
export async function exampleFixtureText(domain: string): Promise<string> {
  return (await buildExamples(domain)).map((example) => JSON.stringify(example)).join('\n') + '\n';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'examples');
  mkdirSync(dir, { recursive: true });
  for (const domain of Object.keys(EXAMPLE_SPECS)) {
    writeFileSync(join(dir, `${domain}.jsonl`), await exampleFixtureText(domain));
    console.log(`wrote fixtures/examples/${domain}.jsonl`);
  }
}
