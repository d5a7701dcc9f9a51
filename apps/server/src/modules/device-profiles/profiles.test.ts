import { count, eq } from 'drizzle-orm';
import { ERROR_CODES, type DeviceProfile } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, company, deviceProfile, deviceProfileFile, storedFile } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { multipart } from '../companies/test-files.js';

// The clock the server stamps profiles with; no test reads the wall clock.
let clock = Date.UTC(2026, 5, 1);
let t: TestApp;
const tk = { platform: '', admin: '', staff: '', rival: '' };

type Fields = { fields?: { field: string; rule: string }[] };
interface Envelope<T> {
  code: number;
  data: T & Fields;
  msg: string;
}

async function upload(token: string, profileId: string, file: { name: string; content: Buffer | string }) {
  clock += 1000;
  const { payload, headers } = multipart({
    name: file.name,
    type: 'application/octet-stream',
    content: Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/device/profile/${profileId}/file`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  return { status: res.statusCode, ...res.json<Envelope<DeviceProfile>>() };
}

const create = (name: string, token = tk.platform) =>
  t.call<DeviceProfile>('POST', '/api/v1/device/profile', { token, body: { name } });
const list = (token = tk.platform) => t.call<DeviceProfile[]>('GET', '/api/v1/device/profiles', { token });
const profileCount = async () => (await t.database.db.select({ n: count() }).from(deviceProfile))[0]?.n ?? 0;
const configFileCount = async () =>
  (await t.database.db.select({ n: count() }).from(storedFile).where(eq(storedFile.kind, 'deviceConfig')))[0]?.n ?? 0;

beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now: () => clock });
  tk.platform = await t.tokenFor(ACCOUNTS.platform);
  tk.admin = await t.tokenFor(ACCOUNTS.admin);
  tk.staff = await t.tokenFor(ACCOUNTS.staff);
  tk.rival = await t.otherCompanyToken();
});
afterAll(() => t.close());

describe('device configuration profiles', () => {
  let firstId = '';

  it('refuses company administrators, staff and another company (403) and saves nothing', async () => {
    for (const token of [tk.admin, tk.staff, tk.rival]) {
      const res = await create('Not mine', token);
      expect(res.status).toBe(403);
      expect(res.code).toBe(ERROR_CODES.noPermission);
      expect((await list(token)).code).toBe(ERROR_CODES.noPermission);
    }
    expect(await profileCount()).toBe(0);
  });

  it('creates profiles up to six and refuses the seventh with a clear message, saving nothing', async () => {
    for (let i = 1; i <= 6; i++) {
      clock += 60_000;
      const res = await create(`Profile ${i}`);
      expect(res.code).toBe(0);
      expect(res.data).toMatchObject({ name: `Profile ${i}`, files: [] });
      if (i === 1) firstId = res.data.id;
    }
    const seventh = await t.call('POST', '/api/v1/device/profile', {
      token: tk.platform,
      body: { name: 'Profile 7' },
    });
    expect(seventh.code).toBe(ERROR_CODES.profileLimit);
    expect(seventh.msg).toBe('A company can have at most 6 device configuration profiles.');
    expect(await profileCount()).toBe(6);
    const names = (await list()).data.map((p) => p.name);
    expect(names).toEqual(['Profile 1', 'Profile 2', 'Profile 3', 'Profile 4', 'Profile 5', 'Profile 6']);
  });

  it('refuses an empty or duplicate name (any case) and renames', async () => {
    const empty = await create('   ');
    expect(empty.status).toBe(400);
    const dup = await t.call('POST', `/api/v1/device/profile/${firstId}`, {
      token: tk.platform,
      body: { name: 'PROFILE 2' },
    });
    expect(dup.code).toBe(ERROR_CODES.profileNameExists);
    const renamed = await t.call<DeviceProfile>('POST', `/api/v1/device/profile/${firstId}`, {
      token: tk.platform,
      body: { name: 'Rooftop strings' },
    });
    expect(renamed.code).toBe(0);
    expect(renamed.data.name).toBe('Rooftop strings');
    // Its own name again (same profile) is no clash.
    const same = await t.call('POST', `/api/v1/device/profile/${firstId}`, {
      token: tk.platform,
      body: { name: 'rooftop strings' },
    });
    expect(same.code).toBe(0);
  });

  it('keeps up to six config files, serves them back byte for byte, and refuses the seventh', async () => {
    const json = '{"uploadInterval": 5, "protocol": "sunspec"}\n';
    const first = await upload(tk.platform, firstId, { name: 'gateway.json', content: json });
    expect(first.code).toBe(0);
    expect(first.data.files).toHaveLength(1);
    expect(first.data.files[0]).toMatchObject({
      name: 'gateway.json',
      contentType: 'application/json',
      size: Buffer.byteLength(json),
    });
    const fileId = first.data.files[0]?.id ?? '';
    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/device/profile/${firstId}/file/${fileId}`,
      headers: { authorization: `Bearer ${tk.platform}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.body).toBe(json);
    expect(got.headers['content-disposition']).toContain('gateway.json');
    expect(got.headers['content-type']).toBe('application/octet-stream');

    const more = [
      { name: 'registers.csv', content: 'address,name\n40001,power\n' },
      { name: 'model.xml', content: '<?xml version="1.0"?><model id="101"/>' },
      { name: 'notes.txt', content: 'Set the grid code before commissioning.' },
      { name: 'modbus.ini', content: '[modbus]\nbaud=9600\n' },
      { name: 'site.conf', content: 'timezone=Europe/Berlin' },
    ];
    for (const f of more) expect((await upload(tk.platform, firstId, f)).code).toBe(0);
    const before = await configFileCount();
    const seventh = await upload(tk.platform, firstId, { name: 'extra.cfg', content: 'a=1' });
    expect(seventh.code).toBe(ERROR_CODES.profileFileLimit);
    expect(seventh.msg).toBe('A profile can hold at most 6 config files.');
    expect(await configFileCount()).toBe(before);
    const [p] = (await list()).data.filter((x) => x.id === firstId);
    expect(p?.files.map((f) => f.name)).toEqual([
      'gateway.json',
      'registers.csv',
      'model.xml',
      'notes.txt',
      'modbus.ini',
      'site.conf',
    ]);
  });

  it('refuses a bad file by its content or type with a translated field message, and stores nothing', async () => {
    const second = (await list()).data[1]?.id ?? '';
    const before = await configFileCount();
    const cases = [
      { name: 'broken.json', content: '{"uploadInterval": ' },
      { name: 'firmware.bin', content: 'a=1' },
      { name: 'picture.txt', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]) },
      { name: 'latin1.csv', content: Buffer.from([0x61, 0xe9, 0x0a]) },
      { name: 'page.xml', content: 'not xml at all' },
    ];
    for (const c of cases) {
      const res = await upload(tk.platform, second, c);
      expect(res.code, c.name).toBe(ERROR_CODES.validation);
      expect(res.data.fields).toEqual([
        {
          field: 'file',
          rule: 'configFileType',
          message: 'The config file must be UTF-8 text: .json (valid JSON), .csv, .xml, .txt, .ini, .cfg or .conf.',
        },
      ]);
    }
    const big = await upload(tk.platform, second, { name: 'big.txt', content: 'a'.repeat(1024 * 1024 + 1) });
    expect(big.code).toBe(ERROR_CODES.validation);
    expect(big.data.fields).toMatchObject([{ field: 'file', rule: 'configFileSize' }]);
    const empty = await upload(tk.platform, second, { name: 'empty.json', content: '' });
    expect(empty.data.fields).toMatchObject([{ field: 'file', rule: 'required' }]);
    expect(await configFileCount()).toBe(before);
  });

  it('removes one file, then deletes a profile with its files; room for a new profile again', async () => {
    const [p] = (await list()).data.filter((x) => x.id === firstId);
    const victim = p?.files[0]?.id ?? '';
    const removed = await t.call<DeviceProfile>('POST', `/api/v1/device/profile/${firstId}/file/${victim}/delete`, {
      token: tk.platform,
    });
    expect(removed.code).toBe(0);
    expect(removed.data.files).toHaveLength(5);
    const gone = await t.call('GET', `/api/v1/device/profile/${firstId}/file/${victim}`, { token: tk.platform });
    expect(gone.code).toBe(ERROR_CODES.notFound);

    const deleted = await t.call('POST', `/api/v1/device/profile/${firstId}/delete`, { token: tk.platform });
    expect(deleted.code).toBe(0);
    expect(await profileCount()).toBe(5);
    expect(await configFileCount()).toBe(0);
    expect(
      await t.database.db.select().from(deviceProfileFile).where(eq(deviceProfileFile.profileId, firstId)),
    ).toEqual([]);
    expect((await create('Profile 7')).code).toBe(0);
    // Each change is in the audit log, in order, with the file's name and the profile's.
    const audit = await t.database.db
      .select({ action: auditLog.action, old: auditLog.oldValue, new: auditLog.newValue })
      .from(auditLog)
      .where(eq(auditLog.targetId, firstId))
      .orderBy(auditLog.createdAt);
    const actions = audit.map((a) => a.action);
    expect(actions[0]).toBe('deviceProfile.create');
    expect(actions.filter((a) => a === 'deviceProfile.fileAdd')).toHaveLength(6);
    expect(actions.slice(-2)).toEqual(['deviceProfile.fileRemove', 'deviceProfile.delete']);
    expect(audit.at(-1)?.old).toMatchObject({ files: 5 });
    expect(audit.at(-2)?.old).toEqual({ file: p?.files[0]?.name });
  });

  it('another company’s profile does not exist: not listed, not readable, renamable, fillable or deletable', async () => {
    const db = t.database.db;
    const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    const [theirs] = await db
      .insert(deviceProfile)
      .values({ companyId: sunrise?.id ?? null, name: 'Sunrise only' })
      .returning();
    const id = theirs?.id ?? '';
    const [stored] = await db
      .insert(storedFile)
      .values({
        kind: 'deviceConfig',
        name: 'secret.json',
        contentType: 'application/json',
        size: 2,
        sha256: 'x',
        bytes: Buffer.from('{}'),
        companyId: sunrise?.id ?? null,
      })
      .returning();
    const [file] = await db
      .insert(deviceProfileFile)
      .values({ profileId: id, fileId: stored?.id ?? '' })
      .returning();

    expect((await list()).data.map((p) => p.name)).not.toContain('Sunrise only');
    const calls = [
      t.call('POST', `/api/v1/device/profile/${id}`, { token: tk.platform, body: { name: 'Taken over' } }),
      t.call('POST', `/api/v1/device/profile/${id}/delete`, { token: tk.platform }),
      t.call('GET', `/api/v1/device/profile/${id}/file/${file?.id ?? ''}`, { token: tk.platform }),
      t.call('POST', `/api/v1/device/profile/${id}/file/${file?.id ?? ''}/delete`, { token: tk.platform }),
    ];
    for (const res of await Promise.all(calls)) expect(res.code).toBe(ERROR_CODES.notFound);
    const up = await upload(tk.platform, id, { name: 'mine.json', content: '{}' });
    expect(up.code).toBe(ERROR_CODES.notFound);
    const [still] = await db.select().from(deviceProfile).where(eq(deviceProfile.id, id));
    expect(still?.name).toBe('Sunrise only');
    expect(await db.select().from(deviceProfileFile).where(eq(deviceProfileFile.profileId, id))).toHaveLength(1);
  });
});
