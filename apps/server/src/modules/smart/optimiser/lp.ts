import { hours, type PlanInput } from './model.js';

/**
 * The plan as a linear program in CPLEX LP text, the format highs' `solve()` reads. The model, its units and the
 * reasons for each term are in docs/optimiser.md; this file only writes it down. The input is assumed valid
 * (optimise.ts checks it first).
 *
 * Variables per slot k (kWh in the slot, stored energy in kWh): c charge, d discharge, i import, e export,
 * w curtailed PV, s stored at the slot's end; and one `short`, the shortfall against the end SOC. No integer
 * variable: the whole model stays an LP (docs/optimiser.md says how the two cases that would need one are handled).
 */

/** Cost of a kWh through the battery either way: makes idle cheaper than a pointless cycle (wear, losses). */
export const CYCLE_PENALTY = 1e-4;
/** Cost of a kWh of curtailed PV: when exporting and curtailing are worth the same (sell 0), use the energy. */
export const CURTAIL_PENALTY = 1e-5;

export const names = {
  charge: (k: number) => `c${k}`,
  discharge: (k: number) => `d${k}`,
  import: (k: number) => `i${k}`,
  export: (k: number) => `e${k}`,
  curtail: (k: number) => `w${k}`,
  stored: (k: number) => `s${k}`,
  shortfall: 'short',
} as const;

/** A coefficient as LP text: plain decimals, since an exponent such as 1e-4 is not part of every LP reader. */
export function num(value: number): string {
  if (Math.abs(value) < 1e-12) return '0';
  const text = String(value);
  return text.includes('e') ? value.toFixed(15).replace(/\.?0+$/, '') : text;
}

/** ` + 2 x` / ` - 2 x` terms, one a line (LP readers limit line length; a long horizon would exceed it). */
function linear(terms: [number, string][]): string {
  const kept = terms.filter(([coef]) => Math.abs(coef) >= 1e-12);
  if (kept.length === 0) return ' 0 ' + (terms[0]?.[1] ?? names.shortfall);
  return kept.map(([coef, name]) => `${coef < 0 ? '-' : '+'} ${num(Math.abs(coef))} ${name}`).join('\n   ');
}

/** Whether the plan may export in a slot: paid at a price that is not negative, and the plant may export at all. */
export function exportAllowed(input: PlanInput, k: number): boolean {
  const sell = input.slots[k]?.sell ?? null;
  return sell !== null && sell >= 0 && input.grid.exportLimitKw !== 0;
}

/** The stored-energy bounds, kWh, widened to include the start so a battery outside its bounds is still plannable. */
export function storedBounds(input: PlanInput): { lo: number; hi: number; start: number; target: number } {
  const b = input.battery;
  const lo = Math.min(b.socMin, b.socNow) * b.capacityKwh;
  const hi = Math.max(b.socMax, b.socNow) * b.capacityKwh;
  const target = Math.min(Math.max((b.socTargetEnd ?? b.socNow) * b.capacityKwh, lo), hi);
  return { lo, hi, start: b.socNow * b.capacityKwh, target };
}

/**
 * The cost of a kWh through the battery. Where the horizon has negative buy prices, charging and discharging at
 * once (which no inverter does) would pay in an LP: burning imported energy in the losses, or emptying the battery
 * through its losses to refill it later when the grid pays for that. Per kWh moved, burning gains at most
 * |buy|·(1 − ηc·ηd)/(1 + ηc·ηd) in its slot, and freeing room at most |most negative buy|·(1/ηd − ηc)/(2ηc); a
 * penalty 10 % above both makes either a loss, while charging at a negative price still earns most of |buy|.
 * This keeps the model an LP (no binary per slot); docs/optimiser.md gives the derivation.
 */
export function cyclePenalty(input: PlanInput): number {
  const lowest = Math.min(0, ...input.slots.map((s) => s.buy));
  if (lowest >= 0) return CYCLE_PENALTY;
  const { chargeEfficiency: ec, dischargeEfficiency: ed } = input.battery;
  const burn = (1 - ec * ed) / (1 + ec * ed);
  const room = (1 / ed - ec) / (2 * ec);
  return Math.max(CYCLE_PENALTY, 1.1 * -lowest * Math.max(burn, room));
}

/** Slots where export is allowed and a kWh sells for more than it costs: an LP would import and export at once. */
export function twoWaySlots(input: PlanInput): number[] {
  return input.slots.flatMap((slot, k) => (exportAllowed(input, k) && (slot.sell ?? 0) > slot.buy ? [k] : []));
}

