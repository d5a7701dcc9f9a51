import { ivScanResultSchema, type GatewayCommand, type IvScanResult } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { runCommand, type GatewayControl } from '../gateway/commands.js';
import { defineFleet } from './define.js';
import { ivScan } from './iv-scan.js';
import { startOfLocalDay } from './local-time.js';
import { PlantModel, plantReadings } from './model.js';
import type { PlantDef } from './types.js';

const HOUR = 3_600_000;
const fleet = defineFleet({ count: 12 });

/** A model of `plant` at `hour` o'clock local time on its midsummer day of 2025. */
function modelAt(plant: PlantDef, hour: number): PlantModel {
  const midsummer = Date.UTC(2025, plant.latitude >= 0 ? 5 : 11, 21, 12);
  const at = startOfLocalDay(plant.timeZone, midsummer) + hour * HOUR;
  const model = new PlantModel(plant, at - HOUR);
  model.advanceTo(at);
  return model;
}

function scan(model: PlantModel, sn: string): IvScanResult {
  const result = ivScan(model, sn);
  if ('error' in result) throw new Error(result.error);
  expect(ivScanResultSchema.safeParse(result).success).toBe(true);
  return result;
}

const pvInverters = (model: PlantModel) => model.inverters.filter((i) => i.mpptPeakW.length > 0);

describe('simulated I-V scan', () => {
  for (const kind of ['string', 'micro', 'hybrid'] as const) {
    it(`gives ${kind} inverters a curve per input whose maximum power is what the input reports`, () => {
      const plant = fleet.find((p) => p.inverterKind === kind) as PlantDef;
      let checked = 0;
      for (const hour of [9, 11, 13, 16]) {
        const model = modelAt(plant, hour);
        expect(model.env.poa).toBeGreaterThan(0);
        const readings = plantReadings(model);
        for (const inverter of pvInverters(model)) {
          const { mppts } = scan(model, inverter.def.sn);
          expect(mppts).toHaveLength(inverter.mpptPeakW.length);
          if (kind === 'micro') expect(mppts.length).toBe(inverter.def.mppts);
          const metrics = readings.find((r) => r.sn === inverter.def.sn)?.metrics ?? {};
          for (const m of mppts) {
            expect(m.voc).toBeGreaterThan(m.vmp);
            expect(m.vmp).toBeGreaterThan(0);
            expect(m.isc).toBeGreaterThan(m.imp);
            expect(m.imp).toBeGreaterThan(0);
            expect(m.points[0]).toEqual({ v: 0, i: m.isc });
            expect(m.points.at(-1)).toEqual({ v: m.voc, i: 0 });
            // The sweep passes through the voltage the input reports.
            expect(m.vmp).toBeCloseTo(metrics[`mppt${m.index}_v`] ?? 0, 0);
            const reported = metrics[`mppt${m.index}_p`] ?? 0;
            if (inverter.clipped) {
              // A clipping inverter draws less than the panels give; the scan shows what they give.
              expect(m.pmax).toBeGreaterThanOrEqual(reported);
            } else {
              expect(Math.abs(m.pmax - reported) / reported).toBeLessThan(0.02);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(0);
    });
  }

  it('shows a weak string as a lower current at the same voltages', () => {
    const plant = fleet.find((p) => p.inverterKind === 'string') as PlantDef;
    const model = modelAt(plant, 11);
    const weak = model.setFault('weakString', true);
    const { mppts } = scan(model, weak?.sn ?? '');
    const [first, second] = mppts;
    expect((second?.isc ?? 0) / (first?.isc ?? 1)).toBeCloseTo(0.4, 1);
    expect(second?.voc).toBeCloseTo(first?.voc ?? 0, 0);
  });

  it('answers a flat curve with no current at night', () => {
    const plant = fleet.find((p) => p.inverterKind === 'string') as PlantDef;
    const model = modelAt(plant, 1);
    expect(model.env.poa).toBe(0);
    for (const inverter of pvInverters(model)) {
      for (const m of scan(model, inverter.def.sn).mppts) {
        expect(m.points.length).toBeGreaterThanOrEqual(20);
        expect(m.points.every((p) => p.i === 0)).toBe(true);
        expect(m).toMatchObject({ voc: 0, isc: 0, vmp: 0, imp: 0, pmax: 0 });
      }
    }
  });

  it('answers failed "no PV input" for a battery-only hybrid, through the gateway command', () => {
    const plant = fleet.find((p) => p.type === 'storage_ac') as PlantDef;
    const model = modelAt(plant, 12);
    const batteryInverter = model.inverters.find((i) => i.mpptPeakW.length === 0);
    const sn = batteryInverter?.def.sn ?? '';
    const gateway: GatewayControl = {
      sn: 'GW00000001',
      firmware: '1.0',
      intervalSec: 300,
      setIntervalSec: () => undefined,
      restartSoon: () => undefined,
      moveSoon: () => undefined,
    };
    const target = {
      hasDevice: (s: string) => model.inverter(s) !== undefined,
      setRunning: () => undefined,
      readSettings: () => ({}),
      writeSettings: () => ({ applied: {} }),
      debugRead: () => ({}),
      ivScan: (s: string) => ivScan(model, s),
    };
    const cmd = (device: string): GatewayCommand => ({
      cmdId: 'c1',
      type: 'ivScan',
      device,
      params: {},
      expiresAt: Date.now() + 10_000,
    });
    expect(runCommand(cmd(sn), gateway, target, Date.now())).toEqual({
      cmdId: 'c1',
      status: 'failed',
      error: 'no PV input',
    });
    const pv = pvInverters(model)[0]?.def.sn ?? '';
    const answer = runCommand(cmd(pv), gateway, target, Date.now());
    expect(answer.status).toBe('succeeded');
    expect(ivScanResultSchema.safeParse(answer.result).success).toBe(true);
  });
});
