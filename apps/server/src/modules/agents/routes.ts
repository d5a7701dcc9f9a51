import { and, asc, eq, ne } from 'drizzle-orm';
import type { AgentLevel, AgentRow } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser, company, companyAgent, role } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { CallerCache } from '../users/caller-cache.js';
import { roleKind } from '../users/repository.js';

/**
 * Agents (spec §6, §8 202 and 900–903): a company appoints another company as its agent by naming that
 * company's administrator account; the agent company's roles then reach the appointing company's plants
 * (the access layer reads them from `AuthContext.agentFor`, loaded with the caller: read at level `view`,
 * write at `operate`; every change forgets the agent company's callers on every instance, so it applies on
 * their next request). The
 * rules, checked in this order so each refusal says the first thing wrong:
 * 105 the account does not exist; 900 it is the caller or an account of the caller's company; 901 it is an
 * internal employee or a platform administrator; 902 it is not a company administrator; 903 it is already the
 * agent of another company (one account is the agent of one company); 202 this company already has that agent
 * company. Appointing, changing the level and revoking are audited.
 */
export function agentRoutes(deps: { db: Db; callers: CallerCache }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const route = contractRoutes(app, 'agents', { agentCompanyId: z.uuid() });
    const access = { access: 'company.agent', scope: 'company' } as const;

    const own = (auth: AuthContext): string => {
      if (!auth.companyId) throw new AppError('notFound');
      return auth.companyId;
    };

    const agentRows = async (companyId: string, agentCompanyId?: string): Promise<AgentRow[]> => {
      const rows = await db
        .select({
          companyId: companyAgent.agentCompanyId,
          companyName: company.name,
          account: appUser.account,
          nickname: appUser.nickname,
          level: companyAgent.level,
          since: companyAgent.createdAt,
        })
        .from(companyAgent)
        .innerJoin(company, eq(company.id, companyAgent.agentCompanyId))
        .innerJoin(appUser, eq(appUser.id, companyAgent.agentUserId))
        .where(
          and(
            eq(companyAgent.companyId, companyId),
            agentCompanyId ? eq(companyAgent.agentCompanyId, agentCompanyId) : undefined,
          ),
        )
        .orderBy(asc(companyAgent.createdAt));
      return rows.map((r) => ({ ...r, level: r.level as AgentLevel, since: r.since.getTime() }));
    };

    /** The caller's company's agent row for one agent company, or "does not exist". */
    const findAgent = async (auth: AuthContext, agentCompanyId: string): Promise<AgentRow> => {
      const [row] = await agentRows(own(auth), agentCompanyId);
      if (!row) throw new AppError('notFound');
      return row;
    };

    route('GET /company/agents', { config: access, summary: 'The agents of the caller’s company' }, async (req) =>
      ok(req, await agentRows(own(requireAuth(req.auth)))),
    );

    route(
      'GET /company/agents/served',
      { config: access, summary: 'The companies the caller’s company serves as agent (read-only)' },
      async (req) => {
        const companyId = own(requireAuth(req.auth));
        const rows = await db
          .select({
            companyId: companyAgent.companyId,
            companyName: company.name,
            level: companyAgent.level,
            since: companyAgent.createdAt,
          })
          .from(companyAgent)
          .innerJoin(company, eq(company.id, companyAgent.companyId))
          .where(eq(companyAgent.agentCompanyId, companyId))
          .orderBy(asc(company.name));
        return ok(
          req,
          rows.map((r) => ({ ...r, level: r.level as AgentLevel, since: r.since.getTime() })),
        );
      },
    );

    route(
      'POST /company/agent',
      {
        config: access,
        summary: 'Appoint an agent by its company administrator’s account (105, 900, 901, 902, 903, 202 in that order)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const companyId = own(auth);
        const { account, level } = req.body;
        const [target] = await db
          .select({ id: appUser.id, companyId: appUser.companyId, key: role.key, base: role.base })
          .from(appUser)
          .innerJoin(role, eq(role.id, appUser.roleId))
          .where(eq(appUser.account, account));
        if (!target) throw new AppError('accountNotRegistered');
        if (target.id === auth.userId || target.companyId === companyId) throw new AppError('agentSelf');
        const kind = roleKind(target);
        if (kind === 'internal_employee' || kind === 'platform_admin') throw new AppError('agentInternal');
        if (kind !== 'company_admin' || !target.companyId) throw new AppError('agentManager');
        const agentCompanyId = target.companyId;
        const [elsewhere] = await db
          .select({ c: companyAgent.companyId })
          .from(companyAgent)
          .where(and(eq(companyAgent.agentUserId, target.id), ne(companyAgent.companyId, companyId)));
        if (elsewhere) throw new AppError('agentOfOthers');
        const [already] = await db
          .select({ c: companyAgent.companyId })
          .from(companyAgent)
          .where(and(eq(companyAgent.companyId, companyId), eq(companyAgent.agentCompanyId, agentCompanyId)));
        if (already) throw new AppError('agentExists');
        await db.transaction(async (tx) => {
          await tx
            .insert(companyAgent)
            .values({ companyId, agentCompanyId, agentUserId: target.id, level, createdBy: auth.userId });
          await recordAudit(tx, auth, req.ip, {
            action: 'agent.appoint',
            targetKind: 'agent',
            targetId: agentCompanyId,
            newValue: { account, level },
          });
        });
        deps.callers.forgetCompany(agentCompanyId);
        return ok(req, await findAgent(auth, agentCompanyId));
      },
    );

    route(
      'POST /company/agent/:agentCompanyId/level',
      { config: access, summary: 'Change what an agent may do: view (read only) or operate' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const before = await findAgent(auth, req.params.agentCompanyId);
        const { level } = req.body;
        if (before.level !== level) {
          await db.transaction(async (tx) => {
            await tx
              .update(companyAgent)
              .set({ level })
              .where(
                and(eq(companyAgent.companyId, own(auth)), eq(companyAgent.agentCompanyId, req.params.agentCompanyId)),
              );
            await recordAudit(tx, auth, req.ip, {
              action: 'agent.level',
              targetKind: 'agent',
              targetId: req.params.agentCompanyId,
              oldValue: { account: before.account, level: before.level },
              newValue: { account: before.account, level },
            });
          });
          deps.callers.forgetCompany(req.params.agentCompanyId);
        }
        return ok(req, await findAgent(auth, req.params.agentCompanyId));
      },
    );

    route(
      'POST /company/agent/:agentCompanyId/delete',
      { config: access, summary: 'Revoke an agent: its company stops reaching this company’s plants at once' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const before = await findAgent(auth, req.params.agentCompanyId);
        await db.transaction(async (tx) => {
          await tx
            .delete(companyAgent)
            .where(
              and(eq(companyAgent.companyId, own(auth)), eq(companyAgent.agentCompanyId, req.params.agentCompanyId)),
            );
          await recordAudit(tx, auth, req.ip, {
            action: 'agent.revoke',
            targetKind: 'agent',
            targetId: req.params.agentCompanyId,
            oldValue: { account: before.account, company: before.companyName, level: before.level },
          });
        });
        deps.callers.forgetCompany(req.params.agentCompanyId);
        return ok(req, null);
      },
    );
  };
}
