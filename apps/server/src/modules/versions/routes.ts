import { desc, eq, ilike, sql } from 'drizzle-orm';
import {
  CONSOLE_VERSION,
  consoleVersionProblem,
  isNewerVersion,
  LANGUAGES,
  versionContent,
  type ConsoleVersion,
  type Lang,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser, consoleVersion, consoleVersionAck } from '../../db/schema.js';
import { containing } from '../../db/rows.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { recordAudit } from '../audit/record.js';
import { AppError, ValidationError } from '../../http/errors.js';

type VersionRow = typeof consoleVersion.$inferSelect & { publisher: string | null };

function toVersion(r: VersionRow, lang: Lang): ConsoleVersion {
  const stored = (r.notes ?? {}) as Partial<Record<Lang, string>>;
  const notes = Object.fromEntries(LANGUAGES.map((l) => [l, stored[l] ?? ''])) as Record<Lang, string>;
  return {
    id: r.id,
    version: r.version,
    content: versionContent(notes, lang),
    notes,
    publishedAt: r.publishedAt.getTime(),
    publishedBy: r.publisher,
  };
}

/**
 * Console versions (issue 14 item 7; spec §7 "Versions"). Versions are the platform's, not a company's:
 * publishing and deleting are for platform administrators (scope `platform`, permission
 * version.notification.management); the timeline, one version, the latest and the dialog check are read by
 * every signed-in user (scope `none`: no tenant's rows). The dialog's acknowledgement is the caller's own
 * (scope `self`).
 */
