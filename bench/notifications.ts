import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { query } from '../apps/server/src/db/rows.js';
import { appUser, company, webhook } from '../apps/server/src/db/schema.js';
import { seedDemo } from '../apps/server/src/modules/demo/seed.js';
import { DEFAULT_VALUATION, provisionPlant } from '../apps/server/src/modules/plants/provision.js';
import { freshDatabase } from './common.js';

/** Plants of the region that goes offline, and events per plant: 10,000 in all. */
const PLANTS = Number(process.env.BENCH_NOTIFY_PLANTS ?? 500);
const EVENTS_PER_PLANT = Number(process.env.BENCH_NOTIFY_EVENTS ?? 20);

/**
 * `npm run bench -- notifications`: a region goes offline — 10,000 events open at once (written with their
 * notification jobs, as ingest writes them) on 500 plants, each watched by its owner and a visitor and by the
 * company's webhook. The worker delivers them; the figures printed are how many messages, mails and webhook
 * posts went out, how long it took and the worst event-loop stall meanwhile (not asserted: issue 15 item 6).
 */
export async function benchNotifications(kind: 'pglite' | 'postgres' = 'pglite'): Promise<void> {
  const { database, drop } = await freshDatabase(kind);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-bench-notify-'));
  let mails = 0;
  let posts = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      posts++;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const built = await buildApp({
    config: {
      ...loadConfig({ DATA_DIR: dataDir, MQTT_PORT: '0', SIMULATE: 'false', LOG_LEVEL: 'warn' }),
      webDist: path.join(dataDir, 'none'),
    },
    database,
    logger: false,
    mailer: {
      send: () => {
        mails++;
        return Promise.resolve();
      },
    },
    notifyIntervalMs: 0,
  });
  await built.app.ready();
  const db = database.db;
  await seedDemo(db, { dataDir, demoPassword: 'Bench2026pass' });
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [owner] = await db.select().from(appUser).where(eq(appUser.account, 'owner@sunrise.example'));
  const [visitor] = await db.select().from(appUser).where(eq(appUser.account, 'visitor@sunrise.example'));
  if (!sunrise || !owner || !visitor) throw new Error('demo seed missing');
  await db.insert(webhook).values({ companyId: sunrise.id, url: hookUrl, secret: 'bench-secret-0123456789' });
  for (let i = 0; i < PLANTS; i++) {
    const n = String(i).padStart(4, '0');
    await provisionPlant(db, {
      companyId: sunrise.id,
      ownerId: owner.id,
      name: `Region plant ${n}`,
      type: 'grid',
      inverterKind: 'string',
      capacityKw: 10,
      commissionedOn: '2025-01-01',
      timezone: 'Europe/Berlin',
      currency: 'EUR',
      latitude: 52.5,
      longitude: 13.4,
      address: 'Berlin',
      valuation: DEFAULT_VALUATION,
      gateways: [{ sn: `BNGW${n}`, password: 'BenchGateway2026', devices: [{ sn: `BNINV${n}`, kind: 'inverter' }] }],
      sharedWith: [{ userId: visitor.id, level: 'guest' }],
    });
  }

  // The burst: every event and its job in one transaction, as one ingest flush writes them.
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into device_event (gateway_id, gateway_event_id, device_id, plant_id, code, level, message, raised_at)
      select d.gateway_id, 'bench-' || d.sn || '-' || k, d.id, g.plant_id, 'F' || lpad(k::text, 3, '0'), 'fault', 'region offline', now()
      from device d join gateway g on g.id = d.gateway_id, generate_series(1, ${EVENTS_PER_PLANT}) k
      where d.sn like 'BNINV%'`);
    await tx.execute(sql`insert into notification_job (event_id, transition)
      select id, 'open' from device_event where gateway_event_id like 'bench-%'`);
  });
  const written = performance.now() - t0;

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const t1 = performance.now();
  let rounds = 0;
  for (;;) {
    await built.notifications.tick();
    rounds++;
    const [left] = await query<{ jobs: unknown; due: unknown }>(
      db,
      sql`select (select count(*) from notification_job where done_at is null) as jobs,
        (select count(*) from notification_delivery where state = 'pending' and next_at <= now()) as due`,
    );
    if (Number(left?.jobs) === 0 && Number(left?.due) === 0) break;
    if (rounds > 1000) throw new Error('notifications did not drain');
  }
  const delivered = performance.now() - t1;
  loop.disable();
  const [counts] = await query<{ messages: unknown; jobs: unknown; mailed: unknown }>(
    db,
    sql`select (select count(*) from message where source like 'event:%') as messages,
      (select count(*) from notification_job) as jobs,
      (select count(*) from notification_delivery where channel = 'email' and state = 'sent') as mailed`,
  );

  process.stdout.write(
    [
      `notifications (${kind}): ${Number(counts?.jobs)} events on ${PLANTS} plants written in ${written.toFixed(0)} ms`,
      `  delivered in ${(delivered / 1000).toFixed(1)} s over ${rounds} rounds: ${Number(counts?.messages)} notice-centre messages, ` +
        `${mails} digest mails carrying ${Number(counts?.mailed)} alarms, ${posts} webhook posts`,
      `  event loop: worst stall ${(loop.max / 1e6).toFixed(0)} ms, p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
      '',
    ].join('\n'),
  );
  await built.app.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await database.close();
  await drop();
}
