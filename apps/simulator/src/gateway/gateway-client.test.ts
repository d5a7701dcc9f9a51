import { statusSchema, telemetryBatchSchema, type CommandResult, type Sample } from '@heliograph/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestBroker, type TestBroker } from '../testing/broker.js';
import type { CommandTarget } from './commands.js';
import { GatewayClient, type GatewayClientOptions } from './gateway-client.js';
import type { LogLevel } from './logger.js';
import { Outbox } from './outbox.js';

const PASSWORD = 'Passw0rdSim';
const T0 = Date.UTC(2025, 5, 21, 10);

/** Two readings from two devices at the n-th 5-minute mark. */
function samples(n: number): Sample[] {
  const ts = T0 + n * 300_000;
  return [
    { device: 'INV00000001', ts, metrics: { p_ac: 1000 + n, e_pv_total: 100 + n / 10 } },
    { device: 'MTR00000001', ts, metrics: { p_grid: -500 - n, e_export_total: 50 + n / 20 } },
  ];
}

describe('gateway client against a real MQTT broker', () => {
  let broker: TestBroker;
  const clients: GatewayClient[] = [];
  const logs: { level: LogLevel; message: string }[] = [];

  const gateway = (sn: string, extra: Partial<GatewayClientOptions> = {}) => {
    const client = new GatewayClient({
      sn,
      password: PASSWORD,
      url: broker.url,
      intervalSec: 300,
      reconnectMs: 100,
      log: (level, message) => logs.push({ level, message }),
      ...extra,
    });
    clients.push(client);
    client.start();
    return client;
  };
  const received = (sn: string, channel: string) => broker.received.filter((r) => r.sn === sn && r.channel === channel);
  const statuses = (sn: string) => received(sn, 'status').map((r) => statusSchema.parse(JSON.parse(r.payload)));

  const credentials: Record<string, string> = Object.fromEntries(
    ['GW00000001', 'GW00000002', 'GW00000003', 'GW00000004', 'GW00000005'].map((sn) => [sn, PASSWORD]),
  );

  beforeAll(async () => {
    broker = await startTestBroker(credentials);
  });
  afterEach(async () => {
    broker.dropAcks = false;
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  afterAll(async () => {
    await broker.close();
  });

  it('delivers every batch across a disconnect, replaying the unacknowledged ones unchanged, oldest first', async () => {
    const sn = 'GW00000001';
    const client = gateway(sn);
    await broker.until(() => statuses(sn).length > 0);
    expect(statuses(sn).at(-1)).toMatchObject({ state: 'online', interval: 300 });

    // 1–3 go through and are acknowledged.
    const sent = [1, 2, 3].map((n) => client.sendTelemetry(samples(n)));
    await Promise.all(sent.map((s) => s.settled));

    // 4–6 reach the server, which loses the acknowledgements.
    broker.dropAcks = true;
    sent.push(...[4, 5, 6].map((n) => client.sendTelemetry(samples(n))));
    await broker.until(() => received(sn, 'up/telemetry').length === 6);

    // The network goes: the broker publishes the last will; 7–9 are made while offline.
    client.goOffline();
    await broker.until(() => statuses(sn).at(-1)?.state === 'offline');
    sent.push(...[7, 8, 9].map((n) => client.sendTelemetry(samples(n))));
    expect(client.pending().map((p) => p.id)).toEqual(sent.slice(3).map((s) => s.id));
    const before = received(sn, 'up/telemetry').length;

    broker.dropAcks = false;
    client.goOnline();
    const outcomes = await Promise.all(sent.map((s) => s.settled));
    expect(outcomes).toEqual(Array(9).fill('committed'));
    expect(statuses(sn).at(-1)?.state).toBe('online');
    expect(client.pending()).toEqual([]);

    // Replayed oldest first: 4–9, in order, right after the reconnect.
    const replay = received(sn, 'up/telemetry')
      .slice(before)
      .map((r) => telemetryBatchSchema.parse(JSON.parse(r.payload)).id);
    expect(replay.slice(0, 6)).toEqual(sent.slice(3).map((s) => s.id));

    // Every id committed; every copy of a batch identical to the first; original timestamps kept.
    expect(new Set(broker.committed.filter((id) => id.startsWith(sn)))).toEqual(new Set(sent.map((s) => s.id)));
    const copies = new Map<string, string[]>();
    for (const r of received(sn, 'up/telemetry')) {
      const id = telemetryBatchSchema.parse(JSON.parse(r.payload)).id;
      copies.set(id, [...(copies.get(id) ?? []), r.payload]);
    }
    sent.forEach((s, i) => {
      const payloads = copies.get(s.id) ?? [];
      expect(payloads.length).toBeGreaterThanOrEqual(1);
      expect(new Set(payloads).size).toBe(1);
      const batch = telemetryBatchSchema.parse(JSON.parse(payloads[0] ?? '{}'));
      expect(batch.samples).toEqual(samples(i + 1));
    });
    expect(client.stats()).toMatchObject({ committed: 9, rejected: 0, dropped: 0, buffered: 0, samplesCommitted: 18 });
    expect(client.stats().replayed).toBeGreaterThanOrEqual(3);
  });

  it('buffers events like batches and drops a rejected batch with a warning', async () => {
    const sn = 'GW00000002';
    const client = gateway(sn);
    await broker.until(() => client.isConnected && broker.subscribed(sn, 'down/ack'));
    // The publish leaves on a later tick, so the broker learns the id before the batch arrives.
    const refused = client.sendTelemetry(samples(1));
    broker.rejectIds.add(refused.id);
    const event = client.sendEvent({ device: 'INV00000001', ts: T0, code: 'F023', level: 'fault', state: 'raised' });
    expect(await event.settled).toBe('committed');
    expect(await refused.settled).toBe('rejected');
    expect(
      logs.some((l) => l.level === 'warn' && l.message.includes(refused.id) && l.message.includes('rejected')),
    ).toBe(true);
    expect(client.pending()).toEqual([]);
    expect(JSON.parse(received(sn, 'up/event')[0]?.payload ?? '{}')).toMatchObject({
      id: event.id,
      code: 'F023',
      state: 'raised',
    });
  });

  it('sends an unacknowledged batch again after the acknowledgement timeout, with the same id', async () => {
    const sn = 'GW00000003';
    const client = gateway(sn, { ackTimeoutMs: 300 });
    await broker.until(() => client.isConnected && broker.subscribed(sn, 'down/ack'));
    broker.dropAcks = true;
    const batch = client.sendTelemetry(samples(1));
    await broker.until(() => received(sn, 'up/telemetry').length >= 2);
    broker.dropAcks = false;
    expect(await batch.settled).toBe('committed');
    const ids = received(sn, 'up/telemetry').map((r) => telemetryBatchSchema.parse(JSON.parse(r.payload)).id);
    expect(new Set(ids)).toEqual(new Set([batch.id]));
  });

  it('answers commands on up/ack and acts on them', async () => {
    const sn = 'GW00000004';
    const running = new Map<string, boolean>();
    const target: CommandTarget = {
      hasDevice: (device) => device === 'INV00000001',
      setRunning: (device, on) => void running.set(device ?? '*', on),
      readSettings: () => ({ activePowerLimit: 100 }),
      writeSettings: (_sn, settings) => ({ applied: settings }),
      debugRead: () => ({ values: [1, 2] }),
    };
    const intervals: number[] = [];
    const client = gateway(sn, { target, onIntervalChange: (s) => intervals.push(s) });
    // Commands are not retained: one published before the gateway's subscription is in place is lost.
    await broker.until(() => client.isConnected && broker.subscribed(sn, 'down/cmd'));
    const results = () => received(sn, 'up/ack').map((r) => JSON.parse(r.payload) as CommandResult);
    const later = Date.now() + 60_000;

    await broker.command(sn, { cmdId: 'c1', type: 'uploadInterval', params: { seconds: 60 }, expiresAt: later });
    await broker.command(sn, { cmdId: 'c2', type: 'shutdown', device: 'INV00000001', expiresAt: later });
    await broker.command(sn, { cmdId: 'c3', type: 'settingsRead', device: 'INV00000001', expiresAt: later });
    await broker.command(sn, { cmdId: 'c4', type: 'upgrade', params: { url: 'http://x' }, expiresAt: later });
    await broker.command(sn, { cmdId: 'c5', type: 'boot', device: 'INV00000001', expiresAt: Date.now() - 1000 });
    await broker.command(sn, { cmdId: 'c6', type: 'boot', device: 'INV99999999', expiresAt: later });
    await broker.until(() => results().length === 6);

    expect(results()).toEqual([
      { cmdId: 'c1', status: 'succeeded', result: { seconds: 60 } },
      { cmdId: 'c2', status: 'succeeded', result: { on: false } },
      { cmdId: 'c3', status: 'succeeded', result: { activePowerLimit: 100 } },
      // Old-style params (a bare URL), and no key to trust: refused before anything is fetched.
      { cmdId: 'c4', status: 'failed', error: 'bad signature' },
      { cmdId: 'c5', status: 'failed', error: 'expired' },
      { cmdId: 'c6', status: 'failed', error: 'unknown device INV99999999' },
    ]);
    expect(running.get('INV00000001')).toBe(false);
    expect(intervals).toEqual([60]);
    expect(client.interval).toBe(60);
    expect(statuses(sn).at(-1)).toMatchObject({ state: 'online', interval: 60 });

    // A restart drops the connection and comes back online.
    const onlineBefore = statuses(sn).filter((s) => s.state === 'online').length;
    await broker.command(sn, { cmdId: 'c7', type: 'restart', expiresAt: later });
    // Generous: a loaded CI machine can take seconds to reconnect; the assertion is that it does.
    await broker.until(() => statuses(sn).filter((s) => s.state === 'online').length > onlineBefore, 20_000);
    expect(results().at(-1)).toEqual({ cmdId: 'c7', status: 'succeeded', result: {} });
  });

  it('moves to the broker a serverAddress command names, and sends there what the old one never acknowledged', async () => {
    // Another region's broker (the account that owns the plant moved there): same serial number and password.
    credentials.GW00000007 = PASSWORD;
    const elsewhere = await startTestBroker(credentials);
    try {
      const sn = 'GW00000007';
      const client = gateway(sn);
      await broker.until(() => statuses(sn).length > 0);
      broker.dropAcks = true;
      const stranded = client.sendTelemetry(samples(1));
      await broker.until(() => received(sn, 'up/telemetry').length === 1);
      const later = Date.now() + 60_000;
      await broker.command(sn, {
        cmdId: 'm1',
        type: 'serverAddress',
        params: { url: elsewhere.url },
        expiresAt: later,
      });
      const arrived = () => elsewhere.received.filter((r) => r.sn === sn && r.channel === 'up/telemetry');
      await elsewhere.until(() => arrived().length === 1, 20_000);
      await stranded.settled;
      expect(JSON.parse(arrived()[0]?.payload ?? '{}')).toMatchObject({ id: stranded.id });
      const answer = received(sn, 'up/ack').map((r) => JSON.parse(r.payload) as CommandResult);
      expect(answer.at(-1)).toEqual({ cmdId: 'm1', status: 'succeeded', result: { url: elsewhere.url } });
      // A bad address is refused and the gateway stays where it is.
      await elsewhere.command(sn, {
        cmdId: 'm2',
        type: 'serverAddress',
        params: { url: 'http://x' },
        expiresAt: later,
      });
      await elsewhere.until(() => elsewhere.received.some((r) => r.sn === sn && r.channel === 'up/ack'));
      expect(client.isConnected).toBe(true);
    } finally {
      await Promise.all(clients.splice(0).map((c) => c.stop()));
      await elsewhere.close();
    }
  });

  it('is refused with a wrong password', async () => {
    const client = gateway('GW00000005', { password: 'Wrong0ne' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.isConnected).toBe(false);
    expect(logs.some((l) => l.message.startsWith('GW00000005'))).toBe(true);
  });

  it('keeps asking after a refusal and gets in once it is let in (an unbound gateway being bound)', async () => {
    credentials.GW00000006 = 'NotYet0pen';
    const client = gateway('GW00000006');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.isConnected).toBe(false);
    credentials.GW00000006 = PASSWORD;
    await broker.until(() => client.isConnected, 10_000);
  });
});

describe('outbox', () => {
  it('keeps at most its capacity, dropping the oldest with a report', async () => {
    const dropped: string[] = [];
    const outbox = new Outbox(3, (entry) => dropped.push(entry.id));
    const entries = ['a', 'b', 'c', 'd', 'e'].map((id) =>
      outbox.add({ id, kind: 'telemetry', payload: id, samples: 1 }),
    );
    expect(dropped).toEqual(['a', 'b']);
    expect(await entries[0]?.settled).toBe('dropped');
    expect(outbox.pending().map((e) => e.id)).toEqual(['c', 'd', 'e']);
  });

  it('sends within a window and requeues everything, oldest first, after a reconnect', () => {
    const outbox = new Outbox();
    for (const id of ['a', 'b', 'c']) outbox.add({ id, kind: 'telemetry', payload: id, samples: 1 });
    const first = outbox.nextToSend(2);
    if (first) outbox.markSent(first, 0);
    const second = outbox.nextToSend(2);
    if (second) outbox.markSent(second, 0);
    expect([first?.id, second?.id]).toEqual(['a', 'b']);
    expect(outbox.nextToSend(2)).toBeUndefined();
    outbox.settle('a', 'committed');
    expect(outbox.nextToSend(2)?.id).toBe('c');
    outbox.requeueAll();
    expect(outbox.inFlight).toBe(0);
    expect(outbox.nextToSend(2)?.id).toBe('b');
  });
});
