import { and, eq } from 'drizzle-orm';
import { CAMERA_KINDS, ERROR_CODES, type CameraRow, type CameraTestResult } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  auditLog,
  camera,
  cameraChannel,
  company,
  companyAgent,
  operationLog,
  recordingSegment,
  role,
  storageSpace,
} from '../../db/schema.js';
import { closedPort, fakeRtsp } from '../../test/fake-rtsp.js';
import { ACCOUNTS, DEMO_PASSWORD, signInForTests, TestApp } from '../../test/harness.js';
import { STORAGE_PLANT_FIELDS } from '../../test/plant-fields.js';
import { SecretBox } from '../auth/secret-box.js';
import { hashPassword } from '../auth/passwords.js';
import { DEMO_CUSTOMER_ACCOUNT } from '../demo/customers.js';
import { provisionPlant } from '../plants/provision.js';
import { ensureDemoCameras } from './demo.js';
import { findChannel } from './finders.js';
import { loadUserContext as loadAuthContext } from '../users/repository.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'visitor', 'owner', 'rival');
/** Every raw answer of this file: the passwords must be in none of them. */
const answers: string[] = [];
/**
 * The passwords this file ever sends (all distinct, so a leak of any is found). Each has a character
 * no id, date or hex string holds: a 4-letter 'abcd' once turned up inside a random uuid.
 */
const PASSWORDS = ['Kept-pass#01', 'Zq#4', '20-characters-pass!!', 'Changed-pw#2', 'Probe-pass#3'];

async function raw<T>(
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<{ status: number; code: number; data: T }> {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    query: opts.query,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
  });
  answers.push(res.body);
  const body = res.json() as { code: number; data: T };
  return { status: res.statusCode, code: body.code, data: body.data };
}

type Fields = { fields: { field: string; rule: string }[] };

let sunriseId = '';
let plantA = ''; // owned by the demo plant owner, shared with the visitor
let plantB = ''; // the company's, nobody's own
let plantC = ''; // owned by the demo customer
let rivalPlant = '';
let rivalSpace = '';
let customerToken = '';
let agentToken = '';

const body = (plantId: string, extra: Record<string, unknown> = {}) => ({
  plantId,
  kind: 'hikvision',
  name: 'Gate',
  host: '192.0.2.10',
  port: 554,
  username: 'admin',
  password: PASSWORDS[0],
  channels: 1,
  ...extra,
});

beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rival] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  sunriseId = sunrise?.id ?? '';
  const users = await db.select().from(appUser);
  const idOf = (account: string) => users.find((u) => u.account === account)?.id ?? null;
  const make = async (name: string, companyId: string, ownerId: string | null, shared: string | null) =>
    (
      await provisionPlant(db, {
        companyId,
        ownerId,
        name,
        ...STORAGE_PLANT_FIELDS,
        gateways: [],
        sharedWith: shared ? [{ userId: shared, level: 'guest' }] : [],
      })
    ).plantId;
  plantA = await make('Camera plant A', sunriseId, idOf(ACCOUNTS.owner), idOf(ACCOUNTS.visitor));
  plantB = await make('Camera plant B', sunriseId, null, null);
  plantC = await make('Camera plant C', sunriseId, idOf(DEMO_CUSTOMER_ACCOUNT), null);
  rivalPlant = await make('Rival camera plant', rival?.id ?? '', null, null);
  customerToken = await t.tokenFor(DEMO_CUSTOMER_ACCOUNT, DEMO_PASSWORD);
  // An agent company appointed by Sunrise (read level): its agent sees Sunrise's plants, not Rival's.
  const [agency] = await db.insert(company).values({ name: 'Camera Agency' }).returning();
  const [agentRole] = await db.select().from(role).where(eq(role.key, 'agent'));
  const [agent] = await db
    .insert(appUser)
    .values({
      account: 'agent@agency.example',
      email: 'agent@agency.example',
      nickname: 'Agent',
      companyId: agency?.id ?? null,
      roleId: agentRole?.id ?? '',
      passwordHash: await hashPassword('Agent2026pass'),
    })
    .returning();
  await db
    .insert(companyAgent)
    .values({ companyId: sunriseId, agentCompanyId: agency?.id ?? '', agentUserId: agent?.id ?? '', level: 'view' });
  agentToken = await t.tokenFor('agent@agency.example', 'Agent2026pass');
  // Rival's own space and camera: Sunrise may use neither.
  const space = await raw<{ id: string }>('POST', '/storage-space/add', {
    token: tokens.rival,
    body: { name: 'Rival space', kind: 'folder', folder: 'rival', capacityGb: 10, retentionDays: 7 },
  });
  rivalSpace = space.data.id;
  expect((await raw('POST', '/camera/add', { token: tokens.rival, body: body(rivalPlant) })).code).toBe(0);
});

