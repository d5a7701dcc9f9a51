import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  DISPLAY_PAGES,
  DISPLAY_STYLE_PERMISSION,
  DISPLAY_STYLES,
  type Display,
  type DisplayPage,
  type DisplayStyle,
  type ViewLinkToken,
} from '@heliograph/shared';
import type { z } from 'zod';
import type { displayBody, displayListQuery } from '@heliograph/shared';
import { findDisplay } from '../../access/finders.js';
import { recordAudit } from '../audit/record.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { anyContains, query } from '../../db/rows.js';
import { display, displayPlant, plant, viewLink } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { logoUrl } from '../users/repository.js';
import { displayLinks, newLinkToken } from './links.js';
import type { DisplayScope } from './data.js';

type DisplayRow = typeof display.$inferSelect;
export type DisplayBody = z.output<typeof displayBody>;

/** What the audit log keeps of a display: what a reader may see, plant ids rather than names. */
function auditedDisplay(
  d: Pick<DisplayBody, 'name' | 'style' | 'allPlants' | 'rows' | 'cols' | 'pages' | 'pageSeconds'>,
  plantIds: readonly string[],
) {
  return {
    name: d.name,
    style: d.style,
    allPlants: d.allPlants,
    plantIds,
    ...(d.style === 'spliced' ? { rows: d.rows, cols: d.cols } : {}),
    ...(d.style === 'multipage' ? { pages: d.pages, pageSeconds: d.pageSeconds } : {}),
  };
}

const asStyle = (s: string): DisplayStyle =>
  (DISPLAY_STYLES as readonly string[]).includes(s) ? (s as DisplayStyle) : 'single';
const asPages = (v: unknown): DisplayPage[] =>
  Array.isArray(v) ? v.filter((p): p is DisplayPage => (DISPLAY_PAGES as readonly unknown[]).includes(p)) : [];

