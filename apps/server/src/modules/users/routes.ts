import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { isValidPhone, LIMITS } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { AuthService } from '../auth/service.js';
import type { TokenService } from '../auth/tokens.js';
import type { FileStore } from '../files/store.js';
import { readableAvatar, removeAvatar, storeAvatar } from './avatar.js';
import type { CallerCache } from './caller-cache.js';
import { userInfo } from './repository.js';
import { liveSessions, ownSession } from './sessions.js';

/**
 * The signed-in user's own account (spec §7 "User"). Scope `self`: a user id other than the caller's is
 * answered "does not exist", whoever it belongs to. Managing a company's members is modules/staff.
 */
export function userRoutes(deps: {
  db: Db;
  auth: AuthService;
  callers: CallerCache;
  tokens: TokenService;
  files: FileStore;
}): FastifyPluginAsyncZod {
  return async (app) => {
    // An avatar over the limit stops the upload (RequestFileTooLargeError) instead of being read whole.
    await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.avatarBytes, files: 1, fields: 4 } });
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

    route(
      'POST /user/:userId/avatar',
      {
        config: self,
        summary: 'Upload the avatar (multipart field "file"; JPG or PNG by content, at most 6 MB)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        ownId(auth.userId, req.params.userId);
        if (!req.isMultipart()) throw new ValidationError([{ field: 'file', rule: 'required' }]);
        const file = await req.file();
        if (!file) throw new ValidationError([{ field: 'file', rule: 'required' }]);
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (err) {
          if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
            throw new ValidationError([{ field: 'file', rule: 'avatarSize' }]);
          }
          throw err;
        }
        await storeAvatar(deps.db, deps.files, auth.userId, auth.companyId, bytes);
        deps.callers.forgetUser(auth.userId);
        return ok(req, await current(auth.userId));
      },
    );

    route(
      'GET /user/:userId/avatar',
      {
        config: { access: 'signedIn', scope: 'company' },
        summary: 'An avatar as an image: the owner’s, a member of the same company’s, any for a platform administrator',
      },
      async (req, reply) => {
        const auth = requireAuth(req.auth);
        const id = req.params.userId;
        const avatar = z.uuid().safeParse(id).success ? await readableAvatar(deps.db, deps.files, auth, id) : undefined;
        if (!avatar) throw new AppError('notFound', { httpStatus: 404 });
        return reply
          .type(avatar.contentType)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(avatar.bytes);
      },
    );

    route(
      'POST /user/:userId/avatar/remove',
      { config: self, summary: 'Remove the avatar (the console then shows the initials)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        ownId(auth.userId, req.params.userId);
        await removeAvatar(deps.db, deps.files, auth.userId);
        deps.callers.forgetUser(auth.userId);
        return ok(req, await current(auth.userId));
      },
    );

    route('GET /user/sessions', { config: self, summary: 'The signed-in user’s live sign-ins' }, async (req) => {
      const auth = requireAuth(req.auth);
      return ok(req, await liveSessions(deps.db, auth.userId, auth.sessionId));
    });

    route(
      'POST /user/sessions/end',
      { config: self, summary: 'End one of the signed-in user’s sign-ins (its tokens stop working at once)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const id = req.body.sessionId;
        // Another account's session is as unknown as a made-up id.
        if (!z.uuid().safeParse(id).success || !(await ownSession(deps.db, auth.userId, id))) {
          throw new AppError('notFound');
        }
        await deps.tokens.revokeSession(id);
        return ok(req, null);
      },
    );

    route(
      'POST /user/sessions/endAll',
      { config: self, summary: 'Sign out everywhere: every other sign-in, or all including this one' },
      async (req) => {
        const auth = requireAuth(req.auth);
        await deps.tokens.endSessions(auth.userId, req.body.includeThis ? undefined : auth.sessionId);
        return ok(req, null);
      },
    );
  };
}
