import { eq, or, sql, type SQL } from 'drizzle-orm';
import { LORA_STATUSES, type LoraFilters, type LoraMaster, type LoraNode, type LoraPage } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { containing, num, query, toMs } from '../../db/rows.js';
import { device, gateway } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { recordChange } from '../commands/operation-log.js';
import { findDevice } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import { sendXlsx, word } from '../../xlsx/write.js';
import { deviceStatusOwnSql } from '../plants/status.js';
import { smartEquipment } from './equipment.js';
import { LoraShares } from './shares.js';

/**
 * A lora master node connects on its own: a gateway row and a device row of kind 'lora' with the same
 * serial number. Its child nodes are devices behind the same gateway whose parent is the master device.
 */
const masterJoins = sql`left join plant pl on pl.id = g.plant_id left join device_latest dl on dl.device_id = d.id`;
const masterFrom = sql`from device d join gateway g on g.id = d.gateway_id and g.sn = d.sn ${masterJoins}`;
const masterColumns = sql`d.id, d.sn, d.kind, d.model, d.alias, ${deviceStatusOwnSql} as status, dl.metrics, dl.ts,
  g.plant_id, pl.name as plant_name, pl.type as plant_type, g.online, g.firmware,
  (select count(*) from device c where c.parent_id = d.id and c.deleted_at is null) as child_count`;

interface RawNode {
  id: string;
  sn: string;
  kind: string;
  model: string;
  alias: string | null;
  status: string;
  metrics: Record<string, number | null> | null;
  ts: unknown;
}
interface RawMaster extends RawNode {
  plant_id: string | null;
  plant_name: string | null;
  plant_type: string | null;
  online: boolean;
  firmware: string | null;
  child_count: unknown;
}
const nodeOf = (r: RawNode): LoraNode => ({
  id: r.id,
  sn: r.sn,
  kind: r.kind,
  model: r.model,
  alias: r.alias,
  status: r.status,
  rssi: num(r.metrics?.rssi),
  lastSeen: r.ts ? toMs(r.ts) : null,
});
const masterOf = (r: RawMaster): LoraMaster => ({
  ...nodeOf(r),
  plantId: r.plant_id,
  plantName: r.plant_name,
  plantType: r.plant_type,
  online: Boolean(r.online),
  firmId: r.firmware,
  childCount: Number(r.child_count ?? 0),
});

function where(auth: AuthContext, q: LoraFilters, withStatus: boolean): SQL {
  const parts: SQL[] = [
    sql`d.kind = 'lora' and d.parent_id is null and d.deleted_at is null`,
    scopeCondition(auth, 'device'),
  ];
  if (q.q) {
    const like = containing(q.q);
    parts.push(
      sql`(d.sn ilike ${like} or coalesce(d.alias, '') ilike ${like} or coalesce(pl.name, '') ilike ${like}
        or exists (select 1 from device c where c.parent_id = d.id and c.sn ilike ${like}))`,
    );
  }
  if (q.plantId) parts.push(sql`g.plant_id = ${q.plantId}::uuid`);
  if (withStatus && q.status) parts.push(q.status === 'online' ? sql`g.online` : sql`not g.online`);
  return sql.join(parts, sql` and `);
}

function findMaster(db: Db, auth: AuthContext, sn: string, write = false): Promise<RawMaster> {
  return findDevice<RawMaster>(db, auth, sn, {
    kind: 'lora',
    write,
    select: masterColumns,
    join: masterJoins,
    // A master node is its own gateway; a child node is reached through its master.
    where: sql`g.sn = d.sn and d.parent_id is null`,
  });
}

