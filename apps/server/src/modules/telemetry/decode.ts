import { sunspecToMetrics } from '@heliograph/modbus';
import type { RawBlock } from '@heliograph/shared';

export type Metrics = Record<string, number | null>;

/**
 * Raw register blocks to metrics, by the device's protocol configuration. Only SunSpec register maps are
 * known so far; a device with another protocol keeps its decoded metrics and its raw blocks are ignored
 * (a protocol editor arrives with the protocol-management feature).
 */
export function decodeRaw(protocol: string, blocks: readonly RawBlock[]): Metrics {
  if (protocol === 'sunspec') return sunspecToMetrics(blocks.map((b) => ({ start: b.start, registers: b.registers })));
  return {};
}
