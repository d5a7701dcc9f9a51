import { commandResultSchema, sunspecScanResultSchema, type GatewayCommand } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBroker, type TestBroker } from '../testing/broker.js';
import { defineFleet } from './define.js';
import { startFleet, type FleetHandle } from './run.js';

// Plant 1's gateway has a three-phase SunSpec inverter; plant 2's devices all send decoded metrics.
const fleet = defineFleet({ count: 2 });
const credentials = Object.fromEntries(fleet.flatMap((p) => p.gateways.map((g, i) => [g.sn, `Sim${p.key}Pass${i}`])));
const withSunSpec = fleet[0]?.gateways[0];
const withoutSunSpec = fleet[1]?.gateways[0];

describe('sunspecScan and protocolUpdate on a running fleet', () => {
  let broker: TestBroker;
  let handle: FleetHandle;
  let n = 0;

  beforeAll(async () => {
    broker = await startTestBroker(credentials);
    handle = startFleet({ plants: fleet, credentials, mqttUrl: broker.url, backfillDays: 0 });
    await broker.until(() => handle.stats().connected === handle.stats().gateways);
  });
  afterAll(async () => {
    await handle.stop();
    await broker.close();
  });

  /** Sends a command and waits for its final answer. */
  async function ask(sn: string, type: GatewayCommand['type'], params: Record<string, unknown>) {
    const cmdId = `t-${++n}`;
    // The fleet runs on the wall clock, so the command lives a minute from now, as the console's do.
    const cmd: GatewayCommand = { cmdId, type, params, expiresAt: Date.now() + 60_000 };
    await broker.command(sn, cmd);
    const answers = () =>
      broker.received
        .filter((r) => r.sn === sn && r.channel === 'up/ack')
        .map((r) => commandResultSchema.parse(JSON.parse(r.payload)))
        .filter((r) => r.cmdId === cmdId);
    await broker.until(() => answers().some((a) => a.status === 'succeeded' || a.status === 'failed'));
    return answers().at(-1);
  }

  it('answers the model chain of its SunSpec inverter, scanned over Modbus TCP', async () => {
    if (!withSunSpec) throw new Error('no gateway');
    const inverter = withSunSpec.devices.find((d) => d.protocol === 'sunspec');
    const answer = await ask(withSunSpec.sn, 'sunspecScan', {});
    expect(answer?.status).toBe('succeeded');
    const result = sunspecScanResultSchema.parse(answer?.result);
    expect(result).toMatchObject({ device: inverter?.sn, unitId: 1, base: 40000 });
    // Common model at 40002, the three-phase inverter at 40070, then one MPPT module block per input.
    expect(result.models.slice(0, 2)).toEqual([
      { id: 1, address: 40002, length: 66 },
      { id: 103, address: 40070, length: 50 },
    ]);
    expect(result.models.map((m) => m.id)).toContain(160);
  });

  it('fails a scan at a base where the device has no marker, and on a gateway without a SunSpec device', async () => {
    if (!withSunSpec || !withoutSunSpec) throw new Error('no gateway');
    const wrongBase = await ask(withSunSpec.sn, 'sunspecScan', { base: 50000 });
    expect(wrongBase).toMatchObject({ status: 'failed' });
    expect(wrongBase?.error).toMatch(/^no SunSpec device/);
    expect(await ask(withoutSunSpec.sn, 'sunspecScan', {})).toMatchObject({
      status: 'failed',
      error: 'no SunSpec device',
    });
    const meter = withSunSpec.devices.find((d) => d.kind === 'meter')?.sn;
    expect(await ask(withSunSpec.sn, 'sunspecScan', { device: meter })).toMatchObject({
      status: 'failed',
      error: 'no SunSpec device',
    });
  });

  it('keeps a pushed protocol config and answers its version; a malformed one is refused', async () => {
    if (!withoutSunSpec) throw new Error('no gateway');
    const column = {
      name: 'W',
      fc: 3,
      address: 40084,
      count: 1,
      dataType: 's16',
      byteSwap: false,
      registerSwap: false,
      scale: 1,
      base: 0,
      scaleFactor: 'W_SF',
      skipBytes: 0,
      unit: 'W',
    };
    const push = (version: number) => ({ protocol: 'SUNSPEC-INV', config: 'inverter', version, columns: [column] });
    expect(await ask(withoutSunSpec.sn, 'protocolUpdate', push(2))).toMatchObject({
      status: 'succeeded',
      result: { protocol: 'SUNSPEC-INV', config: 'inverter', version: 2 },
    });
    expect(await ask(withoutSunSpec.sn, 'protocolUpdate', push(3))).toMatchObject({ result: { version: 3 } });
    expect(handle.protocolConfigs(withoutSunSpec.sn)).toEqual([push(3)]);
    expect(await ask(withoutSunSpec.sn, 'protocolUpdate', { protocol: 'X', version: 0 })).toMatchObject({
      status: 'failed',
    });
    expect(handle.protocolConfigs(withoutSunSpec.sn)).toEqual([push(3)]);
  });
});
