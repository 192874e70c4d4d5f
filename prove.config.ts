import { defineConfig } from './core/index.js';
import { provePreset } from './presets/prove.js';

/** The project's own configuration: the paper's setup. */
export default defineConfig({
  presets: [provePreset],
});
