import {
  FLOW_IDLE_W,
  flowStates,
  FLOW_STATES,
  type FlowState,
  type PlantType,
  type PlantRealtime,
  type PowerPoint,
} from '@heliograph/shared';

/**
 * The energy-flow diagram's state (spec §4): one branch per node around the hub (inverter), each with its
 * power, its flow state and the direction energy moves along it.
 */
export type FlowNode = 'pv' | 'grid' | 'battery' | 'load';

export interface FlowBranch {
  node: FlowNode;
  state: FlowState;
  /** Magnitude in W, or null when unknown. */
  powerW: number | null;
  /** Energy moves from the node to the hub (PV generating, buying, discharging), else from hub to node. */
  towardHub: boolean;
  /** Energy moves along the branch: the line animates. */
  active: boolean;
  /** 0–1, power against the plant's capacity: drives the animation speed. */
  intensity: number;
}

export interface FlowModel {
  branches: FlowBranch[];
  hasBattery: boolean;
  /** Battery state of charge in %, or null. */
  soc: number | null;
  ts: number | null;
}

/** Below this a branch is idle (the shared rule for grid and battery, applied to PV and load too). */
export const IDLE_W = FLOW_IDLE_W;

const isFlowState = (s: unknown): s is FlowState => (FLOW_STATES as readonly unknown[]).includes(s);

function intensity(w: number | null, capacityKw: number): number {
  if (w === null || capacityKw <= 0) return 0;
  return Math.min(1, Math.abs(w) / (capacityKw * 1000));
}

/**
 * Builds the diagram from the realtime answer. The grid and battery states are the server's (spec §4 names),
 * re-derived from the signed powers when missing; PV and load are active when they carry power.
 */
/** What the diagram needs: a plant's realtime answer, or an inverter's own flow (features/inverters). */
export type FlowSource = Pick<PlantRealtime, 'ts' | 'flow' | 'capacityKw'> & { powerW: Omit<PowerPoint, 'ts'> };

export function buildFlowModel(rt: FlowSource, plantType: PlantType): FlowModel {
  const p = rt.powerW;
  const derived = flowStates({ grid: p.grid, battery: p.battery });
  const grid = isFlowState(rt.flow?.grid) ? rt.flow.grid : derived.grid;
  const battery = isFlowState(rt.flow?.battery) ? rt.flow.battery : derived.battery;
  const cap = rt.capacityKw;
  const abs = (v: number | null) => (v === null ? null : Math.abs(v));

  const pvActive = p.pv !== null && p.pv >= IDLE_W;
  const loadActive = p.load !== null && p.load >= IDLE_W;
  const branches: FlowBranch[] = [
    {
      node: 'pv',
      state: pvActive ? (isFlowState(rt.flow?.pv) && rt.flow.pv !== 'idle' ? rt.flow.pv : 'selling') : 'idle',
      powerW: p.pv === null ? null : Math.max(0, p.pv),
      towardHub: true,
      active: pvActive,
      intensity: intensity(p.pv, cap),
    },
    {
      node: 'grid',
      state: grid,
      powerW: abs(p.grid),
      towardHub: grid === 'buying',
      active: grid === 'buying' || grid === 'selling',
      intensity: intensity(p.grid, cap),
    },
    {
      node: 'load',
      state: loadActive ? (isFlowState(rt.flow?.load) && rt.flow.load !== 'idle' ? rt.flow.load : 'buying') : 'idle',
      powerW: p.load === null ? null : Math.max(0, p.load),
      towardHub: false,
      active: loadActive,
      intensity: intensity(p.load, cap),
    },
  ];

  // A grid-connected plant shows a battery only if one reports; storage plants always have one.
  const hasBattery = plantType !== 'grid' || p.soc !== null || (p.battery !== null && Math.abs(p.battery) >= IDLE_W);
  if (hasBattery) {
    branches.push({
      node: 'battery',
      state: battery,
      powerW: abs(p.battery),
      towardHub: battery === 'discharging',
      active: battery === 'charging' || battery === 'discharging',
      intensity: intensity(p.battery, cap),
    });
  }
  const soc = p.soc === null ? null : Math.min(100, Math.max(0, p.soc));
  return { branches, hasBattery, soc, ts: rt.ts };
}

/** Seconds one dash pattern takes to travel: faster with more power (2.4 s idle-ish, 0.7 s at capacity). */
export function dashDuration(intensity: number): number {
  return Math.round((2.4 - 1.7 * Math.min(1, Math.max(0, intensity))) * 100) / 100;
}

export function branchOf(model: FlowModel, node: FlowNode): FlowBranch | undefined {
  return model.branches.find((b) => b.node === node);
}
