import { IMPORT_PROBLEMS } from '@heliograph/shared';
import { devicePagePath } from '../device-common/devicePages';
import { barsAbove } from '../device-common/signal';

/**
 * Signal bars (0–4) of a gateway's RSSI. Gateways talk over 4G or Wi-Fi, where -65 dBm or better is excellent
 * and below -95 the link drops data; null when the gateway has not reported its signal.
 */
export const gatewayBars = (rssi: number | null | undefined): number | null => barsAbove(rssi, [-65, -75, -85, -95]);

export { importVerdict } from '../device-common/importAnswer';

/** Problems the catalogue words; "unavailable" reads as "other" on purpose (IMPORT_PROBLEMS says why). */
const WORDED = new Set<string>(IMPORT_PROBLEMS.filter((p) => p !== 'unavailable'));

/** The catalogue key of an import row problem; an unknown one (a newer server) still reads as a problem. */
export const problemKey = (problem: string): string =>
  `gateways.import.problem.${WORDED.has(problem) ? problem : 'other'}`;

/**
 * A device behind a gateway, linked to its page: a lora master node (both a gateway and a device) opens the
 * lora page; every other kind as devicePagePath says.
 */
export function deviceLink(kind: string, sn: string): string | null {
  return kind === 'lora' ? `/device/lora/${encodeURIComponent(sn)}` : devicePagePath(kind, sn);
}