export function versionRoutes(deps: { db: Db; now: () => number }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const manage = { access: 'version.notification.management', scope: 'platform' } as const;
    const read = { access: 'signedIn', scope: 'none' } as const;
    const own = { access: 'signedIn', scope: 'self' } as const;
    const route = contractRoutes(app, 'versions', { id: z.uuid() });

    const select = () =>
      db
        .select({
          id: consoleVersion.id,
          version: consoleVersion.version,
          notes: consoleVersion.notes,
          publishedAt: consoleVersion.publishedAt,
          publishedBy: consoleVersion.publishedBy,
          publisher: appUser.nickname,
        })
        .from(consoleVersion)
        .leftJoin(appUser, eq(appUser.id, consoleVersion.publishedBy));

    // Each version is published higher than every other (POST /version), so the newest published is the
    // highest number; the id breaks a tie of two published in the same millisecond.
    const newestFirst = [desc(consoleVersion.publishedAt), desc(consoleVersion.id)] as const;

    const latest = async (): Promise<VersionRow | undefined> => {
      const [row] = await select()
        .orderBy(...newestFirst)
        .limit(1);
      return row;
    };

    const page = async (q: string | undefined, pageNo: number, size: number, lang: Lang) => {
      const where = q ? ilike(consoleVersion.version, containing(q)) : undefined;
      const rows = await select()
        .where(where)
        .orderBy(...newestFirst)
        .limit(size)
        .offset((pageNo - 1) * size);
      const [count] = await db
        .select({ n: sql<number>`count(*)` })
        .from(consoleVersion)
        .where(where);
      return { total: Number(count?.n ?? 0), rows: rows.map((r) => toVersion(r, lang)) };
    };

    const byId = async (id: string): Promise<VersionRow> => {
      const [row] = await select().where(eq(consoleVersion.id, id));
      if (!row) throw new AppError('notFound');
      return row;
    };

    route(
      'GET /versions',
      { config: manage, summary: 'Every published console version, newest first, searchable by number' },
      async (req) => ok(req, await page(req.query.q?.trim() || undefined, req.query.page, req.query.size, req.lang)),
    );

    route(
      'POST /version',
      { config: manage, summary: 'Publish a console version (higher than the newest) with notes per language' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { version, notes } = req.body;
        const rule = consoleVersionProblem(version);
        if (rule) throw new ValidationError([{ field: 'version', rule }]);
        // One transaction: two administrators publishing at once cannot both pass the "higher" check.
        const row = await db.transaction(async (tx) => {
          await tx.execute(sql`lock table ${consoleVersion} in share row exclusive mode`);
          const all = await tx.select({ version: consoleVersion.version }).from(consoleVersion);
          if (all.some((v) => !isNewerVersion(version, v.version))) throw new AppError('firmwareVersionDuplicate');
          const [inserted] = await tx
            .insert(consoleVersion)
            .values({ version, notes, publishedAt: new Date(deps.now()), publishedBy: auth.userId })
            .returning();
          if (inserted)
            await recordAudit(tx, auth, req.ip, {
              action: 'version.publish',
              targetKind: 'version',
              targetId: inserted.id,
              newValue: { version },
            });
          return inserted;
        });
        if (!row) throw new AppError('serverError');
        return ok(req, toVersion(await byId(row.id), req.lang));
      },
    );

    route(
      'POST /version/:id/delete',
      { config: manage, summary: 'Delete a published console version' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const gone = await byId(req.params.id);
        await db.transaction(async (tx) => {
          await tx.delete(consoleVersion).where(eq(consoleVersion.id, req.params.id));
          await recordAudit(tx, auth, req.ip, {
            action: 'version.delete',
            targetKind: 'version',
            targetId: req.params.id,
            oldValue: { version: gone.version },
          });
        });
        return ok(req, null);
      },
    );

    route('GET /version/timeline', { config: read, summary: 'The update log: versions newest first' }, async (req) =>
      ok(req, await page(undefined, req.query.page, req.query.size, req.lang)),
    );

    route(
      'GET /version/latest',
      { config: read, summary: 'The running console version and the newest published one' },
      async (req) => {
        const row = await latest();
        return ok(req, { running: CONSOLE_VERSION, latest: row ? toVersion(row, req.lang) : null });
      },
    );

    route(
      'GET /version/check',
      { config: own, summary: 'Whether the version dialog should show the newest version to the caller' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const row = await latest();
        if (!row) return ok(req, { show: false, version: null });
        const [me] = await db
          .select({ createdAt: appUser.createdAt, acknowledged: consoleVersionAck.version })
          .from(appUser)
          .leftJoin(consoleVersionAck, eq(consoleVersionAck.userId, appUser.id))
          .where(eq(appUser.id, auth.userId));
        // A version published before the account existed is history to that user, not news: a new account
        // (and every demo account, seeded after the demo versions) is not greeted with old release notes.
        const news = me !== undefined && row.publishedAt.getTime() > me.createdAt.getTime();
        const seen = me?.acknowledged != null && !isNewerVersion(row.version, me.acknowledged);
        return ok(req, { show: news && !seen, version: toVersion(row, req.lang) });
      },
    );

    route(
      'POST /version/:id/acknowledge',
      { config: own, summary: 'The caller read the version dialog of this version (“I know”)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const row = await byId(req.params.id);
        const [mine] = await db
          .select({ version: consoleVersionAck.version })
          .from(consoleVersionAck)
          .where(eq(consoleVersionAck.userId, auth.userId));
        // Acknowledging an older version (a stale dialog in another tab) never lowers what was seen.
        if (mine && !isNewerVersion(row.version, mine.version)) return ok(req, null);
        const at = new Date(deps.now());
        await db
          .insert(consoleVersionAck)
          .values({ userId: auth.userId, version: row.version, acknowledgedAt: at })
          .onConflictDoUpdate({ target: consoleVersionAck.userId, set: { version: row.version, acknowledgedAt: at } });
        return ok(req, null);
      },
    );

    route('GET /version/:id', { config: read, summary: 'One console version' }, async (req) =>
      ok(req, toVersion(await byId(req.params.id), req.lang)),
    );

    route('GET /version', { config: read, summary: 'A console version by its number' }, async (req) => {
      const [row] = await select().where(sql`lower(${consoleVersion.version}) = lower(${req.query.version})`);
      if (!row) throw new AppError('notFound');
      return ok(req, toVersion(row, req.lang));
    });
  };
}
