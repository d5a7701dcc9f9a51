import { loadSunSpecModel, type SunSpecModel } from '@heliograph/modbus';
import { hexAddress, type ColumnInput } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { protocol } from '../../db/schema.js';
import { addConfigVersion } from './store.js';

/**
 * The register maps the console ships as data (issue 14 item 2): three SunSpec maps generated from the
 * SunSpec Alliance's model definitions (packages/modbus/sunspec-models, Apache-2.0) and two vendor-style
 * maps. They are seeded at every start when missing (by code), so a clean `npm start` and every test have
 * them; one that an administrator deleted comes back at the next start, one that was edited is left as it is.
 */

/**
 * A SunSpec model as columns at its usual place: the "SunS" marker at 40000 (0x9C40), the common model 1
 * at 40002 (68 registers with its ID and length), so the first device model's ID register is at 40070.
 * Scale factors become scale-factor columns (sunssf points), fixed exponents a scale.
 */
export function sunSpecColumns(model: SunSpecModel, base: number): ColumnInput[] {
  const out: ColumnInput[] = [];
  for (const p of model.points) {
    if (!p.column) continue;
    out.push({
      name: p.name,
      functionCode: 3,
      startAddress: hexAddress(base + p.offset),
      registerCount: p.size,
      unit: p.units ?? '',
      registerType: 'holding',
      dataType: p.column.type,
      byteSwap: false,
      registerSwap: false,
      base: 0,
      scale: typeof p.sf === 'number' ? 10 ** p.sf : 1,
      scaleFactor: typeof p.sf === 'string' ? p.sf : null,
      skipBytes: 0,
      required: p.mandatory,
      descriptions: { en: p.label ?? p.name },
    });
  }
  return out;
}

/** A plain column of a vendor map: holding (03) or input (04) registers, big-endian, no skipped bytes. */
function col(
  name: string,
  fc: 3 | 4,
  address: number,
  dataType: ColumnInput['dataType'],
  scale: number,
  unit: string,
  en: string,
  more: Partial<ColumnInput> = {},
): ColumnInput {
  const registers =
    dataType === 'u16' || dataType === 's16' || dataType === 'bitfield16' ? 1 : dataType === 'string' ? 8 : 2;
  return {
    name,
    functionCode: fc,
    startAddress: hexAddress(address),
    registerCount: registers,
    unit,
    registerType: fc === 3 ? 'holding' : 'input',
    dataType,
    byteSwap: false,
    registerSwap: false,
    base: 0,
    scale,
    scaleFactor: null,
    skipBytes: 0,
    required: false,
    descriptions: { en },
    ...more,
  };
}

/**
 * An illustrative low-voltage hybrid inverter map in the style most such inverters publish (holding
 * registers read with 03, 0.1 scales, signed battery and grid power with the sign giving the direction,
 * 32-bit energy counters low word first). It is not any one vendor's map; its addresses are made up.
 */
const HYBRID: ColumnInput[] = [
  col('deviceType', 3, 0x0000, 'u16', 1, '', 'Device type code', { required: true }),
  col('serialNumber', 3, 0x0003, 'string', 1, '', 'Serial number', { registerCount: 5 }),
  col('runState', 3, 0x01f4, 'u16', 1, '', 'Running state (0 standby, 1 self-check, 2 normal, 3 alarm, 4 fault)', {
    required: true,
  }),
  col('dayPvEnergy', 3, 0x0211, 'u16', 0.1, 'kWh', 'PV energy today'),
  col('totalPvEnergy', 3, 0x0216, 'u32', 0.1, 'kWh', 'PV energy, total', { registerSwap: true }),
  col('gridFrequency', 3, 0x0257, 'u16', 0.01, 'Hz', 'Grid frequency'),
  col('gridVoltageL1', 3, 0x0256, 'u16', 0.1, 'V', 'Grid voltage L1'),
  col('gridPower', 3, 0x0271, 's16', 1, 'W', 'Grid power (positive: buying, negative: selling)', { required: true }),
  col('loadPower', 3, 0x028f, 'u16', 1, 'W', 'Load power'),
  col('batteryTemperature', 3, 0x0296, 'u16', 0.1, '°C', 'Battery temperature', { base: -100 }),
  col('batteryVoltage', 3, 0x0297, 'u16', 0.01, 'V', 'Battery voltage'),
  col('batterySoc', 3, 0x0298, 'u16', 1, '%', 'Battery state of charge', { required: true }),
  col('batteryPower', 3, 0x029e, 's16', 1, 'W', 'Battery power (positive: discharging, negative: charging)'),
  col('batteryCurrent', 3, 0x029f, 's16', 0.01, 'A', 'Battery current'),
  col('pv1Power', 3, 0x02a0, 'u16', 1, 'W', 'PV1 input power'),
  col('pv2Power', 3, 0x02a1, 'u16', 1, 'W', 'PV2 input power'),
  col('pv1Voltage', 3, 0x02a5, 'u16', 0.1, 'V', 'PV1 voltage'),
  col('pv1Current', 3, 0x02a6, 'u16', 0.1, 'A', 'PV1 current'),
  col('pv2Voltage', 3, 0x02a7, 'u16', 0.1, 'V', 'PV2 voltage'),
  col('pv2Current', 3, 0x02a8, 'u16', 0.1, 'A', 'PV2 current'),
  col('faultWord', 3, 0x0229, 'bitfield32', 1, '', 'Fault bits'),
];

