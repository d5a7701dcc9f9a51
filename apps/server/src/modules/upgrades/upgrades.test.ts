import { createHash, createPublicKey, verify } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  upgradeCommandParams,
  upgradeManifestSchema,
  UPGRADE_LIMITS,
  type InverterList,
  type UpgradeCheck,
  type UpgradeRow,
} from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { gateway, operationLog, upgrade } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import {
  addFirmware,
  answer,
  recordCommands,
  status,
  sunriseId,
  TestClock,
  until,
  upgradePlant,
  upgradesSentTo,
  type SentCommand,
} from '../../test/upgrade-fixture.js';

const clock = new TestClock();
const t = TestApp.forTests();
t.now = clock.now;

const tk = { admin: '', rival: '' };
let sent: SentCommand[];
/** Firmware ids by name. */
const fw: Record<string, string> = {};
let image: Buffer;

const INV_MODEL = 'UP-INV-10K';
const inverter = (sn: string, online = true) => ({ sn, kind: 'inverter' as const, model: INV_MODEL, online });

beforeAll(async () => {
  tk.admin = await t.tokenFor(ACCOUNTS.admin);
  tk.rival = await t.otherCompanyToken();
  sent = recordCommands(t);
  const sunrise = await sunriseId(t.database.db);
  await upgradePlant(t, clock, 'Upgrade plant', [
    {
      sn: 'UPGW01',
      model: 'UP-GW',
      online: true,
      devices: [
        ...['UPINV01', 'UPINV02', 'UPINV03', 'UPINV04', 'UPINV05', 'UPINV06', 'UPINV07', 'UPINV08'].map((sn) =>
          inverter(sn),
        ),
        inverter('UPINV09', false),
        { sn: 'UPMI01', kind: 'inverter', model: 'UP-MI-800', online: true },
        { sn: 'UPBAT01', kind: 'battery', model: 'UP-BAT', online: true },
        { sn: 'UPBAT02', kind: 'battery', model: 'UP-BAT', online: true, parent: 'UPBAT01' },
        { sn: 'UPMTR01', kind: 'meter', model: 'UP-MTR', online: false },
      ],
    },
    { sn: 'UPGW02', model: 'UP-GW', online: false, devices: [inverter('UPINV20', false)] },
  ]);
  const own = { companyId: sunrise };
  const main = await addFirmware(t, { ...own, kind: 'inverter', product: INV_MODEL, version: '2.0' });
  fw.inv20 = main.id;
  image = main.bytes;
  fw.local = (await addFirmware(t, { ...own, kind: 'inverter', product: INV_MODEL, version: '1.8', mode: 'local' })).id;
  fw.older = (await addFirmware(t, { ...own, kind: 'inverter', product: INV_MODEL, version: '0.9' })).id;
  fw.picky = (
    await addFirmware(t, { ...own, kind: 'inverter', product: INV_MODEL, version: '3.0', compatible: ['1.9'] })
  ).id;
  fw.draft = (
    await addFirmware(t, { ...own, kind: 'inverter', product: INV_MODEL, version: '2.1', released: false })
  ).id;
  // The platform's own, never authorised to Sunrise: Sunrise may not even know it exists.
  fw.foreign = (await addFirmware(t, { companyId: null, kind: 'inverter', product: INV_MODEL, version: '2.6' })).id;
  fw.mi = (await addFirmware(t, { ...own, kind: 'inverter', product: 'UP-MI-800', version: '2.0' })).id;
  fw.bat = (await addFirmware(t, { ...own, kind: 'battery', product: 'UP-BAT', version: '2.0' })).id;
  fw.mtr = (await addFirmware(t, { ...own, kind: 'meter', product: 'up-mtr', version: '2.0' })).id;
  fw.gw = (await addFirmware(t, { ...own, kind: 'gateway', product: 'UP-GW', version: '2.0' })).id;
});

const start = (sn: string, firmwareId: string, extra: Record<string, unknown> = {}, token = tk.admin) =>
  t.call<UpgradeRow & { fields?: { field: string; rule: string }[] }>('POST', `/api/v1/equip/${sn}/upgrade`, {
    token,
    body: { firmwareId, ...extra },
  });
