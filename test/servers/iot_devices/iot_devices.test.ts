import { expect } from 'chai';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defineDomain } from '../../../servers/kit/Domain.js';
import { domainRuntime, type DomainSession } from '../../../servers/kit/DomainSession.js';
import { loadFixture } from '../../../servers/kit/fixtures.js';
import { allDevices, deviceById } from '../../../servers/iot_devices/deviceRules.js';
import { generateWorld } from '../../../servers/iot_devices/generateWorld.js';
import { iotDevicesDomain } from '../../../servers/iot_devices/IotDevicesDomain.js';
import { DEVICE_TYPES, HISTORY_HOURS, IOT_REFERENCE_DATE, type IotState } from '../../../servers/iot_devices/IotState.js';
import { REPO_ROOT } from '../../support/project.js';
import { iotDevicesCases } from './cases.js';
import { ok, refused } from '../support/domainCalls.js';

const runtime = domainRuntime(iotDevicesDomain);
const world = loadFixture<IotState>('iot_devices');

function open(): DomainSession<IotState> {
  return runtime.openSession() as DomainSession<IotState>;
}

const device = (session: DomainSession<IotState>, id: string) => ok(session, 'get_device_state', { device_id: id });

describe('iot_devices: the world', () => {
  it('generateWorld(42) is exactly the committed fixture; another seed gives another world', () => {
    expect(generateWorld(42)).to.deep.equal(world);
    expect(generateWorld(7)).to.not.deep.equal(world);
    expect(JSON.stringify(generateWorld(7))).to.equal(JSON.stringify(generateWorld(7)));
  });

  it('the fixture is pretty JSON with a trailing newline and stays well under 3 MB', () => {
    const file = join(REPO_ROOT, 'fixtures', 'iot_devices', 'world.json');
    const text = readFileSync(file, 'utf8');
    expect(text.endsWith('}\n')).to.equal(true);
    expect(text).to.equal(`${JSON.stringify(world, null, 2)}\n`);
    expect(statSync(file).size).to.be.below(3 * 1024 * 1024);
  });

  it('is realistic and varied: ~6 homes, ~40 rooms, ~250 devices of every type, ~30 scenes, ~40 automations, some devices offline', () => {
    const count = (o: object) => Object.keys(o).length;
    expect(count(world.homes)).to.equal(6);
    expect(count(world.rooms)).to.be.within(38, 55);
    expect(allDevices(world).length).to.be.within(220, 280);
    expect(count(world.device_homes)).to.equal(allDevices(world).length);
    expect(count(world.scenes)).to.be.within(25, 36);
    expect(count(world.automations)).to.be.within(32, 48);
    expect(count(world.groups)).to.be.within(12, 30);
    const types = new Set(allDevices(world).map((d) => d.type));
    expect([...types].sort()).to.deep.equal([...DEVICE_TYPES].sort());
    const offline = allDevices(world).filter((d) => !d.online);
    expect(offline.length).to.be.within(8, 35);
    expect(new Set(allDevices(world).map((d) => `${d.manufacturer} ${d.model}`)).size).to.be.above(30);
  });

  it('every sensor, thermostat and metering plug has hourly readings for 7 days, ending when an offline device went offline', () => {
    const origin = Date.parse(IOT_REFERENCE_DATE) - HISTORY_HOURS * 3_600_000;
    for (const d of allDevices(world)) {
      const records = d.type.endsWith('_sensor') || d.type === 'thermostat' || d.type === 'energy_meter' || (d.type === 'plug' && d.capabilities.includes('energy'));
      expect(Object.hasOwn(world.readings, d.id), `${d.id} (${d.type})`).to.equal(records);
      if (!records) continue;
      const series = world.readings[d.id];
      expect(Date.parse(series.start)).to.equal(origin);
      if (d.online) expect(series.values.length).to.equal(HISTORY_HOURS);
      else expect(series.values.length).to.equal(Math.floor((Date.parse(d.last_seen) - origin) / 3_600_000));
    }
  });

  it('the current reading of a sensor is its last recorded value', () => {
    for (const d of allDevices(world)) {
      const series = world.readings[d.id];
      if (d.type === 'temperature_sensor' && series.values.length > 0) expect(d.attributes.temperature_c).to.equal(series.values.at(-1));
      if (d.type === 'humidity_sensor' && series.values.length > 0) expect(d.attributes.humidity_pct).to.equal(series.values.at(-1));
    }
  });

  it('every invariant holds in the initial world', () => {
    expect(runtime.checkInvariants(world)).to.deep.equal([]);
  });
});

