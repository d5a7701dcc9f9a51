import { eq } from 'drizzle-orm';
import {
  ERROR_CODES,
  MESSAGE_TYPE,
  NOTICE_LIMITS,
  type Bulletin,
  type MaintenanceNotice,
  type NoticeItem,
  type PublicBulletin,
} from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, message } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { DEMO_CUSTOMER_ACCOUNT } from '../demo/customers.js';
import { postMessages } from '../messages/post.js';
import { MESSAGE_TOPIC_PREFIX } from '../mqtt/topics.js';

// The server's clock: bulletins are released and notices take effect by it, never by the wall clock.
let clock = Date.UTC(2026, 5, 1, 8);
const HOUR = 3_600_000;
let t: TestApp;
const tk = { platform: '', admin: '', owner: '', staff: '', customer: '', rival: '' };
const ids = { owner: '', customer: '', sunrise: '', rival: '' };
type Page<T> = { total: number; rows: T[] };

const bulletinBody = (over: Record<string, unknown> = {}) => ({
  type: MESSAGE_TYPE.announcement,
  theme: { en: 'Planned platform update', de: 'Geplantes Update' },
  content: { en: 'The console gets new charts on Monday.' },
  audience: 'all',
  receivers: [],
  version: 'V251104',
  announcer: 'Platform team',
  url: '/plants',
  ...over,
});

async function publishBulletin(over: Record<string, unknown> = {}): Promise<Bulletin> {
  const made = await t.call<Bulletin>('POST', '/api/v1/ss/notices', { token: tk.platform, body: bulletinBody(over) });
  expect(made.code).toBe(0);
  const published = await t.call<Bulletin>('POST', `/api/v1/ss/notices/${made.data.id}/publish`, {
    token: tk.platform,
  });
  expect(published.data.status).toBe('published');
  return published.data;
}

const inbox = async (token: string, query: Record<string, string> = {}) =>
  (await t.call<Page<NoticeItem>>('GET', '/api/v1/messageTd/messages', { token, query: { size: '100', ...query } }))
    .data;
const unread = async (token: string) =>
  (await t.call<{ count: number }>('GET', '/api/v1/messageTd/count', { token })).data.count;
const toast = async (token: string) =>
  (await t.call<{ notice: NoticeItem | null }>('GET', '/api/v1/getLastUnReadNotice', { token })).data.notice;

beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now: () => clock });
  const db = t.database.db;
  tk.platform = await t.tokenFor(ACCOUNTS.platform);
  tk.admin = await t.tokenFor(ACCOUNTS.admin);
  tk.owner = await t.tokenFor(ACCOUNTS.owner);
  tk.staff = await t.tokenFor(ACCOUNTS.staff);
  tk.customer = await t.tokenFor(DEMO_CUSTOMER_ACCOUNT);
  tk.rival = await t.otherCompanyToken();
  const userId = async (account: string) =>
    (await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account)))[0]?.id ?? '';
  ids.owner = await userId(ACCOUNTS.owner);
  ids.customer = await userId(DEMO_CUSTOMER_ACCOUNT);
  const companyId = async (name: string) =>
    (await db.select({ id: company.id }).from(company).where(eq(company.name, name)))[0]?.id ?? '';
  ids.sunrise = await companyId('Sunrise Energy');
  ids.rival = await companyId('Rival Solar');
});
afterAll(async () => t?.close());

