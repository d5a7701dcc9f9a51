import { createHash } from 'node:crypto';
import type { CommandResult, UpgradeManifest } from '@heliograph/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { startImageServer, type ImageServer, type ImageServerBehaviour } from '../testing/image-server.js';
import { cancelCommand, testManifest, testSigner, upgradeCommand } from '../testing/manifest-signer.js';
import { UpgradeRunner, type UpgradeTuning } from './upgrade-runner.js';
import type { UpgradeSubject } from './upgrade-verify.js';

const NOW = Date.UTC(2026, 10, 26, 12);
const INVERTER: UpgradeSubject = { sn: 'INV10001001', kind: 'inverter', model: 'SIM-STR-5K-1P', firmware: 'V3.1.4' };
const BATTERY: UpgradeSubject = { sn: 'BAT10001001', kind: 'battery', model: 'SIM-BAT-10.2', firmware: 'BMS 2.0.7' };
const MICRO: UpgradeSubject = { sn: 'INV10003001', kind: 'inverter', model: 'SIM-MI-800', firmware: 'V3.1.4' };
const IMAGE = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 31) & 0xff));
const SHA256 = createHash('sha256').update(IMAGE).digest('hex');

const platform = testSigner();
const servers: ImageServer[] = [];
const runners: UpgradeRunner[] = [];

afterEach(async () => {
  for (const runner of runners.splice(0)) runner.stop();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(image: Buffer = IMAGE, behaviour: ImageServerBehaviour = {}): Promise<ImageServer> {
  const server = await startImageServer(image, behaviour);
  servers.push(server);
  return server;
}

/** A runner for a gateway with an inverter, a battery and a micro inverter; installs take no time unless told. */
function gateway(tuning: UpgradeTuning = {}) {
  const published: CommandResult[] = [];
  const installed: [string, string][] = [];
  const runner = new UpgradeRunner(
    {
      now: () => NOW,
      subject: (sn) => [INVERTER, BATTERY, MICRO].find((s) => s.sn === sn),
      installed: (sn, version) => installed.push([sn, version]),
      publish: (result) => published.push(result),
      log: () => {},
    },
    { manifestKey: platform.publicKeyPem, failureRate: 0, sleep: async () => {}, retryBaseMs: 1, ...tuning },
  );
  runners.push(runner);
  const of = (m: UpgradeManifest) => published.filter((r) => r.cmdId === `upg-${m.upgradeId}`);
  return { runner, published, installed, of };
}

function manifestFor(subject: UpgradeSubject, server: ImageServer, over: Partial<UpgradeManifest> = {}) {
  return testManifest({
    device: subject.sn,
    model: subject.model,
    kind: subject.kind === 'battery' ? 'battery' : 'inverter',
    version: subject.kind === 'battery' ? 'BMS 2.1.0' : 'V3.2.0',
    size: IMAGE.length,
    sha256: SHA256,
    url: server.url,
    expiresAt: NOW + 15 * 60_000,
    ...over,
  });
}

async function until(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const isFinal = (r: CommandResult) => r.status === 'succeeded' || r.status === 'failed';
const steps = (results: CommandResult[]) => results.map((r) => (r.result?.step as string | undefined) ?? r.status);

describe('a gateway upgrading a device', () => {
  it('reports each step, the file in tenths, and the new version, which the device then runs', async () => {
    const server = await serve();
    const gw = gateway();
    const m = manifestFor(INVERTER, server);
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => gw.of(m).some(isFinal));
    const sending = gw.of(m).filter((r) => r.result?.step === 'sendingFile');
    expect(steps(gw.of(m))).toEqual([
      'sendingCode',
      ...sending.map(() => 'sendingFile'),
      'downloadOk',
      'upgradeOk',
      'succeeded',
    ]);
    // As the bytes arrive, at most one report per tenth (a large chunk may cross several), from 0 to 100.
    const percents = sending.map((r) => r.progress ?? -1);
    expect(percents[0]).toBe(0);
    expect(percents.at(-1)).toBe(100);
    expect(percents.every((p, i) => p % 10 === 0 && (i === 0 || p > (percents[i - 1] ?? 100)))).toBe(true);
    expect(gw.of(m).at(-1)).toEqual({
      cmdId: `upg-${m.upgradeId}`,
      status: 'succeeded',
      result: { version: 'V3.2.0' },
    });
    expect(gw.installed).toEqual([[INVERTER.sn, 'V3.2.0']]);

    // The same command again (the console resent it) gets the same outcome, and nothing is fetched again.
    const requests = server.ranges.length;
    gw.runner.handle(upgradeCommand(m, platform));
    expect(gw.of(m).at(-1)?.status).toBe('succeeded');
    expect(server.ranges.length).toBe(requests);
  });

  it('fails a download whose SHA-256 is not the manifest’s at downloadFailed, and installs nothing', async () => {
    const server = await serve();
    const gw = gateway();
    const m = manifestFor(INVERTER, server, { sha256: 'f'.repeat(64) });
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => gw.of(m).some(isFinal));
    expect(gw.of(m).at(-1)).toEqual({
      cmdId: `upg-${m.upgradeId}`,
      status: 'failed',
      error: 'hash mismatch',
      result: { step: 'downloadFailed' },
    });
    expect(steps(gw.of(m))).not.toContain('downloadOk');
    expect(gw.installed).toEqual([]);
  });

  it('fails an image larger than the manifest says with size mismatch', async () => {
    const server = await serve(Buffer.concat([IMAGE, Buffer.alloc(100)]));
    const gw = gateway();
    const m = manifestFor(INVERTER, server);
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => gw.of(m).some(isFinal));
    expect(gw.of(m).at(-1)).toMatchObject({
      status: 'failed',
      error: 'size mismatch',
      result: { step: 'downloadFailed' },
    });
  });

  it('answers upgradeFailed when flashing fails (the seeded draw says so), and the device keeps its version', async () => {
    const server = await serve();
    const gw = gateway({ failureRate: 1 });
    const m = manifestFor(BATTERY, server);
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => gw.of(m).some(isFinal));
    expect(steps(gw.of(m)).slice(-2)).toEqual(['downloadOk', 'upgradeFailed']);
    expect(gw.of(m).at(-1)).toMatchObject({ status: 'failed', result: { step: 'upgradeFailed' } });
    expect(gw.installed).toEqual([]);
  });

  it('draws the same install outcomes for the same seed', async () => {
    const server = await serve();
    const outcomes = async () => {
      const gw = gateway({ failureRate: 0.5, seed: 42 });
      const out: string[] = [];
      for (let i = 0; i < 6; i++) {
        // Each a newer version than the last, so none is a downgrade.
        const m = manifestFor(INVERTER, server, { version: `V3.2.${i}` });
        gw.runner.handle(upgradeCommand(m, platform));
        await until(() => gw.of(m).some(isFinal));
        out.push(gw.of(m).at(-1)?.status ?? '');
      }
      return out;
    };
    const first = await outcomes();
    expect(await outcomes()).toEqual(first);
    expect(new Set(first)).toEqual(new Set(['succeeded', 'failed']));
  });
});

