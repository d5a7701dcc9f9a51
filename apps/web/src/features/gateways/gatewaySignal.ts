import { devicePagePath } from '../device-common/devicePages';
import { barsAbove } from '../device-common/signal';

/**
 * Signal bars (0–4) of a gateway's RSSI. Gateways talk over 4G or Wi-Fi, where -65 dBm or better is excellent
 * and below -95 the link drops data; null when the gateway has not reported its signal.
 */
export const gatewayBars = (rssi: number | null | undefined): number | null => barsAbove(rssi, [-65, -75, -85, -95]);

export { importVerdict } from '../device-common/importAnswer';

const KNOWN_PROBLEMS = new Set([
  'snMissing',
  'snCharacters',
  'keyMissing',
  'keyCharacters',
  'passwordRule',
  'duplicate',
  'exists',
]);

/** The catalogue key of an import row problem; an unknown one (a newer server) still reads as a problem. */
export const problemKey = (problem: string): string =>
  `gateways.import.problem.${KNOWN_PROBLEMS.has(problem) ? problem : 'other'}`;

/**
 * A device behind a gateway, linked to its page: a lora master node (both a gateway and a device) opens the
 * lora page; every other kind as devicePagePath says.
 */
export function deviceLink(kind: string, sn: string): string | null {
  return kind === 'lora' ? `/device/lora/${encodeURIComponent(sn)}` : devicePagePath(kind, sn);
}
