/**
 * A Modbus TCP server (node:net, our frames from @heliograph/modbus) serving holding registers per unit id:
 * what a SunSpec inverter, or an RS-485 gateway with several behind it, looks like on the wire. Reads
 * (function 3, and 4 on the same registers) are answered; anything else gets ILLEGAL FUNCTION and a read
 * outside a unit's registers ILLEGAL DATA ADDRESS, so a scanner probing for a SunSpec base sees what it
 * would see on a real device.
 */
import { createServer, type Server, type Socket } from 'node:net';
import {
  buildTcpResponse,
  ExceptionCode,
  exceptionName,
  ModbusError,
  parseTcpRequest,
  TcpFrameSplitter,
  type ModbusResponse,
} from '@heliograph/modbus';

/** A unit's registers: `registers[0]` is address `start`. Replace `registers` to change what it reads. */
export interface RegisterMap {
  start: number;
  registers: readonly number[];
}

export interface ModbusTcpServer {
  readonly host: string;
  readonly port: number;
  /** Serves `map` as unit `unitId` (replacing what it served before). */
  setUnit(unitId: number, map: RegisterMap): void;
  /** Requests answered so far (for tests and stats). */
  readonly requests: number;
  close(): Promise<void>;
}

export interface ModbusTcpServerOptions {
  host?: string;
  /** 0 (the default) takes a free port. */
  port?: number;
}

export async function startModbusTcpServer(options: ModbusTcpServerOptions = {}): Promise<ModbusTcpServer> {
  const host = options.host ?? '127.0.0.1';
  const units = new Map<number, RegisterMap>();
  const sockets = new Set<Socket>();
  let requests = 0;

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A peer that vanishes mid-request is the peer's problem; the server keeps serving the others.
    socket.on('error', () => socket.destroy());
    const splitter = new TcpFrameSplitter();
    socket.on('data', (chunk: Buffer) => {
      let frames: Uint8Array[];
      try {
        frames = splitter.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      } catch {
        // The stream lost its framing; there is no resynchronising a Modbus TCP stream, only closing it.
        socket.destroy();
        return;
      }
      for (const frame of frames) {
        const reply = answer(frame, units);
        requests++;
        if (reply) socket.write(reply);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    host,
    port,
    setUnit: (unitId, map) => void units.set(unitId, map),
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The response frame to one request frame; undefined when the request cannot even be parsed. */
function answer(frame: Uint8Array, units: ReadonlyMap<number, RegisterMap>): Uint8Array | undefined {
  let parsed: ReturnType<typeof parseTcpRequest>;
  try {
    parsed = parseTcpRequest(frame);
  } catch (error) {
    // A request we can read the header of but not the PDU gets the exception the parser names.
    const code = error instanceof ModbusError ? error.exceptionCode : undefined;
    if (code === undefined || frame.length < 8) return undefined;
    const header = { transactionId: (frame[0] ?? 0) * 256 + (frame[1] ?? 0), unitId: frame[6] ?? 0 };
    return buildTcpResponse(header, exception(frame[7] ?? 0, code));
  }
  const { request, ...header } = parsed;
  const map = units.get(header.unitId);
  if (request.functionCode !== 3 && request.functionCode !== 4) {
    return buildTcpResponse(header, exception(request.functionCode, ExceptionCode.IllegalFunction));
  }
  // A unit nobody answers for: what an RS-485 gateway says when the device behind it is silent.
  if (!map)
    return buildTcpResponse(header, exception(request.functionCode, ExceptionCode.GatewayTargetFailedToRespond));
  const from = request.address - map.start;
  if (from < 0 || from + request.quantity > map.registers.length) {
    return buildTcpResponse(header, exception(request.functionCode, ExceptionCode.IllegalDataAddress));
  }
  return buildTcpResponse(header, {
    functionCode: request.functionCode,
    registers: map.registers.slice(from, from + request.quantity),
  });
}

function exception(functionCode: number, exceptionCode: number): ModbusResponse {
  return { functionCode: functionCode & 0x7f, exceptionCode, exceptionName: exceptionName(exceptionCode) };
}
