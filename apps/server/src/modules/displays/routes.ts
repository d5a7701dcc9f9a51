import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { COMPANY_LIMITS, type DisplayTotals } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { display } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { sseStreams } from '../../http/sse.js';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import { imageOf, logoFits } from '../companies/files.js';
import { readUpload } from '../files/multipart.js';
import type { FileStore } from '../files/store.js';
import { displayFigures, displayTotals } from './data.js';
import { DisplayTicker } from './live.js';
import { DisplayService } from './service.js';
import { EmbedService } from './embeds.js';

/**
 * Large-screen displays (issue 16 point 4, spec §7 fullscreen/*): the company's staff holding fullscreen.list
 * define them; the display's data and live stream are also read with the display's link (`links`), which the
 * access hook turns into a caller whose plant scope is the display's plants (access/policies.ts).
 */
export function displayRoutes(deps: {
  db: Db;
  files: FileStore;
  now: () => number;
  /** How often the live totals are sent (5 s; tests shorten it). */
  tickMs?: number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, files } = deps;
    const service = new DisplayService(db, deps.now);
    const ticker = new DisplayTicker({
      db,
      now: deps.now,
      tickMs: deps.tickMs ?? 5000,
      onError: (err) => app.log.warn({ err }, 'display totals could not be computed'),
    });
    await app.register(fastifyMultipart, { limits: { fileSize: COMPANY_LIMITS.logoBytes, files: 1, fields: 2 } });
    const isTooLarge = (e: unknown) => e instanceof app.multipartErrors.RequestFileTooLargeError;
    const route = contractRoutes(app, 'displays', { id: z.uuid() });
    const manage = { access: 'fullscreen.list', scope: 'company' } as const;
    const view = { ...manage, links: ['display'] } as const;

    const streams = sseStreams(app);
    app.addHook('onClose', async () => ticker.stop());

    route(
      'GET /fullscreen/list',
      { config: manage, summary: 'The caller’s company’s displays, newest first' },
      async (req) => ok(req, await service.list(requireAuth(req.auth), req.query)),
    );

    route(
      'POST /fullscreen/add',
      { config: manage, summary: 'Define a display: plants, style, title (the logo is uploaded after)' },
      async (req) => ok(req, await service.create(requireAuth(req.auth), req.body, req.ip)),
    );

    route(
      'GET /fullscreen/display/:id',
      { config: view, summary: 'A display; also with its display link (then without plant ids and link)' },
      async (req) => ok(req, await service.get(requireAuth(req.auth), req.params.id)),
    );

    route('POST /fullscreen/display/:id', { config: manage, summary: 'Change a display' }, async (req) =>
      ok(req, await service.update(requireAuth(req.auth), req.params.id, req.body, req.ip)),
    );

    route(
      'POST /fullscreen/display/:id/delete',
      { config: manage, summary: 'Delete a display; its link stops working' },
      async (req) => {
        await service.remove(requireAuth(req.auth), req.params.id, (tx, fileId) => files.remove(tx, fileId), req.ip);
        return ok(req, null);
      },
    );

    const replaceLogo = async (auth: ReturnType<typeof requireAuth>, id: string, bytes: Buffer | null, ip: string) => {
      const row = await service.row(auth, id, true);
      await db.transaction(async (tx) => {
        const stored = bytes
          ? await files.put(tx, {
              kind: 'logo',
              name: 'display-logo',
              contentType: imageOf(bytes)?.type ?? 'application/octet-stream',
              bytes,
              companyId: row.companyId,
              ownerId: auth.userId,
            })
          : null;
        await tx
          .update(display)
          .set({ logoFileId: stored?.id ?? null, updatedAt: new Date(deps.now()) })
          .where(eq(display.id, row.id));
        if (row.logoFileId) await files.remove(tx, row.logoFileId);
        await recordAudit(tx, auth, ip, {
          action: bytes ? 'display.logo' : 'display.logoDelete',
          targetKind: 'display',
          targetId: row.id,
          newValue: stored ? { fileId: stored.id } : null,
          companyId: row.companyId,
        });
      });
      return service.get(auth, row.id);
    };

    route(
      'POST /fullscreen/display/:id/logo',
      {
        config: manage,
        summary: `The display’s logo (multipart "file"): JPG or PNG by content, 220×58 or 58×58 pixels, at most ${COMPANY_LIMITS.logoBytes / 1024} KB`,
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        await service.row(auth, req.params.id, true);
        const { bytes } = await readUpload(req, {
          maxBytes: COMPANY_LIMITS.logoBytes,
          fields: 2,
          tooBig: 'logoBytes',
          isTooLarge,
        });
        const image = imageOf(bytes);
        if (!image) throw new ValidationError([{ field: 'file', rule: 'logoType' }]);
        if (!logoFits('wide', image.size) && !logoFits('square', image.size))
          throw new ValidationError([{ field: 'file', rule: 'logoWideSize' }]);
        return ok(req, await replaceLogo(auth, req.params.id, bytes, req.ip));
      },
    );

    route(
      'POST /fullscreen/display/:id/logo/delete',
      { config: manage, summary: 'Remove the display’s logo: the company’s is shown' },
      async (req) => ok(req, await replaceLogo(requireAuth(req.auth), req.params.id, null, req.ip)),
    );

    route(
      'POST /fullscreen/display/:id/link',
      {
        config: manage,
        summary: 'A new display link (read-only token, shown once); the display’s previous link stops working',
      },
      async (req) => ok(req, await service.newLink(requireAuth(req.auth), req.params.id, req.ip)),
    );

    route(
      'POST /fullscreen/display/:id/link/revoke',
      { config: manage, summary: 'Revoke the display link: screens using it stop at once' },
      async (req) => ok(req, await service.revokeLink(requireAuth(req.auth), req.params.id, req.ip)),
    );

    const embeds = new EmbedService(db, deps.now);
    const plantView = { access: 'station.view', scope: 'company' } as const;
    route(
      'GET /fullscreen/embeds',
      { config: plantView, summary: 'A plant’s embed links in force (for a user who may change the plant)' },
      async (req) => ok(req, await embeds.list(requireAuth(req.auth), req.query.plantId)),
    );
    route(
      'POST /fullscreen/embed',
      { config: plantView, summary: 'A read-only embed link of a plant for /plantFlow (token shown once)' },
      async (req) => ok(req, await embeds.create(requireAuth(req.auth), req.body, req.ip)),
    );
    route(
      'POST /fullscreen/embed/:id/revoke',
      { config: plantView, summary: 'Revoke a plant’s embed link: pages showing it stop at once' },
      async (req) => {
        await embeds.revoke(requireAuth(req.auth), req.params.id, req.ip);
        return ok(req, null);
      },
    );

    route(
      'GET /fullscreen/display/:id/data',
      {
        config: view,
        summary:
          'What a display shows: fleet totals, this year’s energy, 24 h power, plants for the map, top plants, open alarms',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const shown = await service.get(auth, req.params.id);
        const { scope } = await service.scope(auth, req.params.id);
        const now = new Date(deps.now());
        const [totals, figures] = await Promise.all([
          displayTotals(db, auth, scope, now),
          displayFigures(db, auth, scope, now),
        ]);
        const { link: _link, plants: _plants, ...rest } = shown;
        return ok(req, { display: rest, totals, ...figures });
      },
    );

    route(
      'GET /fullscreen/display/:id/live',
      {
        config: view,
        summary: 'Server-sent events: `totals` (the data call’s totals) every few seconds; `revoked` when the link is',
      },
      async (req, reply) => {
        const auth = requireAuth(req.auth);
        const { scope } = await service.scope(auth, req.params.id);
        const stream = streams.open(req, reply, JSON.stringify({ displayId: scope.id }));
        const stop = ticker.watch(scope, {
          linkId: auth.link?.id,
          send: (totals: DisplayTotals) => stream.send('totals', JSON.stringify(totals)),
          revoked: () => {
            stream.send('revoked', '{}');
            stream.end();
          },
        });
        stream.onClose(stop);
      },
    );
  };
}
