import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATA_TYPES,
  decode,
  decodeBlock,
  encode,
  registerSpan,
  type Column,
  type DataType,
  type DecodedValue,
} from './codec.js';
import { ModbusError } from './errors.js';

const col = (type: DataType, extra: Partial<Column> = {}): Column => ({ name: 'x', type, address: 0, ...extra });

describe('byte and register order', () => {
  // 0x12345678 as the four layouts devices use.
  it.each([
    [false, false, [0x1234, 0x5678]],
    [true, false, [0x3412, 0x7856]],
    [false, true, [0x5678, 0x1234]],
    [true, true, [0x7856, 0x3412]],
  ])('u32 with byteSwap %s, wordSwap %s', (byteSwap, wordSwap, registers) => {
    const column = col('u32', { byteSwap, wordSwap });
    expect(decode(registers, column)).toBe(0x12345678);
    expect(encode(0x12345678, column)).toEqual(registers);
  });

  it('reverses all four registers of a 64-bit value', () => {
    const registers = [0x0001, 0x0203, 0x0405, 0x0607];
    expect(decode(registers, col('u64'))).toBe(0x0001020304050607);
    expect(decode([...registers].reverse(), col('u64', { wordSwap: true }))).toBe(0x0001020304050607);
  });

  it('reads floats', () => {
    expect(decode([0x4366, 0x8000], col('f32'))).toBe(230.5);
    expect(decode([0x8000, 0x4366], col('f32', { wordSwap: true }))).toBe(230.5);
    expect(decode([0x4059, 0x0000, 0x0000, 0x0000], col('f64'))).toBe(100);
    expect(encode(-1.5, col('f32'))).toEqual([0xbfc0, 0x0000]);
  });

  it('reads signed values', () => {
    expect(decode([0xfffe], col('s16'))).toBe(-2);
    expect(decode([0xffff, 0xfffe], col('s32'))).toBe(-2);
    expect(decode([0xffff, 0xffff, 0xffff, 0xfffe], col('s64'))).toBe(-2);
    expect(encode(-2, col('s16'))).toEqual([0xfffe]);
  });

  it('accepts registers given as signed 16-bit numbers', () => {
    expect(decode([-2], col('u16'))).toBe(0xfffe);
    expect(decode(new Uint16Array([0xfffe]), col('s16'))).toBe(-2);
  });
});

describe('address, length and skip bytes', () => {
  it('reads at the column address within the block', () => {
    expect(decode([0, 0, 0x0001, 0x0002], col('u32', { address: 2 }))).toBe(0x00010002);
  });

  it('drops leading bytes', () => {
    // 0xAA is a status byte the device puts before a 16-bit reading.
    const column = col('u16', { skipBytes: 1 });
    expect(registerSpan(column)).toBe(2);
    expect(decode([0xaa12, 0x34bb], column)).toBe(0x1234);
    expect(encode(0x1234, column)).toEqual([0x0012, 0x3400]);
    expect(decode([0xaaaa, 0x1234], col('u16', { skipBytes: 2 }))).toBe(0x1234);
  });

  it('reads strings of N registers, stopping at the first NUL', () => {
    const column = col('string', { length: 4 });
    const registers = encode('SunSpec', column);
    expect(registers).toEqual([0x5375, 0x6e53, 0x7065, 0x6300]);
    expect(decode(registers, column)).toBe('SunSpec');
    expect(decode([0x7553, 0x536e], col('string', { length: 2, byteSwap: true }))).toBe('SunS');
    expect(() => encode('too long for it', column)).toThrow(/holds 8/);
    expect(() => decode([0], col('string'))).toThrow(/length/);
  });

  it('refuses a block too short for the column', () => {
    expect(() => decode([1], col('u32'))).toThrow(ModbusError);
    expect(() => decode([1, 2], col('u16', { address: 2 }))).toThrow(/registers 2\.\.2/);
  });

  it('refuses unusable columns', () => {
    expect(() => decode([1], col('u16', { scale: 0 }))).toThrow(/scale 0/);
    expect(() => decode([1], col('u16', { address: -1 }))).toThrow(/address/);
    expect(() => decode([1, 2], col('u32', { length: 1 }))).toThrow(/does not fit/);
    expect(() => decode([1], { name: 'x', type: 'u8' as DataType, address: 0 })).toThrow(/unknown data type/);
  });
});

