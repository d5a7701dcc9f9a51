import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { Valuation } from '@heliograph/shared';
import { defineFleet, type PlantDef } from '@heliograph/simulator';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import { appUser, company, plant } from '../../db/schema.js';
import { provisionPlant } from '../plants/provision.js';
import { DEMO_COMPANY } from './seed.js';
import { connectionPassword, ensureSpareGateways, recordSparesInDemoFile, spareGatewayDefs } from './spares.js';
import { addDemoSmartDevices, linkDemoSmartDevices } from '../ac-switches/demo.js';
import { addDemoLights } from '../lights/demo.js';
import { demoIdentity } from './identity.js';

export interface FleetFile {
  plants: PlantDef[];
  credentials: Record<string, string>;
  /** Spare gateways in the demo company's stock (spares.ts): simulated, refused until a plant binds them. */
  spares?: PlantDef[];
}

// Typical household prices per kWh (purchase, feed-in) in each fleet currency, for believable income.
const PRICES: Record<string, [number, number]> = {
  EUR: [0.32, 0.08],
  PLN: [1.1, 0.4],
  BRL: [0.9, 0.5],
  VND: [2500, 1000],
  ILS: [0.62, 0.45],
  CNY: [0.58, 0.35],
  AUD: [0.3, 0.05],
  USD: [0.16, 0.1],
  ZAR: [3.2, 1.0],
};

/** Constant, time-of-use and by-generation valuations in turn, so the demo shows all three. */
function valuationFor(p: PlantDef, index: number): Valuation {
  const [buy, sell] = PRICES[p.currency] ?? [0.25, 0.08];
  const base = { buyPrice: buy, sellPrice: sell, buyVat: 0, sellVat: 0, buyFee: 0, sellFee: 0, segments: [] };
  if (index % 3 === 1) {
    return {
      ...base,
      method: 'tou',
      segments: [
        { start: '00:00', end: '07:00', buy: +(buy * 0.6).toFixed(2), sell },
        { start: '07:00', end: '17:00', buy, sell },
        { start: '17:00', end: '22:00', buy: +(buy * 1.5).toFixed(2), sell },
        { start: '22:00', end: '24:00', buy: +(buy * 0.6).toFixed(2), sell },
      ],
    };
  }
  if (index % 3 === 2) return { ...base, method: 'generation', buyPrice: +(buy * 0.5).toFixed(2) };
  return { ...base, method: 'constant' };
}

export function fleetFile(dataDir: string): string {
  return path.join(dataDir, 'fleet.json');
}

/**
 * The simulated demo fleet, made once: plants of the demo company at real places (every third one owned
 * by the demo plant owner, every sixth by the demo customer, two shared to the demo visitor), gateways with generated connection passwords,
 * and DATA_DIR/fleet.json (readable by the owner only) for `npm run simulate`. Later starts read the file.
 */
