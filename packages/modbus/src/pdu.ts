/**
 * Protocol data units (function code + data) for the eight public function codes a plant's devices use,
 * shared by the RTU and TCP framings. References are to the Modbus Application Protocol v1.1b3.
 */
import { ModbusError } from './errors.js';

export const FunctionCode = {
  ReadCoils: 0x01,
  ReadDiscreteInputs: 0x02,
  ReadHoldingRegisters: 0x03,
  ReadInputRegisters: 0x04,
  WriteSingleCoil: 0x05,
  WriteSingleRegister: 0x06,
  WriteMultipleCoils: 0x0f,
  WriteMultipleRegisters: 0x10,
} as const;
export type FunctionCode = (typeof FunctionCode)[keyof typeof FunctionCode];

export const ExceptionCode = {
  IllegalFunction: 0x01,
  IllegalDataAddress: 0x02,
  IllegalDataValue: 0x03,
  ServerDeviceFailure: 0x04,
  Acknowledge: 0x05,
  ServerDeviceBusy: 0x06,
  MemoryParityError: 0x08,
  GatewayPathUnavailable: 0x0a,
  GatewayTargetFailedToRespond: 0x0b,
} as const;
export type ExceptionCode = (typeof ExceptionCode)[keyof typeof ExceptionCode];

/** Names as the specification writes them, so logs and the console's protocol analysis read alike. */
const EXCEPTION_NAMES: Readonly<Record<number, string>> = {
  0x01: 'ILLEGAL FUNCTION',
  0x02: 'ILLEGAL DATA ADDRESS',
  0x03: 'ILLEGAL DATA VALUE',
  0x04: 'SERVER DEVICE FAILURE',
  0x05: 'ACKNOWLEDGE',
  0x06: 'SERVER DEVICE BUSY',
  0x08: 'MEMORY PARITY ERROR',
  0x0a: 'GATEWAY PATH UNAVAILABLE',
  0x0b: 'GATEWAY TARGET DEVICE FAILED TO RESPOND',
};

export function exceptionName(code: number): string {
  return EXCEPTION_NAMES[code] ?? `UNKNOWN EXCEPTION ${code}`;
}

/**
 * Quantities per request (§6.1–6.12). They keep every PDU within 253 bytes, the size an RTU frame of
 * 256 bytes leaves after the address and CRC.
 */
export const MODBUS_LIMITS = {
  readBits: 2000,
  readRegisters: 125,
  writeBits: 1968,
  writeRegisters: 123,
  maxPduBytes: 253,
} as const;

export interface ReadRequest {
  functionCode: 1 | 2 | 3 | 4;
  address: number;
  quantity: number;
}
export interface WriteSingleCoilRequest {
  functionCode: 5;
  address: number;
  value: boolean;
}
export interface WriteSingleRegisterRequest {
  functionCode: 6;
  address: number;
  value: number;
}
export interface WriteMultipleCoilsRequest {
  functionCode: 15;
  address: number;
  values: boolean[];
}
export interface WriteMultipleRegistersRequest {
  functionCode: 16;
  address: number;
  values: number[];
}
export type ModbusRequest =
  | ReadRequest
  | WriteSingleCoilRequest
  | WriteSingleRegisterRequest
  | WriteMultipleCoilsRequest
  | WriteMultipleRegistersRequest;

/** Coils or discrete inputs. Without the request, `bits` holds whole bytes (a multiple of 8). */
export interface ReadBitsResponse {
  functionCode: 1 | 2;
  bits: boolean[];
}
export interface ReadRegistersResponse {
  functionCode: 3 | 4;
  registers: number[];
}
export interface WriteSingleCoilResponse {
  functionCode: 5;
  address: number;
  value: boolean;
}
export interface WriteSingleRegisterResponse {
  functionCode: 6;
  address: number;
  value: number;
}
export interface WriteMultipleResponse {
  functionCode: 15 | 16;
  address: number;
  quantity: number;
}
/** `functionCode` is the request's (without the 0x80 flag). */
export interface ExceptionResponse {
  functionCode: number;
  exceptionCode: number;
  exceptionName: string;
}
export type ModbusResponse =
  | ReadBitsResponse
  | ReadRegistersResponse
  | WriteSingleCoilResponse
  | WriteSingleRegisterResponse
  | WriteMultipleResponse
  | ExceptionResponse;

