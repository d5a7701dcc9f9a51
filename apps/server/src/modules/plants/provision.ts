import { randomBytes } from 'node:crypto';
import type { DeviceKind, InverterKind, PlantType, Valuation } from '@heliograph/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { device, gateway, plant, plantShare } from '../../db/schema.js';
import { hashGeneratedSecret, hashPassword } from '../auth/passwords.js';

export interface ProvisionDevice {
  sn: string;
  kind: DeviceKind;
  model?: string;
  brand?: string;
  firmware?: string | null;
  ratedW?: number | undefined;
  capacityKwh?: number | undefined;
  protocol?: string;
  meta?: Record<string, unknown>;
}

export interface ProvisionPlant {
  companyId: string | null;
  ownerId?: string | null;
  installerId?: string | null;
  name: string;
  type: PlantType;
  inverterKind: InverterKind;
  capacityKw: number;
  commissionedOn: string;
  timezone: string;
  currency: string;
  latitude: number;
  longitude: number;
  address: string;
  valuation: Valuation;
  gateways: {
    sn: string;
    password: string;
    /** The console generated the password (high entropy): a fast salted hash, not the password KDF. */
    generated?: boolean;
    registrationKey?: string;
    /** The gateway's model and firmware, as its status message will say them (the demo fleet seeds them). */
    model?: string | null;
    firmware?: string | null;
    devices: ProvisionDevice[];
  }[];
  sharedWith?: { userId: string; level: 'guest' | 'maintainer' }[];
  // The rest of spec §3 Plant, set by the creation wizard (issue 4); the demo fleet leaves them out.
  createdBy?: string | null;
  alias?: string | null;
  totalInvestment?: number | null;
  contactName?: string;
  contactPhone?: string;
  country?: string;
  generationOffsetKwh?: number;
  settings?: Record<string, unknown>;
  /** Gateways that already exist (spare stock) to bind to the new plant, with their devices. */
  bind?: { gatewayId: string; customerId: string | null }[];
}

/**
 * Creates a plant with its gateways (bound, with hashed connection passwords) and devices in one
 * transaction, and binds existing gateways given in `bind`. The demo fleet, the tests and the plant
 * wizard (modules/plant-admin) use it.
 */
export async function provisionPlant(db: Db, p: ProvisionPlant): Promise<{ plantId: string; gatewayIds: string[] }> {
  const hashes = await Promise.all(
    p.gateways.map((g) => (g.generated ? hashGeneratedSecret(g.password) : hashPassword(g.password))),
  );
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(plant)
      .values({
        companyId: p.companyId,
        ownerId: p.ownerId ?? null,
        installerId: p.installerId ?? null,
        name: p.name,
        type: p.type,
        inverterKind: p.inverterKind,
        capacityKw: p.capacityKw,
        commissionedOn: p.commissionedOn,
        timezone: p.timezone,
        currency: p.currency,
        latitude: p.latitude,
        longitude: p.longitude,
        address: p.address,
        valuation: p.valuation,
        createdBy: p.createdBy ?? null,
        alias: p.alias ?? null,
        totalInvestment: p.totalInvestment ?? null,
        contactName: p.contactName ?? '',
        contactPhone: p.contactPhone ?? '',
        country: p.country ?? '',
        generationOffsetKwh: p.generationOffsetKwh ?? 0,
        settings: p.settings ?? {},
      })
      .returning({ id: plant.id });
    if (!row) throw new Error('plant insert returned nothing');
    for (const b of p.bind ?? []) {
      await bindGateway(
        tx,
        { gatewayId: b.gatewayId, plantId: row.id, companyId: p.companyId, customerId: b.customerId },
        { onlyUnbound: true },
      );
    }
    const gatewayIds: string[] = [];
    for (const [i, g] of p.gateways.entries()) {
      const [gw] = await tx
        .insert(gateway)
        .values({
          sn: g.sn,
          companyId: p.companyId,
          plantId: row.id,
          registrationKey: g.registrationKey ?? randomBytes(4).toString('hex').toUpperCase(),
          connPasswordHash: hashes[i] ?? '',
          model: g.model ?? null,
          firmware: g.firmware ?? null,
        })
        .returning({ id: gateway.id });
      if (!gw) throw new Error('gateway insert returned nothing');
      gatewayIds.push(gw.id);
      if (g.devices.length > 0) {
        await tx.insert(device).values(
          g.devices.map((d) => ({
            sn: d.sn,
            gatewayId: gw.id,
            plantId: row.id,
            kind: d.kind,
            model: d.model ?? '',
            brand: d.brand ?? '',
            firmware: d.firmware ?? null,
            ratedW: d.ratedW ?? null,
            capacityKwh: d.capacityKwh ?? null,
            protocol: d.protocol ?? 'metrics',
            meta: d.meta ?? {},
          })),
        );
      }
    }
    for (const s of p.sharedWith ?? []) {
      await tx.insert(plantShare).values({ plantId: row.id, userId: s.userId, level: s.level });
    }
    return { plantId: row.id, gatewayIds };
  });
}

/**
 * Binds an existing gateway and every device behind it to a plant (of the plant's company). The gateway's
 * next connection is accepted (modules/mqtt/gateway-auth.ts) and its readings count for the plant.
 */
export async function bindGateway(
  db: Db,
  b: { gatewayId: string; plantId: string; companyId: string | null; customerId: string | null },
  opts: { onlyUnbound?: boolean } = {},
): Promise<void> {
  // onlyUnbound: take the gateway only if it is still free, in the same statement — of two wizards binding
  // the same one at once, the second gets 301 (its transaction rolls back).
  const bound = await db
    .update(gateway)
    .set({ plantId: b.plantId, companyId: b.companyId, customerId: b.customerId, boundAt: new Date() })
    .where(opts.onlyUnbound ? and(eq(gateway.id, b.gatewayId), isNull(gateway.plantId)) : eq(gateway.id, b.gatewayId))
    .returning({ id: gateway.id });
  if (bound.length === 0) throw new AppError('gatewayUsed');
  await db.update(device).set({ plantId: b.plantId }).where(eq(device.gatewayId, b.gatewayId));
}

/** Frees a gateway and its devices from their plant: they stay in the company's stock, unbound. */
export async function unbindGateway(db: Db, gatewayId: string): Promise<void> {
  await db.update(gateway).set({ plantId: null, boundAt: null }).where(eq(gateway.id, gatewayId));
  await db.update(device).set({ plantId: null }).where(eq(device.gatewayId, gatewayId));
}

export const DEFAULT_VALUATION: Valuation = {
  method: 'constant',
  buyPrice: 0.3,
  sellPrice: 0.08,
  segments: [],
  buyVat: 0,
  sellVat: 0,
  buyFee: 0,
  sellFee: 0,
};
