import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApp } from '../../test/harness.js';
import { sunriseTestPlant } from '../../test/plant-fields.js';

let t: TestApp;
let clock = Date.UTC(2026, 5, 1, 12);
beforeAll(async () => {
  t = await TestApp.start({ RATE_LIMIT_GATEWAY_CLIENT: '3/60', RATE_LIMIT_GATEWAY_ADDRESS: '5/60' }, undefined, {
    now: () => clock,
  });
  await sunriseTestPlant(t, 'Throttle Plant', [
    { sn: 'GWTHR00001', password: 'ThrottlePass1', devices: [] },
    { sn: 'GWTHR00002', password: 'ThrottlePass2', devices: [] },
  ]);
});
afterAll(async () => t?.close());

/** Connects as a gateway; true when the embedded broker lets it in. */
async function connects(sn: string, password: string): Promise<boolean> {
  try {
    const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.bus.port}`, {
      clientId: sn,
      username: sn,
      password,
      reconnectPeriod: 0,
    });
    await c.endAsync();
    return true;
  } catch {
    return false;
  }
}

describe('the embedded broker throttles wrong gateway passwords', () => {
  it('per serial number: after three wrong ones the right one waits for the window too', async () => {
    expect(await connects('GWTHR00001', 'ThrottlePass1')).toBe(true);
    for (let i = 0; i < 3; i++) expect(await connects('GWTHR00001', `Wrong2026x${i}`)).toBe(false);
    expect(await connects('GWTHR00001', 'ThrottlePass1')).toBe(false);
    clock += 61_000;
    expect(await connects('GWTHR00001', 'ThrottlePass1')).toBe(true);
  });

  it('per source address: after five wrong ones from 127.0.0.1 every gateway from there waits', async () => {
    clock += 61_000;
    for (let i = 0; i < 2; i++) expect(await connects('GWTHR00001', `Wrong2026x${i}`)).toBe(false);
    for (let i = 0; i < 2; i++) expect(await connects('GWTHR00002', `Wrong2026x${i}`)).toBe(false);
    expect(await connects('GWTHR00002', 'ThrottlePass2')).toBe(true);
    expect(await connects('GWTHR00001', 'Wrong2026x9')).toBe(false);
    // Five from this address now: neither serial (each below its own three) gets in.
    expect(await connects('GWTHR00002', 'ThrottlePass2')).toBe(false);
    expect(await connects('GWTHR00001', 'ThrottlePass1')).toBe(false);
    clock += 61_000;
    expect(await connects('GWTHR00002', 'ThrottlePass2')).toBe(true);
  });
});
