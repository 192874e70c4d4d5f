import { expect } from 'chai';
import type { ToolCase } from '../ToolCase.js';

/**
 * Conformance cases of iot_devices, played in order on one fresh session (seed world, reference
 * date 2026-03-16T18:00:00Z). Ids come from fixtures/iot_devices/world.json; ids created here
 * continue the fixture's numbering (scene_31, grp_26, auto_40, snap_1).
 */
export const iotDevicesCases: ToolCase[] = [
  {
    title: 'list_homes shows the six homes with their rooms',
    tool: 'list_homes',
    args: {},
    ok: true,
    check: (r) => {
      expect(r.homes).to.have.length(6);
      const canal = r.homes.find((h: any) => h.home_id === 'home_6');
      expect(canal.name).to.equal('Canal Street Apartment');
      expect(canal.rooms.map((room: any) => room.name)).to.include('Bedroom');
    },
  },
  { title: 'an unknown home is refused with the list of homes', tool: 'list_homes', args: { home_id: 'home_9' }, ok: false, errorIncludes: ['home_9', 'home_1 (Birchwood Family Home)'] },
  {
    title: 'list_devices filters by home and type; an offline light shows as unavailable',
    tool: 'list_devices',
    args: { home_id: 'home_6', type: 'light' },
    ok: true,
    check: (r) => {
      expect(r.devices.every((d: any) => d.type === 'light' && d.home_id === 'home_6')).to.equal(true);
      expect(r.devices.find((d: any) => d.device_id === 'dev_227')).to.include({ online: false, state: 'unavailable' });
    },
  },
  { title: 'a room of another home is refused with the rooms of the home asked for', tool: 'list_devices', args: { home_id: 'home_1', room_id: 'room_42' }, ok: false, errorIncludes: ['room_42', 'not home_1', 'room_1 (Entryway)'] },
  {
    title: 'get_device_state shows a thermostat\'s modes and setpoint ranges',
    tool: 'get_device_state',
    args: { device_id: 'dev_251' },
    ok: true,
    check: (r) => {
      expect(r.state).to.equal('off');
      expect(r.limits.hvac_modes).to.deep.equal(['off', 'heat', 'cool', 'heat_cool']);
      expect(r.limits.setpoints_c.cool).to.deep.equal({ min: 9, max: 32 });
    },
  },
  { title: 'a device name instead of an id is refused with the matching id', tool: 'get_device_state', args: { device_id: 'Bedroom Radiator' }, ok: false, errorIncludes: ['is a device name', 'dev_239'] },
  {
    title: 'set_light_state sets brightness and color temperature and switches the light on',
    tool: 'set_light_state',
    args: { device_id: 'dev_241', brightness_pct: 40, color_temp_kelvin: 2700 },
    ok: true,
    check: (r) => {
      expect(r).to.include({ state: 'on', changed: true });
      expect(r.attributes).to.include({ brightness_pct: 40, color_temp_kelvin: 2700, color_mode: 'color_temp' });
    },
  },
  { title: 'a color temperature outside the model\'s range is refused with the range', tool: 'set_light_state', args: { device_id: 'dev_226', color_temp_kelvin: 6500 }, ok: false, errorIncludes: ['6500', '2200–4000 K'] },
  { title: 'a white-only light refuses an RGB color and lists its capabilities', tool: 'set_light_state', args: { device_id: 'dev_225', rgb_color: [255, 0, 0] }, ok: false, errorIncludes: ['does not support rgb_color', 'capabilities: on_off, brightness'] },
  { title: 'brightness above 100 is refused by the schema', tool: 'set_light_state', args: { device_id: 'dev_225', brightness_pct: 150 }, ok: false, errorIncludes: ['brightness_pct', '100'] },
  {
    title: 'an offline light is refused with since when and an online light of the same room',
    tool: 'set_light_state',
    args: { device_id: 'dev_227', brightness_pct: 50 },
    ok: false,
    errorIncludes: ['offline', 'since 2026-03-12T06:51:00Z', 'dev_225 "Living Room Ceiling Light"'],
  },
  { title: 'turn_on_device switches a plug on', tool: 'turn_on_device', args: { target_id: 'dev_238' }, ok: true, check: (r) => expect(r.results[0]).to.include({ device_id: 'dev_238', status: 'changed', state: 'on' }) },
  { title: 'a temperature sensor cannot be switched; the error lists what it supports', tool: 'turn_on_device', args: { target_id: 'dev_245' }, ok: false, errorIncludes: ['does not support on_off', 'temperature, battery', 'get_sensor_history'] },
  {
    title: 'turning off a group skips its offline member and reports a partial result',
    tool: 'turn_off_device',
    args: { target_id: 'grp_23' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ target_type: 'group', status: 'partial', skipped_count: 1 });
      expect(r.results.find((x: any) => x.device_id === 'dev_227')).to.include({ status: 'skipped_offline', offline_since: '2026-03-12T06:51:00Z' });
      expect(r.results.find((x: any) => x.device_id === 'dev_241')).to.include({ status: 'changed', state: 'off' });
    },
  },
  { title: 'an offline speaker cannot be switched off; the error names another speaker', tool: 'turn_off_device', args: { target_id: 'dev_244' }, ok: false, errorIncludes: ['offline', 'since 2026-03-14T23:49:00Z', 'dev_228'] },
  {
    title: 'a group of two offline switches can be created (and is reported by id)',
    tool: 'create_device_group',
    args: { home_id: 'home_5', name: 'Broken Switches', device_ids: ['dev_183', 'dev_216'] },
    ok: true,
    check: (r) => expect(r.group).to.include({ group_id: 'grp_26', home_id: 'home_5', name: 'Broken Switches' }),
  },
  { title: 'a group whose members are all offline cannot be switched', tool: 'turn_on_device', args: { target_id: 'grp_26' }, ok: false, errorIncludes: ['every member of group grp_26', 'offline'] },
  { title: 'a group cannot hold a sensor', tool: 'create_device_group', args: { home_id: 'home_6', name: 'Odd', device_ids: ['dev_222', 'dev_249'] }, ok: false, errorIncludes: ['device_ids[1]', 'does not support on_off', 'lights, switches, plugs and speakers'] },
  { title: 'list_device_groups shows the new group with its offline members', tool: 'list_device_groups', args: { home_id: 'home_5' }, ok: true, check: (r) => expect(r.groups.find((g: any) => g.group_id === 'grp_26').members.every((m: any) => !m.online)).to.equal(true) },
  { title: 'list_device_groups refuses an unknown home', tool: 'list_device_groups', args: { home_id: 'home_0' }, ok: false, errorIncludes: ['home_0', 'home_6 (Canal Street Apartment)'] },
  {
    title: 'set_thermostat switches to heat_cool with a low and a high setpoint',
    tool: 'set_thermostat',
    args: { device_id: 'dev_251', hvac_mode: 'heat_cool', target_temp_low_c: 19, target_temp_high_c: 24 },
    ok: true,
    check: (r) => expect(r.attributes).to.include({ hvac_mode: 'heat_cool', target_temp_low_c: 19, target_temp_high_c: 24, target_temperature_c: null }),
  },
  { title: 'a cooling setpoint above the model\'s range is refused with the range', tool: 'set_thermostat', args: { device_id: 'dev_251', hvac_mode: 'cool', target_temperature_c: 35 }, ok: false, errorIncludes: ['35 °C is out of range for cool mode', '9–32 °C'] },
  { title: 'a heat-only radiator thermostat refuses cool mode and lists its modes', tool: 'set_thermostat', args: { device_id: 'dev_239', hvac_mode: 'cool' }, ok: false, errorIncludes: ['does not support hvac_mode "cool"', 'off, heat'] },
  { title: 'an offline thermostat is refused with since when', tool: 'set_thermostat', args: { device_id: 'dev_134', target_temperature_c: 21 }, ok: false, errorIncludes: ['offline', 'since 2026-03-13T18:32:00Z'] },
  { title: 'lock_device locks an unlocked front door', tool: 'lock_device', args: { device_id: 'dev_1' }, ok: true, check: (r) => expect(r).to.include({ state: 'locked', changed: true }) },
  { title: 'an offline lock is refused and the other lock of the home is suggested', tool: 'lock_device', args: { device_id: 'dev_85' }, ok: false, errorIncludes: ['offline', 'since 2026-03-14T21:41:00Z', 'dev_122 "Garage Side Door Lock"'] },
  { title: 'a lock code that is too short is refused with the valid length', tool: 'unlock_device', args: { device_id: 'dev_219', code: '12' }, ok: false, errorIncludes: ['too short', '4–8 digits'] },
  { title: 'a wrong lock code is refused and the door stays locked', tool: 'unlock_device', args: { device_id: 'dev_219', code: '0000' }, ok: false, errorIncludes: ['wrong code', 'stays locked'] },
  { title: 'the right code unlocks and names its slot', tool: 'unlock_device', args: { device_id: 'dev_219', code: '3193' }, ok: true, check: (r) => expect(r).to.include({ state: 'unlocked', changed: true, unlocked_with: 'Grandparents' }) },
  { title: 'set_cover_position half-opens a blind', tool: 'set_cover_position', args: { device_id: 'dev_237', position_pct: 50 }, ok: true, check: (r) => expect(r).to.include({ state: 'open' }) && expect(r.attributes.position_pct).to.equal(50) },
  { title: 'a garage door only opens or closes fully', tool: 'set_cover_position', args: { device_id: 'dev_25', position_pct: 50 }, ok: false, errorIncludes: ['only opens or closes fully', '0 (closed) or 100 (open)'] },
  { title: 'a speaker that is off takes no volume until it is turned on', tool: 'set_speaker_volume', args: { device_id: 'dev_228', volume_pct: 35 }, ok: false, errorIncludes: ['is off', 'turn_on_device first'] },
  { title: 'turn_on_device switches the speaker on', tool: 'turn_on_device', args: { target_id: 'dev_228' }, ok: true, check: (r) => expect(r.results[0].state).to.equal('on') },
  { title: 'then the volume can be set', tool: 'set_speaker_volume', args: { device_id: 'dev_228', volume_pct: 35 }, ok: true, check: (r) => expect(r.attributes).to.include({ volume_pct: 35, on: true }) },
  { title: 'a kids\' room speaker refuses a volume above its cap', tool: 'set_speaker_volume', args: { device_id: 'dev_114', volume_pct: 80 }, ok: false, errorIncludes: ['exceeds the volume limit', '0–60'] },
  {
    title: 'take_camera_snapshot stores a snapshot with the camera\'s resolution',
    tool: 'take_camera_snapshot',
    args: { device_id: 'dev_115' },
    ok: true,
    check: (r) => expect(r).to.include({ snapshot_id: 'snap_1', taken_at: '2026-03-16T18:00:00Z', width: 1920, height: 1080 }),
  },
  { title: 'an offline doorbell cannot take a snapshot', tool: 'take_camera_snapshot', args: { device_id: 'dev_137' }, ok: false, errorIncludes: ['offline', 'since 2026-03-16T13:56:00Z'] },
  { title: 'a snapshot-only camera refuses recording and lists its capabilities', tool: 'set_camera_recording', args: { device_id: 'dev_115', recording: true }, ok: false, errorIncludes: ['does not support recording', 'capabilities: snapshot'] },
  { title: 'set_camera_recording stops a doorbell\'s recording', tool: 'set_camera_recording', args: { device_id: 'dev_220', recording: false }, ok: true, check: (r) => expect(r).to.include({ state: 'idle', changed: true }) },
  {
    title: 'get_sensor_history returns 24 hourly temperatures with a summary',
    tool: 'get_sensor_history',
    args: { device_id: 'dev_245', start: '2026-03-15T18:00:00Z', end: '2026-03-16T18:00:00Z' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ metric: 'temperature', unit: '°C', count: 24 });
      expect(r.readings[0].time).to.equal('2026-03-15T18:00:00Z');
      expect(r.summary.min).to.be.at.most(r.summary.max);
    },
  },
  { title: 'history older than the 7-day retention is refused with the earliest start', tool: 'get_sensor_history', args: { device_id: 'dev_245', start: '2026-03-01T00:00:00Z' }, ok: false, errorIncludes: ['kept for 7 days', '2026-03-09T18:00:00Z'] },
  { title: 'a light records no history; sensors nearby are suggested', tool: 'get_sensor_history', args: { device_id: 'dev_240' }, ok: false, errorIncludes: ['records no history', 'dev_245'] },
  {
    title: 'an offline sensor\'s history stops when it went offline',
    tool: 'get_sensor_history',
    args: { device_id: 'dev_214', start: '2026-03-14T00:00:00Z', end: '2026-03-15T00:00:00Z' },
    ok: true,
    check: (r) => {
      expect(r.count).to.equal(4);
      expect(r.note).to.include('offline since 2026-03-14T04:16:00Z');
    },
  },
  {
    title: 'get_energy_usage totals the last 24 hours from the energy meter and ranks the plugs',
    tool: 'get_energy_usage',
    args: { home_id: 'home_1' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ source: 'energy_meter', currency: 'USD', price_per_kwh: 0.1446 });
      expect(r.total_kwh).to.be.greaterThan(0);
      const kwh = r.devices.map((d: any) => d.kwh);
      expect(kwh).to.deep.equal([...kwh].sort((a: number, b: number) => b - a));
    },
  },
  { title: 'a home without energy devices is refused with the homes that have data', tool: 'get_energy_usage', args: { home_id: 'home_6' }, ok: false, errorIncludes: ['no energy-reporting devices', 'home_1 (Birchwood Family Home)'] },
  { title: 'list_scenes lists a home\'s scenes', tool: 'list_scenes', args: { home_id: 'home_6' }, ok: true, check: (r) => expect(r.scenes.map((s: any) => s.name)).to.include('Relax') },
  { title: 'list_scenes refuses a home name instead of an id', tool: 'list_scenes', args: { home_id: 'Canal Street Apartment' }, ok: false, errorIncludes: ['does not exist', 'home_6 (Canal Street Apartment)'] },
  {
    title: 'activating a scene with an offline light applies the rest and reports the skipped device',
    tool: 'activate_scene',
    args: { scene_id: 'scene_30' },
    ok: true,
    check: (r) => {
      expect(r.status).to.equal('partial');
      expect(r.results.find((x: any) => x.device_id === 'dev_227')).to.include({ status: 'skipped_offline', state: 'unavailable' });
    },
  },
  {
    title: 'create_scene stores targets and warns about an offline device',
    tool: 'create_scene',
    args: {
      home_id: 'home_6',
      name: 'Reading Corner',
      entities: [
        { device_id: 'dev_236', brightness_pct: 80, color_temp_kelvin: 3000 },
        { device_id: 'dev_237', position_pct: 100 },
        { device_id: 'dev_227', on: true },
      ],
    },
    ok: true,
    check: (r) => {
      expect(r.scene).to.include({ scene_id: 'scene_31', name: 'Reading Corner', last_activated: null });
      expect(r.warnings.join(' ')).to.include('dev_227');
    },
  },
  { title: 'a scene cannot unlock a door', tool: 'create_scene', args: { home_id: 'home_6', name: 'Welcome', entities: [{ device_id: 'dev_219', locked: false }] }, ok: false, errorIncludes: ['can lock', 'not unlock', 'unlock_device'] },
  { title: 'a scene referencing an unknown device is refused', tool: 'create_scene', args: { home_id: 'home_6', name: 'Ghost', entities: [{ device_id: 'dev_999', on: true }] }, ok: false, errorIncludes: ['unknown device "dev_999"', 'list_devices'] },
  {
    title: 'the new scene activates: online devices change, the offline one is skipped',
    tool: 'activate_scene',
    args: { scene_id: 'scene_31' },
    ok: true,
    check: (r) => expect(r).to.include({ status: 'partial', changed_count: 2, skipped_count: 1 }),
  },
  { title: 'a scene of offline devices only can be stored', tool: 'create_scene', args: { home_id: 'home_6', name: 'Offline Corner', entities: [{ device_id: 'dev_227', on: true }, { device_id: 'dev_244', volume_pct: 20 }] }, ok: true, check: (r) => expect(r.warnings).to.have.length(2) },
  { title: 'but activating it fails because every device is offline', tool: 'activate_scene', args: { scene_id: 'scene_32' }, ok: false, errorIncludes: ['every device of scene scene_32', 'offline', 'since 2026-03-12T06:51:00Z'] },
  { title: 'list_home_automations filters disabled automations of a home', tool: 'list_home_automations', args: { home_id: 'home_6', enabled: false }, ok: true, check: (r) => expect(r.automations.map((a: any) => a.automation_id)).to.deep.equal(['auto_35']) },
  { title: 'list_home_automations refuses an unknown device filter', tool: 'list_home_automations', args: { device_id: 'dev_999' }, ok: false, errorIncludes: ['dev_999', 'list_devices'] },
  {
    title: 'create_home_automation stores a motion-triggered night light',
    tool: 'create_home_automation',
    args: {
      home_id: 'home_6',
      alias: 'Bathroom night light',
      trigger: { type: 'state', device_id: 'dev_249', to: 'on' },
      conditions: [{ type: 'time', after: '22:00', before: '06:00' }],
      actions: [{ type: 'turn_on', device_id: 'dev_247', brightness_pct: 20 }],
    },
    ok: true,
    check: (r) => expect(r.automation).to.include({ automation_id: 'auto_40', enabled: true, last_triggered: null }),
  },
  {
    title: 'an automation whose action targets an unknown device is refused',
    tool: 'create_home_automation',
    args: { home_id: 'home_6', alias: 'Ghost', trigger: { type: 'time', at: '07:00' }, actions: [{ type: 'turn_on', device_id: 'dev_999' }] },
    ok: false,
    errorIncludes: ['actions[0]', 'unknown device "dev_999"'],
  },
  {
    title: 'a motion sensor trigger with an invalid state is refused with the valid states',
    tool: 'create_home_automation',
    args: { home_id: 'home_6', alias: 'Detect', trigger: { type: 'state', device_id: 'dev_249', to: 'detected' }, actions: [{ type: 'notify', message: 'motion' }] },
    ok: false,
    errorIncludes: ['"detected" is not a state', 'on, off, unavailable'],
  },
  {
    title: 'an automation can run the scene created above at sunset',
    tool: 'create_home_automation',
    args: { home_id: 'home_6', alias: 'Reading at sunset', trigger: { type: 'sun', event: 'sunset', offset_minutes: -15 }, actions: [{ type: 'activate_scene', scene_id: 'scene_31' }], enabled: false },
    ok: true,
    check: (r) => expect(r.automation).to.include({ automation_id: 'auto_41', enabled: false }),
  },
  { title: 'set_home_automation_enabled disables the new automation', tool: 'set_home_automation_enabled', args: { automation_id: 'auto_40', enabled: false }, ok: true, check: (r) => expect(r).to.include({ changed: true }) && expect(r.automation.enabled).to.equal(false) },
  { title: 'an unknown automation cannot be enabled', tool: 'set_home_automation_enabled', args: { automation_id: 'auto_999', enabled: true }, ok: false, errorIncludes: ['auto_999', 'list_home_automations'] },
  { title: 'delete_home_automation deletes it', tool: 'delete_home_automation', args: { automation_id: 'auto_40' }, ok: true, check: (r) => expect(r).to.deep.equal({ deleted: true, automation_id: 'auto_40', alias: 'Bathroom night light' }) },
  { title: 'deleting it again fails', tool: 'delete_home_automation', args: { automation_id: 'auto_40' }, ok: false, errorIncludes: ['auto_40', 'does not exist'] },
  {
    title: 'update_device renames a plug and moves it to the office',
    tool: 'update_device',
    args: { device_id: 'dev_238', name: 'Office Heater', room_id: 'room_46' },
    ok: true,
    check: (r) => expect(r.device).to.include({ name: 'Office Heater', room_id: 'room_46', room_name: 'Office' }),
  },
  { title: 'a device cannot move to a room of another home', tool: 'update_device', args: { device_id: 'dev_238', room_id: 'room_1' }, ok: false, errorIncludes: ['another home', 'room_46 (Office)'] },
  { title: 'a name already used in the home is refused', tool: 'update_device', args: { device_id: 'dev_238', name: 'office printer' }, ok: false, errorIncludes: ['already used', 'dev_242'] },
  {
    title: 'the offline light kept its state through the group, the scenes and every refused command',
    tool: 'get_device_state',
    args: { device_id: 'dev_227' },
    ok: true,
    check: (r) => {
      expect(r).to.include({ online: false, state: 'unavailable', last_changed: r.last_changed });
      expect(r.attributes).to.deep.equal({ on: false, brightness_pct: 60, color_mode: 'brightness' });
    },
  },
];