describe('system bulletins', () => {
  it('are written and published by platform administrators only', async () => {
    const byAdmin = await t.call('POST', '/api/v1/ss/notices', { token: tk.admin, body: bulletinBody() });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.code).toBe(ERROR_CODES.noPermission);
    const list = await t.call('GET', '/api/v1/ss/notices', { token: tk.owner });
    expect(list.code).toBe(ERROR_CODES.noPermission);
  });

  it('refuses content over 2000 characters in any language with a field error, and keeps nothing', async () => {
    const long = 'x'.repeat(NOTICE_LIMITS.contentMax + 1);
    const before = (await t.call<Page<Bulletin>>('GET', '/api/v1/ss/notices', { token: tk.platform })).data.total;
    const res = await t.call<{ fields: { field: string }[] }>('POST', '/api/v1/ss/notices', {
      token: tk.platform,
      body: bulletinBody({ content: { en: 'ok', vi: long } }),
    });
    expect(res.code).toBe(ERROR_CODES.validation);
    expect(res.data.fields.map((f) => f.field).join()).toContain('content');
    const exact = await t.call('POST', '/api/v1/ss/notices', {
      token: tk.platform,
      body: bulletinBody({ content: { en: 'y'.repeat(NOTICE_LIMITS.contentMax) } }),
    });
    expect(exact.code).toBe(0);
    const after = (await t.call<Page<Bulletin>>('GET', '/api/v1/ss/notices', { token: tk.platform })).data.total;
    expect(after).toBe(before + 1);
  });

  it('reaches only the customers it names, as the toast and in the notice centre', async () => {
    clock += HOUR;
    const b = await publishBulletin({
      audience: 'customers',
      receivers: [ids.customer],
      theme: { en: 'For Bright Bakery only' },
    });
    const seen = await toast(tk.customer);
    expect(seen).toMatchObject({ id: b.id, kind: 'bulletin', type: MESSAGE_TYPE.announcement, read: false });
    expect((await inbox(tk.customer)).rows.map((r) => r.id)).toContain(b.id);
    // Sunrise's own members, another company and the plant owner do not get it.
    for (const token of [tk.staff, tk.owner, tk.rival]) {
      expect((await inbox(token)).rows.map((r) => r.id)).not.toContain(b.id);
      expect((await toast(token))?.id).not.toBe(b.id);
    }
    // …and cannot mark it read either: to them it does not exist.
    const foreign = await t.call('POST', '/api/v1/messageTd/readMessage', {
      token: tk.rival,
      body: { id: b.id, kind: 'bulletin' },
    });
    expect(foreign.code).toBe(ERROR_CODES.notFound);
  });

  it('to some companies reaches their accounts and not another company’s', async () => {
    clock += HOUR;
    const b = await publishBulletin({ audience: 'companies', receivers: [ids.sunrise], type: MESSAGE_TYPE.theme });
    expect((await toast(tk.owner))?.id).toBe(b.id);
    expect((await toast(tk.staff))?.type).toBe(MESSAGE_TYPE.theme);
    expect((await inbox(tk.rival)).rows.map((r) => r.id)).not.toContain(b.id);
    // Not public: /announcement lists only bulletins to everyone.
    const pub = await t.call<Page<PublicBulletin>>('GET', '/api/v1/anonymous/announcements');
    expect(pub.data.rows.map((r) => r.id)).not.toContain(b.id);
  });

  it('to everyone shows on /announcement without a sign-in, in the asked language with the English fallback', async () => {
    clock += HOUR;
    const b = await publishBulletin();
    const de = await t.call<Page<PublicBulletin>>('GET', '/api/v1/anonymous/announcements', { query: { lan: 'de' } });
    expect(de.code).toBe(0);
    expect(de.data.rows.find((r) => r.id === b.id)).toMatchObject({
      title: 'Geplantes Update',
      text: 'The console gets new charts on Monday.',
      releaseAt: clock,
    });
    expect((await toast(tk.rival))?.id).toBe(b.id);
  });

  it('withdrawn, leaves every notice centre and the public page at once', async () => {
    clock += HOUR;
    const b = await publishBulletin({ theme: { en: 'Soon withdrawn' } });
    expect((await toast(tk.owner))?.id).toBe(b.id);
    const withdrawn = await t.call<Bulletin>('POST', `/api/v1/ss/notices/${b.id}/withdraw`, { token: tk.platform });
    expect(withdrawn.data.status).toBe('withdrawn');
    expect((await toast(tk.owner))?.id).not.toBe(b.id);
    expect((await inbox(tk.owner)).rows.map((r) => r.id)).not.toContain(b.id);
    const pub = await t.call<Page<PublicBulletin>>('GET', '/api/v1/anonymous/announcements');
    expect(pub.data.rows.map((r) => r.id)).not.toContain(b.id);
  });

  it('tells every instance that every badge may have changed', async () => {
    const heard: string[] = [];
    await t.bus.subscribeAll(`${MESSAGE_TOPIC_PREFIX}#`, (topic) => heard.push(topic));
    clock += HOUR;
    await publishBulletin();
    await expect.poll(() => heard).toContain(`${MESSAGE_TOPIC_PREFIX}all`);
  });
});

