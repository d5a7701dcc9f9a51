import fastifyMultipart from '@fastify/multipart';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { COMPANY_LIMITS, LOGO_KINDS, type FieldRule, type LogoKind, type Manual } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { containing, isUniqueViolation } from '../../db/rows.js';
import { appUser, company, companyManual, role, storedFile } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { AuthService } from '../auth/service.js';
import { recordAudit } from '../audit/record.js';
import { readUpload } from '../files/multipart.js';
import type { FileStore } from '../files/store.js';
import type { CallerCache } from '../users/caller-cache.js';
import { findUserByAccount, logoUrl } from '../users/repository.js';
import { contentDisposition, imageOf, logoFits, manualTypeOf } from './files.js';
import {
  assertNameFree,
  claimName,
  changed,
  companyById,
  companyInfoOf,
  companyRowOf,
  companyRows,
  hostNameTaken,
  ownCompany,
} from './queries.js';

const LOGO_COLUMN = { wide: 'logoWideId', square: 'logoSquareId' } as const;
const LOGO_SIZE_RULE: Record<LogoKind, FieldRule> = { wide: 'logoWideSize', square: 'logoSquareSize' };

/**
 * Company info, theme colour and logos (enterprise/company), the white-label brand of the sign-in page, the
 * company's manuals, and the platform administrators' list of companies (spec §3 Company, §7 company/*, §9).
 * Every change is audited in the same transaction, and every member's cached profile (GET user carries the
 * theme colour and logos) is forgotten at once.
 */
/** The unique index on company.host_name: two requests racing for one host name meet here. */
const HOST_NAME_INDEX = 'company_host_name_unique';
const hostNameTakenError = () => new ValidationError([{ field: 'hostName', rule: 'hostNameTaken' }]);