/** Lora master nodes and their child nodes (spec §7 "Lora"), and the smart equipment list. */
export function loraRoutes(deps: { db: Db; now: () => number }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'lora', { id: z.uuid() });
    const { db } = deps;
    const view = { access: 'masterNode.view', scope: 'company' } as const;
    const equipment = { access: 'equip.view', scope: 'company' } as const;

    const list = async (
      auth: AuthContext,
      q: LoraFilters,
      page: { page: number; size: number } | null,
    ): Promise<Omit<LoraPage, 'counts'>> => {
      const cond = where(auth, q, true);
      const limit = page ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}` : sql`limit 10000`;
      const rows = await query<RawMaster>(
        db,
        sql`select ${masterColumns} ${masterFrom} where ${cond} order by d.sn ${limit}`,
      );
      const [count] = await query<{ n: unknown }>(db, sql`select count(*) as n ${masterFrom} where ${cond}`);
      return { total: Number(count?.n ?? 0), rows: rows.map(masterOf) };
    };

    route(
      'GET /masterNode/page',
      {
        config: view,
        summary: 'Lora master nodes with status statistics (search by serial, alias, plant or child serial)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { page, size, ...q } = req.query;
        const [r] = await query<Record<string, unknown>>(
          db,
          sql`select count(*) as all, count(*) filter (where g.online) as online, count(*) filter (where not g.online) as offline
            ${masterFrom} where ${where(auth, q, false)}`,
        );
        const counts = Object.fromEntries(['all', ...LORA_STATUSES].map((k) => [k, Number(r?.[k] ?? 0)]));
        return ok(req, { ...(await list(auth, q, { page, size })), counts });
      },
    );

    route(
      'GET /masterNode/download',
      { config: view, summary: 'The master node list (same filters) as .xlsx' },
      async (req, reply) => {
        const { rows } = await list(requireAuth(req.auth), req.query, null);
        return sendXlsx(reply, {
          name: 'lora-master-nodes',
          lang: req.lang,
          headings: ['sn', 'gatewayAlias', 'gatewayPlant', 'status', 'rssi', 'firmware', 'children', 'lastSeen'],
          rows: rows.map((m) => [
            m.sn,
            m.alias,
            m.plantName,
            word(m.online ? 'online' : 'offline', req.lang),
            m.rssi,
            m.firmId,
            m.childCount,
            m.lastSeen ? new Date(m.lastSeen).toISOString().slice(0, 19).replace('T', ' ') : null,
          ]),
        });
      },
    );

    route('GET /masterNode/:sn', { config: view, summary: 'A master node with its child nodes' }, async (req) => {
      const auth = requireAuth(req.auth);
      const m = await findMaster(db, auth, req.params.sn);
      // Whether the caller may rename or delete it: the same scope those routes check.
      const writable = await findMaster(db, auth, req.params.sn, true).then(
        () => true,
        () => false,
      );
      const children = await query<RawNode>(
        db,
        sql`select d.id, d.sn, d.kind, d.model, d.alias, ${deviceStatusOwnSql} as status, dl.metrics, dl.ts
            from device d join gateway g on g.id = d.gateway_id left join device_latest dl on dl.device_id = d.id
            where d.parent_id = ${m.id} and d.deleted_at is null order by d.sn`,
      );
      return ok(req, { ...masterOf(m), children: children.map(nodeOf), writable });
    });

    route(
      'POST /masterNode/alias/:sn',
      {
        config: view,
        summary: 'Rename a master node (alias of at most 32 bytes; empty clears it; needs the write scope)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const m = await findMaster(db, auth, req.params.sn, true);
        const alias = req.body.alias.trim() || null;
        await db.transaction(async (tx) => {
          // The master is both a device and a gateway: both rows carry the name, as for AC switches.
          await tx.update(device).set({ alias }).where(eq(device.id, m.id));
          await tx.update(gateway).set({ alias }).where(eq(gateway.sn, m.sn));
          await recordChange(tx, auth, req.ip, { sn: m.sn, plantId: m.plant_id }, 'lora.alias', {
            oldValue: m.alias,
            newValue: alias,
          });
        });
        return ok(req, null);
      },
    );

    route(
      'POST /masterNode/delete/:sn',
      {
        config: view,
        summary: 'Delete a master node with its child nodes (needs the write scope; its connections are refused)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const m = await findMaster(db, auth, req.params.sn, true);
        const [gw] = await db.select({ id: gateway.id }).from(gateway).where(eq(gateway.sn, m.sn));
        await db.transaction(async (tx) => {
          await tx
            .update(device)
            .set({ deletedAt: new Date(), plantId: null })
            .where(or(eq(device.id, m.id), eq(device.parentId, m.id)));
          if (gw) await tx.update(gateway).set({ plantId: null, locked: true }).where(eq(gateway.id, gw.id));
          await recordChange(tx, auth, req.ip, { sn: m.sn, plantId: m.plant_id }, 'lora.delete');
        });
        return ok(req, null);
      },
    );

    route(
      'GET /smart/equips/list',
      {
        config: equipment,
        summary:
          'Smart equipment the caller may see (bulbs, AC switches, lora nodes, weather stations) of one plant or all, paged',
      },
      async (req) => {
        const { page, size, ...q } = req.query;
        return ok(req, await smartEquipment(db, requireAuth(req.auth), q, { page, size }));
      },
    );

    const shares = new LoraShares(db, deps.now);
    route(
      'GET /masterNode/:sn/shares',
      { config: view, summary: 'The master node’s realtime share links in force (for a caller who may change it)' },
      async (req) => ok(req, await shares.list(requireAuth(req.auth), req.params.sn)),
    );
    route(
      'POST /masterNode/:sn/share',
      { config: view, summary: 'A read-only share link of the master node’s realtime views (token shown once)' },
      async (req) => ok(req, await shares.create(requireAuth(req.auth), req.params.sn, req.ip)),
    );
    route(
      'POST /masterNode/share/:id/revoke',
      { config: view, summary: 'Revoke a realtime share link: pages showing it stop at once' },
      async (req) => {
        await shares.revoke(requireAuth(req.auth), req.params.id, req.ip);
        return ok(req, null);
      },
    );
    route(
      'GET /lora/realtime',
      {
        config: { ...view, links: ['lora'] },
        summary: 'With a LoRa share link: its master node and sub-nodes (all, meters or switches) with readings now',
      },
      async (req) => ok(req, await shares.realtime(requireAuth(req.auth), req.query.view)),
    );
  };
}
