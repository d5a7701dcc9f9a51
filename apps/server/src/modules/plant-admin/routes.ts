import fastifyMultipart from '@fastify/multipart';
import {
  INTL_LOCALE,
  INVERTER_KINDS,
  LIMITS,
  PLANT_TYPE_ROUTE,
  SETTINGS_PROTOCOLS,
  isSettingsProtocol,
  PLANT_TYPES,
  CURRENCIES,
  timeZoneList,
  zoneOffsetMinutes,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { RsaKeyStore } from '../auth/keys.js';
import { plantFor, visiblePlant } from './access.js';
import { loadPicture, storePicture } from './picture.js';
import { plantParams } from '../plants/schemas.js';
import { PlantAdminService, type Actor } from './service.js';
import { plantValidatorCompiler } from './validate.js';
import { dataProtocols } from '../inverters/protocol-form.js';

/**
 * Creating and managing plants (spec §7 "Plants", issue 4): the wizard, the editor, delete, gateways,
 * sharing, transfer, the picture and the dictionaries the forms offer. docs/plants.md says how each
 * behaves; the rules themselves are packages/shared/src/plant-input.ts.
 */
export function plantAdminRoutes(deps: {
  db: Db;
  keys: RsaKeyStore;
  /** Ingest's gateway cache on this instance (others forget within its one-minute lifetime). */
  registry?: { invalidate(sn: string): void };
  /** The broker: a freed gateway's connection is dropped, and its next attempt is refused. */
  bus?: { disconnect(sn: string): void };
  /** The optimiser's plan loop: a plant whose automation changed is planned (or released) at once. */
  planner?: { due(plantId: string): Promise<void> };
}): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'plants', plantParams);
    const plants = new PlantAdminService(
      deps.db,
      deps.keys,
      (sns, freed) => {
        for (const sn of sns) {
          deps.registry?.invalidate(sn);
          if (freed) deps.bus?.disconnect(sn);
        }
      },
      (plantId) => {
        deps.planner
          ?.due(plantId)
          .catch((err: unknown) => app.log.warn({ err, plantId }, 'the plan could not be brought forward'));
      },
    );
    app.setValidatorCompiler(plantValidatorCompiler);
    await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.plantPictureBytes, files: 1, fields: 4 } });
    const actor = (req: { auth: Actor['auth'] | null; ip: string }): Actor => ({
      auth: requireAuth(req.auth),
      ip: req.ip,
    });
    const edit = { access: 'station.edit', scope: 'company' } as const;
    const view = { access: 'station.view', scope: 'company' } as const;
    const creating = { access: 'station.create', scope: 'company' } as const;
    const deleting = { access: 'station.delete', scope: 'company' } as const;
    const sharing = { access: 'station.share', scope: 'company' } as const;
    const transferring = { access: 'station.transfer', scope: 'company' } as const;

    route('POST /plant', { config: creating, summary: 'Create a plant and bind its gateways' }, async (req) =>
      ok(req, await plants.create(actor(req), req.body)),
    );

    route(
      'GET /plant/:id/info',
      { config: view, summary: 'Every editable field of a plant, its gateways and what the caller may do to it' },
      async (req) => ok(req, await plants.detail(requireAuth(req.auth), req.params.id)),
    );

    route('POST /plant/:id', { config: edit, summary: 'Edit every field of a plant' }, async (req) => {
      await plants.update(actor(req), req.params.id, 'plant.edit', req.body);
      return ok(req, null);
    });

    route('POST /plant/:id/info', { config: edit, summary: 'Edit some of the plant’s own facts' }, async (req) => {
      await plants.update(actor(req), req.params.id, 'plant.info', req.body);
      return ok(req, null);
    });

    route('POST /plant/:id/income', { config: edit, summary: 'Set the valuation (income) of a plant' }, async (req) => {
      await plants.update(actor(req), req.params.id, 'plant.income', req.body);
      return ok(req, null);
    });

    route('POST /plant/:id/contacts', { config: edit, summary: 'Set the contact name and phone' }, async (req) => {
      await plants.update(actor(req), req.params.id, 'plant.contacts', req.body);
      return ok(req, null);
    });

    route(
      'POST /plant/:id/delete',
      { config: deleting, summary: 'Delete a plant (logically); its gateways are freed' },
      async (req) => {
        await plants.remove(actor(req), req.params.id);
        return ok(req, null);
      },
    );

    route(
      'POST /plant/:id/gateway',
      { config: edit, summary: 'Bind a gateway to the plant, or unbind one of its gateways' },
      async (req) => {
        const g = await plants.gateway(actor(req), req.params.id, req.body);
        return ok(req, g && { sn: g.sn, devices: g.devices });
      },
    );

    route(
      'POST /gateways/check',
      {
        config: edit,
        summary: 'Check a gateway serial number and registration key before binding (300, 301, 305, 1216)',
      },
      async (req) => {
        const g = await plants.check(requireAuth(req.auth), req.body);
        return ok(req, { sn: g.sn, devices: g.devices });
      },
    );

    route(
      'POST /plant/:id/share',
      { config: sharing, summary: 'Share the plant (its creator only; 701, 702, 703)' },
      async (req) => {
        await plants.share(actor(req), req.params.id, req.body);
        return ok(req, null);
      },
    );

    route('POST /plant/:id/cancelShare', { config: sharing, summary: 'Withdraw a share' }, async (req) => {
      await plants.cancelShare(actor(req), req.params.id, req.body.account);
      return ok(req, null);
    });

    route('GET /plant/:id/getShareUsers', { config: view, summary: 'Who the plant is shared to' }, async (req) =>
      ok(req, await plants.shareUsers(requireAuth(req.auth), req.params.id)),
    );

    route(
      'POST /plant/:id/transfer',
      {
        config: transferring,
        summary: 'Transfer ownership with the owner’s password (RSA-encrypted as at sign-in; wrong: 108)',
      },
      async (req) => {
        await plants.transfer(actor(req), req.params.id, req.body);
        return ok(req, null);
      },
    );

    route(
      'POST /plant/:id/picture',
      {
        config: edit,
        summary: 'Upload the plant picture (multipart field "file"; JPG or PNG by content, at most 3 MB)',
      },
      async (req) => {
        const a = actor(req);
        const p = await plantFor(deps.db, a.auth, req.params.id, 'edit');
        if (!req.isMultipart()) throw new ValidationError([{ field: 'file', rule: 'required' }]);
        const file = await req.file();
        if (!file) throw new ValidationError([{ field: 'file', rule: 'required' }]);
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (err) {
          if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
            throw new ValidationError([{ field: 'file', rule: 'pictureSize' }]);
          }
          throw err;
        }
        const stored = await storePicture(deps.db, p.id, bytes, a.auth.userId);
        await plants.logPicture(a, p.id, p.picture, stored.url);
        return ok(req, stored);
      },
    );

    route('GET /plant/:id/picture', { config: view, summary: 'The plant picture as an image' }, async (req, reply) => {
      const p = await visiblePlant(deps.db, requireAuth(req.auth), req.params.id);
      const picture = await loadPicture(deps.db, p.id);
      if (!picture) throw new AppError('notFound', { httpStatus: 404 });
      return reply
        .type(picture.type)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(picture.bytes);
    });

    const dict = { access: 'signedIn', scope: 'none' } as const;

    route(
      'GET /dict/currencies',
      { config: dict, summary: 'ISO 4217 currencies with their names in the caller’s language' },
      async (req) => {
        const names = new Intl.DisplayNames([INTL_LOCALE[req.lang]], { type: 'currency', fallback: 'code' });
        return ok(
          req,
          CURRENCIES.map((code) => ({ code, name: names.of(code) ?? code })),
        );
      },
    );

    route(
      'GET /dict/timezones',
      { config: dict, summary: 'IANA time zones with their current UTC offset in minutes' },
      async (req) => {
        const now = Date.now();
        return ok(
          req,
          timeZoneList().map((id) => ({ id, offsetMinutes: zoneOffsetMinutes(now, id) })),
        );
      },
    );

    route(
      'GET /dict/plantTypes',
      { config: dict, summary: 'Plant types (spec §3) and their number in the overview route' },
      async (req) =>
        ok(
          req,
          PLANT_TYPES.map((value) => ({ value, route: PLANT_TYPE_ROUTE[value] })),
        ),
    );

    route(
      'GET /dict/inverterEquipTypes',
      {
        config: dict,
        summary: 'Inverter kinds (string, micro, hybrid): what a plant and an inverter are filtered and built by',
      },
      async (req) =>
        ok(
          req,
          INVERTER_KINDS.map((value) => ({ value })),
        ),
    );

    route(
      'GET /dict/protocols',
      {
        config: dict,
        summary:
          'Device protocols: the built-in ones, then every protocol code of the protocol table (a device whose protocol is that code uses its register map); settings: whether it has a settings form (others answer 601)',
      },
      async (req) =>
        ok(req, [
          ...SETTINGS_PROTOCOLS.map((value) => ({ value, settings: true })),
          ...(await dataProtocols(deps.db)).filter((p) => !isSettingsProtocol(p.value.toLowerCase())),
        ]),
    );
  };
}