/**
 * An energy meter with 32-bit floats in input registers (function 04), after the layout of the Eastron
 * SDM630 series' published Modbus protocol (input registers 30001 onwards, each value two registers,
 * IEEE 754 float, high word first).
 */
const METER: ColumnInput[] = [
  col('voltageL1', 4, 0x0000, 'f32', 1, 'V', 'Phase 1 line to neutral voltage', { required: true }),
  col('voltageL2', 4, 0x0002, 'f32', 1, 'V', 'Phase 2 line to neutral voltage'),
  col('voltageL3', 4, 0x0004, 'f32', 1, 'V', 'Phase 3 line to neutral voltage'),
  col('currentL1', 4, 0x0006, 'f32', 1, 'A', 'Phase 1 current'),
  col('currentL2', 4, 0x0008, 'f32', 1, 'A', 'Phase 2 current'),
  col('currentL3', 4, 0x000a, 'f32', 1, 'A', 'Phase 3 current'),
  col('powerL1', 4, 0x000c, 'f32', 1, 'W', 'Phase 1 active power'),
  col('powerL2', 4, 0x000e, 'f32', 1, 'W', 'Phase 2 active power'),
  col('powerL3', 4, 0x0010, 'f32', 1, 'W', 'Phase 3 active power'),
  col('totalPower', 4, 0x0034, 'f32', 1, 'W', 'Total system power', { required: true }),
  col('frequency', 4, 0x0046, 'f32', 1, 'Hz', 'Frequency of supply voltages'),
  col('importEnergy', 4, 0x0048, 'f32', 1, 'kWh', 'Total import active energy', { required: true }),
  col('exportEnergy', 4, 0x004a, 'f32', 1, 'kWh', 'Total export active energy', { required: true }),
];

export interface BuiltinProtocol {
  code: string;
  manufacturer: string;
  protocolVersion: string;
  configs: { name: string; note: string; columns: () => ColumnInput[] }[];
}

/** 40070: the first device model's ID register after "SunS" (40000) and the common model (40002, 68 registers). */
export const SUNSPEC_FIRST_MODEL = 40070;

/** A SunSpec map: the common model at 40002, then `model` as the first device model. */
const sunSpecProtocol = (code: string, model: number, name: string, what: string): BuiltinProtocol => ({
  code,
  manufacturer: 'SunSpec Alliance',
  protocolVersion: `model ${model}`,
  configs: [
    { name: 'common', note: 'SunSpec model 1 at 40002', columns: () => sunSpecColumns(loadSunSpecModel(1), 40002) },
    {
      name,
      note: `SunSpec model ${model} (${what}) at ${SUNSPEC_FIRST_MODEL}`,
      columns: () => sunSpecColumns(loadSunSpecModel(model), SUNSPEC_FIRST_MODEL),
    },
  ],
});

export const BUILTIN_PROTOCOLS: readonly BuiltinProtocol[] = [
  sunSpecProtocol('SUNSPEC-INV', 103, 'inverter', 'three-phase inverter'),
  sunSpecProtocol('SUNSPEC-MTR', 203, 'meter', 'three-phase wye meter'),
  sunSpecProtocol('SUNSPEC-STO', 124, 'storage', 'basic storage controls'),
  {
    code: 'HYBRID-LV',
    manufacturer: 'Generic hybrid inverter',
    protocolVersion: '1.0',
    configs: [{ name: 'realtime', note: 'Holding registers, function 03', columns: () => HYBRID }],
  },
  {
    code: 'METER-3P-F32',
    manufacturer: 'Generic three-phase meter',
    protocolVersion: '1.0',
    configs: [{ name: 'realtime', note: 'Input registers, function 04, IEEE 754 floats', columns: () => METER }],
  },
];

/** Inserts the built-in protocols that are missing, each with its configs, in one transaction each. */
export async function seedProtocols(db: Db): Promise<void> {
  for (const b of BUILTIN_PROTOCOLS) {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(protocol)
        .values({
          code: b.code,
          manufacturer: b.manufacturer,
          protocolVersion: b.protocolVersion,
          configureVersion: '1',
          builtin: true,
        })
        .onConflictDoNothing()
        .returning({ id: protocol.id });
      if (!row) return;
      for (const c of b.configs)
        await addConfigVersion(tx, {
          protocolId: row.id,
          name: c.name,
          note: c.note,
          createdBy: null,
          columns: c.columns(),
        });
    });
  }
}
