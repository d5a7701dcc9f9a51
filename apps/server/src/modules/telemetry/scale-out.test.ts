import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { gatewayTopics, type BatchAck } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../db/schema.js';
import { TestApp } from '../../test/harness.js';
import { DEFAULT_VALUATION, provisionPlant } from '../plants/provision.js';

/**
 * Two server instances on one PostgreSQL and one external broker (Mosquitto in CI): every batch is
 * ingested exactly once, and both instances take part. Needs TEST_DATABASE_URL and TEST_MQTT_URL; .ci/run
 * sets both (PostgreSQL and Mosquitto on 127.0.0.1).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const mqttUrl = process.env.TEST_MQTT_URL;

describe.skipIf(!pgUrl || !mqttUrl)('two instances on PostgreSQL and an external broker', () => {
  let a: TestApp;
  let b: TestApp;
  const sn = `GWX${randomBytes(4).toString('hex').toUpperCase()}`;
  const inv = `${sn}-INV`;

  beforeAll(async () => {
    const env = {
      MQTT_URL: mqttUrl ?? '',
      MQTT_AUTH_SECRET: 'scale-out-test-secret',
      // A group of its own: test files run side by side on one broker, and a shared group would hand this
      // file's gateway messages to another file's instances (and their database).
      MQTT_SHARE_GROUP: `test-${randomBytes(4).toString('hex')}`,
    };
    a = await TestApp.start(env);
    b = await TestApp.start(env, a.database);
    const [sunrise] = await a.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    await provisionPlant(a.database.db, {
      companyId: sunrise?.id ?? null,
      name: 'Scale-out plant',
      type: 'grid',
      inverterKind: 'string',
      capacityKw: 10,
      commissionedOn: '2025-01-01',
      timezone: 'UTC',
      currency: 'EUR',
      latitude: 0,
      longitude: 0,
      address: '',
      valuation: DEFAULT_VALUATION,
      gateways: [{ sn, password: 'ScaleOut2026', devices: [{ sn: inv, kind: 'inverter', ratedW: 10_000 }] }],
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('ingests each batch exactly once, spread over both instances', async () => {
    // The external broker authenticates gateways itself (in production through /api/v1/mqtt/auth).
    const gw = await mqtt.connectAsync(mqttUrl ?? '', {
      clientId: sn,
      username: sn,
      password: 'ScaleOut2026',
      clean: true,
      reconnectPeriod: 0,
    });
    const topics = gatewayTopics(sn);
    const acks = new Map<string, number>();
    gw.on('message', (_t, payload) => {
      const ack = JSON.parse(payload.toString()) as BatchAck;
      // Instances of other test files on the same broker get a copy in their own group and answer
      // "rejected" (the gateway is not in their database); what this test is about is our instances' answers.
      if (ack.status !== 'committed') return;
      acks.set(ack.id, (acks.get(ack.id) ?? 0) + 1);
    });
    await gw.subscribeAsync(topics.batchAck, { qos: 1 });
    const BATCHES = 40;
    const t0 = Date.UTC(2026, 3, 1, 0, 0);
    for (let i = 0; i < BATCHES; i++) {
      const samples = Array.from({ length: 5 }, (_, j) => {
        const k = i * 5 + j;
        return { device: inv, ts: t0 + k * 300_000, metrics: { p_ac: 1000 + k, e_pv_total: 100 + k * 0.1 } };
      });
      await gw.publishAsync(topics.telemetry, JSON.stringify({ id: `x-${i}`, samples }), { qos: 1 });
    }
    const deadline = Date.now() + 20_000;
    while (acks.size < BATCHES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 500));
    await gw.endAsync();

    expect(acks.size).toBe(BATCHES);
    expect([...acks.values()].every((n) => n === 1)).toBe(true);
    const rows = (await a.database.db.execute(
      sql`select count(*)::int as n, sum(e_pv) as e from device_sample where device_id = (select id from device where sn = ${inv})`,
    )) as unknown as { rows: { n: number; e: number }[] };
    expect(rows.rows[0]?.n).toBe(BATCHES * 5);
    expect(Number(rows.rows[0]?.e)).toBeCloseTo((BATCHES * 5 - 1) * 0.1, 6);
    expect(a.ingest.samplesCommitted).toBeGreaterThan(0);
    expect(b.ingest.samplesCommitted).toBeGreaterThan(0);
    expect(a.ingest.samplesCommitted + b.ingest.samplesCommitted).toBe(BATCHES * 5);
  });
});
