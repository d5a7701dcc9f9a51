/**
 * A hybrid inverter following a slot of the battery schedule the console sent (batterySchedule, issue 17):
 * the battery runs at the slot's power as far as it can, the panels make what they can, and the inverter
 * converts the difference. Charging beyond the panels draws from the grid (AC in, rectified); an export limit
 * first holds back the discharge that could only be exported, then gives PV up (curtailment), so a plant told
 * "no export" at a negative price exports nothing.
 */
import type { BatteryScheduleSlot } from '@heliograph/shared';
import { inverterInput, inverterOutput } from '../physics/pv.js';

export interface ScheduledInput {
  slot: BatteryScheduleSlot;
  /** DC the panels could give now, W. */
  pv: number;
  /** The load the other inverters leave to this one, W (negative: they make more than the load). */
  targetAcW: number;
  /** What the battery can take and give over this sub-step, W at its terminals. */
  chargeMax: number;
  dischargeMax: number;
  /** The inverter's AC limit (rating × power limit), W. */
  limitW: number;
  rated: number;
}

export interface ScheduledPoint {
  pvUsed: number;
  charge: number;
  discharge: number;
  acOut: number;
  acIn: number;
  clipped: boolean;
}

export function scheduledPoint(i: ScheduledInput): ScheduledPoint {
  let charge = i.slot.batteryW < 0 ? Math.min(-i.slot.batteryW, i.chargeMax) : 0;
  let discharge = i.slot.batteryW > 0 ? Math.min(i.slot.batteryW, i.dischargeMax) : 0;
  let pvUsed = i.pv;
  // What the inverter may put out: its limit, and under an export limit the load it serves plus that limit.
  const exportCap = i.slot.exportLimitW === null ? Infinity : Math.max(0, i.targetAcW + i.slot.exportLimitW);
  const acCap = Math.min(i.limitW, exportCap);

  const dcNet = i.pv + discharge - charge;
  if (dcNet < 0) {
    // Charging beyond the panels: the rest comes from the grid through the same loss curve.
    let acIn = Math.min(inverterInput(-dcNet, i.rated), i.limitW);
    const fromAc = inverterOutput(acIn, i.rated);
    if (fromAc <= 0) acIn = 0;
    charge = i.pv + Math.max(0, fromAc);
    return { pvUsed, charge, discharge: 0, acOut: 0, acIn, clipped: false };
  }

  let acOut = inverterOutput(dcNet, i.rated);
  let clipped = false;
  if (acOut > acCap) {
    const dcAllowed = acCap > 0 ? inverterInput(acCap, i.rated) : 0;
    const excess = dcNet - dcAllowed;
    const lessDischarge = Math.min(discharge, excess);
    discharge -= lessDischarge;
    pvUsed = Math.max(0, i.pv - (excess - lessDischarge));
    acOut = acCap;
    clipped = acCap === i.limitW;
  }
  if (acOut <= 0) {
    // Too little to run the inverter: only what is charged is drawn from the panels, nothing is discharged.
    acOut = 0;
    discharge = 0;
    pvUsed = Math.min(i.pv, charge);
  }
  return { pvUsed, charge, discharge, acOut, acIn: 0, clipped };
}
