/**
 * The toolbox's Modbus message generator (read requests, function codes 01–04, RTU or TCP) and its protocol
 * analysis: a pasted frame laid out field by field, with a CRC verdict for RTU. Framing, limits and PDU
 * parsing are rtu.ts, tcp.ts and pdu.ts, the same code the gateways' traffic goes through; this file only
 * names the bytes.
 */
import { crc16Modbus } from '../crc.js';
import { ModbusError, type ModbusErrorReason } from '../errors.js';
import {
  MODBUS_LIMITS,
  exceptionName,
  parseRequestPdu,
  parseResponsePdu,
  type ModbusRequest,
  type ModbusResponse,
} from '../pdu.js';
import { buildRtuRequest } from '../rtu.js';
import { buildTcpRequest } from '../tcp.js';
import { formatHexBytes, hexWord } from './hex.js';

export type Transport = 'rtu' | 'tcp';
export type ReadFunctionCode = 1 | 2 | 3 | 4;
export const READ_FUNCTION_CODES: readonly ReadFunctionCode[] = [1, 2, 3, 4];

export interface ReadRequestSpec {
  transport: Transport;
  /** RTU: 0..247 (0 is broadcast); TCP: 0..255. */
  unitId: number;
  functionCode: ReadFunctionCode;
  address: number;
  quantity: number;
  /** TCP only, 0..65535. */
  transactionId?: number;
}

/** The most items one read may ask for: 2000 coils or inputs, 125 registers. */
export function maxReadQuantity(functionCode: ReadFunctionCode): number {
  return functionCode <= 2 ? MODBUS_LIMITS.readBits : MODBUS_LIMITS.readRegisters;
}

/** The bytes of a read request. Out-of-range fields throw the framing's `ModbusError` (reason `limit`/`range`). */
export function buildReadRequest(spec: ReadRequestSpec): Uint8Array {
  const request: ModbusRequest = { functionCode: spec.functionCode, address: spec.address, quantity: spec.quantity };
  return spec.transport === 'rtu'
    ? buildRtuRequest(spec.unitId, request)
    : buildTcpRequest({ transactionId: spec.transactionId ?? 0, unitId: spec.unitId }, request);
}

// ------------------------------------------------------------------------------------------------ analysis

export type Direction = 'request' | 'response';

/** Field names are keys (the console translates them); `value` is what the bytes mean. */
export type FieldName =
  | 'transactionId'
  | 'protocolId'
  | 'length'
  | 'unitId'
  | 'functionCode'
  | 'startAddress'
  | 'quantity'
  | 'byteCount'
  | 'register'
  | 'bits'
  | 'coilValue'
  | 'registerValue'
  | 'exceptionCode'
  | 'crc';

export interface FrameField {
  name: FieldName;
  /** Byte offset in the frame and length in bytes. */
  offset: number;
  length: number;
  /** The field's bytes as hex, e.g. `00 0A`. */
  hex: string;
  /** The field's value: a number, or for bits, coil values and the CRC a short text (`1 0 1 1 …`, `ON`, `0xCDC5`). */
  value: number | string;
  /** For `register` fields: the register's index in the answer (0-based); for `bits`, the first bit's index. */
  index?: number;
}

export interface FrameAnalysis {
  transport: Transport;
  direction: Direction;
  unitId: number;
  functionCode: number;
  /** For exception responses. */
  exception?: { code: number; name: string };
  /** Read requests: what was asked. Responses: the parsed answer. */
  request?: ModbusRequest;
  response?: ModbusResponse;
  fields: FrameField[];
  /** RTU only. An RTU frame with a bad CRC is still laid out, so the user sees what arrived. */
  crc?: { received: number; computed: number; valid: boolean };
}

export type AnalysisError =
  | { kind: 'too-short'; bytes: number }
  /** the PDU cannot be read as a request or response: `reason` as the framing reports it */
  | { kind: 'pdu'; reason: ModbusErrorReason; detail: string; functionCode: number };

export interface AnalyseOptions {
  /** Default: TCP when the MBAP header fits (protocol id 0, length matches), otherwise RTU. */
  transport?: Transport;
  /**
   * Default: exceptions are responses; function codes 01–04 with a 4-byte body are requests unless the byte
   * count matches; 15/16 with a byte count are requests; 05/06 (request and echo are identical) requests.
   */
  direction?: Direction;
}

export type AnalysisResult = { ok: true; analysis: FrameAnalysis } | { ok: false; error: AnalysisError };

export function looksLikeTcp(frame: Uint8Array): boolean {
  return (
    frame.length >= 8 &&
    frame[2] === 0 &&
    frame[3] === 0 &&
    ((frame[4] ?? 0) << 8) + (frame[5] ?? 0) === frame.length - 6
  );
}

