import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LoraRealtime, LoraRealtimeView, ViewLinkToken } from '@heliograph/shared';
import { findDevice } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { num, query, toMs } from '../../db/rows.js';
import { viewLink } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { recordChange } from '../commands/operation-log.js';
import { newLinkToken } from '../displays/links.js';
import { deviceStatusOwnSql } from '../plants/status.js';

/**
 * Share links of a LoRa master node's realtime views (/lora-realtime, /lora-meter-realtime,
 * /lora-switch-realtime): a view link of kind `lora` (modules/displays/links.ts), token shown once, only its
 * hash kept, revocable; the device policy gives it the master and its sub-nodes only (access/policies.ts).
 */
export class LoraShares {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The master the caller may see (or change), as the policy finds it; a child node or another's is 404. */
  private master(auth: AuthContext, sn: string, write: boolean) {
    return findDevice<{
      id: string;
      sn: string;
      alias: string | null;
      plant_id: string | null;
      plant_name: string | null;
      company_id: string | null;
      online: boolean;
      metrics: Record<string, number | null> | null;
      ts: unknown;
    }>(this.db, auth, sn, {
      kind: 'lora',
      write,
      select: sql`d.id, d.sn, d.alias, g.plant_id, pl.name as plant_name, pl.company_id, g.online, dl.metrics, dl.ts`,
      join: sql`left join plant pl on pl.id = g.plant_id left join device_latest dl on dl.device_id = d.id`,
      where: sql`g.sn = d.sn and d.parent_id is null`,
    });
  }

  async list(auth: AuthContext, sn: string): Promise<{ id: string; createdAt: number }[]> {
    const m = await this.master(auth, sn, true);
    const rows = await this.db
      .select({ id: viewLink.id, createdAt: viewLink.createdAt })
      .from(viewLink)
      .where(and(eq(viewLink.kind, 'lora'), eq(viewLink.deviceSn, m.sn), isNull(viewLink.revokedAt)))
      .orderBy(desc(viewLink.createdAt));
    return rows.map((r) => ({ id: r.id, createdAt: r.createdAt.getTime() }));
  }

  async create(auth: AuthContext, sn: string, ip: string): Promise<ViewLinkToken> {
    const m = await this.master(auth, sn, true);
    if (!m.plant_id || !m.company_id) throw new AppError('loraShareUnbound');
    const { token, hash } = newLinkToken();
    const made = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(viewLink)
        .values({
          companyId: m.company_id ?? '',
          kind: 'lora',
          plantId: m.plant_id,
          deviceSn: m.sn,
          tokenHash: hash,
          createdBy: auth.userId,
          createdAt: new Date(this.now()),
        })
        .returning({ id: viewLink.id, createdAt: viewLink.createdAt });
      if (!row) throw new AppError('serverError');
      // The link's id goes in the log, never its token.
      await recordChange(tx, auth, ip, { sn: m.sn, plantId: m.plant_id }, 'lora.share', {
        newValue: { linkId: row.id },
      });
      return row;
    });
    return { token, link: { id: made.id, createdAt: made.createdAt.getTime() } };
  }

  async revoke(auth: AuthContext, id: string, ip: string): Promise<void> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (!uuid.test(id)) throw new AppError('notFound');
    const [row] = await this.db
      .select({ id: viewLink.id, sn: viewLink.deviceSn })
      .from(viewLink)
      .where(and(eq(viewLink.id, id), eq(viewLink.kind, 'lora'), isNull(viewLink.revokedAt)));
    if (!row?.sn) throw new AppError('notFound');
    // Someone who may not change the master node is told the link does not exist.
    const m = await this.master(auth, row.sn, true).catch(() => {
      throw new AppError('notFound');
    });
    await this.db.transaction(async (tx) => {
      await tx
        .update(viewLink)
        .set({ revokedAt: new Date(this.now()) })
        .where(eq(viewLink.id, row.id));
      await recordChange(tx, auth, ip, { sn: m.sn, plantId: m.plant_id }, 'lora.shareRevoke', {
        oldValue: { linkId: row.id },
      });
    });
  }

  /**
   * What a realtime view shows: the master and its sub-nodes (all, meters or switches) with their readings
   * now. With a share link the master is the link's; a signed-in caller names none and gets 404.
   */
  async realtime(auth: AuthContext, view: LoraRealtimeView): Promise<LoraRealtime> {
    const sn = auth.link?.kind === 'lora' ? auth.link.deviceSn : null;
    if (!sn) throw new AppError('notFound');
    const m = await this.master(auth, sn, false);
    const kind = view === 'all' ? sql`` : sql`and d.kind = ${view}`;
    const nodes = await query<{
      sn: string;
      kind: string;
      alias: string | null;
      status: string;
      metrics: Record<string, number | null> | null;
      ts: unknown;
    }>(
      this.db,
      sql`select d.sn, d.kind, d.alias, ${deviceStatusOwnSql} as status, dl.metrics, dl.ts
        from device d join gateway g on g.id = d.gateway_id left join device_latest dl on dl.device_id = d.id
        where d.parent_id = ${m.id} and d.deleted_at is null ${kind} order by d.sn`,
    );
    return {
      master: {
        sn: m.sn,
        alias: m.alias,
        plantName: m.plant_name,
        online: Boolean(m.online),
        rssi: num(m.metrics?.rssi),
        lastSeen: m.ts ? toMs(m.ts) : null,
      },
      nodes: nodes.map((n) => ({
        sn: n.sn,
        kind: n.kind,
        alias: n.alias,
        status: n.status,
        lastSeen: n.ts ? toMs(n.ts) : null,
        metrics: n.metrics ?? {},
      })),
      at: this.now(),
    };
  }
}
