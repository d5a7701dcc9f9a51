import { createHash } from 'node:crypto';
import { commandResultSchema, statusSchema, type CommandResult } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBroker, type TestBroker } from '../testing/broker.js';
import { startImageServer } from '../testing/image-server.js';
import { testManifest, testSigner, upgradeCommand } from '../testing/manifest-signer.js';
import type { CommandTarget } from './commands.js';
import { GatewayClient } from './gateway-client.js';

const SN = 'GW20001001';
const SN2 = 'GW20001002';
const METER = 'MTR20001001';
const PASSWORD = 'Passw0rdSim';
const T0 = Date.UTC(2026, 10, 26, 12);
const IMAGE = Buffer.from(Array.from({ length: 200 * 1024 }, (_, i) => (i * 7 + 3) & 0xff));

describe('a gateway upgrading itself over MQTT and a cut HTTP connection', () => {
  let broker: TestBroker;
  const platform = testSigner();

  beforeAll(async () => {
    broker = await startTestBroker({ [SN]: PASSWORD, [SN2]: PASSWORD });
  });
  afterAll(async () => {
    await broker.close();
  });

  const acks = (cmdId: string, sn = SN): CommandResult[] =>
    broker.received
      .filter((r) => r.sn === sn && r.channel === 'up/ack')
      .map((r) => commandResultSchema.parse(JSON.parse(r.payload)))
      .filter((r) => r.cmdId === cmdId);
  const statuses = () =>
    broker.received
      .filter((r) => r.sn === SN && r.channel === 'status')
      .map((r) => statusSchema.parse(JSON.parse(r.payload)));

  it('resumes with a Range request, installs, reboots and comes back saying its new firmware and model', async () => {
    const half = IMAGE.length / 2;
    const server = await startImageServer(IMAGE, { cutFirstAt: half });
    const client = new GatewayClient({
      sn: SN,
      password: PASSWORD,
      url: broker.url,
      intervalSec: 300,
      reconnectMs: 100,
      clock: () => T0,
      manifestKey: platform.publicKeyPem,
      // A gateway flashes for 40–90 s; here a ten-thousandth of that. Retries wait 10 ms, 20 ms …
      upgrade: { timeScale: 0.0001, failureRate: 0, retryBaseMs: 10 },
    });
    try {
      client.start();
      await broker.until(() => broker.subscribed(SN, 'down/cmd'));
      expect(statuses().at(-1)).toMatchObject({ state: 'online', firmware: 'v2.4.1', model: 'SIM-GW-4G' });

      const manifest = testManifest({
        device: SN,
        kind: 'gateway',
        model: 'SIM-GW-4G',
        version: 'v2.5.0',
        size: IMAGE.length,
        sha256: createHash('sha256').update(IMAGE).digest('hex'),
        url: server.url,
        expiresAt: T0 + 15 * 60_000,
      });
      const cmdId = `upg-${manifest.upgradeId}`;
      await broker.command(SN, upgradeCommand(manifest, platform));
      await broker.until(() => acks(cmdId).some((r) => r.status !== 'progress'));

      expect(server.ranges).toEqual([undefined, `bytes=${half}-`]);
      const steps = acks(cmdId).map((r) => (r.result?.step as string | undefined) ?? r.status);
      expect(steps[0]).toBe('sendingCode');
      expect(steps.slice(-3)).toEqual(['downloadOk', 'upgradeOk', 'succeeded']);
      expect(acks(cmdId).at(-1)).toEqual({ cmdId, status: 'succeeded', result: { version: 'v2.5.0' } });

      // The reboot: offline (its will), then online again on the new firmware.
      await broker.until(() => statuses().at(-1)?.firmware === 'v2.5.0');
      expect(statuses().at(-1)).toMatchObject({ state: 'online', firmware: 'v2.5.0', model: 'SIM-GW-4G' });
      expect(client.firmwareVersion).toBe('v2.5.0');
    } finally {
      await client.stop();
      await server.close();
    }
  });

  it('keeps the outcome of an upgrade that finished while the gateway was offline, and sends it on reconnect', async () => {
    const image = IMAGE.subarray(0, 10_000);
    const server = await startImageServer(image);
    let firmware = 'V1.8';
    const target: CommandTarget = {
      hasDevice: (sn) => sn === METER,
      setRunning: () => {},
      readSettings: () => ({}),
      writeSettings: () => ({ error: 'none' }),
      debugRead: () => ({}),
      upgradeSubject: (sn) => (sn === METER ? { sn, kind: 'meter', model: 'SIM-MTR-3P', firmware } : undefined),
      installed: (_sn, version) => (firmware = version),
    };
    let flash: () => void = () => {};
    const client = new GatewayClient({
      sn: SN2,
      password: PASSWORD,
      url: broker.url,
      intervalSec: 300,
      reconnectMs: 100,
      clock: () => T0,
      target,
      manifestKey: platform.publicKeyPem,
      // Flashing ends when the test says so.
      upgrade: { failureRate: 0, sleep: () => new Promise<void>((resolve) => (flash = resolve)) },
    });
    try {
      client.start();
      await broker.until(() => broker.subscribed(SN2, 'down/cmd'));
      const manifest = testManifest({
        device: METER,
        kind: 'meter',
        model: 'SIM-MTR-3P',
        version: 'V1.9',
        size: image.length,
        sha256: createHash('sha256').update(image).digest('hex'),
        url: server.url,
        expiresAt: T0 + 15 * 60_000,
      });
      const cmdId = `upg-${manifest.upgradeId}`;
      await broker.command(SN2, upgradeCommand(manifest, platform));
      await broker.until(() => acks(cmdId, SN2).some((r) => r.result?.step === 'downloadOk'));

      client.goOffline();
      await new Promise((resolve) => setTimeout(resolve, 50));
      flash();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(acks(cmdId, SN2).some((r) => r.status === 'succeeded')).toBe(false);
      expect(firmware).toBe('V1.9');

      client.goOnline();
      await broker.until(() => acks(cmdId, SN2).some((r) => r.status === 'succeeded'));
      expect(acks(cmdId, SN2).at(-1)).toEqual({ cmdId, status: 'succeeded', result: { version: 'V1.9' } });
    } finally {
      await client.stop();
      await server.close();
    }
  });
});
