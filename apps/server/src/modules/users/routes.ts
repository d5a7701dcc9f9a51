import { eq } from 'drizzle-orm';
import { isValidPhone } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { AuthService } from '../auth/service.js';
import type { CallerCache } from './caller-cache.js';
import { userInfo } from './repository.js';

/**
 * The signed-in user's own account (spec §7 "User"). Scope `self`: a user id other than the caller's is
 * answered "does not exist", whoever it belongs to. Managing a company's members is modules/staff.
 */
export function userRoutes(deps: { db: Db; auth: AuthService; callers: CallerCache }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'user', { userId: z.string().max(64) });
    const self = { access: 'signedIn', scope: 'self' } as const;

    // Remembered like the caller (the console asks on every page); every edit below forgets it on all instances.
    async function current(userId: string) {
      const info = await deps.callers.profile(userId, () => userInfo(deps.db, userId));
      if (!info) throw new AppError('notFound');
      return info;
    }

    function ownId(callerId: string, userId: string): void {
      if (callerId !== userId) throw new AppError('notFound');
    }

    route('GET /user', { config: self, summary: 'The signed-in user' }, async (req) =>
      ok(req, await current(requireAuth(req.auth).userId)),
    );

    route(
      'POST /user/:userId',
      { config: self, summary: 'Update basic information of the signed-in user' },
      async (req) => {
        const auth = requireAuth(req.auth);
        ownId(auth.userId, req.params.userId);
        const { nickname, phone, sex } = req.body;
        if (phone && !isValidPhone(phone)) throw new ValidationError([{ field: 'phone', rule: 'phone' }]);
        await deps.db
          .update(appUser)
          .set({ nickname, phone, sex, updatedAt: new Date() })
          .where(eq(appUser.id, auth.userId));
        deps.callers.forgetUser(auth.userId);
        return ok(req, await current(auth.userId));
      },
    );

    route(
      'POST /user/:userId/pwd',
      { config: self, summary: 'Change the signed-in user’s password (both encrypted with the key of keyId)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        ownId(auth.userId, req.params.userId);
        await deps.auth.changePassword(auth.userId, auth.sessionId, req.body);
        return ok(req, null);
      },
    );

    route(
      'POST /user/personalized',
      { config: self, summary: 'Personal preferences: temperature unit and language' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const set: Partial<typeof appUser.$inferInsert> = { updatedAt: new Date() };
        if (req.body.temperatureUnit) set.temperatureUnit = req.body.temperatureUnit;
        if (req.body.language) set.language = req.body.language;
        await deps.db.update(appUser).set(set).where(eq(appUser.id, auth.userId));
        deps.callers.forgetUser(auth.userId);
        return ok(req, await current(auth.userId));
      },
    );
  };
}
