import { createHmac } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { GatewayEvent, NotificationSettings, WebhookDeliveryRow, WebhookRow } from '@heliograph/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appUser, message, notificationDelivery } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { backoffMs, DELIVERY_BATCH } from './deliver.js';
import { LEASE_MS } from './fanout.js';
import { eventGateway, RecordingPush, WebhookReceiver } from './fixture.js';
import { NOTIFICATION_LIMITS } from '@heliograph/shared';

/**
 * Alarm notifications end to end: a gateway sends an event over MQTT, the worker (ticked by the test, on the
 * test's clock) tells the plant's watchers in the notice centre, by e-mail (the app's mailer hook), web push
 * (recorded) and the company's webhooks (a local HTTP receiver).
 */
const START = Date.UTC(2026, 5, 15, 12, 0, 0);
const clock = { ms: START, now: (): number => clock.ms };
const GW = 'GWNOTE0001';
const INV = 'INVNOTE001';
const SECRET = 'a-long-webhook-secret-2026';
const push = new RecordingPush();
const receiver = new WebhookReceiver();

let t: TestApp;
let gw: Awaited<ReturnType<typeof eventGateway>>;
let plantId = '';
let admin = '';
let visitor = '';
let rival = '';
let hookId = '';
let seq = 0;

const call = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, body?: unknown) =>
  t.call<T>(method, `/api/v1${url}`, { token, ...(body === undefined ? {} : { body }) });

/** An event of the test inverter at the test clock's time; raised unless `cleared`. */
function event(
  code: string,
  state: 'raised' | 'cleared' = 'raised',
  level: GatewayEvent['level'] = 'fault',
): GatewayEvent {
  return { id: `ev-${++seq}`, device: INV, ts: clock.ms, code, level, state, message: `${code} test` };
}

async function raise(ev: GatewayEvent): Promise<void> {
  expect((await gw.send(ev)).status).toBe('committed');
}

const mailsTo = (who: string) => t.mails.filter((m) => m.to === who);
const hooksFor = (code: string) => receiver.received.filter((r) => r.body.includes(`"code":"${code}"`));

beforeAll(async () => {
  await receiver.start();
  t = await TestApp.start({}, undefined, { now: clock.now, push });
  plantId = await sunrisePlant(t, 'Notified plant', [{ sn: GW, devices: [{ sn: INV, kind: 'inverter' }] }], {
    sharedWithVisitor: true,
  });
  gw = await eventGateway(t, GW);
  admin = await t.tokenFor(ACCOUNTS.admin);
  visitor = await t.tokenFor(ACCOUNTS.visitor);
  rival = await t.otherCompanyToken();
  // The administrator watches the plant by saving a rule for it: faults and warnings, e-mail and push.
  const saved = await call<NotificationSettings>('POST', `/notification/settings/plant/${plantId}`, admin, {
    severities: ['fault', 'warning'],
    channels: ['email', 'push'],
    quietStart: null,
    quietEnd: null,
    timeZone: 'Europe/Berlin',
  });
  expect(saved.code).toBe(0);
  const hook = await call<WebhookRow>('POST', '/notification/webhooks', admin, { url: receiver.url, secret: SECRET });
  expect(hook.code).toBe(0);
  hookId = hook.data.id;
  await call('POST', '/notification/push/subscribe', admin, {
    endpoint: 'https://push.example/sub/admin-browser',
    keys: { p256dh: 'BPublicKeyOfTheBrowser', auth: 'authSecret' },
  });
}, 300_000);

afterAll(async () => {
  await gw?.client.endAsync();
  await t?.close();
  await receiver.stop();
});

beforeEach(() => {
  // Past any digest window of the test before: each test starts with mail allowed to go at once.
  clock.ms += 60 * 60_000;
  receiver.status = 200;
});

