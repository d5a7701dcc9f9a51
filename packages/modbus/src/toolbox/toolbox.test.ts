import { describe, expect, it } from 'vitest';
import {
  analyseFrame,
  buildReadRequest,
  crcReport,
  formatHexBytes,
  formatRegistersBinary,
  formatRegistersHex,
  maxReadQuantity,
  parseDecimal,
  parseHexBytes,
  parseRegistersBinary,
  parseRegistersHex,
  registersToValue,
  registerViews,
  valueToRegisters,
  type FrameAnalysis,
} from './index.js';

const bytes = (hex: string): Uint8Array => {
  const parsed = parseHexBytes(hex);
  if (!parsed.ok) throw new Error(`bad test hex ${hex}`);
  return parsed.value;
};
const analysed = (hex: string, options?: Parameters<typeof analyseFrame>[1]): FrameAnalysis => {
  const result = analyseFrame(bytes(hex), options);
  if (!result.ok) throw new Error(`analysis failed: ${JSON.stringify(result.error)}`);
  return result.analysis;
};
const fieldsOf = (a: FrameAnalysis) => a.fields.map((f) => [f.name, f.hex, f.value]);

describe('hex input', () => {
  it.each([
    ['01 03 00 00 00 0A C5 CD'],
    ['010300 00000AC5CD'],
    ['0x01 0x03 0x00 0x00 0x00 0x0a 0xc5 0xcd'],
    ['0x0103000000 0AC5CD'],
    ['  01,03,00,00,00,0A,C5,CD\n'],
    ['01:03:00:00:00:0a:c5:cd'],
  ])('reads %j as the classic read request', (text) => {
    expect(formatHexBytes(bytes(text))).toBe('01 03 00 00 00 0A C5 CD');
  });

  it('refuses odd-length groups, other characters and empty input, naming what is wrong', () => {
    expect(parseHexBytes('01 03 0')).toEqual({ ok: false, error: { kind: 'odd-digits', group: '0' } });
    expect(parseHexBytes('010300A')).toEqual({ ok: false, error: { kind: 'odd-digits', group: '010300A' } });
    expect(parseHexBytes('01 G3')).toEqual({ ok: false, error: { kind: 'bad-character', character: 'G' } });
    expect(parseHexBytes(' \n ')).toEqual({ ok: false, error: { kind: 'empty' } });
    expect(parseHexBytes('0x')).toEqual({ ok: false, error: { kind: 'empty' } });
  });
});

describe('CRC check', () => {
  it('gives the CRC in both byte orders', () => {
    const report = crcReport(bytes('01 03 00 00 00 0A'));
    expect(report.crc).toBe(0xcdc5);
    expect(formatHexBytes(report.wireOrder)).toBe('C5 CD');
    expect(formatHexBytes(report.highFirst)).toBe('CD C5');
  });

  it('says a frame whose last two bytes are its CRC is valid, and a changed byte makes it invalid', () => {
    expect(crcReport(bytes('01 03 00 00 00 0A C5 CD')).trailing).toEqual({
      received: 0xcdc5,
      computed: 0xcdc5,
      valid: true,
      swappedMatch: false,
    });
    const bad = crcReport(bytes('01 03 00 00 00 0B C5 CD')).trailing;
    expect(bad?.valid).toBe(false);
    expect(bad?.computed).toBe(crcReport(bytes('01 03 00 00 00 0B')).crc);
  });

  it('recognises a CRC written high byte first as invalid but swapped', () => {
    expect(crcReport(bytes('01 03 00 00 00 0A CD C5')).trailing).toMatchObject({ valid: false, swappedMatch: true });
  });

  it('has no verdict for fewer than three bytes', () => {
    expect(crcReport(bytes('01 03')).trailing).toBeUndefined();
  });
});

