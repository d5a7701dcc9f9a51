import { connect } from 'node:net';
import { buildTcpRequest, ModbusError, parseTcpResponse, sunspecToMetrics } from '@heliograph/modbus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineFleet } from '../fleet/define.js';
import { startOfLocalDay } from '../fleet/local-time.js';
import { PlantModel, plantReadings } from '../fleet/model.js';
import type { DeviceDef, PlantDef } from '../fleet/types.js';
import { SunSpecPoller } from './poller.js';
import { encodeDeviceMap, sunspecRegisters } from './sunspec-map.js';
import { ModbusTcpClient } from './tcp-client.js';
import { startModbusTcpServer, type ModbusTcpServer } from './tcp-server.js';

const fleet = defineFleet({ count: 24 });
const sunspecInverters = fleet.flatMap((plant) =>
  plant.gateways.flatMap((g) => g.devices.filter((d) => d.protocol === 'sunspec').map((device) => ({ plant, device }))),
);

/** A plant's model at local 13:00 on a June day, and the device's current readings and MPPT counters. */
function middayReadings(plant: PlantDef, device: DeviceDef) {
  const noon = startOfLocalDay(plant.timeZone, Date.UTC(2025, 5, 21, 12)) + 13 * 3_600_000;
  const model = new PlantModel(plant, noon - 3_600_000);
  model.advanceTo(noon);
  const reading = plantReadings(model).find((r) => r.sn === device.sn);
  return { metrics: reading?.metrics ?? {}, mpptKwh: model.inverter(device.sn)?.eMppt ?? [] };
}

/** What a register's resolution lets a value come back as: |a − b| within the step, counters to the Wh. */
const TOLERANCE: Record<string, number> = {
  p_ac: 10,
  p_pv: 10,
  e_ac_total: 0.01,
  e_pv_total: 0.01,
  freq: 0.005,
  temp: 0.05,
  state: 0,
};

describe('SunSpec over Modbus TCP', () => {
  let server: ModbusTcpServer;
  let client: ModbusTcpClient;

  beforeAll(async () => {
    server = await startModbusTcpServer({ host: '127.0.0.1', port: 0 });
    client = await ModbusTcpClient.connect(server.host, server.port);
  });
  afterAll(async () => {
    client.close();
    await server.close();
  });

  it('has SunSpec inverters in the fleet: a single-phase home one and three-phase park ones', () => {
    expect(sunspecInverters.some(({ device }) => device.phases === 1)).toBe(true);
    expect(sunspecInverters.some(({ device }) => device.phases === 3 && (device.ratedW ?? 0) >= 100_000)).toBe(true);
  });

  it('serves a device map filled from the readings, and polling and decoding it gives the readings back', async () => {
    // One home inverter (model 101) and one park inverter (model 103, power scaled by 10).
    const cases = [
      sunspecInverters.find(({ device }) => device.phases === 1),
      sunspecInverters.find(({ device }) => device.phases === 3),
    ];
    for (const [i, found] of cases.entries()) {
      if (!found) throw new Error('no SunSpec inverter of that kind');
      const { plant, device } = found;
      const { metrics, mpptKwh } = middayReadings(plant, device);
      expect(metrics.p_ac).toBeGreaterThan(0);
      const unitId = i + 1;
      server.setUnit(unitId, sunspecRegisters(device, metrics, mpptKwh));

      const blocks = await new SunSpecPoller(client.reader(unitId)).poll();
      expect(blocks.every((b) => b.fc === 3 && b.registers.length <= 125)).toBe(true);
      const decoded = sunspecToMetrics(blocks);

      for (const [name, value] of Object.entries(metrics)) {
        if (value === null) continue;
        if (name.startsWith('ph') && name.endsWith('_p')) continue; // SunSpec 10x has no per-phase power
        const tolerance =
          TOLERANCE[name] ??
          (name.endsWith('_v') ? 0.05 : name.endsWith('_i') ? (device.phases === 3 ? 0.05 : 0.005) : 1);
        expect(decoded[name], `${device.sn} ${name}`).toBeDefined();
        expect(
          Math.abs((decoded[name] ?? NaN) - value),
          `${device.sn} ${name}: ${decoded[name]} vs ${value}`,
        ).toBeLessThanOrEqual(tolerance + 1e-9);
      }
    }
  });

  it('patches measurements into a fixed image exactly as encoding the whole map would', () => {
    for (const { plant, device } of sunspecInverters.slice(0, 3)) {
      const { metrics, mpptKwh } = middayReadings(plant, device);
      expect(sunspecRegisters(device, metrics, mpptKwh)).toEqual(encodeDeviceMap(device, metrics, mpptKwh));
      const night = Object.fromEntries(
        Object.keys(metrics).map((k) => [k, k.startsWith('e_') ? (metrics[k] ?? 0) : 0]),
      );
      expect(sunspecRegisters(device, night, mpptKwh)).toEqual(encodeDeviceMap(device, night, mpptKwh));
      expect(sunspecRegisters(device, {}, [])).toEqual(encodeDeviceMap(device, {}, []));
    }
  });

  it('follows the device as its readings change between polls', async () => {
    const found = sunspecInverters[0];
    if (!found) throw new Error('no SunSpec inverter');
    const poller = new SunSpecPoller(client.reader(7));
    const base = middayReadings(found.plant, found.device);
    server.setUnit(7, sunspecRegisters(found.device, base.metrics, base.mpptKwh));
    const first = sunspecToMetrics(await poller.poll());
    server.setUnit(
      7,
      sunspecRegisters(
        found.device,
        { ...base.metrics, p_ac: 1234, e_ac_total: (base.metrics.e_ac_total ?? 0) + 1 },
        base.mpptKwh,
      ),
    );
    const second = sunspecToMetrics(await poller.poll());
    expect(second.p_ac).toBe(1234);
    expect((second.e_ac_total ?? 0) - (first.e_ac_total ?? 0)).toBeCloseTo(1, 2);
  });

  it('answers as a device would: exceptions for bad addresses, silent units and writes', async () => {
    server.setUnit(9, { start: 40000, registers: [1, 2, 3] });
    await expect(client.readRegisters(9, 40001, 2)).resolves.toEqual([2, 3]);
    await expect(client.readRegisters(9, 40002, 2)).rejects.toMatchObject({ exceptionCode: 2 });
    await expect(client.readRegisters(99, 40000, 1)).rejects.toBeInstanceOf(ModbusError);
    await expect(new SunSpecPoller(client.reader(9)).poll()).rejects.toThrow(/SunS/);

    // A write, sent in two TCP chunks, gets ILLEGAL FUNCTION for the same transaction.
    const frame = buildTcpRequest({ transactionId: 77, unitId: 9 }, { functionCode: 6, address: 40000, value: 5 });
    const reply = await new Promise<Uint8Array>((resolve, reject) => {
      const socket = connect({ host: server.host, port: server.port }, () => {
        socket.write(frame.subarray(0, 5));
        setTimeout(() => socket.write(frame.subarray(5)), 20);
      });
      socket.once('data', (data: Buffer) => {
        resolve(new Uint8Array(data));
        socket.destroy();
      });
      socket.once('error', reject);
    });
    expect(parseTcpResponse(reply).response).toMatchObject({ functionCode: 6, exceptionCode: 1 });
    expect(parseTcpResponse(reply).transactionId).toBe(77);
  });
});
