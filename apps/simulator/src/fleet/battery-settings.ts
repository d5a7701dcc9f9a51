import { HYBRID_BATTERY_SETTINGS, settingProblem, settingsConflicts } from '@heliograph/shared';

/** What a simulated hybrid inverter holds for its battery before anyone changes it. */
export const DEFAULT_BATTERY_SETTINGS: Readonly<Record<string, number | string>> = {
  batteryWorkMode: 'selfUse',
  chargeCutoffSoc: 100,
  dischargeCutoffSoc: 10,
  maxChargeCurrentA: 50,
  maxDischargeCurrentA: 50,
};

const KEYS = new Set(HYBRID_BATTERY_SETTINGS.map((f) => f.key));
export const isBatterySetting = (key: string): boolean => KEYS.has(key);

/**
 * Applies battery values to what a hybrid inverter holds, as real firmware does: the whole write is refused
 * (nothing kept) when one value is out of its range or the reserve would reach the charge cut-off.
 */
export function applyBatterySettings(
  held: Readonly<Record<string, unknown>>,
  values: Record<string, unknown>,
): { held: Record<string, unknown> } | { error: string } {
  for (const [key, value] of Object.entries(values)) {
    const field = HYBRID_BATTERY_SETTINGS.find((f) => f.key === key);
    if (!field) return { error: `setting ${key} is not a battery setting` };
    const problem = settingProblem(field, value);
    if (problem) return { error: `setting ${key}: ${problem}` };
  }
  const [conflict] = settingsConflicts(values, held);
  if (conflict) return { error: 'discharge cut-off must be below charge cut-off' };
  return { held: { ...held, ...values } };
}
