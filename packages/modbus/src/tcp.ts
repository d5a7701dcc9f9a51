/**
 * Modbus TCP framing: a 7-byte MBAP header (transaction id, protocol id 0, length, unit id) + PDU, and a
 * splitter that cuts a byte stream into frames, because a socket delivers chunks, not frames.
 */
import { ModbusError } from './errors.js';
import {
  buildRequestPdu,
  buildResponsePdu,
  parseRequestPdu,
  parseResponsePdu,
  MODBUS_LIMITS,
  type ModbusRequest,
  type ModbusResponse,
} from './pdu.js';

export interface MbapHeader {
  transactionId: number;
  unitId: number;
}
export interface TcpFrame extends MbapHeader {
  pdu: Uint8Array;
}

const MBAP_BYTES = 7;
/** The length field counts the unit id and the PDU. */
const MIN_LENGTH = 2;
const MAX_LENGTH = 1 + MODBUS_LIMITS.maxPduBytes;

export function buildTcpFrame(header: MbapHeader, pdu: Uint8Array): Uint8Array {
  const { transactionId, unitId } = header;
  if (!Number.isInteger(transactionId) || transactionId < 0 || transactionId > 0xffff) {
    throw new ModbusError('range', `transaction id ${transactionId} is outside 0..65535`);
  }
  if (!Number.isInteger(unitId) || unitId < 0 || unitId > 0xff) {
    throw new ModbusError('range', `unit id ${unitId} is outside 0..255`);
  }
  if (pdu.length < 1 || pdu.length > MODBUS_LIMITS.maxPduBytes) {
    throw new ModbusError('malformed', `PDU of ${pdu.length} bytes (1..${MODBUS_LIMITS.maxPduBytes})`);
  }
  const frame = new Uint8Array(MBAP_BYTES + pdu.length);
  const view = new DataView(frame.buffer);
  view.setUint16(0, transactionId);
  view.setUint16(2, 0);
  view.setUint16(4, 1 + pdu.length);
  view.setUint8(6, unitId);
  frame.set(pdu, MBAP_BYTES);
  return frame;
}

export function parseTcpFrame(frame: Uint8Array): TcpFrame {
  if (frame.length < MBAP_BYTES + 1) {
    throw new ModbusError('malformed', `TCP frame of ${frame.length} bytes is too short`);
  }
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const length = readLength(view);
  if (frame.length !== 6 + length) {
    throw new ModbusError('malformed', `MBAP length ${length} does not match a frame of ${frame.length} bytes`);
  }
  return { transactionId: view.getUint16(0), unitId: view.getUint8(6), pdu: frame.slice(MBAP_BYTES) };
}

export function buildTcpRequest(header: MbapHeader, request: ModbusRequest): Uint8Array {
  return buildTcpFrame(header, buildRequestPdu(request));
}

export function parseTcpRequest(frame: Uint8Array): MbapHeader & { request: ModbusRequest } {
  const { pdu, ...header } = parseTcpFrame(frame);
  return { ...header, request: parseRequestPdu(pdu) };
}

export function buildTcpResponse(header: MbapHeader, response: ModbusResponse): Uint8Array {
  return buildTcpFrame(header, buildResponsePdu(response));
}

/** With the request, the transaction id and unit id must match and the response must answer it. */
export function parseTcpResponse(
  frame: Uint8Array,
  request?: MbapHeader & { request: ModbusRequest },
): MbapHeader & { response: ModbusResponse } {
  const { pdu, ...header } = parseTcpFrame(frame);
  if (request && (request.transactionId !== header.transactionId || request.unitId !== header.unitId)) {
    throw new ModbusError(
      'mismatch',
      `response ${header.transactionId}/unit ${header.unitId} does not answer ${request.transactionId}/unit ${request.unitId}`,
    );
  }
  return { ...header, response: parseResponsePdu(pdu, request?.request) };
}

/**
 * Cuts a TCP byte stream into whole MBAP frames. A chunk may hold part of a frame, several frames, or the
 * end of one and the start of the next. A header with a protocol id other than 0 or an impossible length
 * means the stream has lost its framing; there is no resynchronising from that, so it throws and the
 * caller should close the connection.
 */
export class TcpFrameSplitter {
  private buffer: Uint8Array = new Uint8Array(0);

  /** Returns the frames completed by this chunk (copies, safe to keep), in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    this.buffer = this.buffer.length === 0 ? chunk.slice() : concat(this.buffer, chunk);
    const frames: Uint8Array[] = [];
    let offset = 0;
    while (this.buffer.length - offset >= 6) {
      const view = new DataView(this.buffer.buffer, this.buffer.byteOffset + offset, this.buffer.length - offset);
      const total = 6 + readLength(view);
      if (this.buffer.length - offset < total) break;
      frames.push(this.buffer.slice(offset, offset + total));
      offset += total;
    }
    this.buffer = this.buffer.slice(offset);
    return frames;
  }

  /** Bytes received that do not yet make a whole frame. */
  get pending(): number {
    return this.buffer.length;
  }
}

/** The frames of a stream of chunks, e.g. a Node socket (which is async-iterable). */
export async function* tcpFrames(chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const splitter = new TcpFrameSplitter();
  for await (const chunk of chunks) yield* splitter.push(chunk);
  if (splitter.pending > 0) {
    throw new ModbusError('malformed', `stream ended inside a frame (${splitter.pending} bytes left)`);
  }
}

function readLength(view: DataView): number {
  const protocolId = view.getUint16(2);
  if (protocolId !== 0) throw new ModbusError('malformed', `MBAP protocol id ${protocolId}, expected 0 (Modbus)`);
  const length = view.getUint16(4);
  if (length < MIN_LENGTH || length > MAX_LENGTH) {
    throw new ModbusError('malformed', `MBAP length ${length} is outside ${MIN_LENGTH}..${MAX_LENGTH}`);
  }
  return length;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