describe('base conversion', () => {
  it('reads 0x4148 0x0000 as 12.5 (float32, big-endian) and the word-swapped registers alike', () => {
    expect(registersToValue([0x4148, 0x0000], 'f32', 'ABCD')).toBe(12.5);
    expect(registersToValue([0x0000, 0x4148], 'f32', 'CDAB')).toBe(12.5);
    expect(registersToValue([0x4841, 0x0000], 'f32', 'BADC')).toBe(12.5);
    expect(registersToValue([0x0000, 0x4841], 'f32', 'DCBA')).toBe(12.5);
    expect(valueToRegisters(12.5, 'f32', 'ABCD')).toEqual([0x4148, 0x0000]);
    expect(valueToRegisters(12.5, 'f32', 'CDAB')).toEqual([0x0000, 0x4148]);
  });

  it('shows signed and unsigned views of the same bits', () => {
    expect(registersToValue([0xff9c], 's16', 'ABCD')).toBe(-100);
    expect(registersToValue([0xff9c], 'u16', 'ABCD')).toBe(65436);
    expect(registersToValue([0x9cff], 's16', 'BADC')).toBe(-100);
    expect(valueToRegisters(-100, 's16', 'ABCD')).toEqual([0xff9c]);
    expect(registersToValue([0xffff, 0xfffe], 's32', 'ABCD')).toBe(-2);
    expect(registersToValue([0xffff, 0xfffe], 'u32', 'ABCD')).toBe(0xfffffffe);
    expect(valueToRegisters(-2, 's32', 'CDAB')).toEqual([0xfffe, 0xffff]);
    expect(valueToRegisters(70000, 'u32', 'ABCD')).toEqual([0x0001, 0x1170]);
  });

  it('lists every view of two registers', () => {
    const views = registerViews([0x4148, 0x0000]);
    expect(views.find((v) => v.type === 'f32' && v.order === 'ABCD')?.value).toBe(12.5);
    expect(views.find((v) => v.type === 'u16' && v.order === 'ABCD')?.value).toBe(0x4148);
    expect(views.find((v) => v.type === 'u32' && v.order === 'CDAB')?.value).toBe(0x4148);
    expect(views).toHaveLength(2 + 2 + 4 * 3);
    expect(registerViews([0x0001]).map((v) => v.type)).toEqual(['u16', 'u16', 's16', 's16']);
  });

  it('reads decimal input per type and refuses what does not fit', () => {
    expect(parseDecimal(' 12.5 ', 'f32')).toEqual({ ok: true, value: 12.5 });
    expect(parseDecimal('-32768', 's16')).toEqual({ ok: true, value: -32768 });
    expect(parseDecimal('-32769', 's16')).toEqual({
      ok: false,
      error: { kind: 'out-of-range', min: -32768, max: 32767 },
    });
    expect(parseDecimal('-1', 'u16')).toMatchObject({ ok: false, error: { kind: 'out-of-range' } });
    expect(parseDecimal('1.5', 'u32')).toEqual({ ok: false, error: { kind: 'not-an-integer' } });
    expect(parseDecimal('12a', 'u16')).toEqual({ ok: false, error: { kind: 'not-a-number' } });
    expect(parseDecimal('1e39', 'f32')).toEqual({ ok: false, error: { kind: 'float-overflow' } });
    expect(parseDecimal('', 'u16')).toEqual({ ok: false, error: { kind: 'empty' } });
  });

  it('reads and writes register hex and binary with a fixed number of digits', () => {
    expect(parseRegistersHex('0x4148 0000', 2)).toEqual({ ok: true, value: [0x4148, 0] });
    expect(parseRegistersHex('41480000', 2)).toEqual({ ok: true, value: [0x4148, 0] });
    expect(parseRegistersHex('4148', 2)).toEqual({ ok: false, error: { kind: 'digits', expected: 8, got: 4 } });
    expect(parseRegistersHex('41G8', 1)).toEqual({ ok: false, error: { kind: 'bad-character', character: 'G' } });
    expect(parseRegistersBinary('1111 1111 1001 1100', 1)).toEqual({ ok: true, value: [0xff9c] });
    expect(parseRegistersBinary('0b1111111110011100', 1)).toEqual({ ok: true, value: [0xff9c] });
    expect(parseRegistersBinary('1012', 1)).toEqual({ ok: false, error: { kind: 'bad-character', character: '2' } });
    expect(formatRegistersHex([0x4148, 0])).toBe('4148 0000');
    expect(formatRegistersBinary([0xff9c])).toBe('1111 1111 1001 1100');
  });
});

describe('message generator', () => {
  it('builds the classic FC 03 RTU request', () => {
    const frame = buildReadRequest({ transport: 'rtu', unitId: 1, functionCode: 3, address: 0, quantity: 10 });
    expect(formatHexBytes(frame)).toBe('01 03 00 00 00 0A C5 CD');
  });

  it('builds a TCP read with its MBAP header', () => {
    const frame = buildReadRequest({
      transport: 'tcp',
      unitId: 1,
      functionCode: 4,
      address: 30000,
      quantity: 2,
      transactionId: 0x1234,
    });
    expect(formatHexBytes(frame)).toBe('12 34 00 00 00 06 01 04 75 30 00 02');
  });

  it('builds coil reads and keeps to the Modbus limits', () => {
    expect(
      formatHexBytes(buildReadRequest({ transport: 'rtu', unitId: 17, functionCode: 1, address: 19, quantity: 37 })),
    ).toBe('11 01 00 13 00 25 0E 84');
    expect(maxReadQuantity(1)).toBe(2000);
    expect(maxReadQuantity(3)).toBe(125);
    expect(() => buildReadRequest({ transport: 'rtu', unitId: 1, functionCode: 3, address: 0, quantity: 126 })).toThrow(
      /1\.\.125/,
    );
    expect(() => buildReadRequest({ transport: 'rtu', unitId: 248, functionCode: 3, address: 0, quantity: 1 })).toThrow(
      /0\.\.247/,
    );
    expect(() =>
      buildReadRequest({ transport: 'rtu', unitId: 1, functionCode: 3, address: 65530, quantity: 10 }),
    ).toThrow(/past 65535/);
  });
});

