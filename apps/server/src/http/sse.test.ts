import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ACCOUNTS, TestApp } from '../test/harness.js';
import { sunrisePlant } from '../test/gateway-fixtures.js';
import { EVERYONE } from '../modules/messages/live.js';
import { LIVE_TOPIC_PREFIX, MESSAGE_TOPIC_PREFIX } from '../modules/mqtt/topics.js';
import { appUser } from '../db/schema.js';
import { eq } from 'drizzle-orm';

/**
 * The live streams as a browser reads them, over a real socket: the `ready` event first, then an event for
 * each announcement on the broker that concerns the reader, and nothing for one that does not.
 */
const t = TestApp.forTests();

/** Opens a stream and collects its events (name and data) as they arrive. */
async function openStream(path: string, token: string) {
  const address = t.app.server.address() as AddressInfo;
  const controller = new AbortController();
  const res = await fetch(`http://127.0.0.1:${address.port}${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: { event: string; data: string }[] = [];
  const reader = res.body?.getReader();
  let buffer = '';
  void (async () => {
    const decoder = new TextDecoder();
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) return;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        if (event) events.push({ event, data });
      }
    }
  })();
  const waitFor = async (n: number) => {
    for (let i = 0; i < 200 && events.length < n; i++) await new Promise((r) => setTimeout(r, 20));
    return events;
  };
  return { events, waitFor, close: () => controller.abort() };
}

it('a plant page hears its plant’s changes, not another plant’s', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const token = await t.tokenFor(ACCOUNTS.admin);
  const one = await sunrisePlant(t, 'Streamed plant', [{ sn: 'GWSSE00001', devices: [] }]);
  const two = await sunrisePlant(t, 'Quiet plant', [{ sn: 'GWSSE00002', devices: [] }]);
  const stream = await openStream(`/api/v1/live/plant/${one}`, token);
  expect((await stream.waitFor(1))[0]).toEqual({ event: 'ready', data: JSON.stringify({ plantId: one }) });
  await t.bus.publish(`${LIVE_TOPIC_PREFIX}${two}`, '{"other":true}');
  await t.bus.publish(`${LIVE_TOPIC_PREFIX}${one}`, '{"power":1}');
  expect((await stream.waitFor(2)).slice(1)).toEqual([{ event: 'plant', data: '{"power":1}' }]);
  stream.close();
});

it('the shell hears of its own new messages and of bulletins for everyone, not of another user’s', async () => {
  const token = await t.tokenFor(ACCOUNTS.owner);
  const [owner] = await t.database.db
    .select({ id: appUser.id })
    .from(appUser)
    .where(eq(appUser.account, ACCOUNTS.owner));
  const [staff] = await t.database.db
    .select({ id: appUser.id })
    .from(appUser)
    .where(eq(appUser.account, ACCOUNTS.staff));
  const stream = await openStream('/api/v1/live/messages', token);
  await stream.waitFor(1);
  await t.bus.publish(`${MESSAGE_TOPIC_PREFIX}${staff?.id}`, '{}');
  await t.bus.publish(`${MESSAGE_TOPIC_PREFIX}${owner?.id}`, '{}');
  await t.bus.publish(`${MESSAGE_TOPIC_PREFIX}${EVERYONE}`, '{}');
  const events = await stream.waitFor(3);
  expect(events.map((e) => e.event)).toEqual(['ready', 'messages', 'messages']);
  stream.close();
});
