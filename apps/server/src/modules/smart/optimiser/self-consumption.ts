import { planCost, round, type FallbackReason, type Plan, type PlanInput, type PlanSlot } from './model.js';

/** A number a forecast or a setting gave, or `fallback` when it is missing, NaN, infinite or negative. */
function usable(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * What every hybrid inverter does without a plan, slot by slot: PV surplus charges the battery (up to its power
 * and socMax), a deficit discharges it (down to socMin), the rest goes to or comes from the grid.
 *
 * It is both the comparison for the saving and the fallback when the optimiser cannot plan, so it must work on
 * any input: an unknown forecast counts 0, an unusable battery is left idle, an unusable export limit counts
 * as a zero-export plant (the safe side).
 *
 * Surplus is exported whatever the sell price, negative or unpaid included, because that is what the inverter's
 * self-consumption mode does and what the optimiser's saving is measured against; only the export limit holds it
 * back (the rest is curtailed). The import limit is not applied: the grid simply delivers the deficit.
 */
export function selfConsumption(input: PlanInput, reason?: FallbackReason, detail?: string): Plan {
  const b = input.battery;
  const capacity = usable(b.capacityKwh, 0);
  const etaCharge = usable(b.chargeEfficiency, 0);
  const etaDischarge = usable(b.dischargeEfficiency, 0);
  const batteryWorks =
    capacity > 0 && etaCharge > 0 && etaCharge <= 1 && etaDischarge > 0 && etaDischarge <= 1 && b.socMin <= b.socMax;
  const socMin = batteryWorks ? Math.min(Math.max(b.socMin, 0), 1) : 0;
  const socMax = batteryWorks ? Math.min(Math.max(b.socMax, 0), 1) : 0;
  const exportLimitKw = input.grid.exportLimitKw === null ? Infinity : usable(input.grid.exportLimitKw, 0);

  let stored = batteryWorks ? Math.min(Math.max(usable(b.socNow, socMin), 0), 1) * capacity : 0;
  const slots: PlanSlot[] = input.slots.map((slot) => {
    const h = usable(slot.minutes, 0) / 60;
    const net = usable(slot.pvKwh, 0) - usable(slot.loadKwh, 0);
    let chargeKwh = 0;
    let dischargeKwh = 0;
    let importKwh = 0;
    let exportKwh = 0;
    let curtailKwh = 0;
    if (net >= 0) {
      if (batteryWorks) {
        const room = Math.max(socMax * capacity - stored, 0) / etaCharge;
        chargeKwh = Math.min(net, usable(b.maxChargeKw, 0) * h, room);
        stored += chargeKwh * etaCharge;
      }
      const rest = net - chargeKwh;
      exportKwh = Math.min(rest, exportLimitKw * h);
      curtailKwh = rest - exportKwh;
    } else {
      const deficit = -net;
      if (batteryWorks) {
        const available = Math.max(stored - socMin * capacity, 0) * etaDischarge;
        dischargeKwh = Math.min(deficit, usable(b.maxDischargeKw, 0) * h, available);
        stored -= dischargeKwh / etaDischarge;
      }
      importKwh = deficit - dischargeKwh;
    }
    return {
      start: slot.start,
      chargeKwh: round(chargeKwh),
      dischargeKwh: round(dischargeKwh),
      importKwh: round(importKwh),
      exportKwh: round(exportKwh),
      curtailKwh: round(curtailKwh),
      socEnd: capacity > 0 ? round(stored / capacity) : 0,
    };
  });
  const plan: Plan = { mode: 'selfConsumption', slots, cost: planCost(input, slots) };
  if (reason) plan.reason = reason;
  if (detail) plan.detail = detail;
  return plan;
}
