import { and, count, eq } from 'drizzle-orm';
import { ERROR_CODES, LIMITS, type UserInfo } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, storedFile } from '../../db/schema.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'staff', 'admin', 'owner', 'rival');

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 3)]);
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 1)]);

let staffId: string;
beforeAll(async () => {
  const [u] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.staff));
  staffId = u?.id ?? '';
});

interface Field {
  field: string;
  rule: string;
  message: string;
}

const fieldsOf = (data: unknown): Field[] => (data as { fields?: Field[] } | null)?.fields ?? [];
const avatarOf = (data: unknown): string | null | undefined => (data as UserInfo | null)?.avatar;

async function upload(token: string, userId: string, filename: string, type: string, content: Buffer) {
  const boundary = '----heliograph-avatar';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/user/${userId}/avatar`,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  return res.json<{ code: number; data: unknown; msg: string }>();
}

async function stored(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(storedFile)
    .where(and(eq(storedFile.kind, 'avatar'), eq(storedFile.ownerId, userId)));
  return row?.n ?? 0;
}

async function avatarColumn(userId: string): Promise<string | null> {
  const [u] = await t.database.db.select({ a: appUser.avatar }).from(appUser).where(eq(appUser.id, userId));
  return u?.a ?? null;
}

const fetchAvatar = (token: string, userId: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/user/${userId}/avatar`, headers: { authorization: `Bearer ${token}` } });

describe('uploading an avatar', () => {
  it('refuses a GIF, and a text file named .png, by their content, with nothing saved', async () => {
    for (const [name, bytes] of [
      ['me.gif', GIF],
      ['me.png', GIF],
      ['notes.png', Buffer.from('just some text, not a picture')],
    ] as const) {
      const answer = await upload(tokens.staff, staffId, name, 'image/png', bytes);
      expect(answer.code, name).toBe(ERROR_CODES.validation);
      expect(fieldsOf(answer.data)).toEqual([
        { field: 'file', rule: 'pictureType', message: 'The picture must be a JPG or PNG image.' },
      ]);
    }
    expect(await stored(staffId)).toBe(0);
    expect(await avatarColumn(staffId)).toBeNull();
  });

  it('refuses a picture over 6 MB with nothing saved', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(LIMITS.avatarBytes, 0)]);
    const answer = await upload(tokens.staff, staffId, 'big.png', 'image/png', big);
    expect(answer.code).toBe(ERROR_CODES.validation);
    expect(fieldsOf(answer.data)).toEqual([
      { field: 'file', rule: 'avatarSize', message: 'The avatar can be at most 6 MB.' },
    ]);
    expect(await stored(staffId)).toBe(0);
  });

  it('refuses another account’s avatar as "does not exist"', async () => {
    const answer = await upload(tokens.admin, staffId, 'me.png', 'image/png', PNG);
    expect(answer.code).toBe(ERROR_CODES.notFound);
    expect(await stored(staffId)).toBe(0);
  });

  it('stores a PNG, then a JPG in its place: one file, a new URL, shown by GET user', async () => {
    const first = await upload(tokens.staff, staffId, 'me.png', 'image/png', PNG);
    expect(first.code).toBe(0);
    expect(avatarOf(first.data)).toMatch(new RegExp(`^/api/v1/user/${staffId}/avatar\\?v=[0-9a-f]{12}$`));
    const second = await upload(tokens.staff, staffId, 'me.jpg', 'image/jpeg', JPG);
    expect(second.code).toBe(0);
    expect(avatarOf(second.data)).not.toBe(avatarOf(first.data));
    expect(await stored(staffId)).toBe(1);
    // GET user is remembered per caller: the change shows at once.
    const user = await t.call<UserInfo>('GET', '/api/v1/user', { token: tokens.staff });
    expect(user.data.avatar).toBe(avatarOf(second.data));
  });

  it('is served to the owner and the same company’s members; another company gets "does not exist"', async () => {
    for (const token of [tokens.staff, tokens.admin, tokens.owner]) {
      const res = await fetchAvatar(token, staffId);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(JPG)).toBe(true);
    }
    const rival = await fetchAvatar(tokens.rival, staffId);
    expect(rival.statusCode).toBe(404);
    expect(rival.json<{ code: number }>().code).toBe(ERROR_CODES.notFound);
  });

  it('can be removed: the console then shows the initials', async () => {
    const answer = await t.call<UserInfo>('POST', `/api/v1/user/${staffId}/avatar/remove`, { token: tokens.staff });
    expect(answer.code).toBe(0);
    expect(answer.data.avatar).toBeNull();
    expect(await stored(staffId)).toBe(0);
    expect((await fetchAvatar(tokens.staff, staffId)).statusCode).toBe(404);
  });
});
