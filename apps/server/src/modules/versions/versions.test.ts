import { readFileSync } from 'node:fs';
import { count, eq, inArray } from 'drizzle-orm';
import {
  CONSOLE_VERSION,
  ERROR_CODES,
  type ConsoleVersion,
  type VersionCheck,
  type VersionLatest,
} from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, consoleVersion, consoleVersionAck } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';

// The clock the server stamps publications and acknowledgements with: each test moves it on, so the order of
// versions never rests on two calls landing in different milliseconds.
let clock = Date.UTC(2026, 5, 1);
const tick = () => (clock += 60_000);
let t: TestApp;
const tk = { platform: '', admin: '', staff: '', owner: '', rival: '' };

const notes = (en: string, extra: Record<string, string> = {}) => ({ en, ...extra });
const versionCount = async () => (await t.database.db.select({ n: count() }).from(consoleVersion))[0]?.n ?? 0;

async function publish(
  version: string,
  body: Record<string, string> = notes(`Notes of ${version}`),
  token = tk.platform,
) {
  tick();
  return t.call<ConsoleVersion & { fields?: { field: string; rule: string }[] }>('POST', '/api/v1/version', {
    token,
    body: { version, notes: body },
  });
}

beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now: () => clock });
  const db = t.database.db;
  // The demo's versions are dated by the wall clock; this file publishes its own on its clock.
  await db.delete(consoleVersion);
  // Every demo account existed before this file's versions are published (the rule of GET version/check).
  await db.update(appUser).set({ createdAt: new Date(Date.UTC(2026, 0, 1)) });
  tk.platform = await t.tokenFor(ACCOUNTS.platform);
  tk.admin = await t.tokenFor(ACCOUNTS.admin);
  tk.staff = await t.tokenFor(ACCOUNTS.staff);
  tk.owner = await t.tokenFor(ACCOUNTS.owner);
  tk.rival = await t.otherCompanyToken();
  await db
    .update(appUser)
    .set({ createdAt: new Date(Date.UTC(2026, 0, 1)) })
    .where(eq(appUser.account, 'boss@rival.example'));
});
afterAll(() => t.close());

