import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModbusError } from './errors.js';
import {
  buildExceptionPdu,
  buildRequestPdu,
  buildResponsePdu,
  exceptionName,
  isExceptionResponse,
  parseRequestPdu,
  parseResponsePdu,
  type ModbusRequest,
  type ModbusResponse,
} from './pdu.js';
import { exchangeArbitrary } from './pdu.arbitraries.js';

const hex = (text: string) => Uint8Array.from(text.split(' ').map((b) => parseInt(b, 16)));

/** The examples of the Modbus Application Protocol v1.1b3, §6.1–6.12. */
const SPEC_EXAMPLES: { request: ModbusRequest; requestPdu: string; response: ModbusResponse; responsePdu: string }[] = [
  {
    request: { functionCode: 1, address: 0x13, quantity: 19 },
    requestPdu: '01 00 13 00 13',
    response: {
      functionCode: 1,
      // 0xCD 0x6B 0x05: coils 20..38, first coil in the lowest bit
      bits: [1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1].map((b) => b === 1),
    },
    responsePdu: '01 03 CD 6B 05',
  },
  {
    request: { functionCode: 2, address: 0xc4, quantity: 22 },
    requestPdu: '02 00 C4 00 16',
    response: {
      functionCode: 2,
      bits: [0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 0, 1, 1].map((b) => b === 1),
    },
    responsePdu: '02 03 AC DB 35',
  },
  {
    request: { functionCode: 3, address: 0x6b, quantity: 3 },
    requestPdu: '03 00 6B 00 03',
    response: { functionCode: 3, registers: [0x022b, 0x0000, 0x0064] },
    responsePdu: '03 06 02 2B 00 00 00 64',
  },
  {
    request: { functionCode: 4, address: 0x08, quantity: 1 },
    requestPdu: '04 00 08 00 01',
    response: { functionCode: 4, registers: [0x000a] },
    responsePdu: '04 02 00 0A',
  },
  {
    request: { functionCode: 5, address: 0xac, value: true },
    requestPdu: '05 00 AC FF 00',
    response: { functionCode: 5, address: 0xac, value: true },
    responsePdu: '05 00 AC FF 00',
  },
  {
    request: { functionCode: 6, address: 0x01, value: 0x0003 },
    requestPdu: '06 00 01 00 03',
    response: { functionCode: 6, address: 0x01, value: 0x0003 },
    responsePdu: '06 00 01 00 03',
  },
  {
    request: { functionCode: 15, address: 0x13, values: [1, 0, 1, 1, 0, 0, 1, 1, 1, 0].map((b) => b === 1) },
    requestPdu: '0F 00 13 00 0A 02 CD 01',
    response: { functionCode: 15, address: 0x13, quantity: 10 },
    responsePdu: '0F 00 13 00 0A',
  },
  {
    request: { functionCode: 16, address: 0x01, values: [0x000a, 0x0102] },
    requestPdu: '10 00 01 00 02 04 00 0A 01 02',
    response: { functionCode: 16, address: 0x01, quantity: 2 },
    responsePdu: '10 00 01 00 02',
  },
];

function refused(fn: () => unknown, reason: ModbusError['reason'], exceptionCode?: number): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ModbusError);
    expect((error as ModbusError).reason).toBe(reason);
    if (exceptionCode !== undefined) expect((error as ModbusError).exceptionCode).toBe(exceptionCode);
    return;
  }
  expect.unreachable('expected a ModbusError');
}

describe('PDUs: the examples of the specification', () => {
  it.each(SPEC_EXAMPLES)('function $request.functionCode', ({ request, requestPdu, response, responsePdu }) => {
    expect(buildRequestPdu(request)).toEqual(hex(requestPdu));
    expect(parseRequestPdu(hex(requestPdu))).toEqual(request);
    expect(buildResponsePdu(response)).toEqual(hex(responsePdu));
    expect(parseResponsePdu(hex(responsePdu), request)).toEqual(response);
  });

  it('parses read bits without the request as whole bytes', () => {
    const response = parseResponsePdu(hex('01 03 CD 6B 05'));
    expect(response).toMatchObject({ functionCode: 1 });
    expect('bits' in response && response.bits).toHaveLength(24);
  });
});

describe('PDUs: round trips', () => {
  it('build then parse returns every request and response', () => {
    fc.assert(
      fc.property(exchangeArbitrary, ({ request, response }) => {
        expect(parseRequestPdu(buildRequestPdu(request))).toEqual(request);
        expect(parseResponsePdu(buildResponsePdu(response), request)).toEqual(response);
      }),
    );
  });
});

