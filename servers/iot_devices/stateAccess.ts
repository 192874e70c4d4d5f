import { original } from '../kit/copyOnWrite.js';
import type { ToolContext } from '../kit/Domain.js';
import type { Device, IotState } from './IotState.js';

/**
 * How the state-changing tools touch the copy-on-write draft: every lookup and check reads the
 * frozen state the call started from (a read through the draft costs a proxy trap, an object read
 * a new draft node), and each change is one write of a whole new object into its parent draft.
 */

/** The state as the call found it, frozen: what handlers read. */
export function baseState(ctx: ToolContext<IotState>): IotState {
  return original(ctx.state) as unknown as IotState;
}

/** The draft, for writes only. */
export function draftState(ctx: ToolContext<IotState>): IotState {
  return ctx.state as unknown as IotState;
}

/** Files a new version of a device (built from its frozen one) in the draft: one write into its home's record. */
export function putDevice(ctx: ToolContext<IotState>, device: Device): void {
  (ctx.state as unknown as IotState).devices[device.home_id][device.id] = device;
}
