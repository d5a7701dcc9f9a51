import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModbusError } from './errors.js';
import { exchangeArbitrary } from './pdu.arbitraries.js';
import {
  buildRtuFrame,
  buildRtuRequest,
  buildRtuResponse,
  parseRtuFrame,
  parseRtuRequest,
  parseRtuResponse,
} from './rtu.js';

const hex = (text: string) => Uint8Array.from(text.split(' ').map((b) => parseInt(b, 16)));

describe('RTU frames', () => {
  it('builds the known frames byte for byte', () => {
    expect(buildRtuRequest(0x01, { functionCode: 3, address: 0, quantity: 10 })).toEqual(
      hex('01 03 00 00 00 0A C5 CD'),
    );
    expect(buildRtuRequest(0x11, { functionCode: 3, address: 0x6b, quantity: 3 })).toEqual(
      hex('11 03 00 6B 00 03 76 87'),
    );
    expect(buildRtuRequest(0x01, { functionCode: 6, address: 1, value: 3 })).toEqual(hex('01 06 00 01 00 03 98 0B'));
  });

  it('parses a known request and response', () => {
    expect(parseRtuRequest(hex('11 03 00 6B 00 03 76 87'))).toEqual({
      unitId: 0x11,
      request: { functionCode: 3, address: 0x6b, quantity: 3 },
    });
    const response = buildRtuResponse(0x11, { functionCode: 3, registers: [0x022b, 0, 0x64] });
    expect(
      parseRtuResponse(response, { unitId: 0x11, request: { functionCode: 3, address: 0x6b, quantity: 3 } }),
    ).toEqual({ unitId: 0x11, response: { functionCode: 3, registers: [0x022b, 0, 0x64] } });
  });

  it('round-trips every function code, request and response', () => {
    fc.assert(
      fc.property(exchangeArbitrary, fc.integer({ min: 0, max: 247 }), (exchange, unitId) => {
        const requestFrame = buildRtuRequest(unitId, exchange.request);
        expect(parseRtuRequest(requestFrame)).toEqual({ unitId, request: exchange.request });
        const responseFrame = buildRtuResponse(unitId, exchange.response);
        expect(parseRtuResponse(responseFrame, { unitId, request: exchange.request })).toEqual({
          unitId,
          response: exchange.response,
        });
      }),
    );
  });

  it('carries exception responses', () => {
    const frame = buildRtuResponse(0x0a, { functionCode: 3, exceptionCode: 0x0b, exceptionName: '' });
    expect(frame.subarray(0, 3)).toEqual(hex('0A 83 0B'));
    expect(parseRtuResponse(frame).response).toEqual({
      functionCode: 3,
      exceptionCode: 0x0b,
      exceptionName: 'GATEWAY TARGET DEVICE FAILED TO RESPOND',
    });
  });

  it('rejects a bad CRC with a clear error', () => {
    const frame = hex('11 03 00 6B 00 03 76 88');
    expect(() => parseRtuFrame(frame)).toThrow(/bad CRC: frame carries 0x8876, computed 0x8776/);
    expect(() => parseRtuFrame(frame)).toThrow(ModbusError);
  });

  it('rejects any single corrupted byte', () => {
    fc.assert(
      fc.property(exchangeArbitrary, fc.nat(), fc.integer({ min: 1, max: 255 }), ({ request }, at, flip) => {
        const frame = buildRtuRequest(1, request);
        const i = at % frame.length;
        frame[i] = (frame[i] ?? 0) ^ flip;
        expect(() => parseRtuFrame(frame)).toThrow(/CRC/);
      }),
    );
  });

  it('refuses short frames, bad unit ids and responses from another unit', () => {
    expect(() => parseRtuFrame(hex('01 03 C5'))).toThrow(/too short/);
    expect(() => buildRtuFrame(248, hex('03 00 00 00 01'))).toThrow(/unit id/);
    const response = buildRtuResponse(2, { functionCode: 6, address: 1, value: 3 });
    expect(() => parseRtuResponse(response, { unitId: 1, request: { functionCode: 6, address: 1, value: 3 } })).toThrow(
      /unit 2/,
    );
  });
});
