import { randomBytes } from 'node:crypto';
import type { DeviceKind, InverterKind, PlantType, Valuation } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { device, gateway, plant, plantShare } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';

export interface ProvisionDevice {
  sn: string;
  kind: DeviceKind;
  model?: string;
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
  gateways: { sn: string; password: string; registrationKey?: string; devices: ProvisionDevice[] }[];
  sharedWith?: { userId: string; level: 'guest' | 'maintainer' }[];
}

/**
 * Creates a plant with its gateways (bound, with hashed connection passwords) and devices in one
 * transaction. The demo fleet and the tests use it; the plant wizard (issue 4) will too.
 */
export async function provisionPlant(db: Db, p: ProvisionPlant): Promise<{ plantId: string; gatewayIds: string[] }> {
  const hashes = await Promise.all(p.gateways.map((g) => hashPassword(g.password)));
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
      })
      .returning({ id: plant.id });
    if (!row) throw new Error('plant insert returned nothing');
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