// Each test drives the worker through many rounds over MQTT and the database: generous on a busy machine.
describe('delivery', { timeout: 120_000 }, () => {
  it('tells an opening fault once: notice centre, one signed webhook, one mail, one push', async () => {
    const ev = event('F101');
    await raise(ev);
    await t.notifications.tick();
    // The gateway sends the same event again (a replay after a reconnect) and the worker runs again.
    await raise(ev);
    await t.notifications.tick();
    await t.notifications.tick();

    const adminMails = mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F101'));
    expect(adminMails).toHaveLength(1);
    expect(adminMails[0]?.subject).toContain('Notified plant');
    // The visitor has no rule of their own: the default (faults by e-mail) applies to a shared plant.
    expect(mailsTo(ACCOUNTS.visitor).filter((m) => m.text.includes('F101'))).toHaveLength(1);
    expect(push.sent.filter((p) => p.payload.title.includes('F101'))).toHaveLength(1);

    const hooks = hooksFor('F101');
    expect(hooks).toHaveLength(1);
    const got = hooks[0];
    const expected = `sha256=${createHmac('sha256', SECRET)
      .update(got?.body ?? '')
      .digest('hex')}`;
    expect(got?.headers['x-heliograph-signature']).toBe(expected);
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({
      type: 'alarm.opened',
      event: { code: 'F101', level: 'fault', deviceSn: INV, plantId, plantName: 'Notified plant' },
    });

    const [adminUser] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
    const notices = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.userId, adminUser?.id ?? ''), like(message.title, '%F101%')));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 3, plantId, deviceSn: INV });
  });

  it('tells the close too, and groups a flapping alarm into one digest per window', async () => {
    await raise(event('F202'));
    await t.notifications.tick();
    expect(mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F202'))).toHaveLength(1);
    // It flaps: cleared and raised again five times within the digest window.
    for (let i = 0; i < 5; i++) {
      clock.ms += 10_000;
      await raise(event('F202', 'cleared'));
      clock.ms += 10_000;
      await raise(event('F202'));
      await t.notifications.tick();
    }
    // Nothing more by mail inside the window …
    expect(mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F202'))).toHaveLength(1);
    // … then one digest with the ten changes.
    clock.ms += NOTIFICATION_LIMITS.digestMinutes * 60_000;
    await t.notifications.tick();
    const mails = mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F202'));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toContain('10');
    expect(mails[1]?.text.split('\n').filter((l) => l.includes('F202'))).toHaveLength(10);
    // Webhooks are for machines: every change, each once.
    expect(hooksFor('F202')).toHaveLength(11);
    expect(hooksFor('F202').filter((h) => h.body.includes('alarm.closed'))).toHaveLength(5);
  });

  it('retries a failing webhook with backoff, then logs it failed', async () => {
    receiver.status = 500;
    await raise(event('F303'));
    await t.notifications.tick();
    expect(hooksFor('F303')).toHaveLength(1);
    // Not before the backoff is over.
    await t.notifications.tick();
    expect(hooksFor('F303')).toHaveLength(1);
    for (let attempt = 1; attempt < NOTIFICATION_LIMITS.webhookAttempts; attempt++) {
      clock.ms += backoffMs(attempt);
      await t.notifications.tick();
    }
    expect(hooksFor('F303')).toHaveLength(NOTIFICATION_LIMITS.webhookAttempts);
    clock.ms += 24 * 60 * 60_000;
    await t.notifications.tick();
    expect(hooksFor('F303')).toHaveLength(NOTIFICATION_LIMITS.webhookAttempts);

    const log = await call<{ total: number; rows: WebhookDeliveryRow[] }>(
      'GET',
      `/notification/webhook/${hookId}/deliveries?state=failed`,
      admin,
    );
    const row = log.data.rows.find((r) => r.code === 'F303');
    expect(row).toMatchObject({
      state: 'failed',
      attempts: NOTIFICATION_LIMITS.webhookAttempts,
      lastError: 'HTTP 500',
      at: null,
    });
    // The mail of the same event went out regardless.
    expect(mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F303'))).toHaveLength(1);
  });

  it('holds mail and push back during quiet hours, but not the notice centre', async () => {
    // 12:00 UTC is 14:00 in Berlin: quiet from 13:00 to 15:00 there.
    clock.ms = Date.UTC(2026, 6, 1, 12, 0, 0);
    await call('POST', `/notification/settings/plant/${plantId}`, admin, {
      severities: ['fault'],
      channels: ['email', 'push'],
      quietStart: '13:00',
      quietEnd: '15:00',
      timeZone: 'Europe/Berlin',
    });
    await raise(event('F404'));
    await t.notifications.tick();
    expect(mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F404'))).toHaveLength(0);
    expect(push.sent.filter((p) => p.payload.body.includes('F404'))).toHaveLength(0);
    const [adminUser] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
    const notices = await t.database.db
      .select()
      .from(message)
      .where(and(eq(message.userId, adminUser?.id ?? ''), like(message.title, '%F404%')));
    expect(notices).toHaveLength(1);

    clock.ms = Date.UTC(2026, 6, 1, 12, 59, 0);
    await t.notifications.tick();
    expect(mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F404'))).toHaveLength(0);
    clock.ms = Date.UTC(2026, 6, 1, 13, 0, 0);
    await t.notifications.tick();
    expect(mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F404'))).toHaveLength(1);
    expect(push.sent.filter((p) => p.payload.body.includes('F404'))).toHaveLength(1);
    await call('POST', `/notification/settings/plant/${plantId}`, admin, {
      severities: ['fault', 'warning'],
      channels: ['email', 'push'],
      quietStart: null,
      quietEnd: null,
      timeZone: 'Europe/Berlin',
    });
  });

  it('tells no person of history uploaded late, but still posts it to the webhook', async () => {
    const old = { ...event('F505'), ts: clock.ms - 2 * 24 * 60 * 60_000 };
    await raise(old);
    await t.notifications.tick();
    await t.notifications.tick();
    expect(t.mails.filter((m) => m.text.includes('F505'))).toHaveLength(0);
    expect(push.sent.filter((p) => p.payload.title.includes('F505'))).toHaveLength(0);
    expect(await t.database.db.select().from(message).where(like(message.title, '%F505%'))).toHaveLength(0);
    expect(hooksFor('F505')).toHaveLength(1);
  });

  it('notifies nobody of a severity they did not choose', async () => {
    await raise(event('W505', 'raised', 'warning'));
    await t.notifications.tick();
    // The administrator chose warnings; the visitor's default did not.
    expect(mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('W505'))).toHaveLength(1);
    expect(mailsTo(ACCOUNTS.visitor).filter((m) => m.text.includes('W505'))).toHaveLength(0);
  });

  it('two instances on one database deliver each notification once', async () => {
    const b = await TestApp.start({}, t.database, { now: clock.now, push });
    try {
      const codes = Array.from({ length: 12 }, (_, i) => `F6${String(i).padStart(2, '0')}`);
      for (const code of codes) await raise(event(code));
      await Promise.all([
        t.notifications.tick(),
        b.notifications.tick(),
        t.notifications.tick(),
        b.notifications.tick(),
      ]);
      await Promise.all([t.notifications.tick(), b.notifications.tick()]);
      for (const code of codes) expect(hooksFor(code)).toHaveLength(1);
      const mails = [...t.mails, ...b.mails].filter((m) => m.to === ACCOUNTS.admin && m.text.includes('F600'));
      expect(mails).toHaveLength(1);
      // Every code is in exactly one mail to the administrator, whichever instance sent it.
      for (const code of codes) {
        const lines = [...t.mails, ...b.mails]
          .filter((m) => m.to === ACCOUNTS.admin)
          .flatMap((m) => m.text.split('\n'))
          .filter((l) => l.includes(code));
        expect(lines).toHaveLength(1);
      }
    } finally {
      await b.close();
    }
  });

  it('survives an instance dying mid-job: its lease runs out and another instance delivers, once', async () => {
    await raise(event('F707'));
    // An instance claimed the job and died before it marked it done.
    await t.database.db.execute(
      sql`update notification_job set claimed_until = ${new Date(clock.ms + LEASE_MS).toISOString()}::timestamptz
        where done_at is null`,
    );
    const b = await TestApp.start({}, t.database, { now: clock.now, push });
    try {
      await b.notifications.tick();
      expect(hooksFor('F707')).toHaveLength(0);
      clock.ms += LEASE_MS + 1000;
      await b.notifications.tick();
      await t.notifications.tick();
      expect(hooksFor('F707')).toHaveLength(1);
      const mails = [...t.mails, ...b.mails].filter((m) => m.to === ACCOUNTS.admin && m.text.includes('F707'));
      expect(mails).toHaveLength(1);
      const pending = await t.database.db
        .select()
        .from(notificationDelivery)
        .where(eq(notificationDelivery.state, 'pending'));
      expect(pending.filter((d) => (d.payload as { code: string }).code === 'F707')).toHaveLength(0);
    } finally {
      await b.close();
    }
  });

  it('sends a region’s worth of alarms to one person as one digest, however many claims it takes', async () => {
    const [adminUser] = await t.database.db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
    const many = DELIVERY_BATCH * 2 + 137;
    const facts = (i: number) => ({
      eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      transition: 'open' as const,
      code: 'F909',
      level: 'fault',
      severity: 'fault' as const,
      message: 'region offline',
      deviceSn: INV,
      plantId,
      plantName: 'Notified plant',
      at: clock.ms,
    });
    await t.database.db.insert(notificationDelivery).values(
      Array.from({ length: many }, (_, i) => ({
        channel: 'email',
        target: adminUser?.id ?? '',
        eventId: facts(i).eventId,
        transition: 'open',
        payload: facts(i),
        nextAt: new Date(clock.ms),
      })),
    );
    await t.notifications.tick();
    const mails = mailsTo(ACCOUNTS.admin).filter((m) => m.text.includes('F909'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(String(many));
    const left = await t.database.db
      .select({ id: notificationDelivery.id })
      .from(notificationDelivery)
      .where(and(eq(notificationDelivery.state, 'pending'), eq(notificationDelivery.channel, 'email')));
    expect(left).toHaveLength(0);
  });
});

describe('settings and webhooks API', { timeout: 60_000 }, () => {
  it('answers the caller’s rules, never a webhook secret', async () => {
    const settings = await call<NotificationSettings>('GET', '/notification/settings', admin);
    expect(settings.data.plants).toEqual([
      expect.objectContaining({ plantId, plantName: 'Notified plant', severities: ['fault', 'warning'] }),
    ]);
    expect(settings.data.pushSubscriptions).toBe(1);
    const list = await call<WebhookRow[]>('GET', '/notification/webhooks', admin);
    expect(list.data.map((w) => w.id)).toContain(hookId);
    expect(JSON.stringify(list.data)).not.toContain(SECRET);
    const edited = await call<WebhookRow>('POST', `/notification/webhook/${hookId}`, admin, {
      url: receiver.url,
      enabled: true,
    });
    expect(edited.code).toBe(0);
    expect(JSON.stringify(edited.data)).not.toContain(SECRET);
  });

  it('refuses bad input with field errors', async () => {
    const badUrl = await call('POST', '/notification/webhooks', admin, { url: 'ftp://x', secret: SECRET });
    expect(badUrl.code).toBe(4);
    const shortSecret = await call('POST', '/notification/webhooks', admin, { url: receiver.url, secret: 'short' });
    expect(shortSecret.code).toBe(4);
    const halfQuiet = await call('POST', '/notification/settings', admin, {
      severities: ['fault'],
      channels: [],
      quietStart: '22:00',
      quietEnd: null,
      timeZone: 'UTC',
    });
    expect(halfQuiet.code).toBe(4);
    const badZone = await call('POST', '/notification/settings', admin, {
      severities: ['fault'],
      channels: [],
      quietStart: null,
      quietEnd: null,
      timeZone: 'Mars/Olympus',
    });
    expect(badZone.code).toBe(4);
  });

  it('another company cannot read or change the webhooks, their log or a plant’s rule', async () => {
    expect((await call('GET', `/notification/webhook/${hookId}/deliveries`, rival)).code).toBe(404);
    expect(
      (await call('POST', `/notification/webhook/${hookId}`, rival, { url: receiver.url, enabled: false })).code,
    ).toBe(404);
    expect((await call('DELETE', `/notification/webhook/${hookId}`, rival)).code).toBe(404);
    const theirs = await call<WebhookRow[]>('GET', '/notification/webhooks', rival);
    expect(theirs.data).toEqual([]);
    const rule = { severities: ['fault'], channels: ['email'], quietStart: null, quietEnd: null, timeZone: 'UTC' };
    expect((await call('POST', `/notification/settings/plant/${plantId}`, rival, rule)).code).toBe(700);
    expect((await call('DELETE', `/notification/settings/plant/${plantId}`, rival)).code).toBe(700);
    // The webhook is untouched.
    const ours = await call<WebhookRow[]>('GET', '/notification/webhooks', admin);
    expect(ours.data.find((w) => w.id === hookId)?.enabled).toBe(true);
  });

  it('a visitor saves a rule for a plant shared with them and can drop it again', async () => {
    const rule = { severities: ['warning'], channels: [], quietStart: null, quietEnd: null, timeZone: 'UTC' };
    const saved = await call<NotificationSettings>('POST', `/notification/settings/plant/${plantId}`, visitor, rule);
    expect(saved.data.plants.map((p) => p.plantId)).toEqual([plantId]);
    const dropped = await call<NotificationSettings>('DELETE', `/notification/settings/plant/${plantId}`, visitor);
    expect(dropped.data.plants).toEqual([]);
  });
});