export function isExceptionResponse(response: ModbusResponse): response is ExceptionResponse {
  return 'exceptionCode' in response;
}

const COIL_ON = 0xff00;
const COIL_OFF = 0x0000;

// ---------------------------------------------------------------------------------------------- requests

export function buildRequestPdu(request: ModbusRequest): Uint8Array {
  const { address } = request;
  checkAddress(address);
  switch (request.functionCode) {
    case 1:
    case 2:
    case 3:
    case 4: {
      const max = request.functionCode <= 2 ? MODBUS_LIMITS.readBits : MODBUS_LIMITS.readRegisters;
      checkQuantity(request.quantity, max, address, 'read');
      return words(request.functionCode, [address, request.quantity]);
    }
    case 5:
      return words(5, [address, request.value ? COIL_ON : COIL_OFF]);
    case 6:
      checkRegister(request.value);
      return words(6, [address, request.value]);
    case 15: {
      const quantity = request.values.length;
      checkQuantity(quantity, MODBUS_LIMITS.writeBits, address, 'write');
      const packed = packBits(request.values);
      const pdu = new Uint8Array(6 + packed.length);
      writeWords(pdu, 15, [address, quantity]);
      pdu[5] = packed.length;
      pdu.set(packed, 6);
      return pdu;
    }
    case 16: {
      const quantity = request.values.length;
      checkQuantity(quantity, MODBUS_LIMITS.writeRegisters, address, 'write');
      request.values.forEach(checkRegister);
      const pdu = new Uint8Array(6 + 2 * quantity);
      writeWords(pdu, 16, [address, quantity]);
      pdu[5] = 2 * quantity;
      const view = dataView(pdu);
      request.values.forEach((value, i) => view.setUint16(6 + 2 * i, value));
      return pdu;
    }
  }
}

/**
 * What a server (the simulator, a gateway's local port) receives. Errors carry `exceptionCode`, the
 * exception the server should answer with.
 */
export function parseRequestPdu(pdu: Uint8Array): ModbusRequest {
  const functionCode = pdu.length > 0 ? pdu[0] : undefined;
  if (functionCode === undefined) throw new ModbusError('malformed', 'empty PDU');
  const view = dataView(pdu);
  switch (functionCode) {
    case 1:
    case 2:
    case 3:
    case 4: {
      expectLength(pdu, 5);
      const address = view.getUint16(1);
      const quantity = view.getUint16(3);
      const max = functionCode <= 2 ? MODBUS_LIMITS.readBits : MODBUS_LIMITS.readRegisters;
      checkQuantity(quantity, max, address, 'read');
      return { functionCode, address, quantity };
    }
    case 5: {
      expectLength(pdu, 5);
      const raw = view.getUint16(3);
      if (raw !== COIL_ON && raw !== COIL_OFF) {
        throw new ModbusError('malformed', `coil value must be 0xFF00 or 0x0000, got 0x${hex(raw)}`, 3);
      }
      return { functionCode, address: view.getUint16(1), value: raw === COIL_ON };
    }
    case 6:
      expectLength(pdu, 5);
      return { functionCode, address: view.getUint16(1), value: view.getUint16(3) };
    case 15:
    case 16: {
      if (pdu.length < 6) throw new ModbusError('malformed', `function ${functionCode} PDU too short`, 3);
      const address = view.getUint16(1);
      const quantity = view.getUint16(3);
      const byteCount = view.getUint8(5);
      const isCoils = functionCode === 15;
      checkQuantity(quantity, isCoils ? MODBUS_LIMITS.writeBits : MODBUS_LIMITS.writeRegisters, address, 'write');
      const expected = isCoils ? Math.ceil(quantity / 8) : 2 * quantity;
      if (byteCount !== expected) {
        throw new ModbusError('malformed', `byte count ${byteCount} does not match quantity ${quantity}`, 3);
      }
      expectLength(pdu, 6 + byteCount);
      if (isCoils) return { functionCode, address, values: unpackBits(pdu.subarray(6), quantity) };
      const values = Array.from({ length: quantity }, (_, i) => view.getUint16(6 + 2 * i));
      return { functionCode, address, values };
    }
    default:
      throw new ModbusError('unsupported', `function code ${functionCode} is not supported`, 1);
  }
}