describe('iot_devices: invariants catch broken states', () => {
  const broken = (change: (state: IotState) => void): string[] => {
    const state = structuredClone(world) as IotState;
    change(state);
    return runtime.checkInvariants(state);
  };

  it('a device filed under the wrong home', () => {
    expect(
      broken((s) => {
        s.devices.home_2.dev_1 = s.devices.home_1.dev_1;
        delete s.devices.home_1.dev_1;
      }).join(),
    ).to.include('filed under home_2 but belongs to home_1');
  });
  it('a device in a room of another home', () => {
    expect(broken((s) => (deviceById(s, 'dev_1')!.room_id = 'room_42')).join()).to.include('every device is in exactly one room');
  });
  it('a brightness or setpoint out of range', () => {
    expect(broken((s) => (deviceById(s, 'dev_241')!.attributes.brightness_pct = 140)).join()).to.include('within the capabilities and ranges');
    expect(broken((s) => (deviceById(s, 'dev_239')!.attributes.target_temperature_c = 29)).join()).to.include('within the capabilities and ranges');
  });
  it('a scene or automation that references a missing device', () => {
    expect(broken((s) => (s.scenes.scene_30.entities[0].device_id = 'dev_999')).join()).to.include('scenes reference');
    expect(broken((s) => (s.automations.auto_40 = { ...s.automations.auto_39, id: 'auto_40', trigger: { type: 'state', device_id: 'dev_999', to: 'on' } })).join()).to.include('automations reference');
  });
  it('an offline device whose attributes changed', () => {
    expect(broken((s) => (deviceById(s, 'dev_227')!.attributes.on = true)).join()).to.include('commands never change an offline device');
  });
});

