import { LIMITS, type OfferedParam } from '@heliograph/shared';

/** Pure rules of the custom chart (spec §3, §9): which parameters are drawn, named and grouped how. */

/** The device kinds whose pages offer a custom chart. */
export type ChartKind = 'inverter' | 'battery' | 'meter';

export type { OfferedParam };

/** Distinct colours for the (at most six) chosen lines, in the order chosen, so a line keeps its colour. */
export const PARAM_COLORS = ['#2f6fed', '#f5a623', '#12a594', '#7b5cd6', '#e8684a', '#52a33a'] as const;

/**
 * A unit as shown beside a name or on an axis: led by a left-to-right mark, so a unit that starts with a
 * neutral sign (°C) keeps its order in right-to-left text (Hebrew would otherwise show "C°").
 */
export function shownUnit(unit: string): string {
  return unit ? `\u200e${unit}` : '';
}

const PER_INDEX = /^(mppt|ph|cell)(\d+)_([a-z]+)$/;

/**
 * The catalogue key naming a parameter: the kind's own metrics by name (`p_ac`), per-MPPT, per-phase and
 * per-cell values by pattern with their number (`mppt2_v` → `mppt_v` with n = 2).
 */
export function paramTextKey(key: string): { key: string; n?: number } {
  const m = PER_INDEX.exec(key);
  if (m) return { key: `deviceCommon.param.${m[1]}_${m[3]}`, n: Number(m[2]) };
  return { key: `deviceCommon.param.${key}` };
}

/**
 * What the select shows as chosen: the saved choice without parameters no longer offered (a choice made
 * before the offer changed), without repeats, at most the limit.
 */
export function keptChoice(saved: readonly string[], offered: readonly OfferedParam[]): string[] {
  const known = new Set(offered.map((p) => p.key));
  return [...new Set(saved)].filter((k) => known.has(k)).slice(0, LIMITS.chartCustomParams);
}

/** Whether two choices hold the same parameters in the same order (the order decides the colours). */
export function sameChoice(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/**
 * Lines split so each chart has at most two units (one value axis each side): units paired in the order they
 * first appear, each group keeping its lines in their order. No lines, no groups.
 */
export function unitGroups<L extends { unit: string }>(lines: readonly L[]): L[][] {
  const units = [...new Set(lines.map((l) => l.unit))];
  const groups: L[][] = [];
  for (let i = 0; i < units.length; i += 2) {
    const pair = units.slice(i, i + 2);
    groups.push(lines.filter((l) => pair.includes(l.unit)));
  }
  return groups;
}