export type Direction = 'import' | 'export';

/**
 * The LP of a plan. `directions`: the grid flow's one direction in each slot where sell > buy, chosen from a
 * first solve without it (optimise.ts); absent, those slots are priced pessimistically instead.
 */
export function buildLp(input: PlanInput, directions?: ReadonlyMap<number, Direction>): string {
  const { battery: b, grid, slots } = input;
  const bounds = storedBounds(input);
  const penalty = cyclePenalty(input);
  // Missing the end SOC must cost more than any price could repay: a stored kWh is worth at most the dearest
  // price divided by the worse efficiency (validated ≥ 0.5), so 100 × (that price + 1) is safely above it.
  const maxPrice = Math.max(...slots.map((s) => Math.max(Math.abs(s.buy), Math.abs(s.sell ?? 0))));
  const shortfallPenalty = 100 * (maxPrice + 1);

  const objective: [number, string][] = [];
  const rows: string[] = [];
  const boundLines: string[] = [];
  const twoWay = new Set(twoWaySlots(input));

  slots.forEach((slot, k) => {
    const h = hours(slot);
    const c = names.charge(k);
    const d = names.discharge(k);
    const i = names.import(k);
    const e = names.export(k);
    const w = names.curtail(k);
    const s = names.stored(k);
    const chargeMax = b.maxChargeKw * h;
    const dischargeMax = b.maxDischargeKw * h;
    // Import beyond load + charging, or export beyond PV + discharging, could only pass through the meter both
    // ways in one slot; bounding them keeps that fiction small and every column finite.
    const importLimit = grid.importLimitKw === undefined ? Infinity : grid.importLimitKw * h;
    const direction = directions?.get(k);
    const importMax = direction === 'export' ? 0 : Math.min(importLimit, slot.loadKwh + chargeMax);
    const exportLimit = grid.exportLimitKw === null ? Infinity : grid.exportLimitKw * h;
    const exportMax =
      exportAllowed(input, k) && direction !== 'import'
        ? Math.min(exportLimit, slot.pvKwh + (grid.exportFromPvOnly ? 0 : dischargeMax))
        : 0;
    // The meter settles the net flow, so importing and exporting in one slot is fiction, which the LP would buy
    // wherever a kWh sells for more than it costs. Without directions those slots sell at the buy price (a convex,
    // pessimistic model); with them, each such slot flows one way only and sells at its real price.
    const sell = twoWay.has(k) && !directions ? slot.buy : (slot.sell ?? 0);

    objective.push([slot.buy, i], [-(exportMax > 0 ? sell : 0), e]);
    objective.push([penalty, c], [penalty, d], [CURTAIL_PENALTY, w]);

    // Energy balance: pv − curtailed + import + discharge = load + charge + export.
    rows.push(
      ` bal${k}: ${linear([
        [1, i],
        [1, d],
        [-1, w],
        [-1, c],
        [-1, e],
      ])} = ${num(slot.loadKwh - slot.pvKwh)}`,
    );
    // Stored energy: what charging puts in after its losses, minus what discharging takes out before its losses.
    const previous: [number, string][] = k === 0 ? [] : [[-1, names.stored(k - 1)]];
    rows.push(
      ` soc${k}: ${linear([[1, s], [-b.chargeEfficiency, c], [1 / b.dischargeEfficiency, d], ...previous])} = ${num(
        k === 0 ? bounds.start : 0,
      )}`,
    );
    boundLines.push(
      ` 0 <= ${c} <= ${num(chargeMax)}`,
      ` 0 <= ${d} <= ${num(dischargeMax)}`,
      ` 0 <= ${i} <= ${num(importMax)}`,
      ` 0 <= ${e} <= ${num(exportMax)}`,
      ` 0 <= ${w} <= ${num(slot.pvKwh)}`,
      ` ${num(bounds.lo)} <= ${s} <= ${num(bounds.hi)}`,
    );
  });

  // The horizon's end: at least the target SOC, softened by a costly shortfall so an unreachable target (too
  // little power or time) still gives the best plan towards it rather than no plan.
  const last = names.stored(slots.length - 1);
  objective.push([shortfallPenalty, names.shortfall]);
  rows.push(
    ` end: ${linear([
      [1, last],
      [1, names.shortfall],
    ])} >= ${num(bounds.target)}`,
  );
  boundLines.push(` ${names.shortfall} >= 0`);

  return ['Minimize', ` cost: ${linear(objective)}`, 'Subject To', ...rows, 'Bounds', ...boundLines, 'End'].join('\n');
}
