import type { DomainScenario, ScenarioFacts, SessionRandom } from '../kit/Domain.js';
import type { Device, IotState } from './IotState.js';

/**
 * Goals of a household, played as conversations. The user is signed in to their home; they name
 * devices as the app shows them ("Kitchen Ceiling Light"), give brightness, volume, times and lock
 * codes; the assistant finds the device ids.
 */

type Row = Record<string, any>;

const byNumber = (a: string, b: string): number => Number(a.replace(/\D+/g, '')) - Number(b.replace(/\D+/g, ''));

/** A home (tried from a random start) where `pick` finds the devices the goal needs. */
function castHome(state: IotState, random: SessionRandom, pick: (devices: Device[]) => ScenarioFacts | undefined): ScenarioFacts | undefined {
  const homes = Object.keys(state.homes).sort(byNumber);
  const start = random.int(0, homes.length - 1);
  for (let k = 0; k < homes.length; k++) {
    const home = state.homes[homes[(start + k) % homes.length]];
    const devices = Object.values(state.devices[home.id] ?? {}).filter((d) => d.online).sort((a, b) => byNumber(a.id, b.id));
    const facts = pick(devices);
    if (facts !== undefined) return { home_id: home.id, home_name: home.name, ...facts };
  }
  return undefined;
}

/** The device of that name in a list_devices result. */
const named = (key: string, as: string) => (result: { devices: Row[] }, facts: ScenarioFacts) => {
  const device = result.devices.find((d) => d.name === facts[key]);
  return device === undefined ? undefined : { [as]: device.device_id ?? device.id };
};

const unique = (devices: Device[], device: Device): boolean => devices.filter((d) => d.name === device.name).length === 1;

const HOME = ["The user's home is {home_name} (home id {home_id})."];

