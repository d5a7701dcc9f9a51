/**
 * The gateway's side of Modbus TCP: one connection, requests matched to responses by transaction id, each
 * with a timeout. Enough for polling register maps; the frames and their checks are @heliograph/modbus's.
 */
import { connect, type Socket } from 'node:net';
import {
  buildTcpRequest,
  isExceptionResponse,
  ModbusError,
  parseTcpResponse,
  TcpFrameSplitter,
  type ModbusRequest,
  type ReadRequest,
  type RegisterReader,
} from '@heliograph/modbus';

interface Pending {
  unitId: number;
  request: ModbusRequest;
  resolve: (registers: number[]) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

export class ModbusTcpClient {
  private readonly pending = new Map<number, Pending>();
  private readonly splitter = new TcpFrameSplitter();
  private nextTransaction = 1;
  private closed = false;

  private constructor(
    private readonly socket: Socket,
    private readonly timeoutMs: number,
  ) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.failAll(error));
    socket.on('close', () => {
      this.closed = true;
      this.failAll(new Error('Modbus TCP connection closed'));
    });
  }

  static connect(host: string, port: number, timeoutMs = 3000): Promise<ModbusTcpClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port });
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new ModbusTcpClient(socket, timeoutMs));
      });
    });
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** Reads holding (3) or input (4) registers; a Modbus exception rejects with a ModbusError. */
  readRegisters(unitId: number, address: number, quantity: number, functionCode: 3 | 4 = 3): Promise<number[]> {
    const request: ReadRequest = { functionCode, address, quantity };
    return new Promise((resolve, reject) => {
      if (this.closed) {
        reject(new Error('Modbus TCP connection closed'));
        return;
      }
      const transactionId = this.nextTransaction;
      this.nextTransaction = (this.nextTransaction % 0xffff) + 1;
      const timer = setTimeout(() => {
        this.pending.delete(transactionId);
        reject(new Error(`Modbus TCP: no answer from unit ${unitId} within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(transactionId, { unitId, request, resolve, reject, timer });
      try {
        this.socket.write(buildTcpRequest({ transactionId, unitId }, request));
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(transactionId);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** A RegisterReader for one unit, for scanSunSpec and friends. */
  reader(unitId: number): RegisterReader {
    return (address, count) => this.readRegisters(unitId, address, count);
  }

  close(): void {
    this.closed = true;
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    let frames: Uint8Array[];
    try {
      frames = this.splitter.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    } catch (error) {
      this.failAll(error instanceof Error ? error : new Error(String(error)));
      this.close();
      return;
    }
    for (const frame of frames) {
      const transactionId = ((frame[0] ?? 0) << 8) | (frame[1] ?? 0);
      const pending = this.pending.get(transactionId);
      if (!pending) continue; // an answer that came after its timeout
      this.pending.delete(transactionId);
      clearTimeout(pending.timer);
      try {
        const { response } = parseTcpResponse(frame, {
          transactionId,
          unitId: pending.unitId,
          request: pending.request,
        });
        if (isExceptionResponse(response)) {
          pending.reject(new ModbusError('mismatch', `exception ${response.exceptionName}`, response.exceptionCode));
        } else if ('registers' in response) {
          pending.resolve(response.registers);
        } else {
          pending.reject(new ModbusError('mismatch', 'not a register response'));
        }
      } catch (error) {
        pending.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
      this.pending.delete(id);
    }
  }
}
