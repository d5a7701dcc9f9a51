import fastifyMultipart from '@fastify/multipart';
import {
  API,
  INVERTER_KINDS,
  LIMITS,
  PLANT_TYPE_ROUTE,
  SETTINGS_PROTOCOLS,
  PLANT_TYPES,
  CURRENCIES,
  timeZoneList,
  zoneOffsetMinutes,
  type Lang,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { RsaKeyStore } from '../auth/keys.js';
import { plantFor, visiblePlant } from './access.js';
import { loadPicture, storePicture } from './picture.js';
import { plantId as plantIdParams } from '../plants/schemas.js';
import { PlantAdminService, type Actor } from './service.js';
import { plantValidatorCompiler } from './validate.js';

const tags = ['plants'];

// BCP-47 tags for Intl: the console's codes cn and po are not tags (po would fall back to English).
const INTL_LOCALE: Record<Lang, string> = {
  cn: 'zh-CN',
  en: 'en',
  vi: 'vi',
  po: 'pl',
  de: 'de',
  es: 'es',
  he: 'he',
  pt: 'pt',
};

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
}): FastifyPluginAsyncZod {
  return async (app) => {
    const plants = new PlantAdminService(deps.db, deps.keys, (sns, freed) => {
      for (const sn of sns) {
        deps.registry?.invalidate(sn);
        if (freed) deps.bus?.disconnect(sn);
      }
    });
    app.setValidatorCompiler(plantValidatorCompiler);
    await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.plantPictureBytes, files: 1, fields: 4 } });
    const actor = (req: { auth: Actor['auth'] | null; ip: string }): Actor => ({
      auth: requireAuth(req.auth),
      ip: req.ip,
    });
    const edit = { access: 'station.edit', scope: 'company' } as const;

    app.post(
      '/plant',
      {
        config: { access: 'station.create', scope: 'company' },
        schema: {
          tags,
          summary: 'Create a plant and bind its gateways',
          body: API['POST /plant'].body,
          response: answers('POST /plant'),
        },
      },
      async (req) => ok(req, await plants.create(actor(req), req.body)),
    );

    app.get(
      '/plant/:id/info',
      {
        config: { access: 'station.view', scope: 'company' },
        schema: {
          tags,
          summary: 'Every editable field of a plant, its gateways and what the caller may do to it',
          params: plantIdParams,
          response: answers('GET /plant/:id/info'),
        },
      },
      async (req) => ok(req, await plants.detail(requireAuth(req.auth), req.params.id)),
    );

    app.post(
      '/plant/:id',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Edit every field of a plant',
          params: plantIdParams,
          body: API['POST /plant/:id'].body,
          response: answers('POST /plant/:id'),
        },
      },
      async (req) => {
        await plants.update(actor(req), req.params.id, 'plant.edit', req.body);
        return ok(req, null);
      },
    );

    app.post(
      '/plant/:id/info',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Edit some of the plant’s own facts',
          params: plantIdParams,
          body: API['POST /plant/:id/info'].body,
          response: answers('POST /plant/:id/info'),
        },
      },
      async (req) => {
        await plants.update(actor(req), req.params.id, 'plant.info', req.body);
        return ok(req, null);
      },
    );

    app.post(
      '/plant/:id/income',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Set the valuation (income) of a plant',
          params: plantIdParams,
          body: API['POST /plant/:id/income'].body,
          response: answers('POST /plant/:id/income'),
        },
      },
      async (req) => {
        await plants.update(actor(req), req.params.id, 'plant.income', req.body);
        return ok(req, null);
      },
    );

    app.post(
      '/plant/:id/contacts',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Set the contact name and phone',
          params: plantIdParams,
          body: API['POST /plant/:id/contacts'].body,
          response: answers('POST /plant/:id/contacts'),
        },
      },
      async (req) => {
        await plants.update(actor(req), req.params.id, 'plant.contacts', req.body);
        return ok(req, null);
      },
    );

    app.post(
      '/plant/:id/delete',
      {
        config: { access: 'station.delete', scope: 'company' },
        schema: {
          tags,
          summary: 'Delete a plant (logically); its gateways are freed',
          params: plantIdParams,
          response: answers('POST /plant/:id/delete'),
        },
      },
      async (req) => {
        await plants.remove(actor(req), req.params.id);
        return ok(req, null);
      },
    );

    app.post(
      '/plant/:id/gateway',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Bind a gateway to the plant, or unbind one of its gateways',
          params: plantIdParams,
          body: API['POST /plant/:id/gateway'].body,
          response: answers('POST /plant/:id/gateway'),
        },
      },
      async (req) => {
        const g = await plants.gateway(actor(req), req.params.id, req.body);
        return ok(req, g && { sn: g.sn, devices: g.devices });
      },
    );

    app.post(
      '/gateways/check',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Check a gateway serial number and registration key before binding (300, 301, 305, 1216)',
          body: API['POST /gateways/check'].body,
          response: answers('POST /gateways/check'),
        },
      },
      async (req) => {
        const g = await plants.check(requireAuth(req.auth), req.body);
        return ok(req, { sn: g.sn, devices: g.devices });
      },
    );

    app.post(
      '/plant/:id/share',
      {
        config: { access: 'station.share', scope: 'company' },
        schema: {
          tags,
          summary: 'Share the plant (its creator only; 701, 702, 703)',
          params: plantIdParams,
          body: API['POST /plant/:id/share'].body,
          response: answers('POST /plant/:id/share'),
        },
      },
      async (req) => {
        await plants.share(actor(req), req.params.id, req.body);
        return ok(req, null);
      },
    );

    app.post(
      '/plant/:id/cancelShare',
      {
        config: { access: 'station.share', scope: 'company' },
        schema: {
          tags,
          summary: 'Withdraw a share',
          params: plantIdParams,
          body: API['POST /plant/:id/cancelShare'].body,
          response: answers('POST /plant/:id/cancelShare'),
        },
      },
      async (req) => {
        await plants.cancelShare(actor(req), req.params.id, req.body.account);
        return ok(req, null);
      },
    );

    app.get(
      '/plant/:id/getShareUsers',
      {
        config: { access: 'station.view', scope: 'company' },
        schema: {
          tags,
          summary: 'Who the plant is shared to',
          params: plantIdParams,
          response: answers('GET /plant/:id/getShareUsers'),
        },
      },
      async (req) => ok(req, await plants.shareUsers(requireAuth(req.auth), req.params.id)),
    );

    app.post(
      '/plant/:id/transfer',
      {
        config: { access: 'station.transfer', scope: 'company' },
        schema: {
          tags,
          summary: 'Transfer ownership with the owner’s password (RSA-encrypted as at sign-in; wrong: 108)',
          params: plantIdParams,
          body: API['POST /plant/:id/transfer'].body,
          response: answers('POST /plant/:id/transfer'),
        },
      },
      async (req) => {
        await plants.transfer(actor(req), req.params.id, req.body);
        return ok(req, null);
      },
    );

    app.post(
      '/plant/:id/picture',
      {
        config: edit,
        schema: {
          tags,
          summary: 'Upload the plant picture (multipart field "file"; JPG or PNG by content, at most 3 MB)',
          params: plantIdParams,
          response: answers('POST /plant/:id/picture'),
        },
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

    app.get(
      '/plant/:id/picture',
      {
        config: { access: 'station.view', scope: 'company' },
        schema: { tags, summary: 'The plant picture as an image', params: plantIdParams },
      },
      async (req, reply) => {
        const p = await visiblePlant(deps.db, requireAuth(req.auth), req.params.id);
        const picture = await loadPicture(deps.db, p.id);
        if (!picture) throw new AppError('notFound', { httpStatus: 404 });
        return reply
          .type(picture.type)
          .header('cache-control', 'private, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .send(picture.bytes);
      },
    );

    const dict = { access: 'signedIn', scope: 'none' } as const;

    app.get(
      '/dict/currencies',
      {
        config: dict,
        schema: {
          tags,
          summary: 'ISO 4217 currencies with their names in the caller’s language',
          response: answers('GET /dict/currencies'),
        },
      },
      async (req) => {
        const names = new Intl.DisplayNames([INTL_LOCALE[req.lang]], { type: 'currency', fallback: 'code' });
        return ok(
          req,
          CURRENCIES.map((code) => ({ code, name: names.of(code) ?? code })),
        );
      },
    );

    app.get(
      '/dict/timezones',
      {
        config: dict,
        schema: {
          tags,
          summary: 'IANA time zones with their current UTC offset in minutes',
          response: answers('GET /dict/timezones'),
        },
      },
      async (req) => {
        const now = Date.now();
        return ok(
          req,
          timeZoneList().map((id) => ({ id, offsetMinutes: zoneOffsetMinutes(now, id) })),
        );
      },
    );

    app.get(
      '/dict/plantTypes',
      {
        config: dict,
        schema: {
          tags,
          summary: 'Plant types (spec §3) and their number in the overview route',
          response: answers('GET /dict/plantTypes'),
        },
      },
      async (req) =>
        ok(
          req,
          PLANT_TYPES.map((value) => ({ value, route: PLANT_TYPE_ROUTE[value] })),
        ),
    );

    app.get(
      '/dict/inverterEquipTypes',
      {
        config: dict,
        schema: {
          tags,
          summary: 'Inverter kinds (string, micro, hybrid): what a plant and an inverter are filtered and built by',
          response: answers('GET /dict/inverterEquipTypes'),
        },
      },
      async (req) =>
        ok(
          req,
          INVERTER_KINDS.map((value) => ({ value })),
        ),
    );

    app.get(
      '/dict/protocols',
      {
        config: dict,
        schema: {
          tags,
          summary:
            'Device protocols the console decodes, and whether it has a settings form for them (others answer 601)',
          response: answers('GET /dict/protocols'),
        },
      },
      async (req) =>
        ok(
          req,
          SETTINGS_PROTOCOLS.map((value) => ({ value, settings: true })),
        ),
    );
  };
}
