/**
 * @heliograph/modbus: CRC-16, RTU and TCP frames, the register codec of spec §3 and SunSpec models.
 * Everything but the SunSpec file loader (sunspec/load.ts, node:fs) is free of Node APIs.
 */
export * from './errors.js';
export * from './crc.js';
export * from './pdu.js';
export * from './rtu.js';
export * from './tcp.js';
export * from './codec.js';
export * from './sunspec/model.js';
export * from './sunspec/decode.js';
export * from './sunspec/encode.js';
export * from './sunspec/scan.js';
export * from './sunspec/to-metrics.js';
export * from './sunspec/load.js';
export * from './toolbox/hex.js';
export * from './toolbox/crc-check.js';
export * from './toolbox/base.js';
export * from './toolbox/frame.js';
