/**
 * The console's toolbox (CRC check, base conversion, message generator, protocol analysis). Also the package's
 * browser entry point, `@heliograph/modbus/toolbox`: it pulls in no Node API and none of the SunSpec loader.
 */
export * from './hex.js';
export * from './crc-check.js';
export * from './base.js';
export * from './frame.js';
export { crc16Modbus, crcBytes } from '../crc.js';
export { MODBUS_LIMITS, exceptionName } from '../pdu.js';
export { ModbusError, type ModbusErrorReason } from '../errors.js';