describe('scale and base: value = raw * scale + base', () => {
  it('scales without binary noise', () => {
    expect(decode([2301], col('u16', { scale: 0.1 }))).toBe(230.1);
    expect(decode([5002], col('u16', { scale: 0.01 }))).toBe(50.02);
    expect(decode([0xfff6], col('s16', { scale: 0.1 }))).toBe(-1);
    expect(decode([3], col('u16', { scale: 1e-7 }))).toBe(3e-7);
  });

  it('adds the base after scaling', () => {
    // A temperature sent as (°C + 40) × 10.
    const column = col('u16', { scale: 0.1, base: -40 });
    expect(decode([650], column)).toBe(25);
    expect(encode(25, column)).toEqual([650]);
    expect(encode(-12.3, column)).toEqual([277]);
  });

  it('rounds to the nearest raw value and refuses what does not fit', () => {
    expect(encode(230.14, col('u16', { scale: 0.1 }))).toEqual([2301]);
    expect(() => encode(6553.6, col('u16', { scale: 0.1 }))).toThrow(/does not fit/);
    expect(() => encode(-1, col('u32'))).toThrow(/does not fit/);
    expect(() => encode(Infinity, col('s32'))).toThrow(ModbusError);
  });

  it('scales floats too', () => {
    expect(decode(encode(2.5, col('f32')), col('f32', { scale: 2, base: 1 }))).toBe(6);
  });

  it('returns exactly (raw * m + base * d) / d for scale m/d and integer raws in range', () => {
    const scales = [
      [1, 10],
      [1, 100],
      [1, 1000],
      [1, 2],
      [2, 1],
      [10, 1],
      [5, 10],
    ] as const;
    const types = ['u16', 's16', 'u32', 's32'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...types),
        fc.constantFrom(...scales),
        fc.integer({ min: -1000, max: 1000 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: -0x80000000, max: 0xffffffff }),
        (type, [m, d], base, byteSwap, wordSwap, seed) => {
          const ranges: Record<typeof type, readonly [number, number]> = {
            u16: [0, 0xfffe],
            s16: [-0x7fff, 0x7fff],
            u32: [0, 0xfffffffe],
            s32: [-0x7fffffff, 0x7fffffff],
          };
          const [min, max] = ranges[type];
          const raw = min + (Math.abs(seed) % (max - min + 1));
          const column = col(type, { scale: m / d, base, byteSwap, wordSwap });
          const registers = encode(raw, { ...column, scale: 1, base: 0 });
          const value = decode(registers, column);
          expect(value).toBe((raw * m + base * d) / d);
          expect(encode(value, column)).toEqual(registers);
        },
      ),
    );
  });
});

describe('bitfields', () => {
  it('return the set bits', () => {
    expect(decode([0b1001], col('bitfield16'))).toEqual([0, 3]);
    expect(decode([0x8000, 0x0001], col('bitfield32'))).toEqual([0, 31]);
    expect(encode([31, 0], col('bitfield32'))).toEqual([0x8000, 0x0001]);
  });

  it('return a named bit map, keeping unnamed set bits as bitN', () => {
    const column = col('bitfield16', { bits: { GROUND_FAULT: 0, OVER_TEMP: 7 } });
    expect(decode([0x0080 | 0x0004], column)).toEqual({ GROUND_FAULT: false, OVER_TEMP: true, bit2: true });
    expect(encode({ GROUND_FAULT: true, OVER_TEMP: false, bit2: true }, column)).toEqual([0x0005]);
    expect(() => encode({ NOPE: true }, column)).toThrow(/no bit named NOPE/);
    expect(encode(0x00ff, column)).toEqual([0x00ff]);
  });
});

describe('SunSpec "not implemented" sentinels', () => {
  it.each([
    ['u16', [0xffff]],
    ['s16', [0x8000]],
    ['u32', [0xffff, 0xffff]],
    ['s32', [0x8000, 0x0000]],
    ['u64', [0xffff, 0xffff, 0xffff, 0xffff]],
    ['s64', [0x8000, 0, 0, 0]],
    ['f32', [0x7fc0, 0x0000]],
    ['f64', [0x7ff8, 0, 0, 0]],
    ['bitfield16', [0xffff]],
    ['bitfield32', [0xffff, 0xffff]],
    ['string', [0, 0]],
  ] satisfies [DataType, number[]][])('%s %j decodes to null', (type, registers) => {
    const column = col(type, { length: type === 'string' ? 2 : undefined });
    expect(decode(registers, column)).toBeNull();
    expect(encode(null, column)).toEqual(registers);
    expect(decode(registers, { ...column, sentinels: false })).not.toBeNull();
  });

  it('keeps the raw value when sentinels are off', () => {
    expect(decode([0xffff], col('u16', { sentinels: false }))).toBe(65535);
    expect(decode([0x8000], col('s16', { sentinels: false }))).toBe(-32768);
    expect(() => encode(null, col('u16', { sentinels: false }))).toThrow(/not implemented/);
  });

  it('are null under every byte and register order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...DATA_TYPES), fc.boolean(), fc.boolean(), (type, byteSwap, wordSwap) => {
        const column = col(type, { byteSwap, wordSwap, length: type === 'string' ? 3 : undefined, scale: 0.1 });
        expect(decode(encode(null, column), column)).toBeNull();
      }),
    );
  });
});

