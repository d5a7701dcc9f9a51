import fastifyMultipart from '@fastify/multipart';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { configFileTypeOf, DEVICE_PROFILE_LIMITS, type DeviceProfile } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findProfile } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { deviceProfile, deviceProfileFile, storedFile } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import { contentDisposition } from '../companies/files.js';
import { readUpload } from '../files/multipart.js';
import type { FileStore } from '../files/store.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Device configuration profiles (issue 14 item 8; spec §2.3 "Management: … device configuration", §9 "up to
 * 6 profiles and 6 config files"). A profile is a named set of at most six config files of the caller's
 * company (the platform's own for platform administrators, who have no company); at most six profiles. The
 * spec's system-management key guards them (scope `company`: each row through the access layer's `profile`
 * policy, so another company's profile "does not exist"). Files are kept through the FileStore.
 */
export function deviceProfileRoutes(deps: { db: Db; files: FileStore; now: () => number }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, files } = deps;
    await app.register(fastifyMultipart, {
      limits: { fileSize: DEVICE_PROFILE_LIMITS.fileBytes, files: 1, fields: 2 },
    });
    const isTooLarge = (e: unknown) => e instanceof app.multipartErrors.RequestFileTooLargeError;
    const manage = { access: 'system.management', scope: 'company' } as const;
    const route = contractRoutes(app, 'device profiles', { id: z.uuid(), fileId: z.uuid() });

    const withFiles = async (rows: (typeof deviceProfile.$inferSelect)[]): Promise<DeviceProfile[]> => {
      const ids = rows.map((r) => r.id);
      const list = ids.length
        ? await db
            .select({
              id: deviceProfileFile.id,
              profileId: deviceProfileFile.profileId,
              name: storedFile.name,
              contentType: storedFile.contentType,
              size: storedFile.size,
              createdAt: deviceProfileFile.createdAt,
            })
            .from(deviceProfileFile)
            .innerJoin(storedFile, eq(storedFile.id, deviceProfileFile.fileId))
            .where(inArray(deviceProfileFile.profileId, ids))
            .orderBy(asc(deviceProfileFile.createdAt), asc(deviceProfileFile.id))
        : [];
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        updatedAt: r.updatedAt.getTime(),
        files: list
          .filter((f) => f.profileId === r.id)
          .map((f) => ({
            id: f.id,
            name: f.name,
            contentType: f.contentType,
            size: f.size,
            uploadedAt: f.createdAt.getTime(),
          })),
      }));
    };
    const one = async (auth: AuthContext, id: string): Promise<DeviceProfile> => {
      const [p] = await withFiles([await findProfile(db, auth, id)]);
      if (!p) throw new AppError('notFound');
      return p;
    };

    // Two administrators adding at once cannot both pass the count or the name check: the caller's profiles
    // are counted and named under a transaction-scoped lock of the company (or of the platform's own).
    const lockCompany = (tx: Tx, auth: AuthContext) =>
      tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device_profile:${auth.companyId ?? 'platform'}`}))`);
    const assertNameFree = async (tx: Tx, auth: AuthContext, name: string, except?: string) => {
      const [taken] = await tx
        .select({ id: deviceProfile.id })
        .from(deviceProfile)
        .where(
          and(
            scopeCondition(auth, 'profile'),
            sql`lower(${deviceProfile.name}) = lower(${name})`,
            except ? sql`${deviceProfile.id} <> ${except}` : undefined,
          ),
        );
      if (taken) throw new AppError('profileNameExists');
    };

    route(
      'GET /device/profiles',
      { config: manage, summary: 'The device configuration profiles of the caller’s company with their files' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const rows = await db
          .select()
          .from(deviceProfile)
          .where(scopeCondition(auth, 'profile'))
          .orderBy(asc(deviceProfile.createdAt), asc(deviceProfile.id));
        return ok(req, await withFiles(rows));
      },
    );

    route(
      'POST /device/profile',
      { config: manage, summary: 'Create a device configuration profile (at most 6; names unique in the company)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { name } = req.body;
        const id = await db.transaction(async (tx) => {
          await lockCompany(tx, auth);
          const [count] = await tx
            .select({ n: sql<number>`count(*)` })
            .from(deviceProfile)
            .where(scopeCondition(auth, 'profile'));
          if (Number(count?.n ?? 0) >= DEVICE_PROFILE_LIMITS.profiles) throw new AppError('profileLimit');
          await assertNameFree(tx, auth, name);
          const at = new Date(deps.now());
          const [row] = await tx
            .insert(deviceProfile)
            .values({ companyId: auth.companyId ?? null, name, createdBy: auth.userId, createdAt: at, updatedAt: at })
            .returning({ id: deviceProfile.id });
          if (!row) throw new AppError('serverError');
          await recordAudit(tx, auth, req.ip, {
            action: 'deviceProfile.create',
            targetKind: 'device_profile',
            targetId: row.id,
            newValue: { name },
          });
          return row.id;
        });
        return ok(req, await one(auth, id));
      },
    );

    route(
      'POST /device/profile/:id',
      { config: manage, summary: 'Rename a device configuration profile' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const p = await findProfile(db, auth, req.params.id);
        await db.transaction(async (tx) => {
          await lockCompany(tx, auth);
          await assertNameFree(tx, auth, req.body.name, p.id);
          await tx
            .update(deviceProfile)
            .set({ name: req.body.name, updatedAt: new Date(deps.now()) })
            .where(eq(deviceProfile.id, p.id));
          if (p.name !== req.body.name)
            await recordAudit(tx, auth, req.ip, {
              action: 'deviceProfile.update',
              targetKind: 'device_profile',
              targetId: p.id,
              oldValue: { name: p.name },
              newValue: { name: req.body.name },
            });
        });
        return ok(req, await one(auth, p.id));
      },
    );

    route(
      'POST /device/profile/:id/delete',
      { config: manage, summary: 'Delete a device configuration profile and its config files' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const p = await findProfile(db, auth, req.params.id);
        await db.transaction(async (tx) => {
          const held = await tx
            .select({ fileId: deviceProfileFile.fileId })
            .from(deviceProfileFile)
            .where(eq(deviceProfileFile.profileId, p.id));
          await tx.delete(deviceProfile).where(eq(deviceProfile.id, p.id));
          for (const f of held) await files.remove(tx, f.fileId);
          await recordAudit(tx, auth, req.ip, {
            action: 'deviceProfile.delete',
            targetKind: 'device_profile',
            targetId: p.id,
            oldValue: { name: p.name, files: held.length },
          });
        });
        return ok(req, null);
      },
    );

    route(
      'POST /device/profile/:id/file',
      {
        config: manage,
        summary:
          'Add a config file to a profile (multipart "file": .json, .csv, .xml, .txt, .ini, .cfg or .conf UTF-8 text by content, at most 1 MB; at most 6 a profile)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const p = await findProfile(db, auth, req.params.id);
        const up = await readUpload(req, {
          maxBytes: DEVICE_PROFILE_LIMITS.fileBytes,
          fields: 2,
          tooBig: 'configFileSize',
          isTooLarge,
        });
        const fileName = up.fileName.trim().slice(0, DEVICE_PROFILE_LIMITS.fileNameMax);
        if (up.bytes.length === 0) throw new ValidationError([{ field: 'file', rule: 'required' }]);
        const contentType = configFileTypeOf(up.bytes, fileName);
        if (!contentType) throw new ValidationError([{ field: 'file', rule: 'configFileType' }]);
        await db.transaction(async (tx) => {
          // The profile's row is locked so two uploads at once cannot both pass the count.
          await tx.execute(sql`select id from device_profile where id = ${p.id} for update`);
          const [count] = await tx
            .select({ n: sql<number>`count(*)` })
            .from(deviceProfileFile)
            .where(eq(deviceProfileFile.profileId, p.id));
          if (Number(count?.n ?? 0) >= DEVICE_PROFILE_LIMITS.files) throw new AppError('profileFileLimit');
          const stored = await files.put(tx, {
            kind: 'deviceConfig',
            name: fileName,
            contentType,
            bytes: up.bytes,
            companyId: auth.companyId ?? null,
            ownerId: auth.userId,
          });
          const at = new Date(deps.now());
          await tx.insert(deviceProfileFile).values({ profileId: p.id, fileId: stored.id, createdAt: at });
          await tx.update(deviceProfile).set({ updatedAt: at }).where(eq(deviceProfile.id, p.id));
          await recordAudit(tx, auth, req.ip, {
            action: 'deviceProfile.fileAdd',
            targetKind: 'device_profile',
            targetId: p.id,
            newValue: { file: fileName, bytes: up.bytes.length },
          });
        });
        return ok(req, await one(auth, p.id));
      },
    );

    /** A file of a profile of the caller's company, or "does not exist" (the profile's policy decides). */
    const findFile = async (auth: AuthContext, id: string, fileId: string) => {
      const p = await findProfile(db, auth, id);
      const [f] = await db
        .select({ id: deviceProfileFile.id, fileId: deviceProfileFile.fileId })
        .from(deviceProfileFile)
        .where(and(eq(deviceProfileFile.id, fileId), eq(deviceProfileFile.profileId, p.id)));
      if (!f) throw new AppError('notFound');
      return { profile: p, file: f };
    };

    route(
      'GET /device/profile/:id/file/:fileId',
      { config: manage, summary: 'Download a config file of a profile' },
      async (req, reply) => {
        const { file } = await findFile(requireAuth(req.auth), req.params.id, req.params.fileId);
        const stored = await files.get(db, file.fileId);
        if (!stored) throw new AppError('notFound');
        // Always an attachment of bytes: a JSON config file must not read as the API's JSON envelope (the web
        // tells a file from a refusal by the content type), and nothing uploaded is rendered by the browser.
        return reply
          .type('application/octet-stream')
          .header('content-disposition', contentDisposition(stored.name))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(stored.bytes);
      },
    );

    route(
      'POST /device/profile/:id/file/:fileId/delete',
      { config: manage, summary: 'Remove a config file from a profile' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { profile, file } = await findFile(auth, req.params.id, req.params.fileId);
        await db.transaction(async (tx) => {
          const [named] = await tx
            .select({ name: storedFile.name })
            .from(storedFile)
            .where(eq(storedFile.id, file.fileId));
          await tx.delete(deviceProfileFile).where(eq(deviceProfileFile.id, file.id));
          await files.remove(tx, file.fileId);
          await recordAudit(tx, auth, req.ip, {
            action: 'deviceProfile.fileRemove',
            targetKind: 'device_profile',
            targetId: profile.id,
            oldValue: { file: named?.name ?? null },
          });
          await tx
            .update(deviceProfile)
            .set({ updatedAt: new Date(deps.now()) })
            .where(eq(deviceProfile.id, profile.id));
        });
        return ok(req, await one(auth, profile.id));
      },
    );
  };
}
