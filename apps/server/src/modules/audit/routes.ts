import { and, desc, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { containing } from '../../db/rows.js';
import { appUser, auditLog } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';

/**
 * Whose log a caller reads: its own company's; a platform administrator any company's (or, naming none, the
 * whole platform's). Naming another company answers "does not exist", as for any other tenant's row.
 */
function companyScope(auth: AuthContext, asked: string | undefined): SQL | undefined {
  if (auth.role === 'platform_admin') return asked ? eq(auditLog.companyId, asked) : undefined;
  if (!auth.companyId || (asked && asked !== auth.companyId)) throw new AppError('notFound');
  return eq(auditLog.companyId, auth.companyId);
}

/**
 * The audit log (issue 12 point 11, enterprise/audit): every administrative change of the caller's company,
 * newest first, filtered by action family, actor, target and time. Rows are written by `recordAudit` in the
 * transaction of each change; this module only reads them.
 */
export function auditRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const route = contractRoutes(app, 'audit');
    route(
      'GET /company/audit',
      {
        config: { access: 'company.audit', scope: 'company' },
        summary: 'The audit log of the caller’s company (platform administrators: any company), newest first',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { companyId, family, actor, target, from, to, page, size } = req.query;
        const where = and(
          companyScope(auth, companyId),
          family ? sql`${auditLog.action} like ${`${family}.%`}` : undefined,
          actor ? or(ilike(appUser.account, containing(actor)), ilike(appUser.nickname, containing(actor))) : undefined,
          target
            ? or(ilike(auditLog.targetId, containing(target)), ilike(auditLog.targetKind, containing(target)))
            : undefined,
          from !== undefined ? gte(auditLog.createdAt, new Date(from)) : undefined,
          to !== undefined ? lte(auditLog.createdAt, new Date(to)) : undefined,
        );
        const rows = await db
          .select({ a: auditLog, account: appUser.account, nickname: appUser.nickname })
          .from(auditLog)
          .leftJoin(appUser, eq(appUser.id, auditLog.actorId))
          .where(where)
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(size)
          .offset((page - 1) * size);
        const [count] = await db
          .select({ n: sql<number>`count(*)` })
          .from(auditLog)
          .leftJoin(appUser, eq(appUser.id, auditLog.actorId))
          .where(where);
        return ok(req, {
          total: Number(count?.n ?? 0),
          rows: rows.map(({ a, account, nickname }) => ({
            id: a.id,
            action: a.action,
            targetKind: a.targetKind,
            targetId: a.targetId,
            oldValue: a.oldValue,
            newValue: a.newValue,
            ip: a.ip,
            at: a.createdAt.getTime(),
            actor: account !== null && nickname !== null ? { account, nickname } : null,
          })),
        });
      },
    );
  };
}