describe('iot_devices: behaviour through the fast path', () => {
  it('the conformance cases leave every invariant intact and give the same hashes when replayed', () => {
    const play = () => {
      const session = open();
      for (const item of iotDevicesCases) session.call(item.tool, item.args);
      return session;
    };
    const first = play();
    expect(runtime.checkInvariants(first.state)).to.deep.equal([]);
    expect(play().stateHashSync()).to.equal(first.stateHashSync());
    expect(first.stateHashSync()).to.not.equal(first.initialStateHash());
  });

  it('a light change is visible through get_device_state and list_devices; brightness 0 switches off and keeps the level', () => {
    const session = open();
    ok(session, 'set_light_state', { device_id: 'dev_240', brightness_pct: 30, rgb_color: [255, 120, 0] });
    expect(device(session, 'dev_240').attributes).to.include({ on: true, brightness_pct: 30, color_mode: 'rgb' });
    expect(device(session, 'dev_240').attributes.rgb_color).to.deep.equal([255, 120, 0]);
    expect(device(session, 'dev_240').last_changed).to.equal('2026-03-16T18:00:00Z');
    ok(session, 'set_light_state', { device_id: 'dev_240', brightness_pct: 0 });
    const listed = ok(session, 'list_devices', { room_id: 'room_46', type: 'light' }).devices.find((d: any) => d.device_id === 'dev_240');
    expect(listed.state).to.equal('off');
    expect(device(session, 'dev_240').attributes.brightness_pct).to.equal(30);
    ok(session, 'turn_on_device', { target_id: 'dev_240' });
    expect(device(session, 'dev_240').attributes).to.include({ on: true, brightness_pct: 30 });
  });

  it('repeating a command reports changed: false and does not move last_changed', () => {
    const session = open();
    const first = ok(session, 'turn_on_device', { target_id: 'dev_238' });
    const hash = session.stateHashSync();
    const again = ok(session, 'turn_on_device', { target_id: 'dev_238' });
    expect(first.changed_count).to.equal(1);
    expect(again).to.include({ changed_count: 0, unchanged_count: 1 });
    expect(session.stateHashSync()).to.equal(hash);
  });

  it('every command to an offline device is refused with since when, and the device stays as it was', () => {
    const session = open();
    const before = structuredClone(deviceById(session.state, 'dev_227'));
    for (const [tool, args] of [
      ['turn_on_device', { target_id: 'dev_227' }],
      ['set_light_state', { device_id: 'dev_227', brightness_pct: 20 }],
      ['set_thermostat', { device_id: 'dev_134', hvac_mode: 'off' }],
      ['lock_device', { device_id: 'dev_85' }],
      ['unlock_device', { device_id: 'dev_85', code: '494841' }],
      ['set_cover_position', { device_id: 'dev_76', position_pct: 0 }],
      ['set_speaker_volume', { device_id: 'dev_244', volume_pct: 10 }],
      ['take_camera_snapshot', { device_id: 'dev_137' }],
      ['set_camera_recording', { device_id: 'dev_137', recording: true }],
    ] as const) {
      const message = refused(session, tool, args, 'is offline (unavailable since 2026-03-1');
      expect(message, tool).to.match(/Check (its battery|that it has power)/);
    }
    expect(deviceById(session.state, 'dev_227')).to.deep.equal(before);
  });

  it('the offline message suggests an online device of the same type, same room first', () => {
    const session = open();
    const message = refused(session, 'turn_on_device', { target_id: 'dev_227' });
    expect(message).to.include('dev_225 "Living Room Ceiling Light" in Living Room');
    expect(message.indexOf('dev_225')).to.be.below(message.indexOf('dev_222'));
  });

  it('an unsupported capability is refused with the device\'s capabilities and the tools that fit it', () => {
    const session = open();
    refused(session, 'set_light_state', { device_id: 'dev_234', brightness_pct: 50 }, 'does not support brightness', 'Its capabilities: on_off', 'turn_on_device, turn_off_device');
    refused(session, 'set_thermostat', { device_id: 'dev_226', hvac_mode: 'heat' }, 'does not support hvac');
    refused(session, 'lock_device', { device_id: 'dev_221' }, 'does not support lock', 'contact, battery');
    refused(session, 'set_speaker_volume', { device_id: 'dev_225', volume_pct: 10 }, 'does not support volume');
    refused(session, 'set_cover_position', { device_id: 'dev_222', position_pct: 10 }, 'does not support position');
  });

  describe('thermostats', () => {
    it('switching heat to cool keeps a setpoint that fits the cool range and clamps one that does not', () => {
      const session = open();
      ok(session, 'set_thermostat', { device_id: 'dev_177', target_temperature_c: 25 });
      expect(ok(session, 'set_thermostat', { device_id: 'dev_177', hvac_mode: 'cool' }).attributes).to.include({ hvac_mode: 'cool', target_temperature_c: 25 });
      ok(session, 'set_thermostat', { device_id: 'dev_177', hvac_mode: 'heat', target_temperature_c: 12 });
      expect(ok(session, 'set_thermostat', { device_id: 'dev_177', hvac_mode: 'cool' }).attributes.target_temperature_c).to.equal(18);
    });

    it('heat_cool needs a low and a high setpoint at least 1.5 °C apart, each within its range', () => {
      const session = open();
      refused(session, 'set_thermostat', { device_id: 'dev_177', hvac_mode: 'heat_cool', target_temp_low_c: 21, target_temp_high_c: 22 }, 'at least 1.5 °C above');
      refused(session, 'set_thermostat', { device_id: 'dev_177', hvac_mode: 'heat_cool', target_temp_low_c: 5, target_temp_high_c: 24 }, 'heating setpoint must be 7–30 °C');
      refused(session, 'set_thermostat', { device_id: 'dev_177', hvac_mode: 'heat_cool', target_temperature_c: 21 }, 'target_temp_low_c');
      refused(session, 'set_thermostat', { device_id: 'dev_177', target_temp_low_c: 19 }, 'only in heat_cool mode');
      ok(session, 'set_thermostat', { device_id: 'dev_177', hvac_mode: 'heat_cool', target_temp_low_c: 19.5, target_temp_high_c: 23 });
      expect(device(session, 'dev_177').state).to.equal('heat_cool');
    });

    it('a thermostat that is off takes no setpoint until a mode is given in the same call', () => {
      const session = open();
      refused(session, 'set_thermostat', { device_id: 'dev_251', target_temperature_c: 21 }, 'switched off', 'heat or cool or heat_cool');
      expect(ok(session, 'set_thermostat', { device_id: 'dev_251', hvac_mode: 'heat', target_temperature_c: 21 }).attributes).to.include({ hvac_mode: 'heat', target_temperature_c: 21 });
      expect(ok(session, 'set_thermostat', { device_id: 'dev_251', hvac_mode: 'off' }).attributes).to.include({ hvac_mode: 'off', target_temperature_c: null });
    });
  });

  describe('locks', () => {
    it('codes are checked for digits and the model\'s length; a 6-digit-only lock says so', () => {
      const session = open();
      refused(session, 'unlock_device', { device_id: 'dev_136', code: '12ab' }, 'digits only');
      refused(session, 'unlock_device', { device_id: 'dev_136', code: '1234' }, 'too short', 'codes of 6 digits');
      refused(session, 'unlock_device', { device_id: 'dev_136', code: '123456789' }, 'too long');
      refused(session, 'unlock_device', { device_id: 'dev_136', code: '111111' }, 'wrong code', 'stays locked');
      expect(ok(session, 'unlock_device', { device_id: 'dev_136', code: '228913' }).unlocked_with).to.equal('Dog Walker');
    });

    it('the codes never appear in a tool result; the code argument is flagged sensitive', () => {
      const session = open();
      const detail = JSON.stringify(device(session, 'dev_136'));
      expect(detail).to.include('Dog Walker');
      expect(detail).to.not.include('228913');
      expect(iotDevicesDomain.tools.find((t) => t.name === 'unlock_device')!.sensitive).to.deep.equal(['code']);
    });
  });

  describe('scenes and groups', () => {
    it('activating a scene applies each online device\'s target and leaves the offline one untouched', () => {
      const session = open();
      const scene = session.state.scenes.scene_30;
      const offline = structuredClone(deviceById(session.state, 'dev_227'));
      const result = ok(session, 'activate_scene', { scene_id: 'scene_30' });
      expect(result.status).to.equal('partial');
      for (const entity of scene.entities) {
        const d = deviceById(session.state, entity.device_id)!;
        if (!d.online) continue;
        if (entity.on !== undefined) expect(d.attributes.on, d.id).to.equal(entity.on);
        if (entity.brightness_pct !== undefined) expect(d.attributes.brightness_pct, d.id).to.equal(entity.brightness_pct);
        if (entity.position_pct !== undefined) expect(d.attributes.position_pct, d.id).to.equal(entity.position_pct);
      }
      expect(deviceById(session.state, 'dev_227')).to.deep.equal(offline);
      expect(ok(session, 'list_scenes', { home_id: 'home_6' }).scenes.find((s: any) => s.scene_id === 'scene_30').last_activated).to.equal('2026-03-16T18:00:00Z');
    });

    it('a scene with every device online is complete', () => {
      const session = open();
      expect(ok(session, 'activate_scene', { scene_id: 'scene_1' })).to.include({ status: 'complete', skipped_count: 0 });
    });

    it('scene targets are checked against each device: duplicates, ranges, combinations, other homes', () => {
      const session = open();
      refused(session, 'create_scene', { home_id: 'home_6', name: 'Twice', entities: [{ device_id: 'dev_222', on: true }, { device_id: 'dev_222', on: false }] }, 'appears twice');
      refused(session, 'create_scene', { home_id: 'home_6', name: 'Hot', entities: [{ device_id: 'dev_239', hvac_mode: 'heat', target_temperature_c: 28 }] }, 'out of range for heat mode', '5–25 °C');
      refused(session, 'create_scene', { home_id: 'home_6', name: 'Warm', entities: [{ device_id: 'dev_239', target_temperature_c: 20 }] }, 'must also set hvac_mode heat or cool');
      refused(session, 'create_scene', { home_id: 'home_6', name: 'Mixed', entities: [{ device_id: 'dev_240', color_temp_kelvin: 3000, rgb_color: [1, 2, 3] }] }, 'not both');
      refused(session, 'create_scene', { home_id: 'home_6', name: 'Far', entities: [{ device_id: 'dev_1', locked: true }] }, 'belongs to home_1, not home_6');
      refused(session, 'create_scene', { home_id: 'home_6', name: 'Empty', entities: [{ device_id: 'dev_222' }] }, 'no target state');
      refused(session, 'create_scene', { home_id: 'home_6', name: 'Quiet', entities: [{ device_id: 'dev_228', on: false, volume_pct: 10 }] }, 'cannot be combined with on: false');
      refused(session, 'create_scene', { home_id: 'home_6', name: 'relax', entities: [{ device_id: 'dev_222', on: true }] }, 'already has a scene named "Relax" (scene_30)');
    });

    it('a group switches its online members; list_device_groups shows the new states', () => {
      const session = open();
      const created = ok(session, 'create_device_group', { home_id: 'home_6', name: 'Kitchen', device_ids: ['dev_231', 'dev_232', 'dev_233'] });
      ok(session, 'turn_on_device', { target_id: created.group.group_id });
      const group = ok(session, 'list_device_groups', { home_id: 'home_6' }).groups.find((g: any) => g.group_id === created.group.group_id);
      expect(group.members.map((m: any) => m.state)).to.deep.equal(['on', 'on', 'on']);
      refused(session, 'turn_on_device', { target_id: 'grp_99' }, 'device group "grp_99" does not exist');
      refused(session, 'turn_on_device', { target_id: 'Whole-Home Audio' }, 'is a group name', 'grp_24');
    });
  });

  describe('automations', () => {
    it('a created automation is listed by home and by the devices it uses, with the numeric attribute filled in', () => {
      const session = open();
      const created = ok(session, 'create_home_automation', {
        home_id: 'home_6',
        alias: 'Humid bathroom fan',
        trigger: { type: 'numeric_state', device_id: 'dev_248', above: 65 },
        actions: [{ type: 'turn_on', device_id: 'dev_250' }],
      }).automation;
      expect(created.trigger).to.deep.equal({ type: 'numeric_state', device_id: 'dev_248', attribute: 'humidity_pct', above: 65 });
      const byDevice = ok(session, 'list_home_automations', { device_id: 'dev_250' }).automations.map((a: any) => a.automation_id);
      expect(byDevice).to.include(created.automation_id);
    });

    it('references are checked: devices and scenes of the same home, capabilities, fields that fit the type', () => {
      const session = open();
      const base = { home_id: 'home_6', alias: 'x', trigger: { type: 'time', at: '07:00' } };
      refused(session, 'create_home_automation', { ...base, actions: [{ type: 'activate_scene', scene_id: 'scene_1' }] }, 'scene of another home', 'scene_26');
      refused(session, 'create_home_automation', { ...base, actions: [{ type: 'turn_on', device_id: 'dev_249' }] }, 'does not support on_off');
      refused(session, 'create_home_automation', { ...base, actions: [{ type: 'set_temperature', device_id: 'dev_239', temperature_c: 30 }] }, 'outside every setpoint range', 'heat 5–25 °C');
      refused(session, 'create_home_automation', { ...base, actions: [{ type: 'notify', device_id: 'dev_222', message: 'hi' }] }, '"device_id" does not apply to type notify');
      refused(session, 'create_home_automation', { ...base, trigger: { type: 'numeric_state', device_id: 'dev_222', above: 3 }, actions: [{ type: 'notify', message: 'hi' }] }, 'reports no numeric value');
      refused(session, 'create_home_automation', { ...base, trigger: { type: 'numeric_state', device_id: 'dev_248', above: 70, below: 60 }, actions: [{ type: 'notify', message: 'hi' }] }, 'must be lower than below');
      refused(session, 'create_home_automation', { ...base, trigger: { type: 'time', at: '7am' }, actions: [{ type: 'notify', message: 'hi' }] }, 'trigger.at');
      refused(session, 'create_home_automation', { ...base, alias: 'Office too warm', actions: [{ type: 'notify', message: 'hi' }] }, 'already has an automation named');
    });

    it('an automation may watch an offline device (it fires once the device is back)', () => {
      const session = open();
      ok(session, 'create_home_automation', { home_id: 'home_6', alias: 'TV light back', trigger: { type: 'state', device_id: 'dev_227', to: 'on' }, actions: [{ type: 'notify', message: 'back' }] });
    });
  });

  describe('history and energy', () => {
    it('by default get_sensor_history covers the last 24 hours; offsets in the input are honoured', () => {
      const session = open();
      const last = ok(session, 'get_sensor_history', { device_id: 'dev_248' });
      expect(last).to.include({ start: '2026-03-15T18:00:00Z', end: '2026-03-16T18:00:00Z', count: 24 });
      expect(last.readings.map((r: any) => r.value)).to.deep.equal(world.readings.dev_248.values.slice(-24));
      const shifted = ok(session, 'get_sensor_history', { device_id: 'dev_248', start: '2026-03-16T08:00:00-02:00', end: '2026-03-16 12:00' });
      expect(shifted).to.include({ start: '2026-03-16T10:00:00Z', end: '2026-03-16T12:00:00Z', count: 2 });
      expect(ok(session, 'get_sensor_history', { device_id: 'dev_248', start: '2026-03-10', end: '2026-03-11' }).count).to.equal(24);
    });

    it('a session whose clock is past the recorded week gets an empty range with a note saying where the data is', () => {
      const later = runtime.openSession({ referenceDate: '2026-04-01T00:00:00Z' }) as DomainSession<IotState>;
      const result = ok(later, 'get_sensor_history', { device_id: 'dev_248' });
      expect(result).to.include({ count: 0, summary: null });
      expect(result.note).to.include('readings from 2026-03-09T18:00:00Z to 2026-03-16T18:00:00Z');
    });

    it('motion history totals the events; the range must be in the past and ordered', () => {
      const session = open();
      const motion = ok(session, 'get_sensor_history', { device_id: 'dev_249', start: '2026-03-09T18:00:00Z', end: '2026-03-16T18:00:00Z' });
      expect(motion.count).to.equal(HISTORY_HOURS);
      expect(motion.summary.total).to.equal(world.readings.dev_249.values.reduce((a, b) => a + b, 0));
      refused(session, 'get_sensor_history', { device_id: 'dev_249', end: '2026-03-17T00:00:00Z' }, 'is in the future');
      refused(session, 'get_sensor_history', { device_id: 'dev_249', start: '2026-03-16T10:00:00Z', end: '2026-03-16T09:00:00Z' }, 'must be before end');
      refused(session, 'get_sensor_history', { device_id: 'dev_249', start: 'yesterday' }, 'not an ISO-8601 date-time');
    });

    it('get_energy_usage: the meter gives the total, plugs are ranked, cost uses the home\'s price', () => {
      const session = open();
      const usage = ok(session, 'get_energy_usage', { home_id: 'home_1', start: '2026-03-15T18:00:00Z', end: '2026-03-16T18:00:00Z' });
      const meter = world.readings.dev_45.values.slice(-24).reduce((a, b) => a + b, 0);
      expect(usage.total_kwh).to.be.closeTo(meter, 0.0015);
      expect(usage.cost).to.equal(Math.round(usage.total_kwh * world.homes.home_1.energy_price_per_kwh * 100) / 100);
      const plugs = usage.devices.reduce((sum: number, d: any) => sum + d.kwh, 0);
      expect(plugs).to.be.at.most(usage.total_kwh);
      expect(usage.unmetered_kwh).to.be.closeTo(usage.total_kwh - plugs, 0.01);
    });

    it('without a meter the total is the sum of the metering plugs', () => {
      const noMeter = structuredClone(world) as IotState;
      delete noMeter.readings.dev_45;
      deviceById(noMeter, 'dev_45')!.capabilities = ['power'];
      const variant = domainRuntime(defineDomain<IotState>({ ...iotDevicesDomain, loadWorld: () => noMeter }));
      const session = variant.openSession() as DomainSession<IotState>;
      const usage = ok(session, 'get_energy_usage', { home_id: 'home_1' });
      expect(usage.source).to.equal('metering_plugs');
      expect(usage.total_kwh).to.be.closeTo(usage.devices.reduce((sum: number, d: any) => sum + d.kwh, 0), 0.01);
      expect(usage).to.not.have.property('unmetered_kwh');
    });
  });

  it('devices move only within their home, and the move shows in list_devices by room', () => {
    const session = open();
    ok(session, 'update_device', { device_id: 'dev_243', room_id: 'room_45' });
    expect(ok(session, 'list_devices', { room_id: 'room_45' }).devices.map((d: any) => d.device_id)).to.include('dev_243');
    expect(ok(session, 'list_devices', { room_id: 'room_46' }).devices.map((d: any) => d.device_id)).to.not.include('dev_243');
    refused(session, 'update_device', { device_id: 'dev_243' }, 'nothing to update');
  });

  it('list_devices pages with limit and offset and reports the total', () => {
    const session = open();
    const first = ok(session, 'list_devices', { limit: 10 });
    const second = ok(session, 'list_devices', { limit: 10, offset: 10 });
    expect(first.total).to.equal(allDevices(world).length);
    expect(first.devices).to.have.length(10);
    expect(second.devices[0].device_id).to.not.equal(first.devices[9].device_id);
    expect(ok(session, 'list_devices', { online: false }).devices.every((d: any) => d.state === 'unavailable')).to.equal(true);
  });

  it('read-only tools are annotated read-only, delete is destructive, every tool has annotations', () => {
    for (const tool of iotDevicesDomain.tools) {
      const reads = tool.name.startsWith('list_') || tool.name.startsWith('get_');
      expect(tool.annotations.readOnlyHint, tool.name).to.equal(reads);
      expect(tool.annotations.destructiveHint === true, tool.name).to.equal(tool.name === 'delete_home_automation');
    }
    expect(iotDevicesDomain.tools).to.have.length(25);
  });
});

