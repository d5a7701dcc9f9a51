import { addDays, type DateShortcut } from '@heliograph/shared';

/**
 * What the day chart shows: one plant-local day as 5-minute power curves, or (for the multi-day shortcuts
 * of spec §9) a run of days as daily energy bars.
 */
export type DaySelection = { kind: 'day'; day: string } | { kind: 'range'; from: string; to: string; days: number };

const RANGE_DAYS: Partial<Record<DateShortcut, number>> = { last3: 3, last7: 7, last30: 30, last60: 60 };

// The 30-day rule is shared with the device pages' day charts (packages/shared time.ts).
export { isChartDay, oldestChartDay } from '@heliograph/shared';

export function selectionFor(shortcut: DateShortcut, today: string): DaySelection {
  if (shortcut === 'today') return { kind: 'day', day: today };
  if (shortcut === 'yesterday') return { kind: 'day', day: addDays(today, -1) };
  const days = RANGE_DAYS[shortcut] ?? 7;
  return { kind: 'range', from: addDays(today, -(days - 1)), to: today, days };
}

/** The shortcut a selection matches, if any (a picked date that is neither today nor yesterday has none). */
export function shortcutOf(sel: DaySelection, today: string): DateShortcut | null {
  if (sel.kind === 'day') {
    if (sel.day === today) return 'today';
    if (sel.day === addDays(today, -1)) return 'yesterday';
    return null;
  }
  const found = (Object.entries(RANGE_DAYS) as [DateShortcut, number][]).find(([, n]) => n === sel.days);
  return found && sel.to === today ? found[0] : null;
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 400; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The months (YYYY-MM) a run of days touches, oldest first: what /power/month must be asked for. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (const d of daysBetween(from, to)) {
    const m = d.slice(0, 7);
    if (out.at(-1) !== m) out.push(m);
  }
  return out;
}
