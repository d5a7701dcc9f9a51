import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  inLanguage,
  LANGUAGES,
  MAINTENANCE_STATUS,
  maintenanceTimeProblem,
  type Lang,
  type MaintenanceValues,
  type MaintenanceNotice,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { company, maintenanceNotice } from '../../db/schema.js';
import { containing } from '../../db/rows.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { MessageBus } from '../mqtt/bus.js';
import { announceToEveryone } from './announce.js';

type Row = typeof maintenanceNotice.$inferSelect;

const texts = (stored: unknown): Record<Lang, string> => {
  const s = (stored ?? {}) as Partial<Record<Lang, string>>;
  return Object.fromEntries(LANGUAGES.map((l) => [l, s[l] ?? ''])) as Record<Lang, string>;
};
const ids = (stored: unknown): string[] => (Array.isArray(stored) ? stored.map(String) : []);

/**
 * The status changes a maintenance notice allows (spec §4): unpublished → publishing → invalid, or an unpublished
 * one straight to invalid. Invalid is final; it removes the notice from every display at once.
 */
const NEXT: Record<number, readonly number[]> = {
  [MAINTENANCE_STATUS.unpublished]: [MAINTENANCE_STATUS.publishing, MAINTENANCE_STATUS.invalid],
  [MAINTENANCE_STATUS.publishing]: [MAINTENANCE_STATUS.invalid],
  [MAINTENANCE_STATUS.invalid]: [],
};

/**
 * Maintenance notices (spec §2.2 system-bulletin/protocol, §3, §4, §5, §7 ssPointNotice/*; permission
 * notice.pointNotice.list, scope platform): a window, an effective time, a scope (everyone, this deployment's
 * region, some companies) and a status. Readers find them through modules/bulletins/audience.ts.
 */
