import { PLANT_TYPES, type PlantType } from '@heliograph/shared';

/**
 * Signal bars (0–4) of an RSSI in dBm: a bar for each threshold the signal reaches, the strongest first.
 * Null when the device has not reported its signal.
 */
export function barsAbove(rssi: number | null | undefined, thresholds: readonly [number, number, number, number]) {
  if (rssi === null || rssi === undefined || !Number.isFinite(rssi)) return null;
  const reached = thresholds.findIndex((dbm) => rssi >= dbm);
  return reached === -1 ? 0 : 4 - reached;
}

/**
 * Signal bars of a lora RSSI. LoRa links work down to about -120 dBm; above -70 is as good as it gets, below
 * -110 packets start to drop.
 */
export const signalBars = (rssi: number | null | undefined): number | null => barsAbove(rssi, [-70, -85, -100, -110]);

/** The word for a signal level: strong, good, fair, weak, none. */
export const SIGNAL_WORDS = ['none', 'weak', 'fair', 'good', 'strong'] as const;
export const signalWord = (bars: number): (typeof SIGNAL_WORDS)[number] =>
  SIGNAL_WORDS[Math.max(0, Math.min(4, bars))] ?? 'none';

export { devicePagePath } from './devicePages';

/** The plant's type as the overview route needs it, or null when the API sent something unknown. */
export function plantTypeOf(type: string | null): PlantType | null {
  return type && (PLANT_TYPES as readonly string[]).includes(type) ? (type as PlantType) : null;
}