/** Displays: a company's wall screens (issue 16 point 4), each reached through the access layer's policy. */
export class DisplayService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  private async answers(auth: AuthContext, rows: DisplayRow[]): Promise<Display[]> {
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const [listed, links] = await Promise.all([
      this.db
        .select({ displayId: displayPlant.displayId, id: plant.id, name: plant.name })
        .from(displayPlant)
        .innerJoin(plant, eq(plant.id, displayPlant.plantId))
        .where(and(inArray(displayPlant.displayId, ids), sql`${plant.deletedAt} is null`))
        .orderBy(plant.name),
      auth.link ? Promise.resolve(new Map<string, { id: string; createdAt: number }>()) : displayLinks(this.db, ids),
    ]);
    // How many plants each shows now: the company's live plants, or the listed ones still live.
    const counts = await query<{ id: string; n: unknown }>(
      this.db,
      sql`select ds.id, (select count(*) from plant p where p.deleted_at is null and p.company_id = ds.company_id
          and (ds.all_plants or exists (select 1 from display_plant dp where dp.display_id = ds.id and dp.plant_id = p.id))) as n
        from display ds where ds.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    const countOf = new Map(counts.map((c) => [c.id, Number(c.n)]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      style: asStyle(r.style),
      allPlants: r.allPlants,
      // A display link is told how many plants, not which: it reads them through the data call.
      plants:
        auth.link || r.allPlants
          ? []
          : listed.filter((l) => l.displayId === r.id).map((l) => ({ id: l.id, name: l.name })),
      plantCount: countOf.get(r.id) ?? 0,
      rows: r.gridRows,
      cols: r.gridCols,
      pages: asPages(r.pages),
      pageSeconds: r.pageSeconds,
      logoUrl: logoUrl(r.logoFileId),
      link: links.get(r.id) ?? null,
      createdAt: r.createdAt.getTime(),
      updatedAt: r.updatedAt.getTime(),
    }));
  }

  async row(auth: AuthContext, id: string, write = false): Promise<DisplayRow> {
    const { id: found } = await findDisplay(this.db, auth, id, { write });
    const [row] = await this.db.select().from(display).where(eq(display.id, found));
    if (!row) throw new AppError('notFound');
    return row;
  }

  async get(auth: AuthContext, id: string, write = false): Promise<Display> {
    const [d] = await this.answers(auth, [await this.row(auth, id, write)]);
    if (!d) throw new AppError('notFound');
    return d;
  }

  /** Which plants the display's data reads (data.ts), for a caller who may see the display. */
  async scope(auth: AuthContext, id: string): Promise<{ row: DisplayRow; scope: DisplayScope }> {
    const row = await this.row(auth, id);
    // Showing a display with an account takes its style's key (an agent may define displays and hand out
    // their links without being allowed to open a wall screen); the display's own link is its grant.
    if (!auth.link && !auth.permissions.has(DISPLAY_STYLE_PERMISSION[asStyle(row.style)]))
      throw new AppError('noPermission');
    return { row, scope: { id: row.id, companyId: row.companyId, allPlants: row.allPlants } };
  }

  async list(auth: AuthContext, q: z.output<typeof displayListQuery>) {
    const where = and(
      sql`${scopeCondition(auth, 'display')}`,
      q.keyword ? anyContains(q.keyword, [sql`ds.name`]) : undefined,
    );
    const [count] = await query<{ n: unknown }>(this.db, sql`select count(*) as n from display ds where ${where}`);
    const ids = await query<{ id: string }>(
      this.db,
      sql`select ds.id from display ds where ${where} order by ds.created_at desc, ds.id
        limit ${q.size} offset ${(q.page - 1) * q.size}`,
    );
    const rows = ids.length
      ? await this.db
          .select()
          .from(display)
          .where(
            inArray(
              display.id,
              ids.map((r) => r.id),
            ),
          )
          .orderBy(desc(display.createdAt), desc(display.id))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = ids.map((r) => byId.get(r.id)).filter((r): r is DisplayRow => !!r);
    return { total: Number(count?.n ?? 0), rows: await this.answers(auth, ordered) };
  }

  /** Every listed plant must be one the caller may see and of the display's company; else 700 (does not exist). */
  private async checkPlants(auth: AuthContext, companyId: string, ids: readonly string[]): Promise<void> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    const seen = await query<{ id: string }>(
      this.db,
      sql`select p.id from plant p where p.company_id = ${companyId} and ${scopeCondition(auth, 'plant')}
        and p.id in (${sql.join(
          unique.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    );
    // A plant of another company, or one the caller may not see, is the plant policy's "does not exist".
    if (seen.length !== unique.length) throw new AppError('plantNotFound');
  }

  private values(b: DisplayBody) {
    return {
      name: b.name,
      style: b.style,
      allPlants: b.allPlants,
      gridRows: b.style === 'spliced' ? b.rows : 1,
      gridCols: b.style === 'spliced' ? b.cols : 1,
      pages: b.pages,
      pageSeconds: b.pageSeconds,
      updatedAt: new Date(this.now()),
    };
  }

  async create(auth: AuthContext, b: DisplayBody, ip: string): Promise<Display> {
    // A display belongs to a company: a caller without one (a platform administrator) has none to show.
    if (!auth.companyId) throw new AppError('noPermission');
    const companyId = auth.companyId;
    const plantIds = b.allPlants ? [] : [...new Set(b.plantIds)];
    await this.checkPlants(auth, companyId, plantIds);
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(display)
        .values({ ...this.values(b), companyId, createdBy: auth.userId, createdAt: new Date(this.now()) })
        .returning({ id: display.id });
      if (!row) throw new AppError('serverError');
      if (plantIds.length)
        await tx.insert(displayPlant).values(plantIds.map((plantId) => ({ displayId: row.id, plantId })));
      await recordAudit(tx, auth, ip, {
        action: 'display.create',
        targetKind: 'display',
        targetId: row.id,
        newValue: auditedDisplay(b, plantIds),
      });
      return row.id;
    });
    return this.get(auth, id);
  }