describe('exception responses', () => {
  it('reads 0x81 0x02 as an illegal data address for function 1 (spec example)', () => {
    const response = parseResponsePdu(hex('81 02'), { functionCode: 1, address: 0x04a1, quantity: 1 });
    expect(response).toEqual({ functionCode: 1, exceptionCode: 2, exceptionName: 'ILLEGAL DATA ADDRESS' });
    expect(isExceptionResponse(response)).toBe(true);
  });

  it.each([
    [1, 'ILLEGAL FUNCTION'],
    [2, 'ILLEGAL DATA ADDRESS'],
    [3, 'ILLEGAL DATA VALUE'],
    [4, 'SERVER DEVICE FAILURE'],
    [0x0a, 'GATEWAY PATH UNAVAILABLE'],
    [0x0b, 'GATEWAY TARGET DEVICE FAILED TO RESPOND'],
  ])('builds and parses exception %i (%s)', (code, name) => {
    for (const functionCode of [1, 2, 3, 4, 5, 6, 15, 16]) {
      const pdu = buildExceptionPdu(functionCode, code);
      expect(pdu).toEqual(Uint8Array.of(functionCode | 0x80, code));
      expect(parseResponsePdu(pdu)).toEqual({ functionCode, exceptionCode: code, exceptionName: name });
      expect(buildResponsePdu({ functionCode, exceptionCode: code, exceptionName: name })).toEqual(pdu);
    }
  });

  it('names unknown exception codes', () => {
    expect(exceptionName(0x42)).toBe('UNKNOWN EXCEPTION 66');
  });

  it('refuses an exception for another function than the request', () => {
    refused(() => parseResponsePdu(hex('83 02'), { functionCode: 4, address: 0, quantity: 1 }), 'mismatch');
  });
});

describe('Modbus limits', () => {
  it.each([
    [{ functionCode: 1, address: 0, quantity: 2001 }],
    [{ functionCode: 2, address: 0, quantity: 0 }],
    [{ functionCode: 3, address: 0, quantity: 126 }],
    [{ functionCode: 4, address: 0, quantity: 126 }],
    [{ functionCode: 15, address: 0, values: Array<boolean>(1969).fill(true) }],
    [{ functionCode: 16, address: 0, values: Array<number>(124).fill(1) }],
    [{ functionCode: 16, address: 0, values: [] }],
  ] satisfies [ModbusRequest][])('refuses to build %j', (request) => {
    refused(() => buildRequestPdu(request), 'limit', 3);
  });

  it('accepts the largest quantities', () => {
    expect(buildRequestPdu({ functionCode: 1, address: 0, quantity: 2000 })).toHaveLength(5);
    expect(buildRequestPdu({ functionCode: 3, address: 0, quantity: 125 })).toHaveLength(5);
    expect(buildRequestPdu({ functionCode: 15, address: 0, values: Array<boolean>(1968).fill(true) })).toHaveLength(
      252,
    );
    expect(buildRequestPdu({ functionCode: 16, address: 0, values: Array<number>(123).fill(1) })).toHaveLength(252);
  });

  it('refuses requests running past address 65535, and bad addresses and values', () => {
    refused(() => buildRequestPdu({ functionCode: 3, address: 0xfff0, quantity: 17 }), 'limit', 2);
    refused(() => buildRequestPdu({ functionCode: 6, address: 0x10000, value: 1 }), 'limit', 2);
    refused(() => buildRequestPdu({ functionCode: 6, address: 1, value: 0x10000 }), 'range');
    refused(() => buildRequestPdu({ functionCode: 16, address: 1, values: [1.5] }), 'range');
  });

  it('refuses received requests over the limits with the exception a server should send', () => {
    refused(() => parseRequestPdu(hex('03 00 00 00 7E')), 'limit', 3); // 126 registers
    refused(() => parseRequestPdu(hex('01 00 00 07 D1')), 'limit', 3); // 2001 coils
    refused(() => parseRequestPdu(hex('03 FF FF 00 02')), 'limit', 2);
    refused(() => parseRequestPdu(hex('2B 0E 01 00')), 'unsupported', 1);
    refused(() => parseRequestPdu(hex('05 00 01 12 34')), 'malformed', 3);
    refused(() => parseRequestPdu(hex('10 00 01 00 02 03 00 0A 01')), 'malformed', 3);
    refused(() => parseRequestPdu(hex('03 00 00 00')), 'malformed');
  });

  it('refuses responses over the limits', () => {
    refused(() => buildResponsePdu({ functionCode: 3, registers: Array<number>(126).fill(0) }), 'limit');
    refused(() => buildResponsePdu({ functionCode: 1, bits: Array<boolean>(2001).fill(false) }), 'limit');
  });
});

describe('responses checked against their request', () => {
  it('refuses a wrong function, count or echo', () => {
    refused(() => parseResponsePdu(hex('04 02 00 0A'), { functionCode: 3, address: 8, quantity: 1 }), 'mismatch');
    refused(() => parseResponsePdu(hex('03 02 00 0A'), { functionCode: 3, address: 8, quantity: 2 }), 'mismatch');
    refused(() => parseResponsePdu(hex('01 01 05'), { functionCode: 1, address: 0, quantity: 9 }), 'mismatch');
    refused(() => parseResponsePdu(hex('06 00 01 00 04'), { functionCode: 6, address: 1, value: 3 }), 'mismatch');
    refused(
      () => parseResponsePdu(hex('10 00 01 00 03'), { functionCode: 16, address: 1, values: [1, 2] }),
      'mismatch',
    );
  });

  it('refuses malformed responses', () => {
    refused(() => parseResponsePdu(hex('03 04 00 0A')), 'malformed');
    refused(() => parseResponsePdu(hex('03 03 00 0A 00')), 'malformed');
    refused(() => parseResponsePdu(new Uint8Array(0)), 'malformed');
  });
});
