/**
 * Modbus RTU framing: unit id + PDU + CRC-16 (low byte first). This is what a gateway sends down an RS-485
 * line; the console's toolbox and protocol analysis build and read the same frames.
 */
import { crc16Modbus, crcBytes } from './crc.js';
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

export interface RtuFrame {
  unitId: number;
  pdu: Uint8Array;
}

export function buildRtuFrame(unitId: number, pdu: Uint8Array): Uint8Array {
  // 0 is broadcast, 1..247 are devices, 248..255 are reserved (Modbus over serial line v1.02 §2.2).
  if (!Number.isInteger(unitId) || unitId < 0 || unitId > 247) {
    throw new ModbusError('range', `RTU unit id ${unitId} is outside 0..247`);
  }
  if (pdu.length < 1 || pdu.length > MODBUS_LIMITS.maxPduBytes) {
    throw new ModbusError('malformed', `PDU of ${pdu.length} bytes (1..${MODBUS_LIMITS.maxPduBytes})`);
  }
  const frame = new Uint8Array(pdu.length + 3);
  frame[0] = unitId;
  frame.set(pdu, 1);
  frame.set(crcBytes(crc16Modbus(frame, 0, frame.length - 2)), frame.length - 2);
  return frame;
}

/** Checks the CRC first: a frame that fails it says nothing trustworthy, not even its unit id. */
export function parseRtuFrame(frame: Uint8Array): RtuFrame {
  if (frame.length < 4) throw new ModbusError('malformed', `RTU frame of ${frame.length} bytes is too short`);
  if (frame.length > MODBUS_LIMITS.maxPduBytes + 3) {
    throw new ModbusError('malformed', `RTU frame of ${frame.length} bytes is longer than 256`);
  }
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const expected = crc16Modbus(frame, 0, frame.length - 2);
  const received = view.getUint16(frame.length - 2, true);
  if (expected !== received) {
    throw new ModbusError(
      'crc',
      `bad CRC: frame carries 0x${received.toString(16).padStart(4, '0')}, computed 0x${expected.toString(16).padStart(4, '0')}`,
    );
  }
  return { unitId: view.getUint8(0), pdu: frame.slice(1, frame.length - 2) };
}

export function buildRtuRequest(unitId: number, request: ModbusRequest): Uint8Array {
  return buildRtuFrame(unitId, buildRequestPdu(request));
}

export function parseRtuRequest(frame: Uint8Array): { unitId: number; request: ModbusRequest } {
  const { unitId, pdu } = parseRtuFrame(frame);
  return { unitId, request: parseRequestPdu(pdu) };
}

export function buildRtuResponse(unitId: number, response: ModbusResponse): Uint8Array {
  return buildRtuFrame(unitId, buildResponsePdu(response));
}

/** With the request, the response is also checked to answer it (see parseResponsePdu) and to come from its unit. */
export function parseRtuResponse(
  frame: Uint8Array,
  request?: { unitId: number; request: ModbusRequest },
): { unitId: number; response: ModbusResponse } {
  const { unitId, pdu } = parseRtuFrame(frame);
  if (request && request.unitId !== unitId) {
    throw new ModbusError('mismatch', `response from unit ${unitId}, request was to unit ${request.unitId}`);
  }
  return { unitId, response: parseResponsePdu(pdu, request?.request) };
}