export function maintenanceRoutes(deps: { db: Db; bus?: MessageBus }): FastifyPluginAsyncZod {
  const { db } = deps;

  const toNotice = async (r: Row, lang: Lang): Promise<MaintenanceNotice> => {
    const title = texts(r.title);
    const content = texts(r.content);
    const companyIds = ids(r.companyIds);
    const named = companyIds.length
      ? new Map(
          (
            await db.select({ id: company.id, name: company.name }).from(company).where(inArray(company.id, companyIds))
          ).map((c) => [c.id, c.name]),
        )
      : new Map<string, string>();
    return {
      id: r.id,
      type: r.type,
      title,
      content,
      titleText: inLanguage(title, lang),
      contentText: inLanguage(content, lang),
      startAt: r.startAt.getTime(),
      endAt: r.endAt.getTime(),
      effectiveAt: r.effectiveAt.getTime(),
      scope: r.scope as MaintenanceNotice['scope'],
      region: r.region,
      companyIds,
      companyNames: companyIds.map((id) => named.get(id) ?? id),
      url: r.url,
      status: r.status,
      createdAt: r.createdAt.getTime(),
    };
  };

  const byId = async (id: string): Promise<Row> => {
    const [row] = await db.select().from(maintenanceNotice).where(eq(maintenanceNotice.id, id));
    if (!row) throw new AppError('notFound');
    return row;
  };

  /** The rules of spec §5 and the scope's own: each refusal names its field (code 4), nothing is stored. */
  const check = async (b: MaintenanceValues): Promise<void> => {
    const problem = maintenanceTimeProblem(b);
    if (problem) throw new ValidationError([problem]);
    if (b.scope === 'region' && b.region === '') throw new ValidationError([{ field: 'region', rule: 'required' }]);
    if (b.scope === 'companies') {
      if (b.companyIds.length === 0) throw new ValidationError([{ field: 'companyIds', rule: 'required' }]);
      const found = await db.select({ id: company.id }).from(company).where(inArray(company.id, b.companyIds));
      if (found.length !== new Set(b.companyIds).size)
        throw new ValidationError([{ field: 'companyIds', rule: 'invalid' }]);
    }
  };

  const values = (b: MaintenanceValues) => ({
    type: b.type,
    title: b.title,
    content: b.content,
    startAt: new Date(b.startAt),
    endAt: new Date(b.endAt),
    effectiveAt: new Date(b.effectiveAt),
    scope: b.scope,
    region: b.scope === 'region' ? b.region : '',
    companyIds: b.scope === 'companies' ? b.companyIds : [],
    url: b.url,
  });

  return async (app) => {
    const manage = { access: 'notice.pointNotice.list', scope: 'platform' } as const;
    const route = contractRoutes(app, 'bulletins', { id: z.uuid() });

    route('GET /ssPointNotice/list', { config: manage, summary: 'Maintenance notices, newest first' }, async (req) => {
      const { q, status, page, size } = req.query;
      const parts: SQL[] = [];
      if (status !== undefined && /^[012]$/.test(status)) parts.push(eq(maintenanceNotice.status, Number(status)));
      if (q) {
        const like = containing(q);
        parts.push(
          or(
            ilike(sql`${maintenanceNotice.title}::text`, like),
            ilike(sql`${maintenanceNotice.content}::text`, like),
          ) ?? sql`true`,
        );
      }
      const where = parts.length ? and(...parts) : undefined;
      const rows = await db
        .select()
        .from(maintenanceNotice)
        .where(where)
        .orderBy(desc(maintenanceNotice.createdAt), desc(maintenanceNotice.id))
        .limit(size)
        .offset((page - 1) * size);
      const [count] = await db
        .select({ n: sql<number>`count(*)` })
        .from(maintenanceNotice)
        .where(where);
      return ok(req, {
        total: Number(count?.n ?? 0),
        rows: await Promise.all(rows.map((r) => toNotice(r, req.lang))),
      });
    });

    route(
      'POST /ssPointNotice',
      { config: manage, summary: 'Write a maintenance notice (unpublished)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        await check(req.body);
        const row = await db.transaction(async (tx) => {
          const [inserted] = await tx
            .insert(maintenanceNotice)
            .values({ ...values(req.body), status: MAINTENANCE_STATUS.unpublished, createdBy: auth.userId })
            .returning();
          if (!inserted) throw new AppError('serverError');
          await recordAudit(tx, auth, req.ip, {
            action: 'maintenance.create',
            targetKind: 'maintenance_notice',
            targetId: inserted.id,
            newValue: { type: req.body.type, title: req.body.title.en, scope: req.body.scope },
          });
          return inserted;
        });
        return ok(req, await toNotice(row, req.lang));
      },
    );

    route('POST /ssPointNotice/:id', { config: manage, summary: 'Edit a maintenance notice' }, async (req) => {
      const auth = requireAuth(req.auth);
      const old = await byId(req.params.id);
      // An invalid notice is over: editing it would bring nothing back, and its history stays as it was.
      if (old.status === MAINTENANCE_STATUS.invalid) throw new ValidationError([{ field: 'status', rule: 'invalid' }]);
      await check(req.body);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(maintenanceNotice)
          .set(values(req.body))
          .where(eq(maintenanceNotice.id, old.id))
          .returning();
        if (!updated) throw new AppError('notFound');
        await recordAudit(tx, auth, req.ip, {
          action: 'maintenance.update',
          targetKind: 'maintenance_notice',
          targetId: old.id,
          oldValue: { title: texts(old.title).en, startAt: old.startAt, endAt: old.endAt },
          newValue: { title: req.body.title.en, startAt: new Date(req.body.startAt), endAt: new Date(req.body.endAt) },
        });
        return updated;
      });
      if (row.status === MAINTENANCE_STATUS.publishing) await announceToEveryone(deps.bus);
      return ok(req, await toNotice(row, req.lang));
    });

    route(
      'POST /ssPointNotice/:id/status',
      { config: manage, summary: 'Publish a maintenance notice (1) or set it invalid (2)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const old = await byId(req.params.id);
        const status = req.body.status;
        if (!NEXT[old.status]?.includes(status)) throw new ValidationError([{ field: 'status', rule: 'invalid' }]);
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(maintenanceNotice)
            .set({ status })
            // Only from the status read: two administrators changing it at once cannot skip a step.
            .where(and(eq(maintenanceNotice.id, old.id), eq(maintenanceNotice.status, old.status)))
            .returning();
          if (!updated) throw new ValidationError([{ field: 'status', rule: 'invalid' }]);
          await recordAudit(tx, auth, req.ip, {
            action: status === MAINTENANCE_STATUS.publishing ? 'maintenance.publish' : 'maintenance.invalidate',
            targetKind: 'maintenance_notice',
            targetId: old.id,
            oldValue: { status: old.status },
            newValue: { status },
          });
          return updated;
        });
        await announceToEveryone(deps.bus);
        return ok(req, await toNotice(row, req.lang));
      },
    );
  };
}
