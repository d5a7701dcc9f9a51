/**
 * Words and figures of the plan card (issue 17) that need no React: money with cents in the plant's
 * currency, the reason a plan fell back to self-consumption, the command's outcome.
 */

/** The fallback reasons the planner and the optimiser give (docs/optimiser.md), each with a catalogue entry. */
export const PLAN_REASONS = [
  'noStorage',
  'noPrices',
  'failed',
  'noSlots',
  'tooManySlots',
  'invalidSlot',
  'invalidBattery',
  'invalidGrid',
  'solverFailed',
  'notOptimal',
  'inconsistent',
] as const;
export type PlanReason = (typeof PLAN_REASONS)[number];

/** The catalogue key of a reason code; an unknown code reads as "failed". */
export function reasonKey(reason: string | null): PlanReason | null {
  if (reason === null) return null;
  return (PLAN_REASONS as readonly string[]).includes(reason) ? (reason as PlanReason) : 'failed';
}

export const COMMAND_STATUSES = ['sent', 'succeeded', 'failed', 'timed_out'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** The command's status as a catalogue key (timed_out → timedOut); unknown ones read as "sent". */
export function commandKey(status: string): 'sent' | 'succeeded' | 'failed' | 'timedOut' {
  if (status === 'timed_out') return 'timedOut';
  return status === 'succeeded' || status === 'failed' ? status : 'sent';
}

/** An amount in the plant's currency with cents ("€1.27", "-¥0.40"), whatever the currency's own decimals. */
export function formatCurrency(value: number, currency: string, locale: string): string {
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      ...digits,
    }).format(value);
  } catch {
    return `${new Intl.NumberFormat(locale, digits).format(value)} ${currency}`;
  }
}