describe('the notice centre', () => {
  it('reads one, a batch, then all; the badge follows; the list filters by type and read state', async () => {
    clock += HOUR;
    const deps = { db: t.database.db, bus: t.bus };
    await postMessages(deps, [
      { userId: ids.owner, type: MESSAGE_TYPE.alarm, title: 'Inverter fault', deviceSn: 'INV-9', source: 'nc:1' },
      { userId: ids.owner, type: MESSAGE_TYPE.alarm, title: 'Grid lost', deviceSn: 'INV-9', source: 'nc:2' },
      {
        userId: ids.owner,
        type: MESSAGE_TYPE.systemNotice,
        title: 'Welcome',
        url: 'https://example.com',
        source: 'nc:3',
      },
    ]);
    const start = await unread(tk.owner);
    const alarms = await inbox(tk.owner, { type: String(MESSAGE_TYPE.alarm), read: '0' });
    expect(alarms.rows.map((r) => r.title).sort()).toEqual(['Grid lost', 'Inverter fault']);
    expect(alarms.rows[0]).toMatchObject({ kind: 'message', deviceSn: 'INV-9' });

    const [first, second] = alarms.rows;
    const one = await t.call('POST', '/api/v1/messageTd/readMessage', {
      token: tk.owner,
      body: { id: first?.id, kind: 'message' },
    });
    expect(one.code).toBe(0);
    expect(await unread(tk.owner)).toBe(start - 1);
    expect((await inbox(tk.owner, { read: '1' })).rows.map((r) => r.id)).toContain(first?.id);

    const batch = await t.call('POST', '/api/v1/messageTd/readMessageBatch', {
      token: tk.owner,
      body: { items: [{ id: second?.id, kind: 'message' }] },
    });
    expect(batch.code).toBe(0);
    expect(await unread(tk.owner)).toBe(start - 2);
    expect((await inbox(tk.owner, { q: 'welcome' })).rows).toHaveLength(1);

    const all = await t.call<{ marked: number }>('POST', '/api/v1/messageTd/readAll', { token: tk.owner });
    expect(all.data.marked).toBe(start - 2);
    expect(await unread(tk.owner)).toBe(0);
    expect((await inbox(tk.owner, { read: '0' })).total).toBe(0);
    expect(await toast(tk.owner)).toBeNull();
    // Marking all read is the owner's alone: Sunrise's staff still has the bulletins unread.
    expect(await unread(tk.staff)).toBeGreaterThan(0);
  });

  it('another company cannot read or mark a user’s message, alone or in a batch', async () => {
    await postMessages({ db: t.database.db }, [
      { userId: ids.owner, type: MESSAGE_TYPE.alarm, title: 'Private fault', source: 'nc:private' },
    ]);
    const [row] = await t.database.db.select().from(message).where(eq(message.source, 'nc:private'));
    const id = row?.id ?? '';
    const single = await t.call('POST', '/api/v1/messageTd/readMessage', {
      token: tk.rival,
      body: { id, kind: 'message' },
    });
    expect(single.code).toBe(ERROR_CODES.notFound);
    const batch = await t.call('POST', '/api/v1/messageTd/readMessageBatch', {
      token: tk.rival,
      body: { items: [{ id, kind: 'message' }] },
    });
    expect(batch.code).toBe(ERROR_CODES.notFound);
    expect((await inbox(tk.rival)).rows.map((r) => r.id)).not.toContain(id);
    await t.call('POST', '/api/v1/messageTd/readAll', { token: tk.rival });
    const [after] = await t.database.db.select().from(message).where(eq(message.id, id));
    expect(after?.readAt).toBeNull();
  });

  it('shows a migration notice as the dialog until it is confirmed, then the next one', async () => {
    await postMessages({ db: t.database.db }, [
      { userId: ids.owner, type: MESSAGE_TYPE.migration, title: 'Your account moves', source: 'nc:mig' },
    ]);
    const popup = async () =>
      (await t.call<{ notice: NoticeItem | null }>('GET', '/api/v1/messageTd/popup', { token: tk.owner })).data.notice;
    const shown = await popup();
    expect(shown).toMatchObject({ type: MESSAGE_TYPE.migration, title: 'Your account moves' });
    const before = await unread(tk.owner);
    await t.call('POST', '/api/v1/messageTd/readMessage', {
      token: tk.owner,
      body: { id: shown?.id, kind: 'message' },
    });
    expect(await popup()).toBeNull();
    expect(await unread(tk.owner)).toBe(before - 1);
  });
});