afterAll(() => {
  // Nothing any route answered in this file carries a password it was given, raw or encoded.
  for (const p of PASSWORDS) {
    const leaks = answers.filter((a) => a.includes(p) || a.includes(encodeURIComponent(p)));
    expect(leaks, p).toEqual([]);
  }
});

describe('camera rules', () => {
  it('refuses a password of 3 or 21 characters with the cameraPassword message, keeps 4 and 20', async () => {
    for (const password of ['abc', 'x'.repeat(21)]) {
      const res = await raw<Fields>('POST', '/camera/add', { token: tokens.admin, body: body(plantB, { password }) });
      expect(res.code, password).toBe(ERROR_CODES.validation);
      expect(res.data.fields).toEqual([expect.objectContaining({ field: 'password', rule: 'cameraPassword' })]);
    }
    for (const password of [PASSWORDS[1], PASSWORDS[2]]) {
      const res = await raw<CameraRow>('POST', '/camera/add', {
        token: tokens.admin,
        body: body(plantB, { password }),
      });
      expect(res.code, password).toBe(0);
      expect(res.data.hasPassword).toBe(true);
      // Kept sealed: the stored text is not the password and opens to it.
      const [row] = await t.database.db.select().from(camera).where(eq(camera.id, res.data.id));
      expect(row?.passwordCipher).toMatch(/^v1\./);
      expect(await new SecretBox(t.database.db).open(row?.passwordCipher ?? '')).toBe(password);
    }
  });

  it('takes each of the nine kinds and refuses any other, the simulated kind included', async () => {
    for (const kind of CAMERA_KINDS) {
      const res = await raw<CameraRow>('POST', '/camera/add', { token: tokens.admin, body: body(plantB, { kind }) });
      expect(res.code, kind).toBe(0);
      expect(res.data.kind).toBe(kind);
    }
    for (const kind of ['simulated', 'nest', '']) {
      const res = await raw<Fields>('POST', '/camera/add', { token: tokens.admin, body: body(plantB, { kind }) });
      expect(res.code, kind).toBe(ERROR_CODES.validation);
      expect(res.data.fields[0]?.field).toBe('kind');
    }
  });

  it('refuses a port, host and channel count out of range, naming the field', async () => {
    for (const [field, value, rule] of [
      ['port', 0, 'cameraPort'],
      ['port', 65536, 'cameraPort'],
      ['onvifPort', 0, 'cameraPort'],
      ['onvifPort', 70000, 'cameraPort'],
      ['channels', 0, 'cameraChannels'],
      ['channels', 65, 'cameraChannels'],
      ['host', 'h'.repeat(254), 'cameraHost'],
      // Characters that would move the credentials or the connection elsewhere in the RTSP address.
      ['host', 'cam.example@evil.example', 'cameraHost'],
      ['host', 'cam.example/x?y', 'cameraHost'],
      ['host', 'cam example', 'cameraHost'],
    ] as const) {
      const res = await raw<Fields>('POST', '/camera/add', {
        token: tokens.admin,
        body: body(plantB, { [field]: value }),
      });
      expect(res.code, `${field} ${value}`).toBe(ERROR_CODES.validation);
      expect(res.data.fields).toEqual([expect.objectContaining({ field, rule })]);
    }
  });

  it('keeps an ONVIF camera’s service port, 80 when the form leaves it out', async () => {
    const given = await raw<CameraRow>('POST', '/camera/add', {
      token: tokens.admin,
      body: body(plantB, { kind: 'onvif', name: 'Onvif 8899', onvifPort: 8899 }),
    });
    expect(given.data.onvifPort).toBe(8899);
    const left = await raw<CameraRow>('POST', '/camera/add', {
      token: tokens.admin,
      body: body(plantB, { kind: 'onvif', name: 'Onvif default' }),
    });
    expect(left.data.onvifPort).toBe(80);
    for (const id of [given.data.id, left.data.id])
      expect((await raw('POST', `/camera/delete/${id}`, { token: tokens.admin })).code).toBe(0);
  });

  it('takes host names, IPv4 and IPv6 addresses as the host', async () => {
    for (const host of ['nvr-1.site.example', '10.0.0.7', 'fe80::1', '[2001:db8::7]', 'fe80::1%eth0', 'CAM_2']) {
      const res = await raw<CameraRow>('POST', '/camera/add', { token: tokens.admin, body: body(plantB, { host }) });
      expect(res.code, host).toBe(0);
    }
  });

  it('needs a storage space of the camera’s company to record', async () => {
    const none = await raw<Fields>('POST', '/camera/add', {
      token: tokens.admin,
      body: body(plantB, { recording: 'continuous' }),
    });
    expect(none.code).toBe(ERROR_CODES.validation);
    expect(none.data.fields).toEqual([expect.objectContaining({ field: 'storageSpaceId', rule: 'required' })]);
    const rivals = await raw<Fields>('POST', '/camera/add', {
      token: tokens.admin,
      body: body(plantB, { recording: 'event', storageSpaceId: rivalSpace }),
    });
    expect(rivals.code).toBe(ERROR_CODES.validation);
    expect(rivals.data.fields).toEqual([expect.objectContaining({ field: 'storageSpaceId', rule: 'invalid' })]);
    const own = await raw<{ id: string }>('POST', '/storage-space/add', {
      token: tokens.admin,
      body: { name: 'Camera test space', kind: 'folder', folder: 'cams', capacityGb: 5, retentionDays: 3 },
    });
    const ok = await raw<CameraRow>('POST', '/camera/add', {
      token: tokens.admin,
      body: body(plantB, { recording: 'event', storageSpaceId: own.data.id }),
    });
    expect(ok.data).toMatchObject({ recording: 'event', storageSpaceId: own.data.id });
  });
});