export function analyseFrame(frame: Uint8Array, options: AnalyseOptions = {}): AnalysisResult {
  const transport = options.transport ?? (looksLikeTcp(frame) ? 'tcp' : 'rtu');
  const header = transport === 'tcp' ? 7 : 1;
  const trailer = transport === 'rtu' ? 2 : 0;
  if (frame.length < header + trailer + 1) return { ok: false, error: { kind: 'too-short', bytes: frame.length } };

  const fields: FrameField[] = [];
  const field = (name: FieldName, offset: number, length: number, value: number | string, index?: number): void => {
    const f: FrameField = { name, offset, length, hex: formatHexBytes(frame.subarray(offset, offset + length)), value };
    if (index !== undefined) f.index = index;
    fields.push(f);
  };
  const word = (offset: number): number => ((frame[offset] ?? 0) << 8) | (frame[offset + 1] ?? 0);

  if (transport === 'tcp') {
    field('transactionId', 0, 2, word(0));
    field('protocolId', 2, 2, word(2));
    field('length', 4, 2, word(4));
  }
  const unitId = frame[header - 1] ?? 0;
  field('unitId', header - 1, 1, unitId);

  let crc: FrameAnalysis['crc'];
  if (transport === 'rtu') {
    const computed = crc16Modbus(frame, 0, frame.length - 2);
    const received = (frame[frame.length - 2] ?? 0) | ((frame[frame.length - 1] ?? 0) << 8);
    crc = { received, computed, valid: received === computed };
  } else if (word(2) !== 0 || word(4) !== frame.length - 6) {
    const detail = `MBAP protocol id ${word(2)}, length ${word(4)} for a frame of ${frame.length} bytes`;
    return { ok: false, error: { kind: 'pdu', reason: 'malformed', detail, functionCode: frame[7] ?? 0 } };
  }

  const pdu = frame.slice(header, frame.length - trailer);
  const functionCode = pdu[0] ?? 0;
  const direction = options.direction ?? guessDirection(pdu);
  const at = (pduOffset: number): number => header + pduOffset;

  let request: ModbusRequest | undefined;
  let response: ModbusResponse | undefined;
  try {
    if (direction === 'request') request = parseRequestPdu(pdu);
    else response = parseResponsePdu(pdu);
  } catch (error) {
    if (!(error instanceof ModbusError)) throw error;
    return { ok: false, error: { kind: 'pdu', reason: error.reason, detail: error.message, functionCode } };
  }

  field('functionCode', at(0), 1, functionCode);
  let exception: FrameAnalysis['exception'];
  if (request) {
    switch (request.functionCode) {
      case 1:
      case 2:
      case 3:
      case 4:
        field('startAddress', at(1), 2, request.address);
        field('quantity', at(3), 2, request.quantity);
        break;
      case 5:
        field('startAddress', at(1), 2, request.address);
        field('coilValue', at(3), 2, request.value ? 'ON' : 'OFF');
        break;
      case 6:
        field('startAddress', at(1), 2, request.address);
        field('registerValue', at(3), 2, request.value);
        break;
      case 15:
        field('startAddress', at(1), 2, request.address);
        field('quantity', at(3), 2, request.values.length);
        field('byteCount', at(5), 1, pdu[5] ?? 0);
        bitFields(request.values, at(6));
        break;
      case 16:
        field('startAddress', at(1), 2, request.address);
        field('quantity', at(3), 2, request.values.length);
        field('byteCount', at(5), 1, pdu[5] ?? 0);
        request.values.forEach((value, i) => field('register', at(6 + 2 * i), 2, value, i));
        break;
    }
  } else if (response) {
    if ('exceptionCode' in response) {
      exception = { code: response.exceptionCode, name: exceptionName(response.exceptionCode) };
      field('exceptionCode', at(1), 1, response.exceptionCode);
    } else {
      switch (response.functionCode) {
        case 1:
        case 2:
          field('byteCount', at(1), 1, pdu[1] ?? 0);
          bitFields(response.bits, at(2));
          break;
        case 3:
        case 4:
          field('byteCount', at(1), 1, pdu[1] ?? 0);
          response.registers.forEach((value, i) => field('register', at(2 + 2 * i), 2, value, i));
          break;
        case 5:
          field('startAddress', at(1), 2, response.address);
          field('coilValue', at(3), 2, response.value ? 'ON' : 'OFF');
          break;
        case 6:
          field('startAddress', at(1), 2, response.address);
          field('registerValue', at(3), 2, response.value);
          break;
        case 15:
        case 16:
          field('startAddress', at(1), 2, response.address);
          field('quantity', at(3), 2, response.quantity);
          break;
      }
    }
  }
  if (crc) field('crc', frame.length - 2, 2, `0x${hexWord(crc.received)}`);

  const analysis: FrameAnalysis = { transport, direction, unitId, functionCode: functionCode & 0x7f, fields };
  if (exception) analysis.exception = exception;
  if (request) analysis.request = request;
  if (response) analysis.response = response;
  if (crc) analysis.crc = crc;
  return { ok: true, analysis };

  /** One field per data byte of packed bits: `value` lists the byte's bits, first bit first (e.g. `1 0 1 1 0 0 0 0`). */
  function bitFields(bits: readonly boolean[], offset: number): void {
    for (let i = 0; i * 8 < bits.length; i++) {
      const chunk = bits.slice(i * 8, i * 8 + 8).map((on) => (on ? '1' : '0'));
      field('bits', offset + i, 1, chunk.join(' '), i * 8);
    }
  }
}

function guessDirection(pdu: Uint8Array): Direction {
  const functionCode = pdu[0] ?? 0;
  if (functionCode & 0x80) return 'response';
  switch (functionCode) {
    case 1:
    case 2:
    case 3:
    case 4:
      // A read request is always 5 bytes, a response 2 + its byte count. Only a coil or input response of
      // 3 data bytes is also 5 bytes long; it is taken as the response (the console lets the user say otherwise).
      if (pdu.length === 5 && !(functionCode <= 2 && pdu[1] === 3)) return 'request';
      return pdu.length === 2 + (pdu[1] ?? -1) ? 'response' : 'request';
    case 15:
    case 16:
      return pdu.length === 5 ? 'response' : 'request';
    default:
      return 'request';
  }
}
