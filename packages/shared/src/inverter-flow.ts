import { FLOW_IDLE_W, flowStates } from './energy.js';
import type { FlowState } from './plant.js';

/** The latest readings an inverter's energy flow is drawn from (spec §7 Inverters "flow"). */
export interface InverterFlowInput {
  inverter: { p_pv?: number | null; p_ac?: number | null };
  /** The battery behind a hybrid inverter's gateway; null for any other inverter. */
  battery: { p_bat?: number | null; soc?: number | null } | null;
  /** The meter behind the same gateway, if there is one. */
  meter: { p_grid?: number | null; p_load?: number | null } | null;
}

export interface InverterFlow {
  /** Signed as the plant's flow: grid + when buying, battery + when discharging. */
  powerW: { pv: number | null; grid: number | null; battery: number | null; load: number | null; soc: number | null };
  flow: { pv: FlowState; grid: FlowState; battery: FlowState; load: FlowState };
}

const n = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * What flows through one inverter now. PV and the battery are the inverter's own. Grid and load come from a
 * meter on the same gateway (the site's meter: with several inverters behind it, they are the site's figures,
 * as installers read them). Without a meter the inverter's AC output is shown leaving for the grid — all a
 * string inverter knows of where its energy goes — and the load is unknown.
 */
export function inverterFlow(input: InverterFlowInput): InverterFlow {
  const pv = n(input.inverter.p_pv);
  const battery = input.battery ? n(input.battery.p_bat) : null;
  const soc = input.battery ? n(input.battery.soc) : null;
  let grid: number | null;
  let load: number | null;
  if (input.meter) {
    grid = n(input.meter.p_grid);
    load = n(input.meter.p_load);
  } else {
    const ac = n(input.inverter.p_ac);
    grid = ac === null ? null : -Math.max(0, ac);
    load = null;
  }
  const states = flowStates({ grid, battery });
  return {
    powerW: { pv, grid, battery, load, soc },
    flow: {
      pv: pv !== null && pv >= FLOW_IDLE_W ? 'selling' : 'idle',
      grid: states.grid,
      battery: states.battery,
      load: load !== null && load >= FLOW_IDLE_W ? 'buying' : 'idle',
    },
  };
}