export async function ensureDemoFleet(db: Db, opts: { dataDir: string; size: number }): Promise<FleetFile | undefined> {
  const file = fleetFile(opts.dataDir);
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(plant);
  const [demo] = await db.select().from(company).where(eq(company.name, DEMO_COMPANY));
  if (existsSync(file) && n > 0) {
    const existing = JSON.parse(await readFile(file, 'utf8')) as FleetFile;
    // A fleet made before there were spare gateways gets them now.
    if (existing.spares || !demo) return existing;
    const withSpares = await addSpares(db, existing, demo.id, opts.dataDir);
    await writeFile(file, JSON.stringify(withSpares, null, 2), { mode: 0o600 });
    return withSpares;
  }
  if (n > 0) return undefined; // a real installation: leave it alone
  if (!demo) return undefined;
  const users = await db
    .select({ id: appUser.id, account: appUser.account })
    .from(appUser)
    .where(eq(appUser.companyId, demo.id));
  const byAccount = (prefix: string) => users.find((u) => u.account.startsWith(prefix))?.id ?? null;
  const owner = byAccount('owner@');
  const installer = byAccount('installer@');
  const visitor = byAccount('visitor@');
  // The demo customer (customers.ts) owns a few of the company's plants, never the plant owner's.
  const customer = byAccount('customer@');

  const plants = defineFleet({ count: opts.size, seed: 1 });
  addDemoSmartDevices(plants);
  const credentials: Record<string, string> = {};
  for (const [i, p] of plants.entries()) {
    const gateways = p.gateways.map((g) => {
      const password = connectionPassword();
      credentials[g.sn] = password;
      return {
        sn: g.sn,
        password,
        generated: true,
        // What the simulated gateway's status says, so its firmware can be offered before it first reports.
        model: g.model,
        devices: g.devices.map((d) => ({
          sn: d.sn,
          kind: d.kind,
          model: d.model,
          ...demoIdentity(d.kind),
          ratedW: d.ratedW,
          capacityKwh: d.capacityKwh,
          protocol: d.protocol,
          meta: {
            mppts: d.mppts ?? null,
            phases: d.phases ?? null,
            inverterKind: d.inverterKind ?? null,
            pvW: d.pvW ?? null,
          },
        })),
      };
    });
    await provisionPlant(db, {
      companyId: demo.id,
      ownerId: i % 3 === 0 ? owner : i % 6 === 1 ? customer : null,
      installerId: installer,
      name: p.name,
      type: p.type,
      inverterKind: p.inverterKind,
      capacityKw: p.capacityKw,
      commissionedOn: p.commissionedOn,
      timezone: p.timeZone,
      currency: p.currency,
      latitude: p.latitude,
      longitude: p.longitude,
      address: `${p.city}, ${p.country}`,
      country: p.country,
      valuation: valuationFor(p, i),
      // The demo's day-ahead market (docs/prices.md "Simulated"), so its storage plants have prices to plan by.
      settings: { priceSource: 'simulated' },
      gateways,
      sharedWith: visitor && (i === 0 || i === 4) ? [{ userId: visitor, level: 'guest' }] : [],
    });
  }
  await linkDemoSmartDevices(db);
  await addDemoLights(db, demo.id, byAccount('admin@'));
  const data = await addSpares(db, { plants, credentials }, demo.id, opts.dataDir);
  await writeFile(file, JSON.stringify(data, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return data;
}

async function addSpares(db: Db, fleet: FleetFile, companyId: string, dataDir: string): Promise<FleetFile> {
  const made = await ensureSpareGateways(db, companyId);
  await recordSparesInDemoFile(dataDir);
  const spares = spareGatewayDefs()
    .filter((s) => made[s.sn] ?? fleet.credentials[s.sn])
    .map((s) => s.def);
  return { ...fleet, credentials: { ...fleet.credentials, ...made }, spares };
}

/**
 * Each demo device's newest stored reading, so a restarted fleet continues its counters and battery charge
 * where they stopped instead of jumping (which ingest would rightly refuse to count).
 */
export async function lastReadings(db: Db): Promise<Record<string, { ts: number; metrics: Record<string, number> }>> {
  const rows = await query<{ sn: string; ts: unknown; metrics: Record<string, number | null> }>(
    db,
    sql`select d.sn, dl.ts, dl.metrics from device_latest dl join device d on d.id = dl.device_id`,
  );
  const out: Record<string, { ts: number; metrics: Record<string, number> }> = {};
  for (const r of rows) {
    const metrics: Record<string, number> = {};
    for (const [k, v] of Object.entries(r.metrics)) if (typeof v === 'number') metrics[k] = v;
    out[r.sn] = { ts: toMs(r.ts), metrics };
  }
  return out;
}

/** Days since the newest stored reading: what a restarted fleet must backfill to leave no gap. */
export async function daysSinceLastReading(db: Db): Promise<number | undefined> {
  const [row] = await query<{ ts: unknown }>(db, sql`select max(ts) as ts from plant_power`);
  if (!row?.ts) return undefined;
  return Math.max(0, (Date.now() - toMs(row.ts)) / 86_400_000);
}
