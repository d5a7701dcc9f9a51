/**
 * Walks a SunSpec device map: the "SunS" marker at the base address, then model headers (ID, L) one after
 * the other until the end model (ID 0xFFFF). Reads go through a caller's function, so the same walk runs
 * over a Modbus TCP client, an RTU line or an in-memory register map.
 */
import { MODBUS_LIMITS } from '../pdu.js';
import type { Registers } from '../codec.js';
import { ModbusError } from '../errors.js';
import { decodeSunSpecModel, type DecodedSunSpecModel } from './decode.js';
import type { SunSpecModel } from './model.js';

/** Reads `count` holding registers from `address` (count ≤ 125: one Modbus request). */
export type RegisterReader = (address: number, count: number) => Promise<Registers>;

/** "SunS" in ASCII. */
export const SUNSPEC_MARKER = [0x5375, 0x6e53] as const;
/** The base addresses SunSpec allows, 40000 first because nearly every device uses it. */
export const SUNSPEC_BASES: readonly number[] = [40000, 50000, 0];
const END_MODEL_ID = 0xffff;

export interface SunSpecModelHeader {
  id: number;
  /** Address of the model's ID register. */
  address: number;
  /** L: registers after the ID and L header. */
  length: number;
}

export interface SunSpecScan {
  base: number;
  models: SunSpecModelHeader[];
}

export interface ScanOptions {
  /** Addresses to look for the marker at, in order. Default 40000, 50000, 0. */
  bases?: readonly number[];
  /** Stop with an error after this many models, in case a device never sends the end model. Default 100. */
  maxModels?: number;
}

export async function scanSunSpec(read: RegisterReader, options: ScanOptions = {}): Promise<SunSpecScan> {
  const bases = options.bases ?? SUNSPEC_BASES;
  const maxModels = options.maxModels ?? 100;
  const base = await findBase(read, bases);
  const models: SunSpecModelHeader[] = [];
  let address = base + 2;
  for (;;) {
    if (address + 2 > 0x10000) throw new ModbusError('malformed', 'SunSpec map runs past register 65535');
    // readRegisters checks that both registers came back; the defaults only satisfy the type checker.
    const [id = END_MODEL_ID, length = 0] = await readRegisters(read, address, 2);
    if (id === END_MODEL_ID) return { base, models };
    if (models.length >= maxModels) throw new ModbusError('malformed', `more than ${maxModels} SunSpec models`);
    models.push({ id, address, length });
    address += 2 + length;
  }
}

export interface SunSpecDeviceModel extends SunSpecModelHeader {
  /** The decoded block, when the model is one of those given; unknown models are listed without it. */
  data?: DecodedSunSpecModel;
  /** Why a known model's block could not be decoded. */
  error?: string;
}

/** Scans the device and reads and decodes every model it knows from `models`. */
export async function readSunSpecDevice(
  read: RegisterReader,
  models: ReadonlyMap<number, SunSpecModel>,
  options: ScanOptions = {},
): Promise<{ base: number; models: SunSpecDeviceModel[] }> {
  const scan = await scanSunSpec(read, options);
  const result: SunSpecDeviceModel[] = [];
  for (const header of scan.models) {
    const model = models.get(header.id);
    if (!model) {
      result.push(header);
      continue;
    }
    const block = await readRegisters(read, header.address, header.length + 2);
    try {
      result.push({ ...header, data: decodeSunSpecModel(model, block) });
    } catch (error) {
      result.push({ ...header, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return { base: scan.base, models: result };
}

/** Reads any number of registers in requests of at most 125 (the Modbus limit). */
export async function readRegisters(read: RegisterReader, address: number, count: number): Promise<number[]> {
  const out: number[] = [];
  for (let done = 0; done < count;) {
    const n = Math.min(MODBUS_LIMITS.readRegisters, count - done);
    const chunk = Array.from(await read(address + done, n));
    if (chunk.length !== n)
      throw new ModbusError('mismatch', `asked for ${n} registers at ${address + done}, got ${chunk.length}`);
    out.push(...chunk);
    done += n;
  }
  return out;
}

/**
 * A reader over registers held in memory, `registers[0]` being address `start`. Reads outside them fail
 * as a device would (illegal data address), which is what lets the scan try the next base.
 */
export function memoryReader(registers: Registers, start: number): RegisterReader {
  return (address, count) => {
    const from = address - start;
    if (from < 0 || from + count > registers.length || count < 1 || count > MODBUS_LIMITS.readRegisters) {
      return Promise.reject(new ModbusError('limit', `registers ${address}..${address + count - 1} cannot be read`, 2));
    }
    return Promise.resolve(Array.from(registers.slice(from, from + count)));
  };
}

async function findBase(read: RegisterReader, bases: readonly number[]): Promise<number> {
  const tried: string[] = [];
  for (const base of bases) {
    try {
      const [s, n] = await readRegisters(read, base, 2);
      if (s === SUNSPEC_MARKER[0] && n === SUNSPEC_MARKER[1]) return base;
      tried.push(`${base}: no marker`);
    } catch (error) {
      // A device without registers there answers with an exception; that only means "not here".
      tried.push(`${base}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  throw new ModbusError('malformed', `no SunSpec "SunS" marker found (${tried.join('; ')})`);
}