describe('iot_devices: samplers', () => {
  const sampled = runtime.sample(world);

  it('return only entities with enough supporting data', () => {
    for (const s of sampled.sensors) expect(world.readings[s.device_id as string].values.length).to.be.at.least(24);
    for (const s of sampled.scenes) expect(world.scenes[s.scene_id as string].entities.length).to.be.at.least(2);
    for (const g of sampled.groups) expect(world.groups[g.group_id as string].device_ids.length).to.be.at.least(2);
    for (const d of sampled.devices) expect(deviceById(world, d.device_id as string)!.online).to.equal(true);
    for (const d of sampled.offline_devices) expect(deviceById(world, d.device_id as string)!.online).to.equal(false);
    for (const h of sampled.energy_homes) expect(h.home_id).to.not.equal('home_6');
  });

  it('give real, usable values: a sampled lock code unlocks its lock', () => {
    const lock = sampled.locks.find((l) => l.online === true && l.state === 'locked')!;
    const session = open();
    const code = (lock.codes as Array<{ code: string }>)[0].code;
    expect(ok(session, 'unlock_device', { device_id: lock.device_id, code }).state).to.equal('unlocked');
  });

  it('cover every collection an agent can ask about', () => {
    expect(Object.keys(sampled).sort()).to.deep.equal(['automations', 'devices', 'energy_homes', 'groups', 'homes', 'locks', 'offline_devices', 'scenes', 'sensors'].sort());
    for (const [name, entries] of Object.entries(sampled)) expect(entries.length, name).to.be.above(0);
  });
});
