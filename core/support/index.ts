/**
 * Small utilities every layer shares (plugins, servers, third-party plugins through `prove-rl`):
 * one copy each.
 */
export { writeFileAtomic } from './writeFileAtomic.js';
export { Semaphore } from './Semaphore.js';
export { ProgressLine } from './ProgressLine.js';
export { sourceFingerprint } from './sourceFingerprint.js';