describe('cancelling', () => {
  it('stops a download: the upgrade answers failed cancelled, the cancel succeeds, nothing is installed', async () => {
    const server = await serve(IMAGE, { stallAt: IMAGE.length / 2 });
    const gw = gateway();
    const m = manifestFor(INVERTER, server);
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => gw.of(m).some((r) => r.progress === 50));
    const cancel = cancelCommand(m);
    gw.runner.handle(cancel);
    expect(gw.of(m).at(-1)).toEqual({ cmdId: `upg-${m.upgradeId}`, status: 'failed', error: 'cancelled' });
    expect(gw.published.at(-1)).toMatchObject({ cmdId: cancel.cmdId, status: 'succeeded' });
    await until(() => !gw.runner.busy);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gw.of(m).filter(isFinal)).toHaveLength(1);
    expect(gw.installed).toEqual([]);
  });

  it('cannot stop flashing: the cancel answers too late and the upgrade finishes', async () => {
    const server = await serve();
    let release: () => void = () => {};
    const gw = gateway({ sleep: () => new Promise<void>((resolve) => (release = resolve)) });
    const m = manifestFor(INVERTER, server);
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => steps(gw.of(m)).includes('downloadOk'));
    const cancel = cancelCommand(m);
    gw.runner.handle(cancel);
    expect(gw.published.at(-1)).toEqual({ cmdId: cancel.cmdId, status: 'failed', error: 'too late' });
    release();
    await until(() => gw.of(m).some(isFinal));
    expect(steps(gw.of(m)).slice(-2)).toEqual(['upgradeOk', 'succeeded']);
    expect(gw.installed).toEqual([[INVERTER.sn, 'V3.2.0']]);
  });

  it('a micro inverter cannot be cancelled at all', async () => {
    const server = await serve(IMAGE, { stallAt: 1000 });
    const gw = gateway();
    const m = manifestFor(MICRO, server);
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => steps(gw.of(m)).includes('sendingFile'));
    gw.runner.handle(cancelCommand(m));
    expect(gw.published.at(-1)).toMatchObject({ status: 'failed', error: 'not supported' });
    expect(gw.of(m).some(isFinal)).toBe(false);
  });

  it('downloads one image at a time; a waiting upgrade is cancelled before it fetches anything', async () => {
    const server = await serve(IMAGE, { stallAt: 1000 });
    const gw = gateway();
    const first = manifestFor(INVERTER, server);
    const second = manifestFor(BATTERY, server);
    gw.runner.handle(upgradeCommand(first, platform));
    gw.runner.handle(upgradeCommand(second, platform));
    await until(() => server.ranges.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps(gw.of(second))).toEqual(['sendingCode']);
    expect(server.ranges).toHaveLength(1);

    gw.runner.handle(cancelCommand(second));
    expect(gw.of(second).at(-1)).toMatchObject({ status: 'failed', error: 'cancelled' });
    gw.runner.handle(cancelCommand(first));
    await until(() => !gw.runner.busy);
    expect(server.ranges).toHaveLength(1);
    expect(gw.installed).toEqual([]);
  });

  it('answers a cancel of an upgrade it never had as unknown, and of a finished one as too late', async () => {
    const server = await serve();
    const gw = gateway();
    const m = manifestFor(INVERTER, server);
    gw.runner.handle(cancelCommand(m));
    expect(gw.published.at(-1)).toMatchObject({ status: 'failed', error: 'unknown upgrade' });
    gw.runner.handle(upgradeCommand(m, platform));
    await until(() => gw.of(m).some(isFinal));
    gw.runner.handle(cancelCommand(m));
    expect(gw.published.at(-1)).toMatchObject({ status: 'failed', error: 'too late' });
  });
});
