import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  BULLETIN_STATUSES,
  bulletinBody,
  inLanguage,
  LANGUAGES,
  type Bulletin,
  type BulletinStatus,
  type Lang,
  type PublicBulletin,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { bulletin, company, customer } from '../../db/schema.js';
import { containing } from '../../db/rows.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { MessageBus } from '../mqtt/bus.js';
import { announceToEveryone } from './announce.js';

type Row = typeof bulletin.$inferSelect;

const texts = (stored: unknown): Record<Lang, string> => {
  const s = (stored ?? {}) as Partial<Record<Lang, string>>;
  return Object.fromEntries(LANGUAGES.map((l) => [l, s[l] ?? ''])) as Record<Lang, string>;
};
/** A bulletin's columns as the editor sends them; a release time left out keeps `releaseAt` (null on a new one). */
const bulletinColumns = (b: z.infer<typeof bulletinBody>, releaseAt: Date | null) => ({
  type: b.type,
  theme: b.theme,
  content: b.content,
  audience: b.audience,
  receivers: b.audience === 'all' ? [] : b.receivers,
  version: b.version,
  announcer: b.announcer,
  releaseAt: b.releaseAt === null ? releaseAt : new Date(b.releaseAt),
  url: b.url,
});

const ids = (stored: unknown): string[] => (Array.isArray(stored) ? stored.map(String) : []);

/**
 * System bulletins (spec §2.2 system-bulletin, §3 "System bulletin", §6 "Platform administrators manage …
 * bulletins"; permission system.notice, scope platform). A bulletin is one row whatever its audience; readers
 * find it through modules/bulletins/audience.ts. `/anonymous/announcements` lists the bulletins to everyone
 * without a sign-in (the public /announcement page).
 */