describe('maintenance notices', () => {
  const window = (over: Record<string, unknown> = {}) => ({
    type: 1,
    title: { en: 'Firmware upgrade window' },
    content: { en: 'Gateways restart once.' },
    startAt: clock + HOUR,
    endAt: clock + 3 * HOUR,
    effectiveAt: clock + HOUR,
    scope: 'all',
    ...over,
  });
  const current = async (token: string) =>
    (await t.call<{ notices: NoticeItem[] }>('GET', '/api/v1/ssPointNotice/current', { token })).data.notices;

  it('refuses an effective time before the start, or a start after the end, naming the field', async () => {
    const early = await t.call<{ fields: { field: string; rule: string }[] }>('POST', '/api/v1/ssPointNotice', {
      token: tk.platform,
      body: window({ effectiveAt: clock }),
    });
    expect(early.code).toBe(ERROR_CODES.validation);
    expect(early.data.fields).toEqual([expect.objectContaining({ field: 'effectiveAt' })]);
    const backwards = await t.call<{ fields: { field: string }[] }>('POST', '/api/v1/ssPointNotice', {
      token: tk.platform,
      body: window({ endAt: clock }),
    });
    expect(backwards.code).toBe(ERROR_CODES.validation);
    expect(backwards.data.fields[0]?.field).toBe('endAt');
    const list = await t.call<Page<MaintenanceNotice>>('GET', '/api/v1/ssPointNotice/list', { token: tk.platform });
    expect(list.data.total).toBe(0);
    const byAdmin = await t.call('POST', '/api/v1/ssPointNotice', { token: tk.admin, body: window() });
    expect(byAdmin.code).toBe(ERROR_CODES.noPermission);
  });

  it('shows once publishing and effective, to its scope only, and disappears at once when set invalid', async () => {
    const made = await t.call<MaintenanceNotice>('POST', '/api/v1/ssPointNotice', {
      token: tk.platform,
      body: window(),
    });
    expect(made.data.status).toBe(0);
    const mine = await t.call<MaintenanceNotice>('POST', '/api/v1/ssPointNotice', {
      token: tk.platform,
      body: window({ scope: 'companies', companyIds: [ids.rival], type: 2, title: { en: 'Rival maintenance' } }),
    });
    for (const n of [made.data, mine.data]) {
      const res = await t.call('POST', `/api/v1/ssPointNotice/${n.id}/status`, {
        token: tk.platform,
        body: { status: 1 },
      });
      expect(res.code).toBe(0);
    }
    // Publishing, but not effective yet.
    expect(await current(tk.owner)).toEqual([]);
    clock += 2 * HOUR;
    const shown = await current(tk.owner);
    expect(shown.map((n) => n.id)).toEqual([made.data.id]);
    expect(shown[0]).toMatchObject({ type: 1, startAt: made.data.startAt, endAt: made.data.endAt });
    expect((await current(tk.rival)).map((n) => n.id).sort()).toEqual([made.data.id, mine.data.id].sort());
    expect((await inbox(tk.owner, { type: '1' })).rows.map((r) => r.id)).toEqual([made.data.id]);

    const invalid = await t.call<MaintenanceNotice>('POST', `/api/v1/ssPointNotice/${made.data.id}/status`, {
      token: tk.platform,
      body: { status: 2 },
    });
    expect(invalid.data.status).toBe(2);
    expect(await current(tk.owner)).toEqual([]);
    expect((await inbox(tk.owner)).rows.map((r) => r.id)).not.toContain(made.data.id);
    // Invalid is final.
    const back = await t.call('POST', `/api/v1/ssPointNotice/${made.data.id}/status`, {
      token: tk.platform,
      body: { status: 1 },
    });
    expect(back.code).toBe(ERROR_CODES.validation);
  });
});