  async update(auth: AuthContext, id: string, b: DisplayBody, ip: string): Promise<Display> {
    const row = await this.row(auth, id, true);
    const plantIds = b.allPlants ? [] : [...new Set(b.plantIds)];
    await this.checkPlants(auth, row.companyId, plantIds);
    const before = await this.get(auth, row.id);
    await this.db.transaction(async (tx) => {
      await recordAudit(tx, auth, ip, {
        action: 'display.update',
        targetKind: 'display',
        targetId: row.id,
        oldValue: auditedDisplay(
          before,
          before.plants.map((p) => p.id),
        ),
        newValue: auditedDisplay(b, plantIds),
        companyId: row.companyId,
      });
      await tx.update(display).set(this.values(b)).where(eq(display.id, row.id));
      await tx.delete(displayPlant).where(eq(displayPlant.displayId, row.id));
      if (plantIds.length)
        await tx.insert(displayPlant).values(plantIds.map((plantId) => ({ displayId: row.id, plantId })));
    });
    return this.get(auth, row.id);
  }

  async remove(
    auth: AuthContext,
    id: string,
    dropLogo: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], fileId: string) => Promise<void>,
    ip: string,
  ): Promise<void> {
    const row = await this.row(auth, id, true);
    await this.db.transaction(async (tx) => {
      await recordAudit(tx, auth, ip, {
        action: 'display.delete',
        targetKind: 'display',
        targetId: row.id,
        oldValue: { name: row.name, style: row.style },
        companyId: row.companyId,
      });
      // Its links go with it (cascade): a wall screen showing it is told its link no longer works.
      await tx.delete(display).where(eq(display.id, row.id));
      if (row.logoFileId) await dropLogo(tx, row.logoFileId);
    });
  }

  /** A new display link; the one before (if any) stops working in the same transaction. */
  async newLink(auth: AuthContext, id: string, ip: string): Promise<ViewLinkToken> {
    const row = await this.row(auth, id, true);
    const { token, hash } = newLinkToken();
    const at = new Date(this.now());
    const link = await this.db.transaction(async (tx) => {
      await tx
        .update(viewLink)
        .set({ revokedAt: at })
        .where(and(eq(viewLink.displayId, row.id), sql`${viewLink.revokedAt} is null`));
      const [l] = await tx
        .insert(viewLink)
        .values({
          companyId: row.companyId,
          kind: 'display',
          displayId: row.id,
          tokenHash: hash,
          createdBy: auth.userId,
          createdAt: at,
        })
        .returning({ id: viewLink.id, createdAt: viewLink.createdAt });
      if (!l) throw new AppError('serverError');
      // The token itself never goes in the log: only that a link was made, and which.
      await recordAudit(tx, auth, ip, {
        action: 'display.link',
        targetKind: 'display',
        targetId: row.id,
        newValue: { linkId: l.id },
        companyId: row.companyId,
      });
      return l;
    });
    return { token, link: { id: link.id, createdAt: link.createdAt.getTime() } };
  }

  async revokeLink(auth: AuthContext, id: string, ip: string): Promise<Display> {
    const row = await this.row(auth, id, true);
    await this.db.transaction(async (tx) => {
      const revoked = await tx
        .update(viewLink)
        .set({ revokedAt: new Date(this.now()) })
        .where(and(eq(viewLink.displayId, row.id), sql`${viewLink.revokedAt} is null`))
        .returning({ id: viewLink.id });
      for (const l of revoked)
        await recordAudit(tx, auth, ip, {
          action: 'display.linkRevoke',
          targetKind: 'display',
          targetId: row.id,
          oldValue: { linkId: l.id },
          companyId: row.companyId,
        });
    });
    return this.get(auth, row.id);
  }

  async setLogo(auth: AuthContext, id: string, fileId: string | null): Promise<{ before: string | null }> {
    const row = await this.row(auth, id, true);
    await this.db
      .update(display)
      .set({ logoFileId: fileId, updatedAt: new Date(this.now()) })
      .where(eq(display.id, row.id));
    return { before: row.logoFileId };
  }
}