describe('a camera’s life', () => {
  let cam: CameraRow;
  it('adds a camera with channels 1..n named “Channel k”, in the audit and operation logs', async () => {
    const res = await raw<CameraRow>('POST', '/camera/add', {
      token: tokens.admin,
      body: body(plantA, { name: 'Roof NVR', channels: 3 }),
    });
    expect(res.code).toBe(0);
    cam = res.data;
    expect(cam).toMatchObject({ plantId: plantA, plantName: 'Camera plant A', state: 'unknown', stateAt: null });
    expect(cam.channels.map((c) => [c.number, c.name])).toEqual([
      [1, 'Channel 1'],
      [2, 'Channel 2'],
      [3, 'Channel 3'],
    ]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, cam.id));
    expect(audit.map((a) => a.action)).toEqual(['camera.create']);
    expect(audit[0]?.companyId).toBe(sunriseId);
    const ops = await t.database.db.select().from(operationLog).where(eq(operationLog.target, cam.id));
    expect(ops.map((o) => o.operation)).toEqual(['camera.add']);
    expect(JSON.stringify([audit, ops])).not.toContain(PASSWORDS[0]);
  });

  it('keeps the password when an edit leaves it out or blank, also when the address and kind change', async () => {
    const cipher = async () =>
      (await t.database.db.select().from(camera).where(eq(camera.id, cam.id)))[0]?.passwordCipher;
    const before = await cipher();
    const edit = { kind: 'dahua', name: 'Roof NVR', host: 'nvr.example', port: 8554, username: 'viewer', channels: 3 };
    expect((await raw('POST', `/camera/edit/${cam.id}`, { token: tokens.admin, body: edit })).code).toBe(0);
    expect(await cipher()).toBe(before);
    const blank = await raw<CameraRow>('POST', `/camera/edit/${cam.id}`, {
      token: tokens.admin,
      body: { ...edit, path: '/x', password: '' },
    });
    expect(blank.code).toBe(0);
    expect(await cipher()).toBe(before);
    const short = await raw<Fields>('POST', `/camera/edit/${cam.id}`, {
      token: tokens.admin,
      body: { ...edit, password: 'abc' },
    });
    expect(short.data.fields).toEqual([expect.objectContaining({ field: 'password', rule: 'cameraPassword' })]);
    const changed = await raw<CameraRow>('POST', `/camera/edit/${cam.id}`, {
      token: tokens.admin,
      body: { ...edit, password: PASSWORDS[3] },
    });
    expect(changed.data).toMatchObject({ kind: 'dahua', host: 'nvr.example', port: 8554, hasPassword: true });
    expect(await new SecretBox(t.database.db).open((await cipher()) ?? '')).toBe(PASSWORDS[3]);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, cam.id));
    expect(audit.at(-1)).toMatchObject({ action: 'camera.update' });
    expect(JSON.stringify(audit.at(-1)?.newValue)).toContain('"passwordChanged":true');
  });

  it('grows and shrinks the channels from the end, the ones that stay keeping their ids', async () => {
    const edit = { kind: 'dahua', name: 'Roof NVR', host: 'nvr.example', port: 8554, username: 'viewer' };
    const grown = await raw<CameraRow>('POST', `/camera/edit/${cam.id}`, {
      token: tokens.admin,
      body: { ...edit, channels: 5 },
    });
    expect(grown.data.channels.map((c) => c.number)).toEqual([1, 2, 3, 4, 5]);
    expect(grown.data.channels.slice(0, 3).map((c) => c.id)).toEqual(cam.channels.map((c) => c.id));
    const shrunk = await raw<CameraRow>('POST', `/camera/edit/${cam.id}`, {
      token: tokens.admin,
      body: { ...edit, channels: 2 },
    });
    expect(shrunk.data.channels.map((c) => c.id)).toEqual(cam.channels.slice(0, 2).map((c) => c.id));
    cam = shrunk.data;
  });

  it('tests a kept camera: a closed port is unreachable, a 401 wrongPassword, stored with when', async () => {
    const port = await closedPort();
    const edit = { kind: 'hikvision', name: 'Roof NVR', host: '127.0.0.1', port, username: 'admin', channels: 2 };
    await raw('POST', `/camera/edit/${cam.id}`, { token: tokens.admin, body: edit });
    const down = await raw<CameraTestResult>('POST', `/camera/test/${cam.id}`, { token: tokens.admin });
    expect(down.data).toMatchObject({ state: 'unreachable', video: null });
    const row = await raw<CameraRow>('GET', `/camera/${cam.id}`, { token: tokens.admin });
    expect(row.data).toMatchObject({ state: 'unreachable', stateAt: down.data.checkedAt });
    const fake = await fakeRtsp({ status: 401, reason: 'Unauthorized' });
    try {
      await raw('POST', `/camera/edit/${cam.id}`, { token: tokens.admin, body: { ...edit, port: fake.port } });
      const refused = await raw<CameraTestResult>('POST', `/camera/test/${cam.id}`, { token: tokens.admin });
      expect(refused.data.state).toBe('wrongPassword');
      // An unsaved camera from the form: tested, nothing kept.
      const probe = await raw<CameraTestResult>('POST', '/camera/probe', {
        token: tokens.admin,
        body: body(plantA, { host: '127.0.0.1', port: fake.port, password: PASSWORDS[4] }),
      });
      expect(probe.data.state).toBe('wrongPassword');
    } finally {
      await fake.close();
    }
    expect((await raw<CameraRow>('GET', `/camera/${cam.id}`, { token: tokens.admin })).data.state).toBe(
      'wrongPassword',
    );
  });

  it('finds a channel with its camera and plant for those who may see the plant (live view, playback)', async () => {
    const ch = cam.channels[0]?.id ?? '';
    const db = t.database.db;
    const [owner] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.owner));
    const auth = await loadAuthContext(db, owner?.id ?? '');
    if (!auth) throw new Error('no owner');
    const found = await findChannel(db, auth, ch);
    expect(found.channel.number).toBe(1);
    expect(found.camera.id).toBe(cam.id);
    expect(found.plant).toMatchObject({ id: plantA, name: 'Camera plant A', companyId: sunriseId });
    // The owner may change their plant; the visitor (a guest share) sees it and may change nothing.
    expect((await findChannel(db, auth, ch, { write: true })).channel.id).toBe(ch);
    const [visitor] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.visitor));
    const guest = await loadAuthContext(db, visitor?.id ?? '');
    if (!guest) throw new Error('no visitor');
    expect((await findChannel(db, guest, ch)).plant.id).toBe(plantA);
    await expect(findChannel(db, guest, ch, { write: true })).rejects.toMatchObject({ key: 'notFound' });
    await expect(findChannel(db, auth, 'not-a-uuid')).rejects.toMatchObject({ key: 'notFound' });
  });

  it('deletes a camera with its channels; its recordings are left to retention, no longer anyone’s', async () => {
    const db = t.database.db;
    const [space] = await db.select().from(storageSpace).where(eq(storageSpace.companyId, sunriseId));
    await db.insert(recordingSegment).values({
      channelId: cam.channels[0]?.id ?? '',
      storageSpaceId: space?.id ?? '',
      startedAt: new Date(Date.UTC(2026, 0, 1)),
      durationMs: 2000,
      bytes: 1000,
      objectKey: 'x.ts',
    });
    expect((await raw('POST', `/camera/delete/${cam.id}`, { token: tokens.admin })).code).toBe(0);
    expect(await db.select().from(cameraChannel).where(eq(cameraChannel.cameraId, cam.id))).toEqual([]);
    // recording.test.ts: retention then removes them and their files.
    expect((await db.select().from(recordingSegment)).map((r) => r.channelId)).toEqual([null]);
    expect((await raw('GET', `/camera/${cam.id}`, { token: tokens.admin })).code).toBe(ERROR_CODES.notFound);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, cam.id), eq(auditLog.action, 'camera.delete')));
    expect(audit).toHaveLength(1);
  });
});

