import { count, eq } from 'drizzle-orm';
import type { DeviceKind, Valuation } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { device, gateway, plant } from '../../db/schema.js';

export interface DeviceInfo {
  id: string;
  sn: string;
  kind: DeviceKind;
  plantId: string | null;
  protocol: string;
  /** The most power the device can move, for telling a counter jump from real energy. */
  maxW: number;
}

export interface PlantInfo {
  id: string;
  timezone: string;
  valuation: Valuation;
  /** Devices of the plant on all its gateways (a flush with all of them knows the plant's power). */
  deviceCount: number;
}

export interface GatewayInfo {
  id: string;
  sn: string;
  plantId: string | null;
  locked: boolean;
  uploadIntervalS: number;
  devices: Map<string, DeviceInfo>;
  plant: PlantInfo | null;
}

// A device's limit when it has no rating (meters): a generous grid connection.
const DEFAULT_MAX_W = 1_000_000;
const TTL_MS = 60_000;

/**
 * What ingest needs to know about a gateway, its devices and its plant, cached for a minute: every batch
 * would otherwise cost three lookups. A device the cache does not know forces a reload before the batch
 * is refused, so a device bound a moment ago is not turned away.
 */
export class GatewayRegistry {
  private readonly cache = new Map<string, { at: number; info: GatewayInfo | undefined }>();

  constructor(private readonly db: Db) {}

  async get(sn: string, opts: { fresh?: boolean } = {}): Promise<GatewayInfo | undefined> {
    const hit = this.cache.get(sn);
    if (hit && !opts.fresh && Date.now() - hit.at < TTL_MS) return hit.info;
    const info = await this.load(sn);
    this.cache.set(sn, { at: Date.now(), info });
    return info;
  }

  invalidate(sn: string): void {
    this.cache.delete(sn);
  }

  private async load(sn: string): Promise<GatewayInfo | undefined> {
    const [gw] = await this.db.select().from(gateway).where(eq(gateway.sn, sn));
    if (!gw) return undefined;
    const devices = await this.db.select().from(device).where(eq(device.gatewayId, gw.id));
    let plantInfo: PlantInfo | null = null;
    let capacityW = DEFAULT_MAX_W;
    if (gw.plantId) {
      const [p] = await this.db.select().from(plant).where(eq(plant.id, gw.plantId));
      if (p) {
        const [counted] = await this.db.select({ n: count() }).from(device).where(eq(device.plantId, p.id));
        plantInfo = {
          id: p.id,
          timezone: p.timezone,
          valuation: p.valuation as Valuation,
          deviceCount: counted?.n ?? 0,
        };
        // A plant's meter moves at most its PV plus a household-sized import; twice the capacity is ample.
        capacityW = Math.max(2 * p.capacityKw * 1000, 50_000);
      }
    }
    return {
      id: gw.id,
      sn: gw.sn,
      plantId: gw.plantId,
      locked: gw.locked,
      uploadIntervalS: gw.uploadIntervalS,
      plant: plantInfo,
      devices: new Map(
        devices.map((d) => [
          d.sn,
          {
            id: d.id,
            sn: d.sn,
            kind: d.kind as DeviceKind,
            plantId: d.plantId,
            protocol: d.protocol,
            maxW: d.ratedW ?? capacityW,
          },
        ]),
      ),
    };
  }
}
