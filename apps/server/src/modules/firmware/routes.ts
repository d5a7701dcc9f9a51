import fastifyMultipart from '@fastify/multipart';
import { and, eq, sql } from 'drizzle-orm';
import {
  compareFirmwareVersions,
  FIRMWARE_LIMITS,
  firmwareFields,
  firmwareFileNameProblem,
  firmwareVersionProblem,
  type FieldRule,
  type FirmwareKind,
  type PermissionKey,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findFirmware } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/rows.js';
import { firmware, firmwareGrant, firmwareLabel, vendorKey } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { readUpload } from '../files/multipart.js';
import type { FileStore } from '../files/store.js';
import {
  activeVendorKeys,
  existingCompanies,
  firmwareById,
  grantsOf,
  labelById,
  labelsOf,
  listFirmware,
  newestVersion,
  toVendorKey,
  vendorKeys,
} from './library.js';
import { hardwareList } from './hardware.js';
import { decodeSignature, parseVendorKey, signedBy } from './signing.js';

/** The menu page that shows each kind (spec §2.2): its view permission. */
const VIEW_KEY: Record<FirmwareKind, PermissionKey> = {
  gateway: 'firmware.gateway.view',
  inverter: 'firmware.inverter.view',
  battery: 'firmware.battery.view',
  lora: 'firmware.main.node.view',
  meter: 'firmware.meter.view',
  switch: 'firmware.switch.view',
};

/** The text fields of an upload, checked as the form checks them; a field error names the field. */
function uploadFields(fields: Record<string, string>) {
  const parsed = firmwareFields.safeParse(fields);
  if (!parsed.success) {
    throw new ValidationError(
      parsed.error.issues.map((i) => ({
        field: String(i.path[0] ?? 'file'),
        rule: (i.code === 'too_big' ? 'tooLong' : fields[String(i.path[0])] ? 'invalid' : 'required') as FieldRule,
      })),
    );
  }
  return parsed.data;
}

/** "1.0, 1.1" → ["1.0", "1.1"], each a valid version, at most 20. */
function versionList(values: readonly string[], field: string): string[] {
  const list = [...new Set(values.map((v) => v.trim()).filter(Boolean))];
  if (list.length > FIRMWARE_LIMITS.compatibleMax) throw new ValidationError([{ field, rule: 'tooLong' }]);
  for (const v of list) {
    const problem = firmwareVersionProblem(v);
    if (problem) throw new ValidationError([{ field, rule: problem }]);
  }
  return list;
}

/**
 * The firmware library (issue 13 points 1, 2, 5 and 7): per device kind, signed images only, versions that
 * never repeat or go back, labels, vendor keys and authorisation to companies. Platform administrators manage
 * it (spec §6); a company sees what was made for it or authorised to it, through POLICIES.firmware.
 *
 * The image lives in stored_file (the database by default, so every instance serves it).
 */
