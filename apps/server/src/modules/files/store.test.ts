import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { buildApp } from '../../app.js';
import { appUser, storedFile } from '../../db/schema.js';
import { FakeS3 } from '../../test/fake-s3.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { REMOVED_KIND } from './store.js';

/**
 * Files in an S3-compatible store (issue 13 point 7): with S3_* set, a file's bytes go to the bucket and its
 * row keeps only the key; it reads back through the same routes; a removed file's object leaves the bucket at
 * the next sweep; a store that is down refuses the upload and keeps nothing; a wrong bucket stops the start
 * in one line.
 */

const s3 = new FakeS3('heliograph-files', 'HGTESTKEY', 'hg-test-secret-0123456789');
let t: TestApp;
let token: string;
let userId: string;

const PNG = (fill: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, fill)]);

async function uploadAvatar(content: Buffer) {
  const boundary = '----heliograph-s3';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/user/${userId}/avatar`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return res.json<{ code: number; msg: string }>();
}

const avatarRows = () =>
  t.database.db
    .select({ kind: storedFile.kind, bytes: storedFile.bytes, key: storedFile.storageKey })
    .from(storedFile)
    .where(eq(storedFile.ownerId, userId));

beforeAll(async () => {
  await s3.start();
  t = await TestApp.start(s3.env());
  token = await t.tokenFor(ACCOUNTS.staff);
  const [u] = await t.database.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, ACCOUNTS.staff));
  userId = u?.id ?? '';
});

afterAll(async () => {
  await t.close();
  await s3.stop();
});

describe('an S3-compatible file store', () => {
  it('keeps a file’s bytes in the bucket and only the key in the database, and serves them back', async () => {
    const picture = PNG(1);
    expect((await uploadAvatar(picture)).code).toBe(0);
    const rows = await avatarRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.bytes).toBeNull();
    const key = rows[0]?.key ?? '';
    expect(key).toMatch(/^avatar\//);
    expect(s3.objects.get(key)).toEqual(picture);

    const got = await t.app.inject({
      method: 'GET',
      url: `/api/v1/user/${userId}/avatar`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload).toEqual(picture);
  });

  it('takes a replaced file’s object out of the bucket at the next sweep, not before', async () => {
    const [before] = await avatarRows();
    const oldKey = before?.key ?? '';
    expect((await uploadAvatar(PNG(2))).code).toBe(0);
    // The old row is only marked: were its object gone at once, a rolled-back transaction would point at nothing.
    expect((await avatarRows()).map((r) => r.kind).sort()).toEqual(['avatar', REMOVED_KIND]);
    expect(s3.objects.has(oldKey)).toBe(true);

    expect(await t.files.sweep(t.database.db)).toBe(1);
    expect(s3.objects.has(oldKey)).toBe(false);
    expect((await avatarRows()).map((r) => r.kind)).toEqual(['avatar']);
    expect(await t.files.sweep(t.database.db)).toBe(0);
  });

  it('keeps a removed row while the store cannot delete its object, and deletes it once the store is back', async () => {
    const [current] = await avatarRows();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/user/${userId}/avatar/remove`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    s3.failNext = 10;
    expect(await t.files.sweep(t.database.db)).toBe(0);
    expect(s3.objects.has(current?.key ?? '')).toBe(true);
    s3.failNext = 0;
    expect(await t.files.sweep(t.database.db)).toBe(1);
    expect(s3.objects.has(current?.key ?? '')).toBe(false);
    expect(await avatarRows()).toEqual([]);
  });

  it('refuses an upload while the store is down and keeps nothing of it', async () => {
    s3.failNext = 10;
    const res = await uploadAvatar(PNG(3));
    s3.failNext = 0;
    expect(res.code).not.toBe(0);
    expect(await avatarRows()).toEqual([]);
    expect([...s3.objects.keys()].filter((k) => k.startsWith('avatar/'))).toEqual([]);
  });
});

describe('a wrong S3 setting at start', () => {
  const config = (over: Record<string, string>) =>
    loadConfig({ SIMULATE: 'false', MQTT_PORT: '0', ...s3.env(), ...over });

  it('names the bucket that does not exist, in one line, before anything opens', async () => {
    const err = await buildApp({ config: config({ S3_BUCKET: 'no-such-bucket' }), logger: false }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).lines).toEqual([
      'S3_BUCKET="no-such-bucket" cannot be used: the bucket does not exist',
    ]);
  });

  it('says the keys are refused when the secret is wrong', async () => {
    const err = await buildApp({ config: config({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }), logger: false }).catch(
      (e: unknown) => e,
    );
    expect((err as ConfigError).lines).toEqual([
      'S3_BUCKET="heliograph-files" cannot be used: the credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) are refused',
    ]);
  });

  it('asks for the variables that are missing, and never prints the secret', () => {
    const linesOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (e) {
        if (e instanceof ConfigError) return e.lines;
      }
      return [];
    };
    expect(linesOf({ S3_ENDPOINT: s3.endpoint, S3_BUCKET: 'heliograph-files' })).toEqual([
      'S3_ACCESS_KEY_ID is not set: an S3-compatible file store needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      'S3_SECRET_ACCESS_KEY is not set: an S3-compatible file store needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    ]);
    const text = linesOf({
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: 'Bad_Bucket',
      S3_SECRET_ACCESS_KEY: 'hunter2-secret',
    }).join('\n');
    expect(text).toContain('S3_BUCKET="Bad_Bucket" must be a bucket name');
    expect(text).not.toContain('hunter2');
  });
});