export const iotDevicesScenarios: DomainScenario<IotState>[] = [
  {
    name: 'dim_a_light_then_another_off',
    goal: 'Set a light by its name to a brightness and warmth, then switch off another light found in the same lookup.',
    context: HOME,
    weight: 2,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const lights = devices.filter((d) => d.type === 'light' && d.capabilities.includes('brightness') && unique(devices, d));
        if (lights.length < 2) return undefined;
        const light = random.pick(lights);
        const other = random.pick(lights.filter((d) => d !== light));
        const range = light.limits.color_temp_kelvin;
        const kelvin = range ? Math.min(range.max, Math.max(range.min, random.pick([2700, 3000, 4000]))) : undefined;
        const brightness = random.pick([20, 30, 40, 50, 60, 75]);
        return { light_name: light.name, other_name: other.name, brightness, brightness_said: brightness, kelvin, warmth: kelvin === undefined ? undefined : kelvin <= 3000 ? 'warm' : 'neutral' };
      });
    },
    turns: [
      {
        say: ['Set the {light_name} to {brightness_said}% brightness, {warmth} white ({kelvin}K).', 'Dim {light_name} to {brightness_said} percent.', 'Can you put the {light_name} at {brightness_said}%?'],
        steps: [
          { tool: 'list_devices', args: (f) => ({ home_id: f.home_id, type: 'light' }), learn: (r: { devices: Row[] }, f) => { const a = named('light_name', 'light_id')(r, f); const b = named('other_name', 'other_id')(r, f); return a && b && { ...a, ...b }; } },
          {
            tool: 'set_light_state',
            args: (f) => ({ device_id: f.light_id, brightness_pct: f.brightness, ...(f.kelvin !== undefined ? { color_temp_kelvin: f.kelvin } : {}) }),
            fault: { kind: 'out_of_range', tool: 'set_light_state', args: (f) => ({ device_id: f.light_id, brightness_pct: (f.brightness as number) * 10 }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Thanks. And switch off the {other_name}.', 'Perfect. Please turn off {other_name} too.'],
        steps: [{ tool: 'turn_off_device', args: (f) => ({ target_id: f.other_id }) }],
      },
    ],
  },
  {
    name: 'switch_a_group_off_then_on',
    goal: 'Switch off every member of a device group named by the user, then switch them on again.',
    context: HOME,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const online = new Set(devices.map((d) => d.id));
        const home = devices[0]?.home_id;
        const groups = Object.values(state.groups)
          .filter((g) => g.home_id === home && g.device_ids.some((id) => online.has(id)))
          .sort((a, b) => byNumber(a.id, b.id));
        if (groups.length === 0) return undefined;
        return { group_name: random.pick(groups).name };
      });
    },
    turns: [
      {
        say: ['We are heading out. Switch off everything in the "{group_name}" group.', 'Turn off the {group_name} group, please.'],
        steps: [
          {
            tool: 'list_device_groups',
            args: (f) => ({ home_id: f.home_id }),
            learn: (r: { groups: Row[] }, f) => { const g = r.groups.find((x) => x.name === f.group_name); return g && { group_id: g.group_id }; },
            // The group's name tried as its id: refused with the id to use, found in the group list.
            fault: { kind: 'guessed_id', tool: 'turn_off_device', args: (f) => ({ target_id: f.group_name }), recovery: 'retry_alternative' },
          },
          { tool: 'turn_off_device', args: (f) => ({ target_id: f.group_id }) },
        ],
      },
      {
        say: ['Change of plans, we are staying. Turn them all back on.', 'Actually, switch that group on again.'],
        steps: [{ tool: 'turn_on_device', args: (f) => ({ target_id: f.group_id }) }],
      },
    ],
  },
  {
    name: 'close_up_and_watch',
    goal: 'Before leaving, close a blind or shade named by the user and start a named camera recording; then look through the camera.',
    context: HOME,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const covers = devices.filter((d) => d.type === 'cover' && d.capabilities.includes('position') && unique(devices, d));
        const cameras = devices.filter((d) => d.type === 'camera' && d.capabilities.includes('recording') && d.capabilities.includes('snapshot') && unique(devices, d));
        if (covers.length === 0 || cameras.length === 0) return undefined;
        return { cover_name: random.pick(covers).name, camera_name: random.pick(cameras).name, position: random.pick([0, 0, 10, 20]) };
      });
    },
    turns: [
      {
        say: ['We are leaving for the weekend. Bring the {cover_name} down to {position}% and start recording on the {camera_name}.', 'Set the {cover_name} to {position} percent open and turn on recording for the {camera_name}, please.'],
        steps: [
          { tool: 'list_devices', args: (f) => ({ home_id: f.home_id, type: 'cover' }), learn: named('cover_name', 'cover_id') },
          { tool: 'set_cover_position', args: (f) => ({ device_id: f.cover_id, position_pct: f.position }) },
          { tool: 'list_devices', args: (f) => ({ home_id: f.home_id, type: 'camera' }), learn: named('camera_name', 'camera_id') },
          { tool: 'set_camera_recording', args: (f) => ({ device_id: f.camera_id, recording: true }) },
        ],
      },
      {
        say: ['Can you grab a snapshot from that camera so I can check the view?', 'Take a picture with the {camera_name} now.'],
        steps: [{ tool: 'take_camera_snapshot', args: (f) => ({ device_id: f.camera_id }) }],
      },
    ],
  },
  {
    name: 'speaker_volume_then_mute',
    goal: 'Turn a speaker down by name, then mute it.',
    context: HOME,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const speakers = devices.filter((d) => d.type === 'speaker' && unique(devices, d));
        if (speakers.length === 0) return undefined;
        const speaker = random.pick(speakers);
        return { speaker_name: speaker.name, volume: random.pick([10, 15, 20, 25, 30, 40]), was_off: speaker.attributes.on === false };
      });
    },
    turns: [
      {
        say: ['Put the {speaker_name} on at {volume}% volume.', 'I want the {speaker_name} playing at {volume} percent, please.'],
        steps: [
          { tool: 'list_devices', args: (f) => ({ home_id: f.home_id, type: 'speaker' }), learn: named('speaker_name', 'speaker_id') },
          { tool: 'turn_on_device', args: (f) => (f.was_off === true ? { target_id: f.speaker_id } : undefined) },
          { tool: 'set_speaker_volume', args: (f) => ({ device_id: f.speaker_id, volume_pct: f.volume }) },
        ],
      },
      {
        say: ['Actually, just mute it.', 'Still too much. Mute it, please.'],
        steps: [{ tool: 'set_speaker_volume', args: (f) => ({ device_id: f.speaker_id, muted: true }) }],
      },
    ],
  },
  {
    name: 'create_scene_then_activate',
    goal: 'Create a scene from devices named by the user, then activate it.',
    context: HOME,
    weight: 2,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const lights = devices.filter((d) => d.type === 'light' && d.capabilities.includes('brightness') && unique(devices, d));
        const thermostats = devices.filter((d) => d.type === 'thermostat' && unique(devices, d));
        if (lights.length === 0) return undefined;
        const names = ['Movie Night', 'Cozy Evening', 'Reading Time', 'Dinner Party', 'Wind Down', 'Game Night'];
        const scene = random.pick(names);
        if (Object.values(state.scenes).some((s) => s.name === scene)) return undefined;
        const thermostat = thermostats.length > 0 ? random.pick(thermostats) : undefined;
        const heat = thermostat?.limits.setpoints_c?.heat;
        return {
          scene_name: scene,
          light_name: random.pick(lights).name,
          brightness: random.pick([20, 30, 40, 50]),
          thermostat_name: thermostat?.name,
          temperature: thermostat && heat ? Math.min(heat.max, Math.max(heat.min, random.pick([19, 20, 21, 22]))) : undefined,
        };
      });
    },
    turns: [
      {
        say: ['Create a scene called "{scene_name}" with the {light_name} at {brightness}% and the {thermostat_name} heating to {temperature}°C.', 'Make me a "{scene_name}" scene: {light_name} at {brightness} percent.'],
        steps: [
          {
            tool: 'list_devices',
            args: (f) => ({ home_id: f.home_id }),
            learn: (r: { devices: Row[] }, f) => {
              const light = named('light_name', 'light_id')(r, f);
              const thermostat = f.thermostat_name === undefined ? {} : named('thermostat_name', 'thermostat_id')(r, f);
              return light && thermostat && { ...light, ...thermostat };
            },
          },
          {
            tool: 'create_scene',
            args: (f) => ({
              home_id: f.home_id,
              name: f.scene_name,
              entities: [{ device_id: f.light_id, on: true, brightness_pct: f.brightness }, ...(f.thermostat_id !== undefined && f.temperature !== undefined ? [{ device_id: f.thermostat_id, hvac_mode: 'heat', target_temperature_c: f.temperature }] : [])],
            }),
            learn: (r: { scene: Row }) => ({ scene_id: r.scene.scene_id ?? r.scene.id }),
            fault: { kind: 'missing_argument', tool: 'create_scene', args: (f) => ({ home_id: f.home_id, name: f.scene_name }), recovery: 'retry_corrected' },
          },
        ],
      },
      {
        say: ['Great, activate it now.', 'Nice. Turn that scene on, please.'],
        steps: [{ tool: 'activate_scene', args: (f) => ({ scene_id: f.scene_id }) }],
      },
    ],
  },
  {
    name: 'nightly_lock_automation',
    goal: 'Create an automation that locks a lock every night, then disable or delete it.',
    context: HOME,
    weight: 2,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const locks = devices.filter((d) => d.type === 'lock' && unique(devices, d));
        if (locks.length === 0) return undefined;
        const alias = random.pick(['Nightly lock-up', 'Lock up at night', 'Bedtime lock', 'Evening security']);
        if (Object.values(state.automations).some((a) => a.alias === alias)) return undefined;
        return { lock_name: random.pick(locks).name, time: random.pick(['21:30', '22:00', '22:30', '23:00', '23:30']), alias, then: random.pick(['disable', 'delete']) };
      });
    },
    turns: [
      {
        say: ['Every night at {time}, lock the {lock_name}. Call the automation "{alias}".', 'Set up an automation named "{alias}" that locks {lock_name} at {time} each day.'],
        steps: [
          { tool: 'list_devices', args: (f) => ({ home_id: f.home_id, type: 'lock' }), learn: named('lock_name', 'lock_id') },
          {
            tool: 'create_home_automation',
            args: (f) => ({ home_id: f.home_id, alias: f.alias, trigger: { type: 'time', at: f.time }, actions: [{ type: 'lock', device_id: f.lock_id }] }),
            learn: (r: { automation: Row }) => ({ automation_id: r.automation.automation_id ?? r.automation.id }),
          },
        ],
      },
      {
        say: ["Hmm, we're having guests tonight. Disable that automation for now.", 'Pause the new automation, please.'],
        when: (f) => f.then === 'disable',
        steps: [{ tool: 'set_home_automation_enabled', args: (f) => ({ automation_id: f.automation_id, enabled: false }) }],
      },
      {
        say: ['On second thought, delete that automation.', 'Actually, remove it again, I will lock up myself.'],
        when: (f) => f.then === 'delete',
        steps: [{ tool: 'delete_home_automation', args: (f) => ({ automation_id: f.automation_id }) }],
      },
    ],
  },
  {
    name: 'unlock_with_code_then_lock',
    goal: 'Unlock a lock with a user code the user gives, then lock it again.',
    context: HOME,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const locks = devices.filter((d) => d.type === 'lock' && (d.lock_codes ?? []).length > 0 && unique(devices, d));
        if (locks.length === 0) return undefined;
        const lock = random.pick(locks);
        const code = random.pick(lock.lock_codes!).code;
        const wrong = code.split('').reverse().join('') === code ? `${code.slice(1)}0` : code.split('').reverse().join('');
        if (lock.lock_codes!.some((c) => c.code === wrong)) return undefined;
        return { lock_name: lock.name, code, code_said: code, wrong };
      });
    },
    turns: [
      {
        say: ['Unlock the {lock_name}, the code is {code_said}.', 'Please open the {lock_name}; my code is {code_said}.'],
        steps: [
          { tool: 'list_devices', args: (f) => ({ home_id: f.home_id, type: 'lock' }), learn: named('lock_name', 'lock_id') },
          {
            tool: 'unlock_device',
            args: (f) => ({ device_id: f.lock_id, code: f.code }),
            fault: {
              kind: 'state_refusal',
              tool: 'unlock_device',
              said: (f) => ({ code_said: f.wrong }),
              args: (f) => ({ device_id: f.lock_id, code: f.wrong }),
              recovery: 'ask_user',
              ask: ['Could you check the code?', 'Do you have another code for it?'],
              reply: ['Oops, it is {code}.', 'Sorry, I mixed up the digits: {code}.'],
            },
          },
        ],
      },
      {
        say: ['OK, the delivery is inside. Lock it again.', 'Done, lock the {lock_name} again please.'],
        steps: [{ tool: 'lock_device', args: (f) => ({ device_id: f.lock_id }) }],
      },
    ],
  },
  {
    name: 'check_device_then_act',
    goal: 'Ask about a device by name (is it on, what temperature), then change it based on the answer.',
    context: HOME,
    weight: 2,
    cast(state, random) {
      return castHome(state, random, (devices) => {
        const thermostats = devices.filter((d) => d.type === 'thermostat' && unique(devices, d) && d.limits.setpoints_c?.heat !== undefined);
        if (thermostats.length === 0) return undefined;
        const thermostat = random.pick(thermostats);
        const heat = thermostat.limits.setpoints_c!.heat!;
        return { device_name: thermostat.name, temperature: Math.min(heat.max, Math.max(heat.min, random.pick([19, 20, 21, 22]))) };
      });
    },
    turns: [
      {
        say: ['What is the {device_name} set to right now?', 'Is the {device_name} heating at the moment? What is it set to?'],
        steps: [
          { tool: 'list_devices', args: (f) => ({ home_id: f.home_id, type: 'thermostat' }), learn: named('device_name', 'device_id') },
          { tool: 'get_device_state', args: (f) => ({ device_id: f.device_id }) },
        ],
      },
      {
        say: ['Set it to heat to {temperature}°C.', 'Please make it {temperature} degrees, heating.'],
        steps: [{ tool: 'set_thermostat', args: (f) => ({ device_id: f.device_id, hvac_mode: 'heat', target_temperature_c: f.temperature }) }],
      },
    ],
  },
];
