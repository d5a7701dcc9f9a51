import { eq } from 'drizzle-orm';
import { type DeviceKind, type DeviceRow, type Lang, type SheetHeading } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes, type RouteAccess, type ZodApp } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { allDevices, countByStatus, listDevices, type KindDevice } from '../batteries/device-query.js';
import { recordOperation } from '../commands/operation-log.js';
import { sendXlsx, type Cell } from '../../xlsx/write.js';

const IDENTITY = ['sn', 'alias', 'plant', 'gateway', 'model'] as const;

/** The list routes every storage-side device kind has, keyed by its contract routes. */
interface StorageLists {
  kind: DeviceKind;
  tag: string;
  config: RouteAccess;
  list: {
    route: 'GET /batteries' | 'GET /meters' | 'GET /weather-stations';
    summary: string;
    /** The row the page shows; the public row unless the kind adds to it. */
    row: (d: KindDevice) => DeviceRow;
  };
  count: { route: 'GET /batteries/count' | 'GET /meter/status/count' | 'GET /weather-stations/count'; summary: string };
  download: {
    route: 'GET /batteries/download' | 'GET /meters/download' | 'GET /weather-stations/download';
    summary: string;
    name: string;
    /** The columns after the serial, alias, plant, gateway and model every export starts with. */
    headings: readonly SheetHeading[];
    cells: (d: KindDevice, lang: Lang) => Cell[];
  };
}

/**
 * Batteries, meters and weather stations list, count and export the same way (one device kind through its
 * gateway): the three routes are registered here, in that order, with each kind's own paths and words.
 */
export function storageListRoutes(app: ZodApp, db: Db, k: StorageLists): void {
  const route = contractRoutes(app, k.tag);
  route(k.list.route, { config: k.config, summary: k.list.summary }, async (req) => {
    const { total, rows, counts } = await listDevices(db, requireAuth(req.auth), k.kind, req.query);
    return ok(req, { total, rows: rows.map(k.list.row), counts });
  });

  route(k.count.route, { config: k.config, summary: k.count.summary }, async (req) =>
    ok(req, await countByStatus(db, requireAuth(req.auth), k.kind)),
  );

  route(k.download.route, { config: k.config, summary: k.download.summary }, async (req, reply) => {
    const lang = req.lang;
    const rows = await allDevices(db, requireAuth(req.auth), k.kind, req.query);
    const { name, headings, cells } = k.download;
    return sendXlsx(reply, {
      name,
      lang,
      headings: [...IDENTITY, ...headings],
      rows: rows.map((d) => [d.sn, d.alias, d.plantName, d.gatewaySn, d.model, ...cells(d, lang)]),
    });
  });
}

/** Logical delete of a storage-side device, kept in the operation log as `<kind>.delete`. */
export async function deleteDevice(
  db: Db,
  auth: AuthContext,
  ip: string,
  d: KindDevice,
  operation: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(device).set({ deletedAt: new Date() }).where(eq(device.id, d.id));
    await recordOperation(tx, { auth, ip, target: d.sn, operation, plantId: d.plantId, result: 'succeeded' });
  });
}