describe('who sees which camera', () => {
  let sunriseCam = '';
  let channelId = '';
  beforeAll(async () => {
    for (const plantId of [plantA, plantB, plantC]) {
      const res = await raw<CameraRow>('POST', '/camera/add', {
        token: tokens.admin,
        body: body(plantId, { name: `Who ${plantId.slice(0, 4)}`, channels: 2 }),
      });
      if (plantId === plantA) {
        sunriseCam = res.data.id;
        channelId = res.data.channels[0]?.id ?? '';
      }
    }
  });

  const plantsSeen = async (token: string) => {
    const list = await raw<{ total: number; rows: CameraRow[] }>('GET', '/camera/list', {
      token,
      query: { size: '100' },
    });
    return [...new Set(list.data.rows.map((r) => r.plantId))];
  };

  it('answers another company “does not exist” for every camera route, and changes nothing', async () => {
    const edit = { kind: 'rtsp', name: 'Mine', host: 'evil.example', port: 554, channels: 1, password: 'Rival-pw#1' };
    for (const [method, url, b] of [
      ['GET', `/camera/${sunriseCam}`, undefined],
      ['POST', `/camera/edit/${sunriseCam}`, edit],
      ['POST', `/camera/test/${sunriseCam}`, undefined],
      ['POST', `/camera/delete/${sunriseCam}`, undefined],
    ] as const) {
      expect((await raw(method, url, { token: tokens.rival, body: b })).code, url).toBe(ERROR_CODES.notFound);
    }
    for (const url of ['/camera/add', '/camera/probe']) {
      const res = await raw(url === '/camera/add' ? 'POST' : 'POST', url, {
        token: tokens.rival,
        body: body(plantA),
      });
      expect(res.code, url).toBe(ERROR_CODES.plantNotFound);
    }
    const filtered = await raw<{ total: number }>('GET', '/camera/list', {
      token: tokens.rival,
      query: { plantId: plantA },
    });
    expect(filtered.data.total).toBe(0);
    expect(await plantsSeen(tokens.rival)).toEqual([rivalPlant]);
    const [row] = await t.database.db.select().from(camera).where(eq(camera.id, sunriseCam));
    expect(row).toMatchObject({ name: `Who ${plantA.slice(0, 4)}`, state: 'unknown' });
    // Another company's channel does not exist for the channel finder either.
    const db = t.database.db;
    const [boss] = await db.select().from(appUser).where(eq(appUser.account, 'boss@rival.example'));
    const rivalAuth = await loadAuthContext(db, boss?.id ?? '');
    if (!rivalAuth) throw new Error('no rival');
    await expect(findChannel(db, rivalAuth, channelId)).rejects.toMatchObject({ key: 'notFound' });
  });

  it('shows each role the cameras of the plants it may see, and lets only camera.edit change them', async () => {
    expect(await plantsSeen(tokens.visitor)).toEqual([plantA]);
    expect(await plantsSeen(tokens.owner)).toEqual([plantA]);
    expect(await plantsSeen(customerToken)).toEqual([plantC]);
    expect((await plantsSeen(agentToken)).sort()).toEqual([plantA, plantB, plantC].sort());
    expect((await plantsSeen(tokens.admin)).sort()).toEqual([plantA, plantB, plantC].sort());
    // The visitor and the owner see, and may not change or test (no camera.edit).
    for (const token of [tokens.visitor, tokens.owner, customerToken, agentToken]) {
      expect((await raw('POST', `/camera/test/${sunriseCam}`, { token })).status).toBe(403);
    }
    // The customer does not see plant A's camera at all.
    expect((await raw('GET', `/camera/${sunriseCam}`, { token: customerToken })).code).toBe(ERROR_CODES.notFound);
  });
});

