import { MAX_SLOTS, type FallbackReason, type PlanInput } from './model.js';

export interface Invalid {
  reason: FallbackReason;
  detail: string;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const fraction = (v: unknown): boolean => finite(v) && v >= 0 && v <= 1;
/** Efficiencies below a half are a typing error, not a battery; the LP's penalties assume at least that. */
const efficiency = (v: unknown): boolean => finite(v) && v >= 0.5 && v <= 1;

/**
 * The first reason the optimiser cannot plan this input, or null. Checked before the solver, because the LP would
 * silently turn NaN into nonsense and a gap between slots into a wrong SOC.
 */
export function invalidInput(input: PlanInput): Invalid | null {
  const { slots, battery: b, grid } = input;
  if (slots.length === 0) return { reason: 'noSlots', detail: 'no slots' };
  if (slots.length > MAX_SLOTS) return { reason: 'tooManySlots', detail: `${slots.length} slots > ${MAX_SLOTS}` };
  for (let k = 0; k < slots.length; k++) {
    const s = slots[k];
    if (!s) return { reason: 'invalidSlot', detail: `slot ${k}: missing` };
    const bad = (field: string): Invalid => ({ reason: 'invalidSlot', detail: `slot ${k}: ${field}` });
    if (!finite(s.start)) return bad('start');
    if (!finite(s.minutes) || s.minutes <= 0 || s.minutes > 60) return bad('minutes');
    if (!finite(s.buy)) return bad('buy');
    if (s.sell !== null && !finite(s.sell)) return bad('sell');
    if (!finite(s.pvKwh) || s.pvKwh < 0) return bad('pvKwh');
    if (!finite(s.loadKwh) || s.loadKwh < 0) return bad('loadKwh');
    const previous = slots[k - 1];
    if (previous && s.start !== previous.start + previous.minutes * 60_000) return bad('start (gap or overlap)');
  }
  const badBattery = (field: string): Invalid => ({ reason: 'invalidBattery', detail: field });
  if (!finite(b.capacityKwh) || b.capacityKwh <= 0) return badBattery('capacityKwh');
  if (!finite(b.maxChargeKw) || b.maxChargeKw < 0) return badBattery('maxChargeKw');
  if (!finite(b.maxDischargeKw) || b.maxDischargeKw < 0) return badBattery('maxDischargeKw');
  if (!fraction(b.socMin) || !fraction(b.socMax) || b.socMin > b.socMax) return badBattery('socMin/socMax');
  if (!fraction(b.socNow)) return badBattery('socNow');
  if (b.socTargetEnd !== undefined && !fraction(b.socTargetEnd)) return badBattery('socTargetEnd');
  if (!efficiency(b.chargeEfficiency)) return badBattery('chargeEfficiency');
  if (!efficiency(b.dischargeEfficiency)) return badBattery('dischargeEfficiency');
  if (grid.importLimitKw !== undefined && (!finite(grid.importLimitKw) || grid.importLimitKw < 0)) {
    return { reason: 'invalidGrid', detail: 'importLimitKw' };
  }
  if (grid.exportLimitKw !== null && (!finite(grid.exportLimitKw) || grid.exportLimitKw < 0)) {
    return { reason: 'invalidGrid', detail: 'exportLimitKw' };
  }
  return null;
}