describe('encode then decode returns the value', () => {
  /** Values each type holds exactly; `sentinels` says whether the "not implemented" pattern is excluded. */
  function valueOf(type: DataType, sentinels: boolean, length: number): fc.Arbitrary<DecodedValue> {
    const not = (sentinel: number) => (v: number) => !sentinels || v !== sentinel;
    switch (type) {
      case 'u16':
        return fc.integer({ min: 0, max: 0xffff }).filter(not(0xffff));
      case 's16':
        return fc.integer({ min: -0x8000, max: 0x7fff }).filter(not(-0x8000));
      case 'u32':
        return fc.integer({ min: 0, max: 0xffffffff }).filter(not(0xffffffff));
      case 's32':
        return fc.integer({ min: -0x80000000, max: 0x7fffffff }).filter(not(-0x80000000));
      // Numbers are exact up to 2^53, which bounds what 64-bit columns can round-trip (see README).
      case 'u64':
        return fc.maxSafeNat();
      case 's64':
        return fc.maxSafeInteger();
      case 'f32':
        return fc.float({ noNaN: true });
      case 'f64':
        return fc.double({ noNaN: true });
      case 'bitfield16':
      case 'bitfield32': {
        const width = type === 'bitfield16' ? 16 : 32;
        return fc
          .uniqueArray(fc.integer({ min: 0, max: width - 1 }), { maxLength: width })
          .filter((bits) => !sentinels || bits.length < width)
          .map((bits) => bits.sort((a, b) => a - b));
      }
      case 'string':
        return fc
          .string({ unit: 'grapheme', maxLength: length * 2 })
          .filter((s) => !s.includes('\0') && new TextEncoder().encode(s).length <= length * 2)
          .filter((s) => !sentinels || s !== '');
    }
  }

  const layouts = fc.record({
    byteSwap: fc.boolean(),
    wordSwap: fc.boolean(),
    skipBytes: fc.integer({ min: 0, max: 3 }),
    address: fc.integer({ min: 0, max: 4 }),
    length: fc.integer({ min: 1, max: 8 }),
    sentinels: fc.boolean(),
  });

  for (const type of DATA_TYPES) {
    it(type, () => {
      fc.assert(
        fc.property(
          layouts.chain((layout) => fc.tuple(fc.constant(layout), valueOf(type, layout.sentinels, layout.length))),
          fc.integer({ min: 0, max: 0xffff }),
          ([layout, value], filler) => {
            const column = col(type, { ...layout, length: type === 'string' ? layout.length : undefined });
            const registers = encode(value, column);
            expect(registers).toHaveLength(registerSpan(column));
            // Place the value inside a block of other registers, at the column's address.
            const block = [...Array<number>(layout.address).fill(filler), ...registers, filler];
            const decoded = decode(block, column);
            if (typeof value === 'number') expect(Object.is(decoded, value)).toBe(true);
            else expect(decoded).toEqual(value);
          },
        ),
      );
    });
  }

  it('decode then encode returns the registers (integer and bitfield types)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<DataType>('u16', 's16', 'u32', 's32', 'bitfield16', 'bitfield32'),
        fc.boolean(),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 2, maxLength: 2 }),
        (type, byteSwap, wordSwap, block) => {
          const column = col(type, { byteSwap, wordSwap, sentinels: false });
          const registers = block.slice(0, registerSpan(column));
          expect(encode(decode(registers, column), column)).toEqual(registers);
        },
      ),
    );
  });
});

describe('decodeBlock', () => {
  const columns: Column[] = [
    { name: 'voltage', type: 'u16', address: 40010, scale: 0.1 },
    { name: 'power', type: 's32', address: 40011 },
    { name: 'serial', type: 'string', address: 40013, length: 2 },
    { name: 'energy', type: 'u32', address: 40014 },
    { name: 'before', type: 'u16', address: 40009 },
    { name: 'broken', type: 'u16', address: 40010, scale: 0 },
  ];
  const registers = [2301, 0xffff, 0xfc18, 0x4142, 0x4300];

  it('decodes the columns inside the block into a record and reports the others', () => {
    const { values, skipped } = decodeBlock(registers, columns, { start: 40010 });
    expect(values).toEqual({ voltage: 230.1, power: -1000, serial: 'ABC' });
    expect(skipped).toEqual([
      { name: 'energy', reason: 'outside-block', message: 'registers 40014..40015 are outside 40010..40014' },
      { name: 'before', reason: 'outside-block', message: 'registers 40009..40009 are outside 40010..40014' },
      { name: 'broken', reason: 'invalid', message: expect.stringMatching(/scale 0/) },
    ]);
  });

  it('takes addresses relative to the block by default', () => {
    const { values, skipped } = decodeBlock(registers, [{ name: 'power', type: 's32', address: 1 }]);
    expect(values).toEqual({ power: -1000 });
    expect(skipped).toEqual([]);
  });
});

describe('the direct read of 16- and 32-bit integers', () => {
  it('gives what the general path gives (forced by a skipped leading register)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<DataType>('u16', 's16', 'u32', 's32'),
        fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 2, maxLength: 2 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(1, 0.1, 0.01, 10),
        fc.integer({ min: -50, max: 50 }),
        fc.boolean(),
        (type, registers, byteSwap, wordSwap, scale, base, sentinels) => {
          const column = col(type, { byteSwap, wordSwap, scale, base, sentinels });
          const general = decode([0xabcd, ...registers], { ...column, skipBytes: 2 });
          expect(decode(registers, column)).toEqual(general);
        },
      ),
    );
  });
});
