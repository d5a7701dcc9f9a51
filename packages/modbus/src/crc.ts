/**
 * CRC-16/MODBUS: polynomial 0x8005 processed reflected (0xA001), initial value 0xFFFF, no final XOR.
 * The table trades 512 bytes for one lookup per byte instead of eight shifts; gateways check every frame.
 */
const TABLE: Uint16Array = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** The CRC of `bytes[start, end)`. On the wire it travels low byte first. */
export function crc16Modbus(bytes: Uint8Array | readonly number[], start = 0, end = bytes.length): number {
  const view = bytes instanceof Uint8Array ? bytes.subarray(start, end) : Uint8Array.from(bytes.slice(start, end));
  let crc = 0xffff;
  for (const byte of view) {
    // The index is masked to 0..255, so the lookup always hits the table.
    crc = (crc >>> 8) ^ TABLE[(crc ^ byte) & 0xff]!;
  }
  return crc;
}

/** The two bytes a CRC is sent as: low byte first (the one multi-byte field of Modbus that is little-endian). */
export function crcBytes(crc: number): [number, number] {
  return [crc & 0xff, (crc >>> 8) & 0xff];
}
