/**
 * The toolbox's CRC check: the CRC-16/MODBUS of some bytes in both byte orders, and whether a frame's last two
 * bytes are its CRC (as an RTU frame carries it, low byte first). The CRC itself is crc.ts, as on the wire.
 */
import { crc16Modbus, crcBytes } from '../crc.js';

export interface CrcReport {
  /** The CRC as a 16-bit number, e.g. 0xCDC5 for `01 03 00 00 00 0A`. */
  crc: number;
  /** As an RTU frame carries it: low byte first (`C5 CD`). */
  wireOrder: [number, number];
  /** High byte first (`CD C5`), as some tools print it. */
  highFirst: [number, number];
  /**
   * For three bytes or more: whether the last two bytes are the CRC of the others, low byte first. A frame
   * that carries its CRC high byte first is reported as invalid, with `swappedMatch` true.
   */
  trailing?: { received: number; computed: number; valid: boolean; swappedMatch: boolean };
}

export function crcReport(bytes: Uint8Array): CrcReport {
  const crc = crc16Modbus(bytes);
  const [low, high] = crcBytes(crc);
  const report: CrcReport = { crc, wireOrder: [low, high], highFirst: [high, low] };
  if (bytes.length >= 3) {
    const computed = crc16Modbus(bytes, 0, bytes.length - 2);
    const last = bytes[bytes.length - 1] ?? 0;
    const beforeLast = bytes[bytes.length - 2] ?? 0;
    const received = beforeLast | (last << 8);
    const swapped = (beforeLast << 8) | last;
    report.trailing = {
      received,
      computed,
      valid: received === computed,
      swappedMatch: received !== computed && swapped === computed,
    };
  }
  return report;
}
