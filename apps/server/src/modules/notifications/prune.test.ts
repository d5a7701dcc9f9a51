import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { notificationDelivery, notificationJob } from '../../db/schema.js';
import { TestApp } from '../../test/harness.js';
import { DELIVERY_KEEP_MS, JOB_KEEP_MS } from './prune.js';

const NOW = Date.UTC(2026, 8, 1, 12, 0, 0);
const DAY = 24 * 60 * 60_000;
const t = TestApp.forTests();

it('the worker forgets old sent and failed deliveries and old done jobs, never a pending delivery', async () => {
  const db = t.database.db;
  // A pending one waits for quiet hours to end (so this round does not send it).
  const delivery = (state: string, ageMs: number) => ({
    channel: 'webhook',
    target: randomUUID(),
    eventId: randomUUID(),
    transition: 'open',
    payload: {},
    state,
    nextAt: new Date(state === 'pending' ? NOW + 60 * 60_000 : NOW - ageMs),
    createdAt: new Date(NOW - ageMs),
  });
  await db
    .insert(notificationDelivery)
    .values([
      delivery('sent', DELIVERY_KEEP_MS + DAY),
      delivery('failed', DELIVERY_KEEP_MS + DAY),
      delivery('pending', DELIVERY_KEEP_MS + 10 * DAY),
      delivery('sent', DELIVERY_KEEP_MS - DAY),
    ]);
  await db.insert(notificationJob).values([
    { eventId: randomUUID(), transition: 'open', doneAt: new Date(NOW - JOB_KEEP_MS - DAY) },
    { eventId: randomUUID(), transition: 'open', doneAt: new Date(NOW - JOB_KEEP_MS + DAY) },
  ]);

  const worker = await TestApp.start({}, t.database, { now: () => NOW });
  try {
    await worker.notifications.tick();
  } finally {
    await worker.close();
  }

  const left = await db.select().from(notificationDelivery);
  expect(left.map((d) => d.state).sort()).toEqual(['pending', 'sent']);
  expect(left.find((d) => d.state === 'sent')?.createdAt.getTime()).toBe(NOW - DELIVERY_KEEP_MS + DAY);
  const jobs = await db.select().from(notificationJob);
  expect(jobs.map((j) => j.doneAt?.getTime())).toEqual([NOW - JOB_KEEP_MS + DAY]);
});