export function companyRoutes(deps: {
  db: Db;
  auth: AuthService;
  callers: CallerCache;
  files: FileStore;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, files } = deps;
    await app.register(fastifyMultipart, {
      limits: { fileSize: COMPANY_LIMITS.manualBytes, files: 1, fields: 4 },
    });
    const isTooLarge = (e: unknown) => e instanceof app.multipartErrors.RequestFileTooLargeError;
    const route = contractRoutes(app, 'companies', {
      id: z.uuid(),
      which: z.enum(LOGO_KINDS),
    });
    const info = { access: 'company.info', scope: 'company' } as const;
    const edit = { access: 'company.edit', scope: 'company' } as const;
    const manuals = { access: 'company.manual', scope: 'company' } as const;
    const platform = { access: 'company.list', scope: 'platform' } as const;
    const anonymous = { access: 'public', scope: 'none' } as const;

    const answerOwn = async (auth: AuthContext) => companyInfoOf(db, await ownCompany(db, auth));
    /**
     * Every member's profile (GET user carries the company's name, colour and logos) is forgotten here and on
     * every instance, with one notice, so each member's console shows the change on its next page.
     */
    const forgetMembers = (companyId: string) => deps.callers.forgetCompanyProfiles(companyId);

    route('GET /company/info', { config: info, summary: 'The caller’s company (spec §3 Company)' }, async (req) =>
      ok(req, await answerOwn(requireAuth(req.auth))),
    );

    route(
      'POST /company/edit',
      { config: edit, summary: 'Change the caller’s company: name (unique without case, 203), contact, address' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await ownCompany(db, auth);
        await assertNameFree(db, req.body.name, c.id);
        const diff = changed(c, req.body);
        // Saving the form unchanged is no change: nothing to write or log.
        if (Object.keys(diff.new).length > 0)
          await claimName(db, req.body.name, c.id, async (tx) => {
            await tx.update(company).set(req.body).where(eq(company.id, c.id));
            await recordAudit(tx, auth, req.ip, {
              action: 'company.update',
              targetKind: 'company',
              targetId: c.id,
              oldValue: diff.old,
              newValue: diff.new,
            });
          });
        forgetMembers(c.id);
        return ok(req, await answerOwn(auth));
      },
    );

    route(
      'POST /company/themeColor',
      { config: edit, summary: 'Set the theme colour every member’s console shows (#rrggbb)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await ownCompany(db, auth);
        const themeColor = req.body.themeColor.toLowerCase();
        await db.transaction(async (tx) => {
          await tx.update(company).set({ themeColor }).where(eq(company.id, c.id));
          await recordAudit(tx, auth, req.ip, {
            action: 'company.themeColor',
            targetKind: 'company',
            targetId: c.id,
            oldValue: { themeColor: c.themeColor },
            newValue: { themeColor },
          });
        });
        forgetMembers(c.id);
        return ok(req, await answerOwn(auth));
      },
    );

    const replaceLogo = async (auth: AuthContext, ip: string, which: LogoKind, bytes: Buffer | null) => {
      const c = await ownCompany(db, auth);
      const column = LOGO_COLUMN[which];
      const previous = c[column];
      await db.transaction(async (tx) => {
        const stored = bytes
          ? await files.put(tx, {
              kind: 'logo',
              name: `logo-${which}`,
              contentType: imageOf(bytes)?.type ?? 'application/octet-stream',
              bytes,
              companyId: c.id,
              ownerId: auth.userId,
            })
          : null;
        const id = stored?.id ?? null;
        await tx
          .update(company)
          .set(which === 'wide' ? { logoWideId: id } : { logoSquareId: id })
          .where(eq(company.id, c.id));
        if (previous) await files.remove(tx, previous);
        await recordAudit(tx, auth, ip, {
          action: bytes ? 'company.logo' : 'company.logoDelete',
          targetKind: 'company',
          targetId: c.id,
          oldValue: { [which]: logoUrl(previous) },
          newValue: { [which]: logoUrl(stored?.id ?? null) },
        });
      });
      forgetMembers(c.id);
      return answerOwn(auth);
    };

    route(
      'POST /company/logo/:which',
      {
        config: edit,
        summary: `Upload a logo (multipart "file"): JPG or PNG by content, wide 220×58 or square 58×58 pixels exactly, at most ${COMPANY_LIMITS.logoBytes / 1024} KB`,
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        await ownCompany(db, auth);
        const { bytes } = await readUpload(req, {
          maxBytes: COMPANY_LIMITS.logoBytes,
          fields: 4,
          tooBig: 'logoBytes',
          isTooLarge,
        });
        const image = imageOf(bytes);
        if (!image) throw new ValidationError([{ field: 'file', rule: 'logoType' }]);
        if (!logoFits(req.params.which, image.size))
          throw new ValidationError([{ field: 'file', rule: LOGO_SIZE_RULE[req.params.which] }]);
        return ok(req, await replaceLogo(auth, req.ip, req.params.which, bytes));
      },
    );

    route(
      'POST /company/logo/:which/delete',
      { config: edit, summary: 'Remove a logo: the console shows Heliograph’s mark again' },
      async (req) => ok(req, await replaceLogo(requireAuth(req.auth), req.ip, req.params.which, null)),
    );

    route(
      'GET /anonymous/logo/:id',
      { config: anonymous, summary: 'A company logo (no token: the sign-in page shows it); only logos are served' },
      async (req, reply) => {
        const file = await files.get(db, req.params.id);
        if (!file || file.kind !== 'logo') throw new AppError('notFound', { httpStatus: 404 });
        const etag = `"${file.sha256}"`;
        reply
          .header('etag', etag)
          // A new upload is a new file id, so a URL's image never changes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send();
        return reply.type(file.contentType).send(file.bytes);
      },
    );

    route(
      'GET /anonymous/brand',
      { config: anonymous, summary: 'The logo and colour of the company whose white-label host name this is, or null' },
      async (req) => {
        const host = req.hostname.toLowerCase();
        const [c] = host ? await db.select().from(company).where(eq(company.hostName, host)) : [];
        return ok(
          req,
          c
            ? {
                name: c.name,
                themeColor: c.themeColor,
                logoWide: logoUrl(c.logoWideId),
                logoSquare: logoUrl(c.logoSquareId),
              }
            : null,
        );
      },
    );

    // ---- manuals -------------------------------------------------------------------------------------

    const manualCols = {
      id: companyManual.id,
      title: companyManual.title,
      fileName: storedFile.name,
      contentType: storedFile.contentType,
      size: storedFile.size,
      createdAt: companyManual.createdAt,
    };
    const toManual = (r: {
      id: string;
      title: string;
      fileName: string;
      contentType: string;
      size: number;
      createdAt: Date;
    }): Manual => ({
      ...r,
      createdAt: r.createdAt.getTime(),
      url: `/api/v1/company/manual/${r.id}/download`,
    });
    /**
     * A manual of the caller's company, or "does not exist": members and the company's customers read them;
     * anyone else, whatever the id, finds nothing.
     */
    const findManual = async (auth: AuthContext, id: string) => {
      if (!auth.companyId) throw new AppError('notFound');
      const [row] = await db
        .select({ ...manualCols, fileId: companyManual.fileId })
        .from(companyManual)
        .innerJoin(storedFile, eq(storedFile.id, companyManual.fileId))
        .where(and(eq(companyManual.id, id), eq(companyManual.companyId, auth.companyId)));
      if (!row) throw new AppError('notFound');
      return row;
    };
    // Members and the company's customers download; personal accounts have no company and find nothing.
    const reader = { access: 'signedIn', scope: 'company' } as const;

    route(
      'GET /company/manuals',
      { config: reader, summary: 'The caller’s company’s manuals, searchable by title, newest first' },
      async (req) => {
        const auth = requireAuth(req.auth);
        if (!auth.companyId) return ok(req, { total: 0, rows: [] });
        const { q, page, size } = req.query;
        const where = and(
          eq(companyManual.companyId, auth.companyId),
          q ? ilike(companyManual.title, containing(q)) : undefined,
        );
        const rows = await db
          .select(manualCols)
          .from(companyManual)
          .innerJoin(storedFile, eq(storedFile.id, companyManual.fileId))
          .where(where)
          .orderBy(desc(companyManual.createdAt), desc(companyManual.id))
          .limit(size)
          .offset((page - 1) * size);
        const [count] = await db
          .select({ n: sql<number>`count(*)` })
          .from(companyManual)
          .where(where);
        return ok(req, { total: Number(count?.n ?? 0), rows: rows.map(toManual) });
      },
    );

    route(
      'POST /company/manual',
      {
        config: manuals,
        summary:
          'Upload a manual (multipart: "title", then "file"; PDF, JPG/PNG or office document by content, at most 20 MB)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await ownCompany(db, auth);
        const up = await readUpload(req, {
          maxBytes: COMPANY_LIMITS.manualBytes,
          fields: 4,
          tooBig: 'manualSize',
          isTooLarge,
        });
        const bytes = up.bytes;
        const fileName = up.fileName.slice(0, 200) || 'manual';
        const title = (up.fields.title ?? fileName.replace(/\.[^.]+$/, '')).trim();
        if (!title) throw new ValidationError([{ field: 'title', rule: 'required' }]);
        if (title.length > COMPANY_LIMITS.manualTitleMax)
          throw new ValidationError([{ field: 'title', rule: 'tooLong' }]);
        const contentType = manualTypeOf(bytes, fileName);
        if (!contentType) throw new ValidationError([{ field: 'file', rule: 'manualType' }]);
        const id = await db.transaction(async (tx) => {
          const stored = await files.put(tx, {
            kind: 'manual',
            name: fileName,
            contentType,
            bytes,
            companyId: c.id,
            ownerId: auth.userId,
          });
          const [row] = await tx
            .insert(companyManual)
            .values({ companyId: c.id, fileId: stored.id, title, createdBy: auth.userId })
            .returning({ id: companyManual.id });
          if (!row) throw new AppError('serverError');
          await recordAudit(tx, auth, req.ip, {
            action: 'manual.create',
            targetKind: 'manual',
            targetId: row.id,
            newValue: { title, fileName, size: bytes.length },
          });
          return row.id;
        });
        return ok(req, toManual(await findManual(auth, id)));
      },
    );

    route(
      'POST /company/manual/:id/delete',
      { config: manuals, summary: 'Delete a manual (its file goes with it)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const m = await findManual(auth, req.params.id);
        await db.transaction(async (tx) => {
          await tx.delete(companyManual).where(eq(companyManual.id, m.id));
          await files.remove(tx, m.fileId);
          await recordAudit(tx, auth, req.ip, {
            action: 'manual.delete',
            targetKind: 'manual',
            targetId: m.id,
            oldValue: { title: m.title, fileName: m.fileName, size: m.size },
          });
        });
        return ok(req, null);
      },
    );

    route(
      'GET /company/manual/:id/download',
      { config: reader, summary: 'A manual’s file, for the company’s members and customers' },
      async (req, reply) => {
        const m = await findManual(requireAuth(req.auth), req.params.id);
        const file = await files.get(db, m.fileId);
        if (!file) throw new AppError('notFound');
        return reply
          .type(file.contentType)
          .header('content-disposition', contentDisposition(file.name))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes);
      },
    );

    // ---- platform: every company -----------------------------------------------------------------------

    route(
      'GET /companies',
      { config: platform, summary: 'Every company with member and plant counts (platform administrators)' },
      async (req) => {
        const { q, page, size } = req.query;
        const where = q
          ? or(
              ilike(company.name, containing(q)),
              ilike(company.contactName, containing(q)),
              ilike(company.email, containing(q)),
              ilike(sql`coalesce(${company.hostName}, '')`, containing(q)),
            )
          : undefined;
        return ok(req, await companyRows(db, where, page, size));
      },
    );

    route(
      'POST /company/add',
      {
        config: platform,
        summary:
          'Create a company and its first administrator (account e-mail, password RSA-encrypted as at sign-in; 203, 104, 106)',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { adminAccount, adminNickname, keyId, password, hostName, ...fields } = req.body;
        await assertNameFree(db, fields.name);
        if (await hostNameTaken(db, hostName)) throw hostNameTakenError();
        const existing = await findUserByAccount(db, adminAccount);
        if (existing) throw new AppError(existing.companyId ? 'accountOtherCompany' : 'accountExists');
        const passwordHash = await deps.auth.newPasswordHash(keyId, password);
        const [adminRole] = await db
          .select({ id: role.id })
          .from(role)
          .where(and(eq(role.key, 'company_admin'), sql`${role.companyId} is null`));
        if (!adminRole) throw new AppError('serverError');
        const id = await claimName(db, fields.name, undefined, async (tx) => {
          const [c] = await tx
            .insert(company)
            .values({ ...fields, hostName: hostName || null })
            .returning({ id: company.id });
          if (!c) throw new AppError('serverError');
          const [admin] = await tx
            .insert(appUser)
            .values({
              account: adminAccount,
              email: adminAccount,
              nickname: adminNickname,
              companyId: c.id,
              roleId: adminRole.id,
              passwordHash,
            })
            .returning({ id: appUser.id });
          if (!admin) throw new AppError('serverError');
          await tx.update(company).set({ adminId: admin.id }).where(eq(company.id, c.id));
          await recordAudit(tx, auth, req.ip, {
            action: 'company.create',
            targetKind: 'company',
            targetId: c.id,
            companyId: c.id,
            newValue: { ...fields, hostName: hostName || null, adminAccount },
          });
          return c.id;
        }).catch(async (e: unknown) => {
          if (isUniqueViolation(e, HOST_NAME_INDEX)) throw hostNameTakenError();
          // The administrator's account was taken by another request since the check above.
          const taken = isUniqueViolation(e) ? await findUserByAccount(db, adminAccount) : undefined;
          if (taken) throw new AppError(taken.companyId ? 'accountOtherCompany' : 'accountExists');
          throw e;
        });
        return ok(req, await companyRowOf(db, id));
      },
    );

    route(
      'POST /companies/:id',
      { config: platform, summary: 'Change a company, its white-label host name included (platform administrators)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const c = await companyById(db, req.params.id);
        const { hostName, ...fields } = req.body;
        await assertNameFree(db, fields.name, c.id);
        if (await hostNameTaken(db, hostName, c.id)) throw hostNameTakenError();
        const next = { ...fields, hostName: hostName || null };
        const diff = changed(c, next);
        if (Object.keys(diff.new).length > 0)
          await claimName(db, fields.name, c.id, async (tx) => {
            await tx.update(company).set(next).where(eq(company.id, c.id));
            await recordAudit(tx, auth, req.ip, {
              action: 'company.update',
              targetKind: 'company',
              targetId: c.id,
              companyId: c.id,
              oldValue: diff.old,
              newValue: diff.new,
            });
          }).catch((e: unknown) => {
            // Another company took the host name since the check above: the index decides, the form is told.
            if (isUniqueViolation(e, HOST_NAME_INDEX)) throw hostNameTakenError();
            throw e;
          });
        forgetMembers(c.id);
        return ok(req, await companyRowOf(db, c.id));
      },
    );
  };
}
