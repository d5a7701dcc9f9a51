import { eq } from 'drizzle-orm';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { plant } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { validPlant } from '../../test/plant-admin-fixtures.js';

const t = TestApp.forTests();
let admin: string;
let visitor: string;
let plantId: string;

/** A real 1×1 PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4); // readers of this test do not check it
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 200, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function multipart(
  filename: string,
  type: string,
  content: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----heliograph-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string, filename: string, type: string, content: Buffer) {
  const { payload, headers } = multipart(filename, type, content);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/plant/${plantId}/picture`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res.json<{ code: number; data: { url?: string; fields?: { field: string; rule: string }[] } }>();
}

beforeAll(async () => {
  admin = await t.tokenFor(ACCOUNTS.admin);
  visitor = await t.tokenFor(ACCOUNTS.visitor);
  plantId = (await t.call<{ id: string }>('POST', '/api/v1/plant', { token: admin, body: validPlant() })).data.id;
});

const pictureOf = async () => (await t.database.db.select().from(plant).where(eq(plant.id, plantId)))[0]?.picture;

describe('plant picture', () => {
  it('stores a PNG, names it by its content and serves it back', async () => {
    const image = png();
    const res = await upload(admin, 'roof.png', 'image/png', image);
    expect(res.code).toBe(0);
    expect(res.data.url).toMatch(new RegExp(`^/api/v1/plant/${plantId}/picture\\?v=[0-9a-f]{12}$`));
    expect(await pictureOf()).toBe(res.data.url);
    const got = await t.app.inject({
      method: 'GET',
      url: res.data.url ?? '',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.rawPayload, image)).toBe(0);
  });

  it('recognises a JPG by its first bytes, whatever its name says', async () => {
    const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
    const res = await upload(admin, 'photo.png', 'image/png', jpg);
    expect(res.code).toBe(0);
    const got = await t.app.inject({
      method: 'GET',
      url: res.data.url ?? '',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(got.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a file that only claims to be an image, keeping the old picture', async () => {
    const before = await pictureOf();
    const res = await upload(admin, 'evil.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(res.code).toBe(4);
    expect(res.data.fields).toContainEqual({ field: 'file', rule: 'pictureType', message: expect.any(String) });
    const gif = await upload(admin, 'anim.gif', 'image/gif', Buffer.from('GIF89a....'));
    expect(gif.code).toBe(4);
    expect(await pictureOf()).toBe(before);
  });

  it('refuses a picture over 3 MB, keeping the old one', async () => {
    const before = await pictureOf();
    const big = Buffer.concat([png(), Buffer.alloc(3 * 1024 * 1024)]);
    const res = await upload(admin, 'huge.png', 'image/png', big);
    expect(res.code).toBe(4);
    expect(res.data.fields?.[0]?.rule).toBe('pictureSize');
    expect(await pictureOf()).toBe(before);
  });

  it('a visitor cannot upload one', async () => {
    expect((await upload(visitor, 'roof.png', 'image/png', png())).code).toBe(2);
  });
});

describe('dictionaries', () => {
  it('currencies with names in the caller’s language', async () => {
    const res = await t.call<{ code: string; name: string }[]>('GET', '/api/v1/dict/currencies', {
      token: visitor,
      query: { lan: 'de' },
    });
    expect(res.data.find((c) => c.code === 'EUR')?.name).toBe('Euro');
    expect(res.data.find((c) => c.code === 'USD')?.name).toBe('US-Dollar');
    expect(res.data.length).toBeGreaterThan(150);
    const polish = await t.call<{ code: string; name: string }[]>('GET', '/api/v1/dict/currencies', {
      token: visitor,
      query: { lan: 'po' },
    });
    expect(polish.data.find((c) => c.code === 'PLN')?.name).toBe('złoty polski');
  });

  it('time zones with their offsets, plant types, inverter kinds and protocols', async () => {
    const zones = await t.call<{ id: string; offsetMinutes: number }[]>('GET', '/api/v1/dict/timezones', {
      token: visitor,
    });
    expect(zones.data.find((z) => z.id === 'Asia/Shanghai')?.offsetMinutes).toBe(480);
    expect(zones.data.find((z) => z.id === 'UTC')?.offsetMinutes).toBe(0);
    const types = await t.call<{ value: string; route: number }[]>('GET', '/api/v1/dict/plantTypes', {
      token: visitor,
    });
    expect(types.data).toEqual([
      { value: 'grid', route: 1 },
      { value: 'storage_ac', route: 2 },
      { value: 'storage_dc', route: 3 },
    ]);
    const kinds = await t.call<{ value: string }[]>('GET', '/api/v1/dict/inverterEquipTypes', { token: visitor });
    expect(kinds.data.map((k) => k.value)).toEqual(['string', 'micro', 'hybrid']);
    const protocols = await t.call<{ value: string; settings: boolean }[]>('GET', '/api/v1/dict/protocols', {
      token: visitor,
    });
    // The built-in forms, then the shipped register maps (none has a settings config).
    expect(protocols.data.slice(0, 2)).toEqual([
      { value: 'metrics', settings: true },
      { value: 'sunspec', settings: true },
    ]);
    expect(protocols.data).toContainEqual({ value: 'SUNSPEC-INV', settings: false });
    expect(protocols.data).toContainEqual({ value: 'HYBRID-LV', settings: false });
  });
});