describe('the demo cameras', () => {
  it('gives the three largest plants simulated cameras once, one recording around faults', async () => {
    const db = t.database.db;
    const [demo] = await db.insert(company).values({ name: 'Demo camera co' }).returning();
    const companyId = demo?.id ?? '';
    for (const [name, capacityKw] of [
      ['Small', 5],
      ['Huge', 900],
      ['Big', 500],
      ['Large', 700],
    ] as const) {
      await provisionPlant(db, {
        companyId,
        ownerId: null,
        name: `Demo ${name}`,
        ...STORAGE_PLANT_FIELDS,
        capacityKw,
        gateways: [],
        sharedWith: [],
      });
    }
    expect(await ensureDemoCameras(db, companyId)).toBe(3);
    expect(await ensureDemoCameras(db, companyId)).toBe(0);
    const cams = await db.select().from(camera).where(eq(camera.companyId, companyId));
    expect(cams).toHaveLength(3);
    expect(cams.every((c) => c.kind === 'simulated' && c.host === 'simulated' && c.port === 554)).toBe(true);
    expect(cams.filter((c) => c.recording === 'event')).toHaveLength(1);
    expect(cams.filter((c) => c.recording === 'off')).toHaveLength(2);
    const [space] = await db.select().from(storageSpace).where(eq(storageSpace.companyId, companyId));
    expect(space).toMatchObject({ name: 'Demo recordings', folder: 'demo', kind: 'folder' });
    for (const c of cams) {
      const channels = await db.select().from(cameraChannel).where(eq(cameraChannel.cameraId, c.id));
      expect(channels.length).toBeGreaterThanOrEqual(1);
      expect(channels.length).toBeLessThanOrEqual(4);
    }
  });
});
