import { PLANT_TYPES, type PlantType } from '@heliograph/shared';

/**
 * Signal bars (0–4) of a lora RSSI in dBm. LoRa links work down to about -120 dBm; above -70 is as good as it
 * gets, below -110 packets start to drop. Null when the node has not reported its signal.
 */
export function signalBars(rssi: number | null | undefined): number | null {
  if (rssi === null || rssi === undefined || !Number.isFinite(rssi)) return null;
  if (rssi >= -70) return 4;
  if (rssi >= -85) return 3;
  if (rssi >= -100) return 2;
  if (rssi >= -110) return 1;
  return 0;
}

/** The word for a signal level: strong, good, fair, weak, none. */
export const SIGNAL_WORDS = ['none', 'weak', 'fair', 'good', 'strong'] as const;
export const signalWord = (bars: number): (typeof SIGNAL_WORDS)[number] =>
  SIGNAL_WORDS[Math.max(0, Math.min(4, bars))] ?? 'none';

export { devicePagePath } from './devicePages';

/** The plant's type as the overview route needs it, or null when the API sent something unknown. */
export function plantTypeOf(type: string | null): PlantType | null {
  return type && (PLANT_TYPES as readonly string[]).includes(type) ? (type as PlantType) : null;
}