const cut = (sn: string) => t.call<UpgradeRow>('POST', `/api/v1/equip/${sn}/cutUpgrade`, { token: tk.admin });
const progressOf = async (sn: string) =>
  (await t.call<UpgradeRow | null>('GET', `/api/v1/equip/${sn}/upgrade/progress`, { token: tk.admin })).data;
const inverterRow = async (sn: string) =>
  (await t.call<InverterList>('GET', '/api/v1/inverters', { token: tk.admin, query: { q: sn } })).data.rows[0];

describe('starting an upgrade', () => {
  it('sends exactly one upgrade command, signed with the platform key, for the image’s size and hash', async () => {
    const res = await start('UPINV01', fw.inv20 ?? '');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ sn: 'UPINV01', kind: 'inverter', fromVersion: '1.0', toVersion: '2.0' });
    expect(res.data.state).toBe('running');
    expect(res.data.startedAt).toBe(clock.ms);
    const cmds = upgradesSentTo(sent, 'UPINV01');
    expect(cmds).toHaveLength(1);
    const [{ gatewaySn, cmd }] = cmds as [SentCommand];
    expect(gatewaySn).toBe('UPGW01');
    expect(cmd.cmdId).toBe(`upg-${res.data.id}`);
    const params = upgradeCommandParams.parse(cmd.params);
    const key = await t.call<{ publicKey: string; fingerprint: string }>('GET', '/api/v1/upgrade/manifestKey');
    expect(key.data.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    const publicKey = createPublicKey(key.data.publicKey);
    expect(verify(null, Buffer.from(params.manifest), publicKey, Buffer.from(params.signature, 'base64'))).toBe(true);
    // A manifest changed on its way does not verify.
    const forged = params.manifest.replace('"2.0"', '"9.0"');
    expect(verify(null, Buffer.from(forged), publicKey, Buffer.from(params.signature, 'base64'))).toBe(false);
    const manifest = upgradeManifestSchema.parse(JSON.parse(params.manifest));
    expect(manifest).toMatchObject({
      upgradeId: res.data.id,
      device: 'UPINV01',
      kind: 'inverter',
      model: INV_MODEL,
      version: '2.0',
      size: image.length,
      sha256: createHash('sha256').update(image).digest('hex'),
      expiresAt: clock.ms + UPGRADE_LIMITS.downloadTtlSec * 1000,
    });
    expect(manifest.url).toContain(`/api/v1/upgrade/image/${res.data.id}?token=`);
    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.target, 'UPINV01'));
    expect(logs.map((l) => l.operation)).toContain('upgrade.start');
    expect((await inverterRow('UPINV01'))?.status).toBe('upgrading');
    // The inverter's own page says so too.
    const detail = await t.call<{ status: string }>('GET', '/api/v1/inverter/UPINV01', { token: tk.admin });
    expect(detail.data.status).toBe('upgrading');
    // While it runs: the same device again is refused, and so is a command to it.
    expect((await start('UPINV01', fw.inv20 ?? '')).code).toBe(ERROR_CODES.deviceUpgrading);
    expect((await t.call('POST', '/api/v1/inverter/UPINV01/boot', { token: tk.admin })).code).toBe(
      ERROR_CODES.deviceUpgrading,
    );
    expect(upgradesSentTo(sent, 'UPINV01')).toHaveLength(1);
  });

  it('serves the image to the manifest’s token only: whole, in ranges, and nothing once expired', async () => {
    const [{ cmd }] = upgradesSentTo(sent, 'UPINV01') as [SentCommand];
    const manifest = upgradeManifestSchema.parse(JSON.parse(upgradeCommandParams.parse(cmd.params).manifest));
    const path = new URL(manifest.url).pathname + new URL(manifest.url).search;
    const get = (url: string, range?: string) => t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });
    const whole = await get(path);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(Buffer.compare(whole.rawPayload, image)).toBe(0);
    const tail = await get(path, 'bytes=1000-');
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes 1000-${image.length - 1}/${image.length}`);
    expect(Buffer.compare(tail.rawPayload, image.subarray(1000))).toBe(0);
    const middle = await get(path, 'bytes=10-19');
    expect(middle.statusCode).toBe(206);
    expect(Buffer.compare(middle.rawPayload, image.subarray(10, 20))).toBe(0);
    const beyond = await get(path, `bytes=${image.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${image.length}`);
    const wrong = await get(path.replace(/token=[^&]+/, `token=${'x'.repeat(43)}`));
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json<{ code: number }>().code).toBe(ERROR_CODES.notFound);
    clock.advance(UPGRADE_LIMITS.downloadTtlSec * 1000 + 1);
    try {
      expect((await get(path)).statusCode).toBe(404);
    } finally {
      clock.ms = manifest.expiresAt - UPGRADE_LIMITS.downloadTtlSec * 1000;
    }
  });

  it('records the steps the gateway reports, in order, and the new version on the device page', async () => {
    const open = await progressOf('UPINV01');
    const cmdId = `upg-${open?.id ?? ''}`;
    await answer(t, 'UPGW01', { cmdId, status: 'progress', result: { step: 'sendingCode' } });
    await answer(t, 'UPGW01', { cmdId, status: 'progress', progress: 40, result: { step: 'sendingFile' } });
    await answer(t, 'UPGW01', { cmdId, status: 'progress', progress: 100, result: { step: 'downloadOk' } });
    await answer(t, 'UPGW01', { cmdId, status: 'succeeded', result: { step: 'upgradeOk', version: '2.0' } });
    const done = await progressOf('UPINV01');
    expect(done?.state).toBe('succeeded');
    expect(done?.steps.map((s) => s.step)).toEqual(['sendingCode', 'sendingFile', 'downloadOk', 'upgradeOk']);
    expect(done?.finishedAt).toBe(clock.ms);
    expect(done?.cancellable).toBe(false);
    const row = await inverterRow('UPINV01');
    expect(row?.firmware).toBe('2.0');
    expect(row?.status).not.toBe('upgrading');
    // A final state is never overwritten, and the image is no longer served.
    await answer(t, 'UPGW01', { cmdId, status: 'failed', error: 'late' });
    expect((await progressOf('UPINV01'))?.state).toBe('succeeded');
  });

  it('takes the answer of the upgrade’s own gateway only', async () => {
    const res = await start('UPINV02', fw.inv20 ?? '');
    const cmdId = `upg-${res.data.id}`;
    await answer(t, 'UPGW02', { cmdId, status: 'succeeded', result: { version: '2.0' } });
    expect((await progressOf('UPINV02'))?.state).toBe('running');
    await answer(t, 'UPGW01', { cmdId, status: 'failed', error: 'hash mismatch', result: { step: 'downloadFailed' } });
    const failed = await progressOf('UPINV02');
    expect(failed).toMatchObject({ state: 'failed', error: 'hash mismatch' });
    expect(failed?.steps.map((s) => s.step)).toEqual(['downloadFailed']);
    expect((await inverterRow('UPINV02'))?.firmware).toBe('1.0');
  });

  it('keeps a step that reached the console after the end, before the end’s step and once', async () => {
    const res = await start('UPINV08', fw.inv20 ?? '');
    const cmdId = `upg-${res.data.id}`;
    await answer(t, 'UPGW01', { cmdId, status: 'progress', result: { step: 'sendingCode' } });
    // The end overtook the download's success (answers of one gateway may reach two instances).
    await answer(t, 'UPGW01', {
      cmdId,
      status: 'failed',
      error: 'flash verify failed',
      result: { step: 'upgradeFailed' },
    });
    await answer(t, 'UPGW01', { cmdId, status: 'progress', progress: 100, result: { step: 'downloadOk' } });
    await answer(t, 'UPGW01', { cmdId, status: 'progress', progress: 100, result: { step: 'downloadOk' } });
    const failed = await progressOf('UPINV08');
    expect(failed).toMatchObject({ state: 'failed', error: 'flash verify failed' });
    expect(failed?.steps.map((s) => s.step)).toEqual(['sendingCode', 'downloadOk', 'upgradeFailed']);
  });
});

describe('refusals', () => {
  const before = () => sent.filter((s) => s.cmd.type === 'upgrade').length;

  it('asks before upgrading an offline device (1201), and goes on once confirmed', async () => {
    expect((await start('UPMTR01', fw.mtr ?? '')).code).toBe(ERROR_CODES.deviceOffline);
    const confirmed = await start('UPMTR01', fw.mtr ?? '', { confirmOffline: true });
    expect(confirmed.code).toBe(0);
    expect(confirmed.data.state).toBe('running');
  });

  it('refuses an offline inverter even when confirmed (1211), a battery slave (1207), local-only firmware (1208)', async () => {
    const n = before();
    expect((await start('UPINV09', fw.inv20 ?? '', { confirmOffline: true })).code).toBe(
      ERROR_CODES.inverterMustBeOnline,
    );
    expect((await start('UPBAT02', fw.bat ?? '')).code).toBe(ERROR_CODES.batterySlaveUpgrade);
    expect((await start('UPINV03', fw.local ?? '')).code).toBe(ERROR_CODES.firmwareNoLocalUpgrade);
    expect(before()).toBe(n);
  });

  it('refuses firmware that is not newer (4001), not for the model, not compatible or not released, sending nothing', async () => {
    const n = before();
    expect((await start('UPINV03', fw.older ?? '')).code).toBe(ERROR_CODES.firmwareLatest);
    for (const [id, rule] of [
      [fw.mi, 'firmwareWrongModel'],
      [fw.bat, 'firmwareWrongModel'],
      [fw.picky, 'firmwareNotCompatible'],
      [fw.draft, 'firmwareNotReleased'],
    ] as const) {
      const res = await start('UPINV03', id ?? '');
      expect(res.code).toBe(ERROR_CODES.validation);
      expect(res.data.fields?.[0]).toMatchObject({ field: 'firmwareId', rule });
    }
    expect(before()).toBe(n);
    expect(await t.database.db.select().from(upgrade).where(eq(upgrade.sn, 'UPINV03'))).toHaveLength(0);
  });

  it('answers "does not exist" for another company’s device and for firmware never authorised to the caller', async () => {
    const n = before();
    expect((await start('UPINV03', fw.inv20 ?? '', {}, tk.rival)).code).toBe(ERROR_CODES.notFound);
    expect((await start('UPINV03', fw.foreign ?? '')).code).toBe(ERROR_CODES.notFound);
    expect((await t.call('POST', '/api/v1/equip/NOSUCHSN/upgrade/check', { token: tk.admin })).code).toBe(
      ERROR_CODES.notFound,
    );
    expect(before()).toBe(n);
  });

  it('offers what the device may take, newest first (the check)', async () => {
    const res = await t.call<UpgradeCheck>('POST', '/api/v1/equip/UPINV03/upgrade/check', { token: tk.admin });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ sn: 'UPINV03', kind: 'inverter', current: '1.0', online: true, open: null });
    // 2.0 and the local-only 1.8; not the draft, the older, the incompatible nor the foreign one.
    expect(res.data.options.map((o) => o.softwareVersion)).toEqual(['2.0', '1.8']);
  });
});

describe('cancelling', () => {
  it('cancels a waiting upgrade at once, and sends the next one when its gateway says it is online', async () => {
    const waiting = await start('UPINV20', fw.inv20 ?? '');
    expect(waiting.data.state).toBe('waiting');
    expect(upgradesSentTo(sent, 'UPINV20')).toHaveLength(0);
    const cancelled = await cut('UPINV20');
    expect(cancelled.data.state).toBe('cancelled');
    expect(upgradesSentTo(sent, 'UPINV20')).toHaveLength(0);

    expect((await start('UPINV20', fw.inv20 ?? '')).data.state).toBe('waiting');
    await status(t, 'UPGW02', { state: 'online', ts: clock.ms, model: 'UP-GW-2' });
    await until(() => upgradesSentTo(sent, 'UPINV20').length === 1, 'the waiting upgrade is sent');
    expect((await progressOf('UPINV20'))?.state).toBe('running');
    const [gw] = await t.database.db.select().from(gateway).where(eq(gateway.sn, 'UPGW02'));
    expect(gw?.model).toBe('UP-GW-2');
    await t.upgrades.tick();
    expect(upgradesSentTo(sent, 'UPINV20')).toHaveLength(1);
  });

  it('asks the gateway to stop a running upgrade; its answer decides', async () => {
    const running = await start('UPINV04', fw.inv20 ?? '');
    const asked = await cut('UPINV04');
    expect(asked.code).toBe(0);
    expect(asked.data.state).toBe('running');
    const cancel = sent.filter((s) => s.cmd.type === 'cancelUpgrade' && s.cmd.device === 'UPINV04');
    expect(cancel).toHaveLength(1);
    expect(cancel[0]?.cmd).toMatchObject({ cmdId: `upgc-${running.data.id}`, params: { upgradeId: running.data.id } });
    await answer(t, 'UPGW01', { cmdId: `upgc-${running.data.id}`, status: 'succeeded' });
    await answer(t, 'UPGW01', { cmdId: `upg-${running.data.id}`, status: 'failed', error: 'cancelled' });
    expect((await progressOf('UPINV04'))?.state).toBe('cancelled');

    // The device went on and finished: the cancellation failed, and the device runs the new version.
    const other = await start('UPINV05', fw.inv20 ?? '');
    await cut('UPINV05');
    await answer(t, 'UPGW01', { cmdId: `upg-${other.data.id}`, status: 'succeeded', result: { version: '2.0' } });
    expect(await progressOf('UPINV05')).toMatchObject({ state: 'cancelFailed', error: null });
    expect((await inverterRow('UPINV05'))?.firmware).toBe('2.0');
  });

  it('refuses to cancel a micro inverter (1209), and answers "does not exist" with nothing to cancel', async () => {
    const micro = await start('UPMI01', fw.mi ?? '');
    expect(micro.data.cancellable).toBe(false);
    expect((await cut('UPMI01')).code).toBe(ERROR_CODES.inverterNoCancel);
    expect((await cut('UPINV06')).code).toBe(ERROR_CODES.notFound);
    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.target, 'UPINV04'));
    expect(logs.map((l) => l.operation)).toContain('upgrade.cancel');
  });
});

describe('a run that never ends', () => {
  it('fails as timed out once the run timeout has passed on the app’s clock', async () => {
    const res = await start('UPINV07', fw.inv20 ?? '');
    expect(res.data.state).toBe('running');
    clock.advance(UPGRADE_LIMITS.runTimeoutSec * 1000 - 1);
    await t.upgrades.tick();
    expect((await progressOf('UPINV07'))?.state).toBe('running');
    clock.advance(2);
    await t.upgrades.tick();
    expect(await progressOf('UPINV07')).toMatchObject({ state: 'failed', error: 'timed out' });
  });
});

describe('a gateway’s own upgrade', () => {
  it('goes to the gateway itself, and its new version is the gateway’s', async () => {
    const res = await start('UPGW01', fw.gw ?? '');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ sn: 'UPGW01', kind: 'gateway', model: 'UP-GW', state: 'running' });
    const [{ gatewaySn, cmd }] = upgradesSentTo(sent, 'UPGW01') as [SentCommand];
    expect(gatewaySn).toBe('UPGW01');
    // While the gateway flashes it takes no other command.
    expect((await t.call('POST', '/api/v1/gateway/UPGW01/restart', { token: tk.admin })).code).toBe(
      ERROR_CODES.deviceUpgrading,
    );
    await answer(t, 'UPGW01', { cmdId: cmd.cmdId, status: 'succeeded', result: { version: '2.0' } });
    const [gw] = await t.database.db.select().from(gateway).where(eq(gateway.sn, 'UPGW01'));
    expect(gw?.firmware).toBe('2.0');
    expect((await progressOf('UPGW01'))?.state).toBe('succeeded');
  });
});
