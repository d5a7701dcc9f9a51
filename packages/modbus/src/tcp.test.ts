import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModbusError } from './errors.js';
import { exchangeArbitrary } from './pdu.arbitraries.js';
import {
  buildTcpFrame,
  buildTcpRequest,
  buildTcpResponse,
  parseTcpFrame,
  parseTcpRequest,
  parseTcpResponse,
  tcpFrames,
  TcpFrameSplitter,
} from './tcp.js';

const hex = (text: string) => Uint8Array.from(text.split(' ').map((b) => parseInt(b, 16)));
const concat = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

describe('TCP frames', () => {
  it('builds the MBAP header: transaction, protocol 0, length, unit', () => {
    expect(
      buildTcpRequest({ transactionId: 0x0102, unitId: 0x11 }, { functionCode: 3, address: 0x6b, quantity: 3 }),
    ).toEqual(hex('01 02 00 00 00 06 11 03 00 6B 00 03'));
  });

  it('parses a known response', () => {
    const request = { transactionId: 7, unitId: 1, request: { functionCode: 4, address: 8, quantity: 1 } as const };
    expect(parseTcpResponse(hex('00 07 00 00 00 05 01 04 02 00 0A'), request)).toEqual({
      transactionId: 7,
      unitId: 1,
      response: { functionCode: 4, registers: [10] },
    });
  });

  it('round-trips every function code, request and response', () => {
    fc.assert(
      fc.property(
        exchangeArbitrary,
        fc.integer({ min: 0, max: 0xffff }),
        fc.integer({ min: 0, max: 0xff }),
        (exchange, transactionId, unitId) => {
          const header = { transactionId, unitId };
          expect(parseTcpRequest(buildTcpRequest(header, exchange.request))).toEqual({
            ...header,
            request: exchange.request,
          });
          const frame = buildTcpResponse(header, exchange.response);
          expect(parseTcpResponse(frame, { ...header, request: exchange.request })).toEqual({
            ...header,
            response: exchange.response,
          });
        },
      ),
    );
  });

  it('carries exception responses', () => {
    const frame = buildTcpResponse(
      { transactionId: 9, unitId: 1 },
      { functionCode: 16, exceptionCode: 2, exceptionName: '' },
    );
    expect(frame).toEqual(hex('00 09 00 00 00 03 01 90 02'));
    expect(parseTcpResponse(frame).response).toEqual({
      functionCode: 16,
      exceptionCode: 2,
      exceptionName: 'ILLEGAL DATA ADDRESS',
    });
  });

  it('refuses a wrong protocol id, a wrong length and a reply to another transaction', () => {
    expect(() => parseTcpFrame(hex('00 01 00 01 00 06 11 03 00 6B 00 03'))).toThrow(/protocol id 1/);
    expect(() => parseTcpFrame(hex('00 01 00 00 00 07 11 03 00 6B 00 03'))).toThrow(/length 7/);
    const frame = buildTcpResponse({ transactionId: 2, unitId: 1 }, { functionCode: 6, address: 1, value: 1 });
    expect(() =>
      parseTcpResponse(frame, { transactionId: 3, unitId: 1, request: { functionCode: 6, address: 1, value: 1 } }),
    ).toThrow(ModbusError);
    expect(() => buildTcpFrame({ transactionId: 0x10000, unitId: 1 }, hex('03 00 00 00 01'))).toThrow(/transaction id/);
  });
});

describe('TcpFrameSplitter', () => {
  const a = buildTcpRequest({ transactionId: 1, unitId: 1 }, { functionCode: 3, address: 0, quantity: 10 });
  const b = buildTcpResponse({ transactionId: 2, unitId: 1 }, { functionCode: 3, registers: [1, 2, 3] });
  const c = buildTcpRequest({ transactionId: 3, unitId: 2 }, { functionCode: 5, address: 7, value: true });

  it('joins a frame split across chunks', () => {
    const splitter = new TcpFrameSplitter();
    expect(splitter.push(a.subarray(0, 3))).toEqual([]);
    expect(splitter.push(a.subarray(3, 8))).toEqual([]);
    expect(splitter.pending).toBe(8);
    expect(splitter.push(a.subarray(8))).toEqual([a]);
    expect(splitter.pending).toBe(0);
  });

  it('splits frames joined in one chunk, keeping the start of the next', () => {
    const splitter = new TcpFrameSplitter();
    const stream = concat([a, b, c]);
    expect(splitter.push(stream.subarray(0, a.length + b.length + 4))).toEqual([a, b]);
    expect(splitter.push(stream.subarray(a.length + b.length + 4))).toEqual([c]);
  });

  it('yields the same frames however the stream is cut', () => {
    fc.assert(
      fc.property(
        fc.array(exchangeArbitrary, { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (exchanges, cuts) => {
          const frames = exchanges.map(({ request }, i) => buildTcpRequest({ transactionId: i, unitId: 1 }, request));
          const stream = concat(frames);
          const points = [...new Set(cuts.map((cut) => cut % stream.length))].sort((x, y) => x - y);
          const splitter = new TcpFrameSplitter();
          const out: Uint8Array[] = [];
          let from = 0;
          for (const to of [...points, stream.length]) {
            out.push(...splitter.push(stream.subarray(from, to)));
            from = to;
          }
          expect(out).toEqual(frames);
          expect(splitter.pending).toBe(0);
        },
      ),
    );
  });

  it('returns copies that later chunks do not overwrite', () => {
    const splitter = new TcpFrameSplitter();
    const chunk = concat([a]);
    const [frame] = splitter.push(chunk);
    chunk.fill(0);
    expect(frame).toEqual(a);
  });

  it('throws once the stream has lost its framing', () => {
    const splitter = new TcpFrameSplitter();
    expect(() => splitter.push(hex('00 01 12 34 00 06 01 03'))).toThrow(/protocol id/);
    expect(() => new TcpFrameSplitter().push(hex('00 01 00 00 01 00'))).toThrow(/length 256/);
  });

  it('reads frames from an async stream and notices a truncated end', async () => {
    async function* socket(chunks: Uint8Array[]) {
      for (const chunk of chunks) yield chunk;
    }
    const stream = concat([a, b, c]);
    const frames: Uint8Array[] = [];
    for await (const frame of tcpFrames(socket([stream.subarray(0, 5), stream.subarray(5, 30), stream.subarray(30)]))) {
      frames.push(frame);
    }
    expect(frames).toEqual([a, b, c]);

    const truncated = async () => {
      for await (const _frame of tcpFrames(socket([stream.subarray(0, a.length + 3)]))) {
        // drain
      }
    };
    await expect(truncated()).rejects.toThrow(/stream ended inside a frame \(3 bytes left\)/);
  });
});
