import { and, eq } from 'drizzle-orm';
import type { NoticeItem } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceEvent, gateway } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { OFFLINE_CODE, OFFLINE_GRACE_MS, sweepOfflineGateways } from './offline.js';

/**
 * A gateway that stays offline is an alarm on its devices, told to the people who watch the plant (the default
 * rule includes offline); one that drops for a broker restart is not; one that comes back closes it.
 * The worker is ticked on the test's clock; the gateway's state is written as its status messages would.
 */
const START = Date.UTC(2026, 2, 10, 9, 0, 0);
const clock = { ms: START, now: (): number => clock.ms };
const GW = 'GWOFFL0001';
const INV = 'INVOFFL001';
const minutes = (n: number) => n * 60_000;

let t: TestApp;
let visitor = '';

async function setGateway(online: boolean, lastSeenMs: number): Promise<void> {
  await t.database.db
    .update(gateway)
    .set({ online, lastSeenAt: new Date(lastSeenMs) })
    .where(eq(gateway.sn, GW));
}

const offlineEvents = async () => {
  const [gw] = await t.database.db.select({ id: gateway.id }).from(gateway).where(eq(gateway.sn, GW));
  return t.database.db
    .select()
    .from(deviceEvent)
    .where(and(eq(deviceEvent.gatewayId, gw?.id ?? ''), eq(deviceEvent.code, OFFLINE_CODE)));
};

const visitorNotices = async () => {
  const answer = await t.call<{ rows: NoticeItem[] }>('GET', '/api/v1/messageTd/messages', {
    token: visitor,
    query: { q: OFFLINE_CODE, page: '1', size: '50' },
  });
  expect(answer.code).toBe(0);
  return answer.data.rows;
};

beforeAll(async () => {
  t = await TestApp.start({}, undefined, { now: clock.now });
  await sunrisePlant(t, 'Remote plant', [{ sn: GW, devices: [{ sn: INV, kind: 'inverter' }] }], {
    sharedWithVisitor: true,
  });
  visitor = await t.tokenFor(ACCOUNTS.visitor);
}, 300_000);

afterAll(() => t.close());

describe('a gateway offline', () => {
  it('raises nothing while it is back within the grace (a broker restart)', async () => {
    await setGateway(false, clock.ms - minutes(2));
    await t.notifications.tick();
    expect(await offlineEvents()).toHaveLength(0);
    expect(await visitorNotices()).toHaveLength(0);
  });

  it('opens one offline event per device once the grace has passed, dated when it was last seen, and tells the watchers', async () => {
    const lastSeen = clock.ms - minutes(2);
    clock.ms += OFFLINE_GRACE_MS;
    await t.notifications.tick();
    // Another instance sweeps at the same moment, and the next round comes: still one event, one notice.
    await sweepOfflineGateways(t.database.db, clock.ms);
    clock.ms += 30_000;
    await t.notifications.tick();

    const events = await offlineEvents();
    expect(events).toHaveLength(1);
    expect(events[0]?.raisedAt.getTime()).toBe(lastSeen);
    expect(events[0]?.clearedAt).toBeNull();
    const notices = await visitorNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ deviceSn: INV, read: false });
    expect(notices[0]?.title).toContain('Remote plant');

    // The visitor's default rule mails offline alarms too, as one digest once its window has passed.
    clock.ms += minutes(6);
    await t.notifications.tick();
    const mails = t.mails.filter((m) => m.to === ACCOUNTS.visitor && m.text.includes(OFFLINE_CODE));
    expect(mails).toHaveLength(1);
  });

  it('closes the event when the gateway is back, and says so', async () => {
    const back = clock.ms - 10_000;
    await setGateway(true, back);
    clock.ms += 30_000;
    await t.notifications.tick();
    const events = await offlineEvents();
    expect(events).toHaveLength(1);
    expect(events[0]?.clearedAt?.getTime()).toBe(back);
    expect(await visitorNotices()).toHaveLength(2);
  });

  it('opens a new event when it drops again for long', async () => {
    await setGateway(false, clock.ms);
    clock.ms += OFFLINE_GRACE_MS + 60_000;
    await t.notifications.tick();
    const events = await offlineEvents();
    expect(events).toHaveLength(2);
    expect(events.filter((e) => e.clearedAt === null)).toHaveLength(1);
  });
});