describe('protocol analysis', () => {
  it('lays out an RTU read request with a valid CRC', () => {
    const a = analysed('01 03 00 00 00 0A C5 CD');
    expect(a).toMatchObject({ transport: 'rtu', direction: 'request', unitId: 1, functionCode: 3 });
    expect(a.crc).toEqual({ received: 0xcdc5, computed: 0xcdc5, valid: true });
    expect(fieldsOf(a)).toEqual([
      ['unitId', '01', 1],
      ['functionCode', '03', 3],
      ['startAddress', '00 00', 0],
      ['quantity', '00 0A', 10],
      ['crc', 'C5 CD', '0xCDC5'],
    ]);
  });

  it('still lays out a frame with a bad CRC, with an invalid verdict', () => {
    const a = analysed('01 03 00 00 00 0A C5 CE');
    expect(a.crc).toEqual({ received: 0xcec5, computed: 0xcdc5, valid: false });
    expect(a.fields.find((f) => f.name === 'quantity')?.value).toBe(10);
  });

  it('reads a register response with each register', () => {
    // Response to the classic request: 10 registers would be long; this is 2 registers, 0x4148 0x0000.
    const frame = buildRtuFrameHex('01 03 04 41 48 00 00');
    const a = analysed(frame);
    expect(a).toMatchObject({ direction: 'response', crc: { valid: true } });
    expect(a.response).toEqual({ functionCode: 3, registers: [0x4148, 0] });
    expect(fieldsOf(a).slice(2, 5)).toEqual([
      ['byteCount', '04', 4],
      ['register', '41 48', 0x4148],
      ['register', '00 00', 0],
    ]);
  });

  it('recognises a TCP read and its response', () => {
    const request = analysed('12 34 00 00 00 06 01 04 75 30 00 02');
    expect(request).toMatchObject({ transport: 'tcp', direction: 'request', unitId: 1, functionCode: 4 });
    expect(request.crc).toBeUndefined();
    expect(fieldsOf(request).slice(0, 4)).toEqual([
      ['transactionId', '12 34', 0x1234],
      ['protocolId', '00 00', 0],
      ['length', '00 06', 6],
      ['unitId', '01', 1],
    ]);
    expect(request.request).toEqual({ functionCode: 4, address: 30000, quantity: 2 });
    const response = analysed('12 34 00 00 00 07 01 04 04 00 0A FF 9C');
    expect(response).toMatchObject({ transport: 'tcp', direction: 'response', response: { registers: [10, 0xff9c] } });
  });

  it('names an exception response', () => {
    const a = analysed(buildRtuFrameHex('01 83 02'));
    expect(a).toMatchObject({
      direction: 'response',
      functionCode: 3,
      exception: { code: 2, name: 'ILLEGAL DATA ADDRESS' },
    });
    expect(fieldsOf(a)[1]).toEqual(['functionCode', '83', 0x83]);
    expect(fieldsOf(a)[2]).toEqual(['exceptionCode', '02', 2]);
  });

  it('reads coil responses bit by bit, first coil first', () => {
    const a = analysed(buildRtuFrameHex('01 01 01 0D'), { direction: 'response' });
    expect(a.fields.find((f) => f.name === 'bits')?.value).toBe('1 0 1 1 0 0 0 0');
  });

  it('reads write requests', () => {
    const a = analysed(buildRtuFrameHex('01 10 00 01 00 02 04 00 0A 01 02'));
    expect(a.request).toEqual({ functionCode: 16, address: 1, values: [10, 0x0102] });
  });

  it('refuses what cannot be a frame, saying why', () => {
    expect(analyseFrame(bytes('01 03 00'))).toEqual({ ok: false, error: { kind: 'too-short', bytes: 3 } });
    expect(analyseFrame(bytes(buildRtuFrameHex('01 03 00 00 00')))).toMatchObject({
      ok: false,
      error: { kind: 'pdu', reason: 'malformed', functionCode: 3 },
    });
    expect(analyseFrame(bytes(buildRtuFrameHex('01 2B 0E 01 00')))).toMatchObject({
      ok: false,
      error: { kind: 'pdu', reason: 'unsupported', functionCode: 0x2b },
    });
    expect(analyseFrame(bytes(buildRtuFrameHex('01 03 00 00 00 7E')))).toMatchObject({
      ok: false,
      error: { kind: 'pdu', reason: 'limit' },
    });
    expect(analyseFrame(bytes('12 34 00 01 00 06 01 03 00 00 00 0A'), { transport: 'tcp' })).toMatchObject({
      ok: false,
      error: { kind: 'pdu', reason: 'malformed' },
    });
  });
});

/** Appends the CRC to the hex of a frame without one. */
function buildRtuFrameHex(hex: string): string {
  const report = crcReport(bytes(hex));
  return `${hex} ${formatHexBytes(report.wireOrder)}`;
}
