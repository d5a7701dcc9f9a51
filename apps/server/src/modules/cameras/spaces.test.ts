import { eq } from 'drizzle-orm';
import { ERROR_CODES, type CameraRow, type StorageSpaceRow } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, camera, company, storageSpace } from '../../db/schema.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { SecretBox } from '../auth/secret-box.js';
import { normalFolder } from './spaces.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'staff', 'visitor', 'rival');
const answers: string[] = [];
const SECRET = 'S3-secret-Key/0042+xyz';
const CAMERA_PASSWORD = 'Space-cam#77';

async function raw<T>(
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; code: number; data: T }> {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
  });
  answers.push(res.body);
  const body = res.json() as { code: number; data: T };
  return { status: res.statusCode, code: body.code, data: body.data };
}

type Fields = { fields: { field: string; rule: string }[] };
const folder = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  kind: 'folder',
  folder: name.toLowerCase().replace(/\W+/g, '-'),
  capacityGb: 50,
  retentionDays: 30,
  ...extra,
});
const S3 = {
  endpoint: 'https://s3.example.com',
  bucket: 'cctv-archive',
  region: 'eu-west-1',
  accessKey: 'AKIAEXAMPLE',
};

let plantId = '';
beforeAll(async () => {
  plantId = await sunrisePlant(t, 'Space plant', []);
});

afterAll(() => {
  const leaks = answers.filter((a) => a.includes(SECRET) || a.includes(CAMERA_PASSWORD));
  expect(leaks).toEqual([]);
});

describe('folders', () => {
  it('keeps a relative folder below the video folder and refuses one that would leave it', () => {
    expect(normalFolder('recordings/site-1/')).toBe('recordings/site-1');
    expect(normalFolder('./a//b')).toBe('a/b');
    for (const bad of [
      '',
      ' ',
      '..',
      '../x',
      'a/../../b',
      'a/..',
      '/abs',
      '\\\\server\\share',
      'C:\\video',
      '~/v',
      'a\u0000b',
    ])
      expect(normalFolder(bad), JSON.stringify(bad)).toBeUndefined();
  });

  it('answers the storageFolder message for such a folder', async () => {
    for (const f of ['../escape', '/var/lib', 'a/../../b']) {
      const res = await raw<Fields>('POST', '/storage-space/add', {
        token: tokens.admin,
        body: folder('Bad', { folder: f }),
      });
      expect(res.code, f).toBe(ERROR_CODES.validation);
      expect(res.data.fields).toEqual([expect.objectContaining({ field: 'folder', rule: 'storageFolder' })]);
    }
  });

  it('refuses a capacity or retention out of range with their messages', async () => {
    for (const [field, value, rule] of [
      ['capacityGb', 0, 'storageCapacity'],
      ['capacityGb', 100_001, 'storageCapacity'],
      ['retentionDays', 0, 'storageRetention'],
      ['retentionDays', 366, 'storageRetention'],
    ] as const) {
      const res = await raw<Fields>('POST', '/storage-space/add', {
        token: tokens.admin,
        body: folder('Range', { [field]: value }),
      });
      expect(res.data.fields, `${field} ${value}`).toEqual([expect.objectContaining({ field, rule })]);
    }
  });
});

describe('S3 buckets', () => {
  let bucket: StorageSpaceRow;
  it('needs the bucket and its secret when adding; the secret is kept sealed and never answered', async () => {
    const none = await raw<Fields>('POST', '/storage-space/add', {
      token: tokens.admin,
      body: { ...folder('Bucket'), kind: 's3', s3: null },
    });
    expect(none.data.fields).toEqual([expect.objectContaining({ field: 's3', rule: 'required' })]);
    const noSecret = await raw<Fields>('POST', '/storage-space/add', {
      token: tokens.admin,
      body: { ...folder('Bucket'), kind: 's3', s3: S3 },
    });
    expect(noSecret.data.fields).toEqual([expect.objectContaining({ field: 's3.secretKey', rule: 'required' })]);
    const made = await raw<StorageSpaceRow>('POST', '/storage-space/add', {
      token: tokens.admin,
      body: { ...folder('Bucket'), kind: 's3', s3: { ...S3, secretKey: SECRET } },
    });
    expect(made.code).toBe(0);
    bucket = made.data;
    expect(bucket).toMatchObject({ kind: 's3', folder: '', s3: { ...S3, prefix: '', hasSecret: true }, cameras: 0 });
    const [row] = await t.database.db.select().from(storageSpace).where(eq(storageSpace.id, bucket.id));
    expect(row?.s3SecretCipher).toMatch(/^v1\./);
    expect(await new SecretBox(t.database.db).open(row?.s3SecretCipher ?? '')).toBe(SECRET);
    expect(JSON.stringify(row?.s3)).not.toContain(SECRET);
  });

  it('keeps the secret when an edit leaves it out, and the audit log never has it', async () => {
    const before = (await t.database.db.select().from(storageSpace).where(eq(storageSpace.id, bucket.id)))[0];
    const res = await raw<StorageSpaceRow>('POST', `/storage-space/edit/${bucket.id}`, {
      token: tokens.admin,
      body: { ...folder('Bucket 2'), kind: 's3', s3: { ...S3, bucket: 'cctv-archive-2' }, retentionDays: 60 },
    });
    expect(res.data).toMatchObject({
      name: 'Bucket 2',
      retentionDays: 60,
      s3: { bucket: 'cctv-archive-2', hasSecret: true },
    });
    const after = (await t.database.db.select().from(storageSpace).where(eq(storageSpace.id, bucket.id)))[0];
    expect(after?.s3SecretCipher).toBe(before?.s3SecretCipher);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, bucket.id));
    expect(audit.map((a) => a.action)).toEqual(['storageSpace.create', 'storageSpace.update']);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });
});