// --------------------------------------------------------------------------------------------- responses

export function buildResponsePdu(response: ModbusResponse): Uint8Array {
  if (isExceptionResponse(response)) return buildExceptionPdu(response.functionCode, response.exceptionCode);
  switch (response.functionCode) {
    case 1:
    case 2: {
      if (response.bits.length < 1 || response.bits.length > MODBUS_LIMITS.readBits) {
        throw new ModbusError('limit', `a read-bits response carries 1..${MODBUS_LIMITS.readBits} bits`);
      }
      const packed = packBits(response.bits);
      return Uint8Array.of(response.functionCode, packed.length, ...packed);
    }
    case 3:
    case 4: {
      const count = response.registers.length;
      if (count < 1 || count > MODBUS_LIMITS.readRegisters) {
        throw new ModbusError('limit', `a read-registers response carries 1..${MODBUS_LIMITS.readRegisters} registers`);
      }
      response.registers.forEach(checkRegister);
      const pdu = new Uint8Array(2 + 2 * count);
      pdu[0] = response.functionCode;
      pdu[1] = 2 * count;
      const view = dataView(pdu);
      response.registers.forEach((value, i) => view.setUint16(2 + 2 * i, value));
      return pdu;
    }
    case 5:
      checkAddress(response.address);
      return words(5, [response.address, response.value ? COIL_ON : COIL_OFF]);
    case 6:
      checkAddress(response.address);
      checkRegister(response.value);
      return words(6, [response.address, response.value]);
    case 15:
    case 16: {
      const max = response.functionCode === 15 ? MODBUS_LIMITS.writeBits : MODBUS_LIMITS.writeRegisters;
      checkAddress(response.address);
      checkQuantity(response.quantity, max, response.address, 'write');
      return words(response.functionCode, [response.address, response.quantity]);
    }
  }
}

export function buildExceptionPdu(functionCode: number, exceptionCode: number): Uint8Array {
  if (!Number.isInteger(functionCode) || functionCode < 1 || functionCode > 0x7f) {
    throw new ModbusError('range', `function code ${functionCode} is outside 1..127`);
  }
  if (!Number.isInteger(exceptionCode) || exceptionCode < 1 || exceptionCode > 0xff) {
    throw new ModbusError('range', `exception code ${exceptionCode} is outside 1..255`);
  }
  return Uint8Array.of(functionCode | 0x80, exceptionCode);
}

/**
 * What a client receives. Given the request, the response is checked against it (function, byte count,
 * echoed address and values) and read bits are trimmed to the quantity asked for.
 */
