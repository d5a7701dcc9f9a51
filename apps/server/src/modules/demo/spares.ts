import { randomInt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { inArray } from 'drizzle-orm';
import { defineFleet, type PlantDef } from '@heliograph/simulator';
import type { Db } from '../../db/client.js';
import { device, gateway } from '../../db/schema.js';
import { hashGeneratedSecret } from '../auth/passwords.js';
import { demoAccountsFile } from './seed.js';
import { demoIdentity } from './identity.js';

/** A spare gateway as people read it off its label: serial number and registration key. */
export interface SpareGateway {
  sn: string;
  registrationKey: string;
  /** What the simulator runs behind it (the place it simulates the weather of). */
  def: PlantDef;
  devices: { sn: string; kind: string }[];
}

/**
 * Spare gateways of the demo company: in stock, unbound, each with its devices, so the plant wizard has
 * something real to bind. Serial numbers and keys are fixed (README "Demo gateways"); the simulator runs
 * them from the start, their connections are refused until a plant binds them, and then they report.
 * Archetypes of the simulator's fleet: an AC-coupled storage home (two string inverters, a meter, a
 * battery), a DC-coupled storage home (hybrid inverter, battery, meter, weather station) and a
 * micro-inverter roof.
 */
const SPARES: { sn: string; key: string; pick: number }[] = [
  { sn: 'GW99000001', key: 'HG7K2M9Q', pick: 3 },
  { sn: 'GW99000002', key: 'HG4T8N2W', pick: 1 },
  { sn: 'GW99000003', key: 'HG5R3X6P', pick: 2 },
];

const KIND_PREFIX: Record<string, string> = { inverter: 'INV', battery: 'BAT', meter: 'MTR', weather: 'WS' };

/** The spare gateways' definitions; deterministic, so every installation has the same labels. */
export function spareGatewayDefs(): SpareGateway[] {
  const fleet = defineFleet({ count: 12, seed: 7 });
  return SPARES.map(({ sn, key, pick }, n) => {
    const base = fleet[pick];
    if (!base) throw new Error(`spare archetype ${pick} missing`);
    const [gw] = base.gateways;
    if (!gw) throw new Error(`spare archetype ${pick} has no gateway`);
    const counters: Record<string, number> = {};
    const devices = gw.devices.map((d) => {
      counters[d.kind] = (counters[d.kind] ?? 0) + 1;
      // INV99001001 …: the spare's number, then the device's number of its kind.
      const dsn = `${KIND_PREFIX[d.kind] ?? 'DEV'}99${String(n + 1).padStart(3, '0')}${String(counters[d.kind]).padStart(3, '0')}`;
      return { ...d, sn: dsn };
    });
    const def: PlantDef = {
      ...base,
      key: `spare-${n + 1}`,
      name: `Spare ${sn}`,
      gateways: [{ ...gw, sn, devices }],
    };
    return { sn, registrationKey: key, def, devices: devices.map((d) => ({ sn: d.sn, kind: d.kind })) };
  });
}

// Letters and digits as the connection-password rule wants them (8–24, each case and a digit).
export function connectionPassword(): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)] ?? 'A');
  while (chars.length < 16) chars.push(all[randomInt(all.length)] ?? 'a');
  return chars.sort(() => randomInt(3) - 1).join('');
}

/**
 * Puts the spare gateways into a company's stock unless their serial numbers exist already (bound or
 * not), and answers the connection password of each one it made, for the simulator.
 */
export async function ensureSpareGateways(db: Db, companyId: string): Promise<Record<string, string>> {
  const spares = spareGatewayDefs();
  const existing = await db
    .select({ sn: gateway.sn })
    .from(gateway)
    .where(
      inArray(
        gateway.sn,
        spares.map((s) => s.sn),
      ),
    );
  const have = new Set(existing.map((g) => g.sn));
  const credentials: Record<string, string> = {};
  for (const s of spares) {
    if (have.has(s.sn)) continue;
    const password = connectionPassword();
    const [gw] = await db
      .insert(gateway)
      .values({
        sn: s.sn,
        companyId,
        registrationKey: s.registrationKey,
        connPasswordHash: hashGeneratedSecret(password),
        firmware: s.def.gateways[0]?.firmware ?? null,
        model: s.def.gateways[0]?.model ?? null,
      })
      .returning({ id: gateway.id });
    if (!gw) continue;
    const defs = s.def.gateways[0]?.devices ?? [];
    if (defs.length > 0) {
      await db.insert(device).values(
        defs.map((d) => ({
          sn: d.sn,
          gatewayId: gw.id,
          plantId: null,
          kind: d.kind,
          model: d.model,
          ...demoIdentity(d.kind),
          ratedW: d.ratedW ?? null,
          capacityKwh: d.capacityKwh ?? null,
          protocol: d.protocol,
          meta: {
            mppts: d.mppts ?? null,
            phases: d.phases ?? null,
            inverterKind: d.inverterKind ?? null,
            pvW: d.pvW ?? null,
          },
        })),
      );
    }
    credentials[s.sn] = password;
  }
  return credentials;
}

/** The spare gateways still in stock (unbound). */
export async function unboundSpares(db: Db): Promise<string[]> {
  const rows = await db
    .select({ sn: gateway.sn, plantId: gateway.plantId })
    .from(gateway)
    .where(
      inArray(
        gateway.sn,
        spareGatewayDefs().map((s) => s.sn),
      ),
    );
  return rows.filter((r) => r.plantId === null).map((r) => r.sn);
}

/**
 * Adds the spare gateways' labels to DATA_DIR/demo-accounts.json (kept readable by its owner only): the
 * file becomes `{ accounts, spareGateways }`; an older file's account list is kept as it was.
 */
export async function recordSparesInDemoFile(dataDir: string): Promise<void> {
  const file = demoAccountsFile(dataDir);
  if (!existsSync(file)) return;
  const current = JSON.parse(await readFile(file, 'utf8')) as unknown;
  const accounts = Array.isArray(current) ? current : ((current as { accounts?: unknown[] }).accounts ?? []);
  const spareGateways = spareGatewayDefs().map((s) => ({
    sn: s.sn,
    registrationKey: s.registrationKey,
    devices: s.devices,
  }));
  await writeFile(file, `${JSON.stringify({ accounts, spareGateways }, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
}

/** The spare gateways as the start-up log prints them. */
export function spareLabels(): { sn: string; registrationKey: string; devices: string[] }[] {
  return spareGatewayDefs().map((s) => ({
    sn: s.sn,
    registrationKey: s.registrationKey,
    devices: s.devices.map((d) => `${d.kind} ${d.sn}`),
  }));
}