export function bulletinRoutes(deps: { db: Db; bus?: MessageBus; now: () => number }): FastifyPluginAsyncZod {
  const { db } = deps;

  const names = async (audience: string, receivers: string[]): Promise<Map<string, string>> => {
    if (receivers.length === 0 || audience === 'all') return new Map();
    const rows =
      audience === 'companies'
        ? await db.select({ id: company.id, name: company.name }).from(company).where(inArray(company.id, receivers))
        : await db
            .select({ id: customer.userId, name: customer.name })
            .from(customer)
            .where(inArray(customer.userId, receivers));
    return new Map(rows.map((r) => [r.id, r.name]));
  };

  const toBulletin = async (r: Row, lang: Lang): Promise<Bulletin> => {
    const theme = texts(r.theme);
    const content = texts(r.content);
    const receivers = ids(r.receivers);
    const named = await names(r.audience, receivers);
    return {
      id: r.id,
      type: r.type,
      theme,
      content,
      title: inLanguage(theme, lang),
      text: inLanguage(content, lang),
      audience: r.audience as Bulletin['audience'],
      receivers,
      receiverNames: receivers.map((id) => named.get(id) ?? id),
      version: r.version,
      announcer: r.announcer,
      releaseAt: r.releaseAt?.getTime() ?? null,
      url: r.url,
      status: r.status as BulletinStatus,
      createdAt: r.createdAt.getTime(),
    };
  };

  const byId = async (id: string): Promise<Row> => {
    const [row] = await db.select().from(bulletin).where(eq(bulletin.id, id));
    if (!row) throw new AppError('notFound');
    return row;
  };

  /** Every receiver must exist: a mistyped id would make a bulletin that silently reaches nobody. */
  const checkReceivers = async (audience: string, receivers: string[]): Promise<void> => {
    if (audience === 'all') return;
    if (receivers.length === 0) throw new ValidationError([{ field: 'receivers', rule: 'required' }]);
    const known = await names(audience, receivers);
    if (receivers.some((id) => !known.has(id))) throw new ValidationError([{ field: 'receivers', rule: 'invalid' }]);
  };

  return async (app) => {
    const manage = { access: 'system.notice', scope: 'platform' } as const;
    const route = contractRoutes(app, 'bulletins', { id: z.uuid() });

    route('GET /ss/notices', { config: manage, summary: 'System bulletins, newest first' }, async (req) => {
      const { q, status, page, size } = req.query;
      const parts: SQL[] = [];
      if (status && (BULLETIN_STATUSES as readonly string[]).includes(status)) parts.push(eq(bulletin.status, status));
      if (q) {
        const like = containing(q);
        parts.push(
          or(
            ilike(sql`${bulletin.theme}::text`, like),
            ilike(sql`${bulletin.content}::text`, like),
            ilike(bulletin.announcer, like),
          ) ?? sql`true`,
        );
      }
      const where = parts.length ? and(...parts) : undefined;
      const rows = await db
        .select()
        .from(bulletin)
        .where(where)
        .orderBy(desc(bulletin.createdAt), desc(bulletin.id))
        .limit(size)
        .offset((page - 1) * size);
      const [count] = await db
        .select({ n: sql<number>`count(*)` })
        .from(bulletin)
        .where(where);
      return ok(req, {
        total: Number(count?.n ?? 0),
        rows: await Promise.all(rows.map((r) => toBulletin(r, req.lang))),
      });
    });

    route(
      'GET /ss/notices/receivers',
      { config: manage, summary: 'Companies or customer accounts a bulletin or notice may be addressed to' },
      async (req) => {
        const like = req.query.q ? containing(req.query.q) : undefined;
        if (req.query.audience === 'companies') {
          const rows = await db
            .select({ id: company.id, name: company.name })
            .from(company)
            .where(like ? ilike(company.name, like) : undefined)
            .orderBy(company.name)
            .limit(50);
          return ok(
            req,
            rows.map((r) => ({ ...r, company: null })),
          );
        }
        const rows = await db
          .select({ id: customer.userId, name: customer.name, company: company.name })
          .from(customer)
          .innerJoin(company, eq(company.id, customer.companyId))
          .where(like ? or(ilike(customer.name, like), ilike(company.name, like)) : undefined)
          .orderBy(customer.name)
          .limit(50);
        return ok(req, rows);
      },
    );

    route('POST /ss/notices', { config: manage, summary: 'Write a system bulletin (a draft)' }, async (req) => {
      const auth = requireAuth(req.auth);
      const b = req.body;
      await checkReceivers(b.audience, b.receivers);
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(bulletin)
          .values({ ...bulletinColumns(b, null), createdBy: auth.userId })
          .returning();
        if (!inserted) throw new AppError('serverError');
        await recordAudit(tx, auth, req.ip, {
          action: 'bulletin.create',
          targetKind: 'bulletin',
          targetId: inserted.id,
          newValue: { type: b.type, theme: b.theme.en, audience: b.audience },
        });
        return inserted;
      });
      return ok(req, await toBulletin(row, req.lang));
    });

    route('POST /ss/notices/:id', { config: manage, summary: 'Edit a system bulletin' }, async (req) => {
      const auth = requireAuth(req.auth);
      const old = await byId(req.params.id);
      const b = req.body;
      await checkReceivers(b.audience, b.receivers);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(bulletin)
          .set(bulletinColumns(b, old.releaseAt))
          .where(eq(bulletin.id, old.id))
          .returning();
        if (!updated) throw new AppError('notFound');
        await recordAudit(tx, auth, req.ip, {
          action: 'bulletin.update',
          targetKind: 'bulletin',
          targetId: old.id,
          oldValue: { theme: texts(old.theme).en, audience: old.audience },
          newValue: { theme: b.theme.en, audience: b.audience },
        });
        return updated;
      });
      if (row.status === 'published') await announceToEveryone(deps.bus);
      return ok(req, await toBulletin(row, req.lang));
    });

    const setStatus = async (auth: AuthContext, ip: string, id: string, status: BulletinStatus): Promise<Row> => {
      const old = await byId(id);
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(bulletin)
          .set({
            status,
            // Published without a release time: it shows from now on.
            releaseAt: status === 'published' ? (old.releaseAt ?? new Date(deps.now())) : old.releaseAt,
          })
          .where(eq(bulletin.id, id))
          .returning();
        if (!updated) throw new AppError('notFound');
        await recordAudit(tx, auth, ip, {
          action: status === 'published' ? 'bulletin.publish' : 'bulletin.withdraw',
          targetKind: 'bulletin',
          targetId: id,
          oldValue: { status: old.status },
          newValue: { status },
        });
        return updated;
      });
      await announceToEveryone(deps.bus);
      return row;
    };

    route('POST /ss/notices/:id/publish', { config: manage, summary: 'Publish a system bulletin' }, async (req) =>
      ok(req, await toBulletin(await setStatus(requireAuth(req.auth), req.ip, req.params.id, 'published'), req.lang)),
    );

    route(
      'POST /ss/notices/:id/withdraw',
      { config: manage, summary: 'Withdraw a system bulletin: it shows nowhere from now on' },
      async (req) =>
        ok(req, await toBulletin(await setStatus(requireAuth(req.auth), req.ip, req.params.id, 'withdrawn'), req.lang)),
    );

    route(
      'GET /anonymous/announcements',
      {
        config: { access: 'public', scope: 'none' },
        summary: 'Published bulletins addressed to everyone, newest first (the public /announcement page)',
      },
      async (req) => {
        const { page, size } = req.query;
        const now = new Date(deps.now());
        const where = and(
          eq(bulletin.status, 'published'),
          eq(bulletin.audience, 'all'),
          sql`${bulletin.releaseAt} <= ${now.toISOString()}::timestamptz`,
        );
        const rows = await db
          .select()
          .from(bulletin)
          .where(where)
          .orderBy(desc(bulletin.releaseAt), desc(bulletin.id))
          .limit(size)
          .offset((page - 1) * size);
        const [count] = await db
          .select({ n: sql<number>`count(*)` })
          .from(bulletin)
          .where(where);
        const lang = req.lang;
        const out: PublicBulletin[] = rows.map((r) => ({
          id: r.id,
          type: r.type,
          title: inLanguage(texts(r.theme), lang),
          text: inLanguage(texts(r.content), lang),
          version: r.version,
          announcer: r.announcer,
          releaseAt: r.releaseAt?.getTime() ?? r.createdAt.getTime(),
          url: r.url,
        }));
        return ok(req, { total: Number(count?.n ?? 0), rows: out });
      },
    );
  };
}