export function parseResponsePdu(pdu: Uint8Array, request?: ModbusRequest): ModbusResponse {
  const functionCode = pdu.length > 0 ? pdu[0] : undefined;
  if (functionCode === undefined) throw new ModbusError('malformed', 'empty PDU');
  const view = dataView(pdu);

  if (functionCode & 0x80) {
    expectLength(pdu, 2);
    const exceptionCode = view.getUint8(1);
    const requested = functionCode & 0x7f;
    if (request && request.functionCode !== requested) {
      throw new ModbusError('mismatch', `exception for function ${requested}, request was ${request.functionCode}`);
    }
    return { functionCode: requested, exceptionCode, exceptionName: exceptionName(exceptionCode) };
  }
  if (request && request.functionCode !== functionCode) {
    throw new ModbusError('mismatch', `response function ${functionCode}, request was ${request.functionCode}`);
  }

  switch (functionCode) {
    case 1:
    case 2: {
      const byteCount = readByteCount(pdu);
      const quantity = request?.functionCode === functionCode ? request.quantity : undefined;
      if (quantity !== undefined && byteCount !== Math.ceil(quantity / 8)) {
        throw new ModbusError('mismatch', `byte count ${byteCount} does not answer ${quantity} bits`);
      }
      const bits = unpackBits(pdu.subarray(2), quantity ?? byteCount * 8);
      return { functionCode, bits };
    }
    case 3:
    case 4: {
      const byteCount = readByteCount(pdu);
      if (byteCount % 2 !== 0) throw new ModbusError('malformed', `odd byte count ${byteCount} for registers`);
      const count = byteCount / 2;
      if (request?.functionCode === functionCode && request.quantity !== count) {
        throw new ModbusError('mismatch', `${count} registers do not answer a request for ${request.quantity}`);
      }
      const registers = Array.from({ length: count }, (_, i) => view.getUint16(2 + 2 * i));
      return { functionCode, registers };
    }
    case 5: {
      expectLength(pdu, 5);
      const raw = view.getUint16(3);
      if (raw !== COIL_ON && raw !== COIL_OFF) {
        throw new ModbusError('malformed', `coil value must be 0xFF00 or 0x0000, got 0x${hex(raw)}`);
      }
      const response: WriteSingleCoilResponse = { functionCode, address: view.getUint16(1), value: raw === COIL_ON };
      if (request?.functionCode === 5 && (request.address !== response.address || request.value !== response.value)) {
        throw new ModbusError('mismatch', 'write-coil echo differs from the request');
      }
      return response;
    }
    case 6: {
      expectLength(pdu, 5);
      const response: WriteSingleRegisterResponse = {
        functionCode,
        address: view.getUint16(1),
        value: view.getUint16(3),
      };
      if (request?.functionCode === 6 && (request.address !== response.address || request.value !== response.value)) {
        throw new ModbusError('mismatch', 'write-register echo differs from the request');
      }
      return response;
    }
    case 15:
    case 16: {
      expectLength(pdu, 5);
      const response: WriteMultipleResponse = { functionCode, address: view.getUint16(1), quantity: view.getUint16(3) };
      if (
        request?.functionCode === functionCode &&
        (request.address !== response.address || request.values.length !== response.quantity)
      ) {
        throw new ModbusError('mismatch', 'write-multiple echo differs from the request');
      }
      return response;
    }
    default:
      throw new ModbusError('unsupported', `function code ${functionCode} is not supported`);
  }
}

// --------------------------------------------------------------------------------------------- helpers

export function packBits(bits: readonly boolean[]): Uint8Array {
  // The first bit is the least significant bit of the first byte (§6.1); unused high bits are zero.
  const bytes = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((on, i) => {
    if (on) bytes[i >> 3] = (bytes[i >> 3] ?? 0) | (1 << (i & 7));
  });
  return bytes;
}

export function unpackBits(bytes: Uint8Array, count: number): boolean[] {
  const view = dataView(bytes);
  return Array.from({ length: count }, (_, i) => ((view.getUint8(i >> 3) >> (i & 7)) & 1) === 1);
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function words(functionCode: number, values: readonly number[]): Uint8Array {
  const pdu = new Uint8Array(1 + 2 * values.length);
  writeWords(pdu, functionCode, values);
  return pdu;
}

function writeWords(pdu: Uint8Array, functionCode: number, values: readonly number[]): void {
  pdu[0] = functionCode;
  const view = dataView(pdu);
  values.forEach((value, i) => view.setUint16(1 + 2 * i, value));
}

function readByteCount(pdu: Uint8Array): number {
  if (pdu.length < 2) throw new ModbusError('malformed', `function ${pdu[0]} response too short`);
  const byteCount = dataView(pdu).getUint8(1);
  expectLength(pdu, 2 + byteCount);
  return byteCount;
}

function expectLength(pdu: Uint8Array, length: number): void {
  if (pdu.length !== length) {
    throw new ModbusError('malformed', `function ${pdu[0]} PDU is ${pdu.length} bytes, expected ${length}`, 3);
  }
}

function checkAddress(address: number): void {
  if (!Number.isInteger(address) || address < 0 || address > 0xffff) {
    throw new ModbusError('limit', `address ${address} is outside 0..65535`, 2);
  }
}

function checkQuantity(quantity: number, max: number, address: number, verb: 'read' | 'write'): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > max) {
    throw new ModbusError('limit', `cannot ${verb} ${quantity} items in one request (1..${max})`, 3);
  }
  if (address + quantity > 0x10000) {
    throw new ModbusError('limit', `address ${address} + quantity ${quantity} runs past 65535`, 2);
  }
}

function checkRegister(value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
    throw new ModbusError('range', `register value ${value} is outside 0..65535`, 3);
  }
}

function hex(value: number): string {
  return value.toString(16).toUpperCase().padStart(4, '0');
}
