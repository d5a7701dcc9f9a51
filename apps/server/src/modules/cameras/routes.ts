import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { CameraService } from './service.js';
import type { StorageSpaceService } from './spaces.js';

/**
 * Cameras and storage spaces (issue 18; docs/cameras.md): camera.view reads, camera.edit adds, changes, tests
 * and removes; storage.space manages the company's spaces. The live view and recordings are stream-routes.ts.
 * A camera's password and a bucket's secret key are never answered.
 */
export function cameraRoutes(deps: { cameras: CameraService; spaces: StorageSpaceService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { cameras, spaces } = deps;
    const route = contractRoutes(app, 'cameras', { id: z.uuid() });
    const view = { access: 'camera.view', scope: 'company' } as const;
    const edit = { access: 'camera.edit', scope: 'company' } as const;
    const space = { access: 'storage.space', scope: 'company' } as const;
    const caller = (req: { auth: Parameters<typeof requireAuth>[0]; ip: string }) => ({
      auth: requireAuth(req.auth),
      ip: req.ip,
    });

    route(
      'GET /camera/list',
      { config: view, summary: 'Cameras of a plant or of every plant the caller may see (search name/address, pages)' },
      async (req) => {
        const { page, size, ...q } = req.query;
        return ok(req, await cameras.list(requireAuth(req.auth), q, { page, size }));
      },
    );
    route(
      'GET /camera/:id',
      { config: view, summary: 'One camera with its channels (never its password)' },
      async (req) => ok(req, await cameras.get(requireAuth(req.auth), req.params.id)),
    );
    route(
      'POST /camera/add',
      { config: edit, summary: 'Add a camera to a plant: password 4–20 kept encrypted; channels 1..n are made' },
      async (req) => ok(req, await cameras.add(caller(req), req.body)),
    );
    route(
      'POST /camera/edit/:id',
      {
        config: edit,
        summary:
          'Change a camera; a password left out or blank keeps the kept one; channels grow or shrink from the end',
      },
      async (req) => ok(req, await cameras.edit(caller(req), req.params.id, req.body)),
    );
    route(
      'POST /camera/delete/:id',
      { config: edit, summary: 'Remove a camera with its channels and their recordings' },
      async (req) => {
        await cameras.remove(caller(req), req.params.id);
        return ok(req, null);
      },
    );
    route(
      'POST /camera/test/:id',
      {
        config: edit,
        summary:
          'Connection test of a kept camera (5 s): online with its video, or unreachable / wrongPassword / noStream',
      },
      async (req) => ok(req, await cameras.test(caller(req), req.params.id)),
    );
    route(
      'POST /camera/probe',
      { config: edit, summary: 'Connection test of a camera from the form, before it is saved (nothing is kept)' },
      async (req) => ok(req, await cameras.probeUnsaved(requireAuth(req.auth), req.body)),
    );

    route('GET /storage-space/list', { config: space, summary: 'The company’s video storage spaces' }, async (req) =>
      ok(req, await spaces.list(requireAuth(req.auth))),
    );
    route(
      'POST /storage-space/add',
      {
        config: space,
        summary:
          'Add a storage space (at most 10): a folder below the video folder, or an S3 bucket (secret kept encrypted)',
      },
      async (req) => ok(req, await spaces.add(caller(req), req.body)),
    );
    route(
      'POST /storage-space/edit/:id',
      { config: space, summary: 'Change a storage space; an S3 secret left out keeps the kept one' },
      async (req) => ok(req, await spaces.edit(caller(req), req.params.id, req.body)),
    );
    route(
      'POST /storage-space/delete/:id',
      {
        config: space,
        summary: 'Delete a storage space with its recordings; refused while a camera records into it',
      },
      async (req) => {
        await spaces.remove(caller(req), req.params.id);
        return ok(req, null);
      },
    );
  };
}
