/**
 * One error class for everything this package refuses, so a gateway or the ingest can tell a corrupt frame
 * (drop it, maybe resync the socket) from a bad configuration (report it) without parsing messages.
 */
export type ModbusErrorReason =
  /** the RTU CRC does not match the frame */
  | 'crc'
  /** a frame or PDU is too short, too long, or its length fields disagree */
  | 'malformed'
  /** a quantity or address outside what the Modbus specification allows */
  | 'limit'
  /** a function code this package does not build or parse */
  | 'unsupported'
  /** a response that does not answer the request it is parsed against */
  | 'mismatch'
  /** a value that does not fit its data type, or registers too short for a column */
  | 'range'
  /** a column or model definition that cannot be used */
  | 'config';

export class ModbusError extends Error {
  override readonly name = 'ModbusError';
  readonly reason: ModbusErrorReason;
  /**
   * For a request that a server cannot honour: the Modbus exception code it should answer with
   * (1 illegal function, 2 illegal data address, 3 illegal data value), so a simulator need not map reasons.
   */
  readonly exceptionCode: number | undefined;

  constructor(reason: ModbusErrorReason, message: string, exceptionCode?: number) {
    super(message);
    this.reason = reason;
    this.exceptionCode = exceptionCode;
  }
}
