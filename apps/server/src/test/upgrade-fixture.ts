import { eq } from 'drizzle-orm';
import { gatewayTopics, type FirmwareKind, type GatewayCommand, type UpgradeMode } from '@heliograph/shared';
import type { Db } from '../db/client.js';
import { company, device, deviceLatest, firmware, firmwareGrant, gateway, vendorKey } from '../db/schema.js';
import { DATABASE_FILES } from '../modules/files/store.js';
import { provisionPlant, type ProvisionDevice } from '../modules/plants/provision.js';
import type { TestApp } from './harness.js';
import { TEST_PLANT_FIELDS } from './plant-fields.js';

/** The injected clock of the upgrade tests: a fixed moment, moved only by the test. */
export const START = Date.UTC(2026, 5, 1, 8, 0, 0);

export class TestClock {
  ms = START;
  readonly now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A command the app published on a gateway's down/cmd topic. */
export interface SentCommand {
  gatewaySn: string;
  cmd: GatewayCommand;
}

/**
 * Records every command the app publishes on a down/cmd topic, as it publishes it (the bus's publish is
 * wrapped): exact counts, no broker in between, no waiting.
 */
export function recordCommands(t: TestApp): SentCommand[] {
  const sent: SentCommand[] = [];
  const bus = t.bus;
  const publish = bus.publish.bind(bus);
  bus.publish = async (topic, payload, opts) => {
    const m = /^hg\/v1\/([^/]+)\/down\/cmd$/.exec(topic);
    if (m?.[1]) sent.push({ gatewaySn: m[1], cmd: JSON.parse(payload) as GatewayCommand });
    return publish(topic, payload, opts);
  };
  return sent;
}

/** The upgrade commands among `sent` for one device. */
export const upgradesSentTo = (sent: SentCommand[], sn: string) =>
  sent.filter((s) => s.cmd.type === 'upgrade' && s.cmd.device === sn);

/** A gateway's answer on up/ack, through ingest exactly as the broker would hand it over. */
export async function answer(
  t: TestApp,
  gatewaySn: string,
  result: { cmdId: string; status: 'accepted' | 'progress' | 'succeeded' | 'failed' } & Record<string, unknown>,
): Promise<void> {
  await t.ingest.receive(gatewayTopics(gatewaySn).commandResult, Buffer.from(JSON.stringify(result)));
}

/** A gateway's status message through ingest. */
export async function status(
  t: TestApp,
  gatewaySn: string,
  s: { state: 'online' | 'offline'; ts: number; model?: string },
): Promise<void> {
  await t.ingest.receive(gatewayTopics(gatewaySn).status, Buffer.from(JSON.stringify(s)));
}

export async function sunriseId(db: Db): Promise<string> {
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  if (!sunrise) throw new Error('no Sunrise Energy');
  return sunrise.id;
}

export interface TestGateway {
  sn: string;
  model: string;
  online: boolean;
  devices: (ProvisionDevice & { online?: boolean; parent?: string })[];
}

/**
 * A Sunrise plant with these gateways and devices: a gateway online or not (the flag), a device online when it
 * has a reading at the clock's time, a battery slave linked to its master.
 */
export async function upgradePlant(t: TestApp, clock: TestClock, name: string, gateways: TestGateway[]) {
  const db = t.database.db;
  await provisionPlant(db, {
    companyId: await sunriseId(db),
    name,
    ...TEST_PLANT_FIELDS,
    gateways: gateways.map((g) => ({
      sn: g.sn,
      password: 'Upgrade2026gw',
      model: g.model,
      firmware: '1.0',
      devices: g.devices.map((d) => ({ sn: d.sn, kind: d.kind, model: d.model, firmware: d.firmware ?? '1.0' })),
    })),
  });
  for (const g of gateways) {
    await db.update(gateway).set({ online: g.online }).where(eq(gateway.sn, g.sn));
    for (const d of g.devices) {
      const [row] = await db.select().from(device).where(eq(device.sn, d.sn));
      if (!row) continue;
      if (d.online) await db.insert(deviceLatest).values({ deviceId: row.id, ts: new Date(clock.ms), metrics: {} });
      if (d.parent) {
        const [master] = await db.select().from(device).where(eq(device.sn, d.parent));
        await db
          .update(device)
          .set({ parentId: master?.id ?? null })
          .where(eq(device.id, row.id));
      }
    }
  }
}

let images = 0;

/** A firmware image in the library (as the library holds it after an upload), and its bytes. */
export async function addFirmware(
  t: TestApp,
  f: {
    kind: FirmwareKind;
    product: string;
    version: string;
    /** Who it is made for; null: the platform's own (seen by a company only when authorised to it). */
    companyId: string | null;
    compatible?: string[];
    mode?: UpgradeMode;
    enabled?: boolean;
    released?: boolean;
    size?: number;
  },
): Promise<{ id: string; bytes: Buffer }> {
  const db = t.database.db;
  const [known] = await db.select().from(vendorKey).where(eq(vendorKey.name, 'Upgrade test vendor'));
  const [key] = known
    ? [known]
    : await db
        .insert(vendorKey)
        .values({ name: 'Upgrade test vendor', publicKey: 'test', fingerprint: 'upgrade-test' })
        .returning();
  images++;
  // Each image different (the library keeps one image once): its bytes vary with a counter.
  const bytes = Buffer.alloc(f.size ?? 3000 + images, images % 251);
  bytes.write(`${f.product} ${f.version}`, 0);
  const stored = await DATABASE_FILES.put(db, {
    kind: 'firmware',
    name: `${f.product}_${f.version}.bin`,
    contentType: 'application/octet-stream',
    bytes,
  });
  const [row] = await db
    .insert(firmware)
    .values({
      kind: f.kind,
      companyId: f.companyId,
      brand: 'Test',
      product: f.product,
      softwareVersion: f.version,
      compatibleVersions: f.compatible ?? [],
      upgradeMode: f.mode ?? 'remote',
      fileId: stored.id,
      fileName: `${f.product}_${f.version}.bin`,
      size: stored.size,
      sha256: stored.sha256,
      signature: 'test',
      vendorKeyId: key?.id ?? '',
      enabled: f.enabled ?? true,
      released: f.released ?? true,
    })
    .returning({ id: firmware.id });
  if (!row) throw new Error('firmware insert returned nothing');
  return { id: row.id, bytes };
}

/** Authorises a firmware of the platform's to a company. */
export async function grant(t: TestApp, firmwareId: string, companyId: string): Promise<void> {
  await t.database.db.insert(firmwareGrant).values({ firmwareId, companyId });
}

/** Polls until `check` holds (an event-driven send happens on its own turn of the event loop). */
export async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
}
