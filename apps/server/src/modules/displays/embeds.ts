import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { EMBED_KINDS, type EmbedInput, type EmbedLink, type ViewLinkToken } from '@heliograph/shared';
import { findDevice, findPlant } from '../../access/finders.js';
import { recordAudit } from '../audit/record.js';
import type { Db } from '../../db/client.js';
import { viewLink } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { newLinkToken } from './links.js';

/**
 * Embed links (spec §2.1 public views): a read-only link of one plant that another site can show (/plantFlow).
 * Made, listed and revoked by a user who may change the plant (the plant policy's write condition); the link
 * belongs to the plant's company and reaches that one plant only (access/policies.ts, linkPlants).
 */
export class EmbedService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** The plant, if the caller may change it; otherwise 700 (does not exist). */
  private async plant(auth: AuthContext, plantId: string): Promise<{ id: string; companyId: string }> {
    const p = await findPlant<{ id: string; company_id: string | null }>(this.db, auth, plantId, {
      write: true,
      select: sql`p.id, p.company_id`,
    });
    // A plant of no company (none in practice) has no company to own its link.
    if (!p.company_id) throw new AppError('plantNotFound');
    return { id: p.id, companyId: p.company_id };
  }

  async list(auth: AuthContext, plantId: string): Promise<EmbedLink[]> {
    const p = await this.plant(auth, plantId);
    const rows = await this.db
      .select()
      .from(viewLink)
      .where(and(eq(viewLink.plantId, p.id), inArray(viewLink.kind, [...EMBED_KINDS]), isNull(viewLink.revokedAt)))
      .orderBy(desc(viewLink.createdAt));
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind === 'layout' || r.kind === 'device' ? r.kind : 'plant',
      plantId: p.id,
      sn: r.deviceSn,
      createdAt: r.createdAt.getTime(),
    }));
  }

  async create(auth: AuthContext, b: EmbedInput, ip: string): Promise<ViewLinkToken> {
    const p = await this.plant(auth, b.plantId);
    // A device link names an inverter of that plant the caller may operate; otherwise 600 (does not exist).
    const sn = b.kind === 'device' ? b.sn : undefined;
    if (sn) await findDevice(this.db, auth, sn, { kind: 'inverter', write: true, where: sql`d.plant_id = ${p.id}` });
    const { token, hash } = newLinkToken();
    const row = await this.db.transaction(async (tx) => {
      const [made] = await tx
        .insert(viewLink)
        .values({
          companyId: p.companyId,
          kind: b.kind,
          plantId: p.id,
          deviceSn: sn ?? null,
          tokenHash: hash,
          createdBy: auth.userId,
          createdAt: new Date(this.now()),
        })
        .returning({ id: viewLink.id, createdAt: viewLink.createdAt });
      if (!made) throw new AppError('serverError');
      // A public link to a plant is a grant: who made it stays on record (the token itself never does).
      await recordAudit(tx, auth, ip, {
        action: 'embed.create',
        targetKind: 'plant',
        targetId: p.id,
        newValue: { linkId: made.id, kind: b.kind, ...(sn ? { sn } : {}) },
        companyId: p.companyId,
      });
      return made;
    });
    return { token, link: { id: row.id, createdAt: row.createdAt.getTime() } };
  }

  async revoke(auth: AuthContext, id: string, ip: string): Promise<void> {
    const [row] = await this.db
      .select({ id: viewLink.id, plantId: viewLink.plantId, companyId: viewLink.companyId, kind: viewLink.kind })
      .from(viewLink)
      .where(and(eq(viewLink.id, id), inArray(viewLink.kind, [...EMBED_KINDS]), isNull(viewLink.revokedAt)));
    if (!row?.plantId) throw new AppError('notFound');
    // Someone who may not change the plant is told the link does not exist, not that it is someone else's.
    await findPlant(this.db, auth, row.plantId, { write: true, missing: 'notFound' });
    const plantId = row.plantId;
    await this.db.transaction(async (tx) => {
      await tx
        .update(viewLink)
        .set({ revokedAt: new Date(this.now()) })
        .where(eq(viewLink.id, row.id));
      await recordAudit(tx, auth, ip, {
        action: 'embed.revoke',
        targetKind: 'plant',
        targetId: plantId,
        oldValue: { linkId: row.id, kind: row.kind },
        companyId: row.companyId,
      });
    });
  }
}
