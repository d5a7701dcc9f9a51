import { eq } from 'drizzle-orm';
import { Worker } from 'node:worker_threads';
import { company } from '../apps/server/src/db/schema.js';
import { seedDemo } from '../apps/server/src/modules/demo/seed.js';
import { DEFAULT_VALUATION, provisionPlant } from '../apps/server/src/modules/plants/provision.js';
import { benchApp, freshDatabase } from './common.js';

/**
 * Device samples committed per second, end to end from MQTT: gateways publish batches over the embedded
 * broker, the server validates, writes, rolls up and acknowledges; the clock stops at the last
 * acknowledgement. Each gateway replays an hour of 5-minute readings for its 5 devices per batch, the way
 * a gateway empties its buffer after an outage.
 */
const GATEWAYS = Number(process.env.BENCH_GATEWAYS ?? 200);
const DEVICES = 5;
const BATCHES = Number(process.env.BENCH_BATCHES ?? 12);
const READINGS_PER_BATCH = 12;
const PASSWORD = 'BenchPass2026';

function batchesFor(sn: string): string[] {
  const start0 = Date.UTC(2026, 9, 1, 6, 0);
  return Array.from({ length: BATCHES }, (_, b) => {
    const samples = [];
    for (let r = 0; r < READINGS_PER_BATCH; r++) {
      const i = b * READINGS_PER_BATCH + r;
      const ts = start0 + i * 300_000;
      const kwh = 1000 + i * 0.4;
      samples.push(
        { device: `${sn}-I1`, ts, metrics: { p_ac: 4000, p_pv: 4100, e_pv_total: kwh, mppt1_v: 400, mppt1_i: 5 } },
        { device: `${sn}-I2`, ts, metrics: { p_ac: 3900, p_pv: 4000, e_pv_total: kwh } },
        {
          device: `${sn}-B1`,
          ts,
          metrics: { p_bat: -1000, soc: 50 + r, e_charge_total: kwh / 10, e_discharge_total: 100 },
        },
        {
          device: `${sn}-M1`,
          ts,
          metrics: { p_grid: -2000, e_import_total: 500, e_export_total: kwh / 2, p_load: 5000, e_load_total: kwh / 3 },
        },
        { device: `${sn}-W1`, ts, metrics: { irradiance: 700, t_ambient: 21 } },
      );
    }
    return JSON.stringify({ id: `${sn}-${b}`, samples });
  });
}

export async function benchIngest(kind: 'pglite' | 'postgres'): Promise<number> {
  const { database, drop } = await freshDatabase(kind);
  const external = kind === 'postgres' ? process.env.TEST_MQTT_URL : undefined;
  const built = await benchApp(database, external ? { MQTT_URL: external } : {});
  try {
    await seedDemo(database.db, { dataDir: '/tmp', demoPassword: 'Bench2026pass' }).catch(() => undefined);
    const [sunrise] = await database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    const sns: string[] = [];
    for (let g = 0; g < GATEWAYS; g++) {
      const sn = `GWB${String(g).padStart(7, '0')}`;
      sns.push(sn);
      await provisionPlant(database.db, {
        companyId: sunrise?.id ?? null,
        name: `Bench plant ${g}`,
        type: 'storage_ac',
        inverterKind: 'string',
        capacityKw: 10,
        commissionedOn: '2025-01-01',
        timezone: 'Europe/Berlin',
        currency: 'EUR',
        latitude: 52,
        longitude: 13,
        address: '',
        valuation: DEFAULT_VALUATION,
        gateways: [
          {
            sn,
            password: PASSWORD,
            devices: [
              { sn: `${sn}-I1`, kind: 'inverter', ratedW: 6000 },
              { sn: `${sn}-I2`, kind: 'inverter', ratedW: 6000 },
              { sn: `${sn}-B1`, kind: 'battery', ratedW: 5000 },
              { sn: `${sn}-M1`, kind: 'meter' },
              { sn: `${sn}-W1`, kind: 'weather' },
            ],
          },
        ],
      });
    }
    process.stderr.write(`provisioned ${GATEWAYS} plants\n`);
    // PostgreSQL is the scale-out setup: an external broker (TEST_MQTT_URL, Mosquitto in CI) when one is
    // given, as DESIGN §1 deploys it; PGlite is the single process with its embedded broker.
    const url = external ?? `mqtt://127.0.0.1:${built.bus.port}`;
    const total = GATEWAYS * BATCHES * READINGS_PER_BATCH * DEVICES;
    const payloads = sns.map((sn) => batchesFor(sn));
    const worker = new Worker(new URL('./publisher-boot.mjs', import.meta.url), {
      workerData: { url, password: PASSWORD, sns, payloads },
    });
    let acked = 0;
    let rejected = 0;
    let t0 = 0;
    const done = new Promise<void>((resolve, reject) => {
      worker.on('error', reject);
      worker.on('message', (m: { ready?: boolean; ack?: string; id?: string; reason?: string }) => {
        if (m.ready) {
          process.stderr.write(`connected; publishing ${total} samples\n`);
          t0 = performance.now();
          worker.postMessage({ go: true });
        }
        if (m.ack) {
          acked++;
          if (m.ack !== 'committed') {
            rejected++;
            console.error(`batch ${m.id} ${m.ack}: ${m.reason ?? ''}`);
          }
          if (acked === GATEWAYS * BATCHES) resolve();
        }
      });
    });
    await done;
    const seconds = (performance.now() - t0) / 1000;
    worker.postMessage({ stop: true });
    await new Promise((r) => setTimeout(r, 500));
    await worker.terminate();
    if (rejected > 0) throw new Error(`${rejected} batches were rejected`);
    const rate = Math.round(total / seconds);
    console.log(
      `ingest ${kind} samples_per_s=${rate}  (${total} samples from ${GATEWAYS} gateways in ${seconds.toFixed(1)} s)`,
    );
    return rate;
  } finally {
    await built.app.close();
    await database.close();
    await drop();
  }
}
