import type { GoldGraph } from './types.js';

// Devices are named by the device list and by everything that groups or drives them.
const DEVICE_SOURCES = ['list_devices', 'get_energy_usage', 'list_scenes', 'list_device_groups', 'list_home_automations'];
const HOME_SOURCES = ['list_homes', 'list_devices', 'get_device_state', 'list_scenes', 'list_device_groups', 'list_home_automations'];
const DEVICE_TOOLS = ['get_device_state', 'update_device', 'set_light_state', 'set_thermostat', 'lock_device', 'unlock_device', 'set_cover_position', 'set_speaker_volume', 'take_camera_snapshot', 'set_camera_recording', 'get_sensor_history'];

export const gold: GoldGraph = {
  domain: 'iot_devices',
  explicit: {
    ...Object.fromEntries(DEVICE_TOOLS.map((tool) => [tool, DEVICE_SOURCES.filter((source) => source !== tool)])),
    // A target is a device, a group, a room or a home. Corrected (issue #17 part 5): a device target
    // comes from every device source, as for the other device tools (first labelled with
    // list_devices and list_device_groups only; turn_on_device takes a scene's or an automation's
    // device ids, live).
    turn_on_device: [...DEVICE_SOURCES, 'list_homes'],
    turn_off_device: [...DEVICE_SOURCES, 'list_homes'],
    get_energy_usage: HOME_SOURCES,
    create_scene: HOME_SOURCES,
    create_device_group: HOME_SOURCES,
    create_home_automation: HOME_SOURCES,
    activate_scene: ['list_scenes', 'create_scene', 'list_home_automations'],
    set_home_automation_enabled: ['list_home_automations', 'create_home_automation'],
    delete_home_automation: ['list_home_automations', 'create_home_automation'],
  },
  implicit: [],
};
