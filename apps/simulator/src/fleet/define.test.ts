import { DEVICE_KINDS, MAX_FLEET_SIZE, PLANT_TYPES, simModels } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { defineFleet } from './define.js';

const fleet = defineFleet({ count: 24 });
const devices = fleet.flatMap((p) => p.gateways.flatMap((g) => g.devices.map((d) => ({ plant: p, device: d }))));

describe('defineFleet', () => {
  it('is deterministic: the same seed gives the same fleet, another seed another one', () => {
    expect(defineFleet({ count: 24 })).toEqual(fleet);
    expect(defineFleet({ count: 24, seed: 1 })).toEqual(fleet);
    const other = defineFleet({ count: 24, seed: 2 });
    expect(other).not.toEqual(fleet);
    expect(other[0]?.gateways[0]?.sn).not.toBe(fleet[0]?.gateways[0]?.sn);
  });

  it('makes the plants asked for, of all three types, with string and micro grid plants', () => {
    expect(fleet.length).toBeGreaterThanOrEqual(20);
    expect(fleet).toHaveLength(24);
    expect(new Set(fleet.map((p) => p.type))).toEqual(new Set(PLANT_TYPES));
    const grid = fleet.filter((p) => p.type === 'grid');
    expect(new Set(grid.map((p) => p.inverterKind))).toEqual(new Set(['string', 'micro']));
    expect(fleet.filter((p) => p.type === 'storage_dc').every((p) => p.inverterKind === 'hybrid')).toBe(true);
    // The three smallest fleets that can have all types already do.
    expect(new Set(defineFleet({ count: 4 }).map((p) => p.type))).toEqual(new Set(PLANT_TYPES));
  });

  it('wires each plant type as it is built in the field', () => {
    for (const plant of fleet) {
      const all = plant.gateways.flatMap((g) => g.devices);
      const inverters = all.filter((d) => d.kind === 'inverter');
      const batteries = all.filter((d) => d.kind === 'battery');
      expect(all.filter((d) => d.kind === 'meter')).toHaveLength(1);
      if (plant.type === 'grid') {
        expect(batteries).toHaveLength(0);
        expect(inverters.every((d) => d.inverterKind === plant.inverterKind)).toBe(true);
      }
      if (plant.type === 'storage_ac') {
        expect(batteries).toHaveLength(1);
        expect(inverters.filter((d) => d.inverterKind === 'hybrid' && d.pvW === 0)).toHaveLength(1);
        expect(inverters.filter((d) => d.inverterKind === 'string').length).toBeGreaterThan(0);
      }
      if (plant.type === 'storage_dc') {
        expect(batteries).toHaveLength(1);
        expect(inverters).toHaveLength(1);
        expect(inverters[0]).toMatchObject({ inverterKind: 'hybrid' });
        expect(inverters[0]?.pvW).toBeGreaterThan(0);
      }
      if (plant.inverterKind === 'micro') {
        expect(inverters.length).toBeGreaterThanOrEqual(2);
        expect(inverters.every((d) => (d.mppts ?? 0) >= 1 && (d.mppts ?? 0) <= 4 && d.phases === 1)).toBe(true);
      }
      // The panels add up to the plant's capacity.
      const pvKw = inverters.reduce((sum, d) => sum + (d.pvW ?? 0), 0) / 1000;
      expect(Math.abs(pvKw - plant.capacityKw)).toBeLessThan(0.01 * plant.capacityKw);
    }
  });

  it('has at least one gateway polling a SunSpec device, in every fleet of three or more', () => {
    for (const seed of [1, 2, 3, 99]) {
      const small = defineFleet({ count: 3, seed });
      expect(small.some((p) => p.gateways.some((g) => g.devices.some((d) => d.protocol === 'sunspec')))).toBe(true);
    }
    expect(
      devices.filter(({ device }) => device.protocol === 'sunspec').every(({ device }) => device.kind === 'inverter'),
    ).toBe(true);
  });

  it('gives serial numbers in the expected shapes, unique across the fleet', () => {
    const gateways = fleet.flatMap((p) => p.gateways.map((g) => g.sn));
    expect(gateways.every((sn) => /^GW\d{8}$/.test(sn))).toBe(true);
    const prefix = { inverter: 'INV', battery: 'BAT', meter: 'MTR', weather: 'WS' } as const;
    for (const { device } of devices) {
      expect(DEVICE_KINDS).toContain(device.kind);
      expect(device.sn).toMatch(new RegExp(`^${prefix[device.kind as keyof typeof prefix]}\\d{8}$`));
    }
    const all = [...gateways, ...devices.map(({ device }) => device.sn)];
    expect(new Set(all).size).toBe(all.length);
    expect(devices.some(({ device }) => device.kind === 'weather')).toBe(true);
  });

  it('places plants at real coordinates in valid time zones, facing the equator', () => {
    const zones = new Set(fleet.map((p) => p.timeZone));
    expect(zones.size).toBeGreaterThanOrEqual(8);
    for (const plant of fleet) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone: plant.timeZone })).not.toThrow();
      expect(plant.name.length).toBeGreaterThanOrEqual(5);
      expect(plant.name.length).toBeLessThanOrEqual(32);
      expect(plant.capacityKw).toBeGreaterThan(0);
      expect(plant.capacityKw).toBeLessThanOrEqual(50_000);
      expect(plant.currency).toMatch(/^[A-Z]{3}$/);
      const towardsEquator = plant.latitude >= 0 ? 180 : 0;
      const off = Math.abs(((plant.azimuthDeg - towardsEquator + 540) % 360) - 180);
      expect(off).toBeLessThanOrEqual(35);
      expect(plant.tiltDeg).toBeGreaterThanOrEqual(5);
      expect(plant.tiltDeg).toBeLessThanOrEqual(40);
      expect(Date.parse(plant.commissionedOn)).toBeLessThan(Date.now() - 365 * 86_400_000);
    }
    expect(new Set(fleet.map((p) => p.name)).size).toBe(fleet.length);
    expect(fleet.some((p) => p.latitude < 0)).toBe(true);
  });

  it('refuses counts it cannot number', () => {
    expect(() => defineFleet({ count: 0 })).toThrow(RangeError);
    expect(() => defineFleet({ count: MAX_FLEET_SIZE + 1 })).toThrow(RangeError);
  });

  it('numbers a fleet of the largest size without a repeated serial or name', () => {
    const fleet = defineFleet({ count: MAX_FLEET_SIZE });
    const gateways = fleet.flatMap((p) => p.gateways);
    const serials = [...gateways.map((g) => g.sn), ...gateways.flatMap((g) => g.devices.map((d) => d.sn))];
    expect(new Set(serials).size).toBe(serials.length);
    expect(new Set(fleet.map((p) => p.name)).size).toBe(fleet.length);
    // Plant 1,000 is the first with a four-digit index; the serials of the first 999 are as they always were.
    expect(fleet[998]?.gateways[0]?.sn).toMatch(/^GW\d{2}999001$/);
    expect(fleet[999]?.gateways[0]?.sn).toMatch(/^GW\d{2}1000001$/);
  });

  it('names every device after a model of the catalogue the server seeds firmware for', () => {
    // The server's demo library has an image for each catalogue model (issue 13): a model outside it could
    // never be upgraded.
    const catalogue = simModels();
    const fleet = defineFleet({ count: 3000, seed: 7 });
    const seen = {
      gateway: new Set<string>(),
      inverter: new Set<string>(),
      battery: new Set<string>(),
      meter: new Set<string>(),
    };
    for (const g of fleet.flatMap((p) => p.gateways)) {
      seen.gateway.add(g.model);
      for (const d of g.devices) if (d.kind !== 'weather') seen[d.kind as keyof typeof seen].add(d.model);
    }
    for (const kind of Object.keys(seen) as (keyof typeof seen)[]) {
      expect([...seen[kind]].filter((m) => !catalogue[kind].includes(m))).toEqual([]);
    }
    // Every kind is there, and the fleet uses a good part of the catalogue (not just one model per kind).
    expect(seen.inverter.size).toBeGreaterThan(20);
    expect(seen.battery.has('SIM-BAT-HV')).toBe(true);
  });
});