describe('the company’s spaces', () => {
  it('refuses a second space of the same name', async () => {
    expect((await raw('POST', '/storage-space/add', { token: tokens.admin, body: folder('Twin') })).code).toBe(0);
    const again = await raw('POST', '/storage-space/add', { token: tokens.admin, body: folder('twin') });
    expect(again.code).toBe(ERROR_CODES.storageSpaceNameExists);
  });

  it('keeps at most 10 spaces: the 11th is refused with storageSpacesMax', async () => {
    const have = (await raw<StorageSpaceRow[]>('GET', '/storage-space/list', { token: tokens.admin })).data.length;
    for (let i = have; i < 10; i++) {
      const res = await raw('POST', '/storage-space/add', { token: tokens.admin, body: folder(`Space ${i + 1}`) });
      expect(res.code, `space ${i + 1}`).toBe(0);
    }
    const eleventh = await raw<Fields>('POST', '/storage-space/add', { token: tokens.admin, body: folder('Space 11') });
    expect(eleventh.code).toBe(ERROR_CODES.validation);
    expect(eleventh.data.fields).toEqual([expect.objectContaining({ rule: 'storageSpacesMax' })]);
    expect((await raw<StorageSpaceRow[]>('GET', '/storage-space/list', { token: tokens.admin })).data).toHaveLength(10);
    // Another company's count is its own.
    expect((await raw('POST', '/storage-space/add', { token: tokens.rival, body: folder('Rival 1') })).code).toBe(0);
  });

  it('answers another company “does not exist” and shows it none of them; staff without the key are refused', async () => {
    const [space] = (await raw<StorageSpaceRow[]>('GET', '/storage-space/list', { token: tokens.admin })).data;
    const id = space?.id ?? '';
    const rivalList = await raw<StorageSpaceRow[]>('GET', '/storage-space/list', { token: tokens.rival });
    expect(rivalList.data.map((s) => s.name)).toEqual(['Rival 1']);
    for (const [url, b] of [
      [`/storage-space/edit/${id}`, folder('Taken over')],
      [`/storage-space/delete/${id}`, undefined],
    ] as const) {
      expect((await raw('POST', url, { token: tokens.rival, body: b })).code, url).toBe(ERROR_CODES.notFound);
    }
    const [row] = await t.database.db.select().from(storageSpace).where(eq(storageSpace.id, id));
    expect(row?.name).toBe(space?.name);
    // Company staff and the visitor do not hold storage.space.
    for (const token of [tokens.staff, tokens.visitor]) {
      expect((await raw('GET', '/storage-space/list', { token })).status).toBe(403);
      expect((await raw('POST', `/storage-space/delete/${id}`, { token })).status).toBe(403);
    }
  });

  it('refuses to delete a space a camera records into; once it records elsewhere, deletes it', async () => {
    const spaces = (await raw<StorageSpaceRow[]>('GET', '/storage-space/list', { token: tokens.admin })).data;
    const target = spaces.find((s) => s.name === 'Twin');
    if (!target) throw new Error('no Twin');
    const cam = await raw<CameraRow>('POST', '/camera/add', {
      token: tokens.admin,
      body: {
        plantId,
        kind: 'axis',
        name: 'Recorder',
        host: '192.0.2.20',
        port: 554,
        username: 'root',
        password: CAMERA_PASSWORD,
        channels: 1,
        recording: 'continuous',
        storageSpaceId: target.id,
      },
    });
    expect(cam.code).toBe(0);
    const listed = (await raw<StorageSpaceRow[]>('GET', '/storage-space/list', { token: tokens.admin })).data;
    expect(listed.find((s) => s.id === target.id)?.cameras).toBe(1);
    const refused = await raw('POST', `/storage-space/delete/${target.id}`, { token: tokens.admin });
    expect(refused.code).toBe(ERROR_CODES.storageSpaceInUse);
    // Recording off, still naming the space: the space goes and the camera is left without one.
    const edit = { kind: 'axis', name: 'Recorder', host: '192.0.2.20', port: 554, username: 'root', channels: 1 };
    await raw('POST', `/camera/edit/${cam.data.id}`, {
      token: tokens.admin,
      body: { ...edit, recording: 'off', storageSpaceId: target.id },
    });
    expect((await raw('POST', `/storage-space/delete/${target.id}`, { token: tokens.admin })).code).toBe(0);
    const [row] = await t.database.db.select().from(camera).where(eq(camera.id, cam.data.id));
    expect(row?.storageSpaceId).toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(audit.map((a) => a.action)).toContain('storageSpace.delete');
  });

  it('has no spaces for a caller without a company', async () => {
    const [sunrise] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    expect(sunrise).toBeDefined();
    const platform = await t.tokenFor('platform@heliograph.example');
    expect((await raw<StorageSpaceRow[]>('GET', '/storage-space/list', { token: platform })).data).toEqual([]);
    expect((await raw('POST', '/storage-space/add', { token: platform, body: folder('Nowhere') })).code).toBe(
      ERROR_CODES.noPermission,
    );
  });
});
