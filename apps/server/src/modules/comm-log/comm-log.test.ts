import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MqttClient } from 'mqtt';
import {
  ERROR_CODES,
  gatewayTopics,
  type CommMessage,
  type CommMessageRow,
  type CommRecording,
} from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, device, gateway, gatewayMessage } from '../../db/schema.js';
import { query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { fakeGateway } from '../../test/fake-gateway.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';
import { messagesQuery } from './messages.js';
import { FullTelemetry } from './full-telemetry.js';
import { CommLog } from './recorder.js';

/**
 * The communication log (issue 14 item 6): a fake gateway sends readings and answers a command over the real
 * broker; the log shows what went each way, in the order of the wire, with the decoded summary and the payload;
 * the filters narrow it; rows older than COMM_LOG_DAYS go; a full queue drops and counts; another company's
 * gateway does not exist; a day of a busy gateway is read through the index.
 */

const SN = 'GWLOG00001';
const INV = 'INVLOG0001';
const MTR = 'MTRLOG0001';
/** A second gateway of the same plant: the admin's own, but none of the messages are its. */
const NEIGHBOUR = 'GWLOG00002';
const PASSWORD = 'GatewayPass2026';
/** 2 June 2026, 08:00 UTC: the app's clock, moved by the tests. */
const T0 = Date.UTC(2026, 5, 2, 8);
let clock = T0;

const t = TestApp.forTests({ COMM_LOG_DAYS: '7' });
t.now = () => clock;
const tokens = signInForTests(t, 'admin', 'rival');
const clients: MqttClient[] = [];
let auth: AuthContext;
let gatewayId = '';
let inverterId = '';
let cmdId = '';

type Page = { total: number; rows: CommMessageRow[] };
async function list(q: Record<string, string> = {}, token = tokens.admin): Promise<Page> {
  const res = await t.call<Page>('GET', `/api/v1/gateway/${SN}/messages`, { token, query: q });
  expect(res.code, JSON.stringify(res)).toBe(0);
  return res.data;
}
const channels = (p: Page) => p.rows.map((r) => `${r.direction} ${r.channel}`);

/** Waits until what the gateway sent has been heard, committed and acknowledged, then stores the log. */
async function settle(): Promise<void> {
  await t.ingest.drain();
  await t.commLog.flush();
}

beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [admin] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
  auth = {
    userId: admin?.id ?? '',
    sessionId: 'test',
    roleId: admin?.roleId ?? '',
    companyId: sunrise?.id ?? null,
    role: 'company_admin',
    permissions: new Set(),
  };
  await provisionPlant(db, {
    companyId: sunrise?.id ?? null,
    name: 'Comm log plant',
    ...TEST_PLANT_FIELDS,
    gateways: [
      {
        sn: SN,
        password: PASSWORD,
        devices: [
          { sn: INV, kind: 'inverter', ratedW: 10_000 },
          { sn: MTR, kind: 'meter' },
        ],
      },
      { sn: NEIGHBOUR, password: PASSWORD, devices: [] },
    ],
  });
  const [gw] = await db.select().from(gateway).where(eq(gateway.sn, SN));
  gatewayId = gw?.id ?? '';
  const [inv] = await db.select().from(device).where(eq(device.sn, INV));
  inverterId = inv?.id ?? '';
  // Nothing before this point is the test's: the log starts empty.
  await t.commLog.flush();
  await db.delete(gatewayMessage);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

describe('the communication log', () => {
  it('records what the gateway sent and what was sent to it, in the order of the wire, with a summary', async () => {
    // Telemetry is logged in full only while a technician has switched it on (otherwise as its summary).
    const on = await t.call<CommRecording>('POST', `/api/v1/gateway/${SN}/comm-log/recording`, {
      token: tokens.admin,
      body: { hours: 24 },
    });
    expect(on.data).toEqual({ fullUntil: T0 + 24 * 3_600_000 });
    const c = await fakeGateway(t, SN, () => ({ status: 'succeeded' }), PASSWORD);
    clients.push(c);
    const topics = gatewayTopics(SN);
    const batch = {
      id: 'batch-1',
      samples: [
        { device: INV, ts: T0 - 60_000, metrics: { p_ac_w: 4200 } },
        { device: INV, ts: T0, metrics: { p_ac_w: 4300 } },
        { device: MTR, ts: T0, metrics: { p_grid_w: 100 } },
      ],
    };
    await c.publishAsync(topics.telemetry, JSON.stringify(batch), { qos: 1 });
    await settle();
    clock = T0 + 60_000;
    const result = await t.commands.send({
      auth,
      ip: '203.0.113.7',
      gatewayId,
      device: { id: inverterId, sn: INV },
      type: 'boot',
      operation: 'inverter.boot',
    });
    cmdId = result.id;
    await settle();

    const page = await list();
    // Newest first: the answer, the command; the batch's acknowledgement, the batch.
    expect(channels(page)).toEqual(['up up/ack', 'down down/cmd', 'down down/ack', 'up up/telemetry']);
    expect(page.total).toBe(4);
    const [ack, cmd, batchAck, readings] = page.rows;
    expect(readings).toMatchObject({
      at: T0,
      size: Buffer.byteLength(JSON.stringify(batch)),
      summary: { kind: 'telemetry', samples: 3, devices: 2, ref: 'batch-1' },
    });
    expect(batchAck?.summary).toEqual({ kind: 'batchAck', ref: 'batch-1', state: 'committed' });
    expect(cmd).toMatchObject({ at: T0 + 60_000, summary: { kind: 'command', type: 'boot', device: INV } });
    expect(cmd?.summary.ref).toBeTruthy();
    expect(ack?.summary).toEqual({ kind: 'result', ref: cmd?.summary.ref, state: 'succeeded' });

    // Opening a row shows what went over the wire.
    const one = await t.call<CommMessage>('GET', `/api/v1/gateway/${SN}/message/${readings?.id}`, {
      token: tokens.admin,
    });
    expect(one.code).toBe(0);
    expect(JSON.parse(one.data.payload)).toEqual(batch);
    expect(one.data).toMatchObject({ truncated: false, kept: true });
  });

  it('narrows the list by direction, channel, text and time, and pages it', async () => {
    expect(channels(await list({ direction: 'down' }))).toEqual(['down down/cmd', 'down down/ack']);
    expect(channels(await list({ channel: 'up/ack' }))).toEqual(['up up/ack']);
    // The command's id is in the command and in its answer, nowhere else.
    const cmdRef = (await list({ channel: 'down/cmd' })).rows[0]?.summary.ref ?? '';
    expect(channels(await list({ q: cmdRef }))).toEqual(['up up/ack', 'down down/cmd']);
    expect(channels(await list({ q: 'p_grid_w' }))).toEqual(['up up/telemetry']);
    // % typed in the box matches itself only.
    expect((await list({ q: '%' })).total).toBe(0);
    expect(channels(await list({ to: String(T0 + 59_999) }))).toEqual(['down down/ack', 'up up/telemetry']);
    expect(channels(await list({ from: String(T0 + 60_000) }))).toEqual(['up up/ack', 'down down/cmd']);
    const second = await list({ size: '1', page: '2' });
    expect(second.total).toBe(4);
    expect(channels(second)).toEqual(['down down/cmd']);
    expect(cmdId).toBeTruthy();
  });

  it('refuses a range that ends before it starts, and a bad filter, with a message and no rows', async () => {
    const backwards = await t.call('GET', `/api/v1/gateway/${SN}/messages`, {
      token: tokens.admin,
      query: { from: String(T0 + 1000), to: String(T0) },
    });
    expect(backwards.code).toBe(ERROR_CODES.validation);
    expect(backwards.msg).not.toBe('');
    const bad = await t.call('GET', `/api/v1/gateway/${SN}/messages`, {
      token: tokens.admin,
      query: { direction: 'sideways' },
    });
    expect(bad.code).toBe(ERROR_CODES.validation);
  });

  it('keeps a long payload up to 4 KB and says it was cut, with its whole size', async () => {
    const big = JSON.stringify({ state: 'online', ts: T0, note: 'x'.repeat(10_000) });
    clock = T0 + 30_000;
    t.commLog.record('up', gatewayTopics(SN).status, Buffer.from(big));
    await t.commLog.flush();
    clock = T0 + 60_000;
    const [row] = (await list({ channel: 'status' })).rows;
    // Not JSON once cut: the summary is of the whole message, read before it was cut.
    expect(row).toMatchObject({ size: big.length, summary: { kind: 'status', state: 'online' } });
    const one = await t.call<CommMessage>('GET', `/api/v1/gateway/${SN}/message/${row?.id}`, { token: tokens.admin });
    expect(one.data.truncated).toBe(true);
    expect(one.data.payload).toBe(big.slice(0, 4096));
  });

  it("answers another company's gateway, and a message of another gateway, with 'does not exist'", async () => {
    const theirs = await t.call('GET', `/api/v1/gateway/${SN}/messages`, { token: tokens.rival });
    expect(theirs.code).toBe(ERROR_CODES.gatewayNotFound);
    const [row] = (await list()).rows;
    const one = await t.call('GET', `/api/v1/gateway/${SN}/message/${row?.id}`, { token: tokens.rival });
    expect(one.code).toBe(ERROR_CODES.gatewayNotFound);
    const elsewhere = await t.call('GET', `/api/v1/gateway/${NEIGHBOUR}/message/${row?.id}`, { token: tokens.admin });
    expect(elsewhere.code).toBe(ERROR_CODES.notFound);
  });

  it('deletes rows older than COMM_LOG_DAYS and keeps the rest', async () => {
    const before = (await list()).total;
    // One message on each of the eight days before T0's, at 08:00.
    for (let d = 1; d <= 8; d++) {
      clock = T0 - d * 86_400_000;
      t.commLog.record('down', gatewayTopics(SN).command, JSON.stringify({ cmdId: `old-${d}`, type: 'boot' }));
    }
    await t.commLog.flush();
    expect((await list()).total).toBe(before + 8);
    // Seven days after T0 + 1 minute: everything older than T0 + 1 minute goes (the 8 old ones and the batch,
    // its acknowledgement and the status), the command and its answer stay.
    clock = T0 + 7 * 86_400_000 + 60_000;
    expect(await t.commLog.cleanup()).toBe(8 + 3);
    expect(channels(await list())).toEqual(['up up/ack', 'down down/cmd']);
    clock = T0 + 60_000;
  });
});

describe('full telemetry recording (issue 11: a fleet logs summaries, a technician switches one gateway on)', () => {
  const topics = gatewayTopics(NEIGHBOUR);
  const recording = (body?: { hours: number }, token = tokens.admin) =>
    t.call<CommRecording>(body ? 'POST' : 'GET', `/api/v1/gateway/${NEIGHBOUR}/comm-log/recording`, {
      token,
      ...(body ? { body } : {}),
    });
  /** Logs one batch of the neighbour's at the clock's time and answers it as the log shows it. */
  async function logBatch(id: string): Promise<{ row: CommMessageRow | undefined; one: CommMessage }> {
    const batch = { id, samples: [{ device: 'INVNEIGH01', ts: clock, metrics: { p_ac_w: 1000 } }] };
    t.commLog.record('up', topics.telemetry, JSON.stringify(batch));
    await t.commLog.flush();
    const page = await t.call<Page>('GET', `/api/v1/gateway/${NEIGHBOUR}/messages`, {
      token: tokens.admin,
      query: { channel: 'up/telemetry' },
    });
    const row = page.data.rows.find((r) => r.summary.ref === id);
    const one = await t.call<CommMessage>('GET', `/api/v1/gateway/${NEIGHBOUR}/message/${row?.id}`, {
      token: tokens.admin,
    });
    return { row, one: one.data };
  }

  it('keeps a summary and the size of telemetry, not its payload, until it is switched on', async () => {
    clock = T0;
    expect((await recording()).data).toEqual({ fullUntil: null });
    const { row, one } = await logBatch('plain-1');
    expect(row?.summary).toEqual({ kind: 'telemetry', samples: 1, devices: 1, ref: 'plain-1' });
    expect(row?.size).toBeGreaterThan(50);
    expect(one).toMatchObject({ payload: '', kept: false, truncated: false });
  });

  it('keeps it in full for the hours asked, on every instance, then summaries again', async () => {
    const on = await recording({ hours: 2 });
    expect(on.data).toEqual({ fullUntil: T0 + 2 * 3_600_000 });
    expect((await recording()).data).toEqual({ fullUntil: T0 + 2 * 3_600_000 });
    const full = await logBatch('full-1');
    expect(full.one.kept).toBe(true);
    expect(JSON.parse(full.one.payload)).toMatchObject({ id: 'full-1' });
    // Another instance reads the switch from the database.
    const other = new FullTelemetry({ db: t.database.db, now: () => clock, log: t.app.log, refreshMs: 0 });
    expect(other.keeps(NEIGHBOUR)).toBe(false);
    await other.refresh();
    expect(other.keeps(NEIGHBOUR)).toBe(true);
    // Two hours later it has run out by itself.
    clock = T0 + 2 * 3_600_000 + 1;
    expect((await logBatch('late-1')).one.kept).toBe(false);
    expect((await recording()).data).toEqual({ fullUntil: null });
    clock = T0 + 60_000;
    await recording({ hours: 1 });
    expect((await recording({ hours: 0 })).data).toEqual({ fullUntil: null });
    expect((await logBatch('off-1')).one.kept).toBe(false);
    clock = T0 + 60_000;
  });

  it('refuses more than a day, and another company, and changes nothing', async () => {
    const long = await recording({ hours: 25 });
    expect(long.code).toBe(ERROR_CODES.validation);
    expect(long.msg).not.toBe('');
    const theirs = await recording({ hours: 1 }, tokens.rival);
    expect(theirs.code).toBe(ERROR_CODES.gatewayNotFound);
    expect((await recording(undefined, tokens.rival)).code).toBe(ERROR_CODES.gatewayNotFound);
    expect((await recording()).data).toEqual({ fullUntil: null });
    await t.database.db.delete(gatewayMessage).where(eq(gatewayMessage.gatewaySn, NEIGHBOUR));
  });
});

describe('the recorder', () => {
  /** A logger that keeps its warnings. */
  const warnings: unknown[] = [];
  const log = { warn: (o: unknown) => void warnings.push(o) } as unknown as FastifyBaseLogger;

  it('drops and counts what does not fit its queue, warns once per flush, and stores the rest', async () => {
    const db = t.database.db;
    const rec = new CommLog({ db, log, now: () => T0, retentionDays: 7, flushMs: 0, cleanupMs: 0, maxQueue: 3 });
    for (let i = 0; i < 5; i++) rec.record('up', gatewayTopics('GWQUEUE01').event, `{"id":"e${i}","code":"F${i}"}`);
    // Not a gateway topic: not the log's.
    rec.record('down', 'hg/internal/live/x', '{}');
    expect(rec.dropped).toBe(2);
    expect(rec.queued).toBe(3);
    await rec.flush();
    const rows = await db.select().from(gatewayMessage).where(eq(gatewayMessage.gatewaySn, 'GWQUEUE01'));
    expect(rows.map((r) => (r.summary as { code: string }).code).sort()).toEqual(['F0', 'F1', 'F2']);
    expect(warnings).toEqual([expect.objectContaining({ dropped: 2, total: 2 })]);
    // No new drops: no new warning.
    await rec.flush();
    expect(warnings).toHaveLength(1);
    await rec.stop();
  });

  it('reads the first page of a busy day (86,400 messages) through the index gateway_message_sn_at', async () => {
    const db = t.database.db;
    const busy = 'GWBUSY0001';
    // One message a second for a day, and a neighbour's day, in one statement each.
    for (const sn of [busy, 'GWBUSY0002'])
      await db.execute(sql`insert into gateway_message (gateway_sn, at, direction, channel, size, summary, payload)
        select ${sn}, ${new Date(T0).toISOString()}::timestamptz - make_interval(secs => i),
          case when i % 10 = 0 then 'down' else 'up' end,
          case when i % 10 = 0 then 'down/ack' else 'up/telemetry' end,
          200, '{"kind":"telemetry","samples":4,"devices":2}'::jsonb, '{"id":"b' || i || '"}'
        from generate_series(1, 86400) i`);
    const planOf = async (q: SQLWrapper) => {
      const [row] = await query<{ 'QUERY PLAN': [{ Plan: unknown; 'Execution Time': number }] }>(
        db,
        sql`explain (analyze, format json) ${q}`,
      );
      const top = row?.['QUERY PLAN'][0];
      return { nodes: nodes(top?.Plan), ms: top?.['Execution Time'] ?? NaN };
    };
    const reads = (p: { nodes: { type: string; index?: string; relation?: string }[] }) => ({
      index: p.nodes.some((n) => n.index === 'gateway_message_sn_at'),
      seqScan: p.nodes.some((n) => n.type === 'Seq Scan' && n.relation === 'gateway_message'),
    });
    const day = { from: T0 - 86_400_000, to: T0 };
    for (const analysed of [false, true]) {
      if (analysed) await db.execute(sql`analyze gateway_message`);
      const first = await planOf(messagesQuery(db, busy, day, 20, 0));
      expect(reads(first), `first page, analysed ${analysed}`).toEqual({ index: true, seqScan: false });
      const filtered = await planOf(messagesQuery(db, busy, { ...day, direction: 'down' }, 20, 0));
      expect(reads(filtered), `direction, analysed ${analysed}`).toEqual({ index: true, seqScan: false });
      if (process.env['COMM_LOG_PLAN']) console.info(JSON.stringify({ analysed, page: first.ms, down: filtered.ms }));
    }
    await db.delete(gatewayMessage).where(sql`gateway_sn like 'GWBUSY%'`);
  });
});

/** Every node of a JSON plan, with its type, index and relation. */
function nodes(plan: unknown): { type: string; index?: string; relation?: string }[] {
  const p = plan as { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: unknown[] };
  if (!p) return [];
  return [
    { type: p['Node Type'], index: p['Index Name'], relation: p['Relation Name'] },
    ...(p.Plans ?? []).flatMap(nodes),
  ];
}
