import { describe, expect, it } from 'vitest';
import { crc16Modbus, crcBytes } from './crc.js';

const bytes = (hex: string) => Uint8Array.from(hex.split(' ').map((b) => parseInt(b, 16)));

describe('crc16Modbus', () => {
  it('gives the check value of "123456789"', () => {
    expect(crc16Modbus(new TextEncoder().encode('123456789'))).toBe(0x4b37);
  });

  it.each([
    ['01 03 00 00 00 0A', 'C5 CD'],
    ['11 03 00 6B 00 03', '76 87'],
    ['01 06 00 01 00 03', '98 0B'],
  ])('frame %s ends in %s (low byte first)', (frame, crc) => {
    expect(crcBytes(crc16Modbus(bytes(frame)))).toEqual([...bytes(crc)]);
  });

  it('takes a range and plain arrays', () => {
    const frame = bytes('FF 01 03 00 00 00 0A FF');
    expect(crc16Modbus(frame, 1, 7)).toBe(0xcdc5);
    expect(crc16Modbus([0x01, 0x03, 0x00, 0x00, 0x00, 0x0a])).toBe(0xcdc5);
  });

  it('is 0 over a frame that includes its own CRC', () => {
    // The residue property: receivers may check this way.
    expect(crc16Modbus(bytes('11 03 00 6B 00 03 76 87'))).toBe(0);
  });
});
