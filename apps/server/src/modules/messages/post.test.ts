import { eq } from 'drizzle-orm';
import { MESSAGE_TYPE } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, message } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { MESSAGE_TOPIC_PREFIX } from '../mqtt/topics.js';
import { postMessages } from './post.js';

let t: TestApp;
let ownerId: string;
let staffId: string;

beforeAll(async () => {
  t = await TestApp.start();
  const id = async (email: string) =>
    (await t.database.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.email, email)))[0]?.id ?? '';
  ownerId = await id(ACCOUNTS.owner);
  staffId = await id(ACCOUNTS.staff);
});
afterAll(async () => t?.close());

describe('postMessages', () => {
  it('adds a message once per source and user, and tells every instance whose badge changed', async () => {
    const announced: string[] = [];
    await t.bus.subscribeAll(`${MESSAGE_TOPIC_PREFIX}#`, (topic) => {
      announced.push(topic.slice(MESSAGE_TOPIC_PREFIX.length));
    });
    const alarm = (userId: string) => ({
      userId,
      type: MESSAGE_TYPE.alarm,
      title: 'Inverter fault',
      deviceSn: 'INV-1',
      source: 'event:test-1:open',
    });
    const deps = { db: t.database.db, bus: t.bus };
    expect(await postMessages(deps, [alarm(ownerId), alarm(staffId)])).toBe(2);
    // The same delivery again (a job that ran twice after a restart) repeats nothing.
    expect(await postMessages(deps, [alarm(ownerId), alarm(staffId)])).toBe(0);
    const rows = await t.database.db.select().from(message).where(eq(message.source, 'event:test-1:open'));
    expect(rows.map((r) => r.userId).sort()).toEqual([ownerId, staffId].sort());
    expect(rows[0]).toMatchObject({ type: MESSAGE_TYPE.alarm, deviceSn: 'INV-1', readAt: null });
    await expect.poll(() => announced.sort()).toEqual([ownerId, staffId].sort());

    const unread = await t.call<{ count: number }>('GET', '/api/v1/messageTd/count', {
      token: await t.tokenFor(ACCOUNTS.owner),
    });
    expect(unread.data?.count).toBeGreaterThanOrEqual(1);
  });
});