export function firmwareRoutes(deps: { db: Db; files: FileStore }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, files } = deps;
    await app.register(fastifyMultipart, {
      limits: { fileSize: FIRMWARE_LIMITS.maxBytes, files: 1, fields: 16 },
    });
    const isTooLarge = (e: unknown) => e instanceof app.multipartErrors.RequestFileTooLargeError;
    const route = contractRoutes(app, 'firmware', {
      firmwareId: z.string().max(64),
      labelId: z.string().max(64),
      vendorKeyId: z.string().max(64),
    });
    const view = { access: 'firmware.management', scope: 'company' } as const;
    const upload = { access: 'firmware.upload', scope: 'platform' } as const;
    const authorise = { access: 'firmware.inverter.auth', scope: 'platform' } as const;

    /** Each kind's page has its own permission (a role may see inverter firmware and not gateway firmware). */
    const mayView = (auth: AuthContext, kind: FirmwareKind) => {
      if (!auth.permissions.has(VIEW_KEY[kind])) throw new AppError('noPermission', { httpStatus: 403 });
    };
    const answer = async (auth: AuthContext, id: string) => {
      const row = await firmwareById(db, auth, id);
      if (!row) throw new AppError('notFound');
      return row;
    };
    const labelFor = async (kind: FirmwareKind, labelId: string | null | undefined) => {
      if (!labelId) return null;
      const label = await labelById(db, labelId);
      if (!label || label.kind !== kind) throw new ValidationError([{ field: 'labelId', rule: 'invalid' }]);
      return label.id;
    };

    route(
      'GET /firmware/list',
      { config: view, summary: 'The firmware of a device kind the caller may see, newest first' },
      async (req) => {
        const auth = requireAuth(req.auth);
        mayView(auth, req.query.kind);
        return ok(req, await listFirmware(db, auth, req.query));
      },
    );

    route(
      'GET /firmware/hardware',
      {
        config: { access: 'logger.upgrade.record', scope: 'company' },
        summary: 'The caller’s devices by kind, model and firmware, with the newer firmware it may install',
      },
      async (req) => ok(req, await hardwareList(db, requireAuth(req.auth), req.query)),
    );

    route(
      'GET /firmware/:firmwareId',
      { config: view, summary: 'One firmware of the library (spec §3 Firmware, every field)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        await findFirmware(db, auth, req.params.firmwareId);
        const row = await answer(auth, req.params.firmwareId);
        mayView(auth, row.kind);
        return ok(req, row);
      },
    );

    route(
      'GET /firmware/check',
      { config: upload, summary: 'Whether a software version may be uploaded for a product: 0, or 4002' },
      async (req) => {
        const { kind, product, softwareVersion } = req.query;
        const problem = firmwareVersionProblem(softwareVersion);
        if (problem) throw new ValidationError([{ field: 'softwareVersion', rule: problem }]);
        const newest = await newestVersion(db, kind, product);
        if (newest !== undefined && compareFirmwareVersions(softwareVersion, newest) <= 0)
          throw new AppError('firmwareVersionDuplicate');
        return ok(req, null);
      },
    );

    route(
      'POST /firmware/upload',
      {
        config: upload,
        summary:
          'Upload a signed image (multipart: the fields, then "file", .bin or .hex); refused unless a registered vendor key signed it',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const up = await readUpload(req, {
          maxBytes: FIRMWARE_LIMITS.maxBytes,
          fields: 16,
          tooBig: 'firmwareSize',
          isTooLarge,
        });
        const fields = uploadFields(up.fields);
        const fileName = up.fileName.trim();
        const nameProblem = firmwareFileNameProblem(fileName);
        if (nameProblem) throw new ValidationError([{ field: 'file', rule: nameProblem }]);
        if (up.bytes.length === 0) throw new ValidationError([{ field: 'file', rule: 'required' }]);
        if (up.bytes.length > FIRMWARE_LIMITS.bytes[fields.kind])
          throw new ValidationError([{ field: 'file', rule: 'firmwareSize' }]);
        const versionProblem = firmwareVersionProblem(fields.softwareVersion);
        if (versionProblem) throw new ValidationError([{ field: 'softwareVersion', rule: versionProblem }]);
        const compatible = versionList(fields.compatibleVersions.split(','), 'compatibleVersions');
        const labelId = await labelFor(fields.kind, fields.labelId);
        if (fields.companyId && !(await existingCompanies(db, [fields.companyId])).has(fields.companyId))
          throw new ValidationError([{ field: 'companyId', rule: 'invalid' }]);

        // The signature before anything is stored: an image no registered vendor signed never enters.
        const signature = decodeSignature(fields.signature);
        const key = signature ? signedBy(up.bytes, signature, await activeVendorKeys(db)) : undefined;
        if (!key) throw new ValidationError([{ field: 'signature', rule: 'firmwareSignature' }]);

        const newest = await newestVersion(db, fields.kind, fields.product);
        if (newest !== undefined && compareFirmwareVersions(fields.softwareVersion, newest) <= 0)
          throw new AppError('firmwareVersionDuplicate');

        let id: string;
        try {
          id = await db.transaction(async (tx) => {
            const stored = await files.put(tx, {
              kind: 'firmware',
              name: fileName,
              contentType: 'application/octet-stream',
              bytes: up.bytes,
              ownerId: auth.userId,
            });
            const [row] = await tx
              .insert(firmware)
              .values({
                kind: fields.kind,
                companyId: fields.companyId ?? null,
                brand: fields.brand,
                product: fields.product,
                epn: fields.epn,
                hardwareVersion: fields.hardwareVersion,
                softwareVersion: fields.softwareVersion,
                compatibleVersions: compatible,
                changeLog: fields.changeLog,
                upgradeMode: fields.upgradeMode,
                labelId,
                fileId: stored.id,
                fileName,
                size: up.bytes.length,
                sha256: stored.sha256,
                signature: fields.signature.trim(),
                vendorKeyId: key.id,
                createdBy: auth.userId,
              })
              .returning({ id: firmware.id });
            if (!row) throw new AppError('serverError');
            return row.id;
          });
        } catch (e) {
          // The same image or version uploaded twice at once: the unique indexes decide, with the codes the
          // sequential path gives.
          if (isUniqueViolation(e, 'firmware_sha256'))
            throw new ValidationError([{ field: 'file', rule: 'firmwareImageExists' }]);
          if (isUniqueViolation(e, 'firmware_product_version')) throw new AppError('firmwareVersionDuplicate');
          throw e;
        }
        return ok(req, await answer(auth, id));
      },
    );

    route(
      'POST /firmware/:firmwareId',
      { config: upload, summary: 'Change a firmware’s description (never its image, kind or version)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const found = await findFirmware<{ id: string; kind: FirmwareKind }>(db, auth, req.params.firmwareId, {
          write: true,
          select: sql`f.id, f.kind`,
        });
        const b = req.body;
        await db
          .update(firmware)
          .set({
            brand: b.brand,
            product: b.product,
            epn: b.epn,
            hardwareVersion: b.hardwareVersion,
            compatibleVersions: versionList(b.compatibleVersions, 'compatibleVersions'),
            changeLog: b.changeLog,
            upgradeMode: b.upgradeMode,
            labelId: await labelFor(found.kind, b.labelId),
            updatedAt: sql`now()`,
          })
          .where(eq(firmware.id, found.id));
        return ok(req, await answer(auth, found.id));
      },
    );

    for (const flag of ['enabled', 'released'] as const) {
      route(
        `POST /firmware/:firmwareId/${flag}`,
        {
          config: upload,
          summary:
            flag === 'enabled'
              ? 'Enable or disable a firmware (a disabled one is offered to no device)'
              : 'Release a firmware to the companies that may use it, or withdraw it',
        },
        async (req) => {
          const auth = requireAuth(req.auth);
          const found = await findFirmware(db, auth, req.params.firmwareId, { write: true });
          await db
            .update(firmware)
            .set({ [flag]: req.body.value, updatedAt: sql`now()` })
            .where(eq(firmware.id, found.id));
          return ok(req, await answer(auth, found.id));
        },
      );
    }

    route(
      'POST /firmware/:firmwareId/delete',
      { config: upload, summary: 'Delete a firmware and its image (its authorisations go with it)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const found = await findFirmware<{ id: string; file_id: string }>(db, auth, req.params.firmwareId, {
          write: true,
          select: sql`f.id, f.file_id`,
        });
        await db.transaction(async (tx) => {
          await tx.delete(firmware).where(eq(firmware.id, found.id));
          await files.remove(tx, found.file_id);
        });
        return ok(req, null);
      },
    );

    // ---- authorisation (firmware/auth) ---------------------------------------------------------------

    route(
      'GET /firmware/:firmwareId/grants',
      { config: authorise, summary: 'The companies a firmware is authorised to' },
      async (req) => {
        const found = await findFirmware(db, requireAuth(req.auth), req.params.firmwareId, { write: true });
        return ok(req, await grantsOf(db, found.id));
      },
    );

    route(
      'POST /firmware/:firmwareId/grant',
      { config: authorise, summary: 'Authorise a firmware to a company: it sees it and may install it' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const found = await findFirmware(db, auth, req.params.firmwareId, { write: true });
        const { companyId } = req.body;
        if (!(await existingCompanies(db, [companyId])).has(companyId)) throw new AppError('notFound');
        await db
          .insert(firmwareGrant)
          .values({ firmwareId: found.id, companyId, grantedBy: auth.userId })
          .onConflictDoNothing();
        return ok(req, await grantsOf(db, found.id));
      },
    );

    route(
      'POST /firmware/:firmwareId/revoke',
      { config: authorise, summary: 'Withdraw a firmware’s authorisation from a company' },
      async (req) => {
        const found = await findFirmware(db, requireAuth(req.auth), req.params.firmwareId, { write: true });
        await db
          .delete(firmwareGrant)
          .where(and(eq(firmwareGrant.firmwareId, found.id), eq(firmwareGrant.companyId, req.body.companyId)));
        return ok(req, await grantsOf(db, found.id));
      },
    );

    // ---- labels ----------------------------------------------------------------------------------------

    route(
      'GET /firmware/labels',
      { config: { access: 'firmware.management', scope: 'none' }, summary: 'The labels of a device kind' },
      async (req) => {
        mayView(requireAuth(req.auth), req.query.kind);
        return ok(req, await labelsOf(db, req.query.kind));
      },
    );

    route(
      'POST /firmware/label',
      { config: upload, summary: 'Add a primary label, or a secondary one under it (names unique per parent, 1221)' },
      async (req) => {
        const { kind, name, parentId } = req.body;
        if (parentId) {
          const parent = await labelById(db, parentId);
          // Two levels only: a secondary label's parent is a primary label of the same kind.
          if (!parent || parent.kind !== kind || parent.parentId !== null)
            throw new ValidationError([{ field: 'parentId', rule: 'invalid' }]);
        }
        let id: string;
        try {
          const [row] = await db
            .insert(firmwareLabel)
            .values({ kind, name, parentId })
            .returning({ id: firmwareLabel.id });
          if (!row) throw new AppError('serverError');
          id = row.id;
        } catch (e) {
          if (isUniqueViolation(e, 'firmware_label_name')) throw new AppError('labelExists');
          throw e;
        }
        return ok(req, { id, kind, name, parentId, used: 0 });
      },
    );

    route(
      'POST /firmware/label/:labelId/delete',
      { config: upload, summary: 'Delete a label (not one with secondary labels, 1220); its firmware keep none' },
      async (req) => {
        const label = /^[0-9a-f-]{36}$/i.test(req.params.labelId) ? await labelById(db, req.params.labelId) : undefined;
        if (!label) throw new AppError('notFound');
        const [child] = await db
          .select({ id: firmwareLabel.id })
          .from(firmwareLabel)
          .where(eq(firmwareLabel.parentId, label.id))
          .limit(1);
        if (child) throw new AppError('categoryHasChildren');
        await db.transaction(async (tx) => {
          await tx.update(firmware).set({ labelId: null }).where(eq(firmware.labelId, label.id));
          await tx.delete(firmwareLabel).where(eq(firmwareLabel.id, label.id));
        });
        return ok(req, null);
      },
    );

    // ---- vendor keys -----------------------------------------------------------------------------------

    route(
      'GET /firmware/vendorKeys',
      { config: upload, summary: 'The vendor keys images are signed with' },
      async (req) => ok(req, await vendorKeys(db)),
    );

    route(
      'POST /firmware/vendorKey',
      { config: upload, summary: 'Register a vendor’s Ed25519 public key (PEM)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const parsed = parseVendorKey(req.body.publicKey);
        if (!parsed) throw new ValidationError([{ field: 'publicKey', rule: 'vendorKey' }]);
        try {
          const [row] = await db
            .insert(vendorKey)
            .values({
              name: req.body.name,
              publicKey: parsed.pem,
              fingerprint: parsed.fingerprint,
              createdBy: auth.userId,
            })
            .returning();
          if (!row) throw new AppError('serverError');
          return ok(req, toVendorKey(row));
        } catch (e) {
          if (isUniqueViolation(e, 'vendor_key_fingerprint') || isUniqueViolation(e, 'vendor_key_name'))
            throw new ValidationError([{ field: 'publicKey', rule: 'vendorKeyExists' }]);
          throw e;
        }
      },
    );

    route(
      'POST /firmware/vendorKey/:vendorKeyId/revoke',
      { config: upload, summary: 'Revoke a vendor key: no image signed with it is accepted from now on' },
      async (req) => {
        if (!/^[0-9a-f-]{36}$/i.test(req.params.vendorKeyId)) throw new AppError('notFound');
        const [row] = await db
          .update(vendorKey)
          .set({ revokedAt: sql`coalesce(${vendorKey.revokedAt}, now())` })
          .where(eq(vendorKey.id, req.params.vendorKeyId))
          .returning();
        if (!row) throw new AppError('notFound');
        return ok(req, toVendorKey(row));
      },
    );
  };
}