describe('console versions', () => {
  it('answers the running version, the root package.json version, before anything is published', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(CONSOLE_VERSION).toBe(pkg.version);
    const res = await t.call<VersionLatest>('GET', '/api/v1/version/latest', { token: tk.staff });
    expect(res.data).toEqual({ running: pkg.version, latest: null });
    const check = await t.call<VersionCheck>('GET', '/api/v1/version/check', { token: tk.staff });
    expect(check.data).toEqual({ show: false, version: null });
  });

  it('refuses a company administrator, staff and another company publishing or deleting, and changes nothing', async () => {
    for (const token of [tk.admin, tk.staff, tk.rival]) {
      const res = await publish('9.9.9', notes('Not mine to publish'), token);
      expect(res.status).toBe(403);
      expect(res.code).toBe(ERROR_CODES.noPermission);
      const list = await t.call('GET', '/api/v1/versions', { token });
      expect(list.code).toBe(ERROR_CODES.noPermission);
    }
    expect(await versionCount()).toBe(0);
    const mine = await publish('1.0.0');
    expect(mine.code).toBe(0);
    for (const token of [tk.admin, tk.rival]) {
      const res = await t.call('POST', `/api/v1/version/${mine.data.id}/delete`, { token });
      expect(res.code).toBe(ERROR_CODES.noPermission);
    }
    expect(await versionCount()).toBe(1);
  });

  it('refuses a malformed number, missing English notes and a number not above the newest, in the caller’s language', async () => {
    const bad = await publish('1.0 beta');
    expect(bad.code).toBe(ERROR_CODES.validation);
    expect(bad.data.fields).toEqual([expect.objectContaining({ field: 'version', rule: 'firmwareVersion' })]);
    const noEnglish = await publish('1.1.0', { en: '   ', de: 'Nur Deutsch' });
    expect(noEnglish.code).toBe(ERROR_CODES.validation);
    for (const version of ['1.0.0', '0.9.9', 'v1.0', '1.0.0-rc1']) {
      const res = await publish(version);
      expect(res.code, version).toBe(ERROR_CODES.firmwareVersionDuplicate);
    }
    tick();
    const german = await t.app.inject({
      method: 'POST',
      url: '/api/v1/version?lan=de',
      headers: { authorization: `Bearer ${tk.platform}` },
      payload: { version: '0.5', notes: { en: 'Older' } },
    });
    expect(german.json()).toMatchObject({
      code: ERROR_CODES.firmwareVersionDuplicate,
      msg: expect.stringMatching(/Softwareversion/),
    });
    expect(await versionCount()).toBe(1);
  });

  it('publishes with notes per language, lists, searches, pages and reads one by id and by number', async () => {
    const res = await publish('1.2.0', notes('Timeline and dialog', { de: 'Zeitleiste und Dialog', he: 'ציר זמן' }));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ version: '1.2.0', publishedBy: 'Platform Admin', publishedAt: clock });
    await publish('1.10.0');
    const all = await t.call<{ total: number; rows: ConsoleVersion[] }>('GET', '/api/v1/versions', {
      token: tk.platform,
    });
    expect(all.data.rows.map((r) => r.version)).toEqual(['1.10.0', '1.2.0', '1.0.0']);
    const found = await t.call<{ total: number; rows: ConsoleVersion[] }>('GET', '/api/v1/versions', {
      token: tk.platform,
      query: { q: '.2.', page: '1', size: '20' },
    });
    expect(found.data.rows.map((r) => r.version)).toEqual(['1.2.0']);
    const second = await t.call<{ total: number; rows: ConsoleVersion[] }>('GET', '/api/v1/versions', {
      token: tk.platform,
      query: { page: '2', size: '2' },
    });
    expect(second.data).toMatchObject({ total: 3, rows: [expect.objectContaining({ version: '1.0.0' })] });

    // Everyone signed in reads them, in their language, English where that language has no notes.
    const id = res.data.id;
    const de = await t.call<ConsoleVersion>('GET', `/api/v1/version/${id}`, { token: tk.owner, query: { lan: 'de' } });
    expect(de.data.content).toBe('Zeitleiste und Dialog');
    const pt = await t.call<ConsoleVersion>('GET', '/api/v1/version', {
      token: tk.staff,
      query: { version: '1.2.0', lan: 'pt' },
    });
    expect(pt.data).toMatchObject({ id, content: 'Timeline and dialog' });
    expect((await t.call('GET', '/api/v1/version', { token: tk.staff, query: { version: '7.7' } })).code).toBe(
      ERROR_CODES.notFound,
    );
    const timeline = await t.call<{ total: number; rows: ConsoleVersion[] }>('GET', '/api/v1/version/timeline', {
      token: tk.staff,
      query: { lan: 'he' },
    });
    expect(timeline.data.rows.map((r) => [r.version, r.content])).toEqual([
      ['1.10.0', 'Notes of 1.10.0'],
      ['1.2.0', 'ציר זמן'],
      ['1.0.0', 'Notes of 1.0.0'],
    ]);
  });

  it('versions are the platform’s: another company reads the same timeline and latest (why the tenancy sweep skips them)', async () => {
    // No company owns a console version, so "another company's account gets does not exist" has no row to
    // protect: every signed-in account reads the same versions. What is a tenant's here is the
    // acknowledgement, which each caller only ever writes and reads for itself (scope self).
    const ours = await t.call<VersionLatest>('GET', '/api/v1/version/latest', { token: tk.admin });
    const theirs = await t.call<VersionLatest>('GET', '/api/v1/version/latest', { token: tk.rival });
    expect(theirs.data).toEqual(ours.data);
    expect(theirs.data.latest?.version).toBe('1.10.0');
  });

  it('shows the dialog once per new version per user, and not to an account younger than the version', async () => {
    const check = async (token: string) => (await t.call<VersionCheck>('GET', '/api/v1/version/check', { token })).data;
    const first = await check(tk.staff);
    expect(first).toMatchObject({ show: true, version: { version: '1.10.0' } });
    tick();
    expect((await t.call('POST', `/api/v1/version/${first.version?.id}/acknowledge`, { token: tk.staff })).code).toBe(
      0,
    );
    expect((await check(tk.staff)).show).toBe(false);
    // Acknowledged by staff only: the owner still gets it.
    expect((await check(tk.owner)).show).toBe(true);
    // A stale dialog acknowledging an older version does not bring the newer one back.
    const older = (await t.call<{ rows: ConsoleVersion[] }>('GET', '/api/v1/version/timeline', { token: tk.staff }))
      .data.rows[2];
    await t.call('POST', `/api/v1/version/${older?.id}/acknowledge`, { token: tk.staff });
    expect((await check(tk.staff)).show).toBe(false);
    const [ack] = await t.database.db.select().from(consoleVersionAck);
    expect(ack?.version).toBe('1.10.0');

    // A newer version shows once more.
    await publish('2.0.0');
    expect(await check(tk.staff)).toMatchObject({ show: true, version: { version: '2.0.0' } });

    // An account created after the newest version was published is not shown it.
    await t.database.db
      .update(appUser)
      .set({ createdAt: new Date(clock + 1) })
      .where(eq(appUser.account, ACCOUNTS.owner));
    expect((await check(tk.owner)).show).toBe(false);
  });

  it('deletes a version: it leaves the list and the latest falls back to the one before; an unknown id does not exist', async () => {
    const latest = (await t.call<VersionLatest>('GET', '/api/v1/version/latest', { token: tk.platform })).data.latest;
    expect(latest?.version).toBe('2.0.0');
    const del = await t.call('POST', `/api/v1/version/${latest?.id}/delete`, { token: tk.platform });
    expect(del.code).toBe(0);
    const after = await t.call<VersionLatest>('GET', '/api/v1/version/latest', { token: tk.staff });
    expect(after.data.latest?.version).toBe('1.10.0');
    // Staff acknowledged 1.10.0: with 2.0.0 gone there is nothing new.
    expect((await t.call<VersionCheck>('GET', '/api/v1/version/check', { token: tk.staff })).data.show).toBe(false);
    const again = await t.call('POST', `/api/v1/version/${latest?.id}/delete`, { token: tk.platform });
    expect(again.code).toBe(ERROR_CODES.notFound);
    expect((await t.call('GET', `/api/v1/version/${latest?.id}`, { token: tk.staff })).code).toBe(ERROR_CODES.notFound);
    const left = await t.database.db
      .select({ v: consoleVersion.version })
      .from(consoleVersion)
      .where(inArray(consoleVersion.version, ['2.0.0']));
    expect(left).toEqual([]);
    // Publishing and deleting are in the audit log, with who did it; the refused second delete is not.
    const audit = await t.database.db
      .select({ action: auditLog.action, old: auditLog.oldValue, new: auditLog.newValue, actor: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.targetId, latest?.id ?? ''));
    const [platform] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.platform));
    expect(audit).toEqual([
      { action: 'version.publish', old: null, new: { version: '2.0.0' }, actor: platform?.id },
      { action: 'version.delete', old: { version: '2.0.0' }, new: null, actor: platform?.id },
    ]);
  });
});
