import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { callerOf } from '../commands/device-command.js';
import type { UpgradeDispatcher } from './dispatcher.js';
import type { FileStore } from '../files/store.js';
import { imageFor } from './download.js';
import { mayUpgrade } from './eligibility.js';
import type { ManifestKey } from './manifest-key.js';
import { abortRollout, listRollouts, resumeRollout, rolloutById } from './rollouts.js';
import type { UpgradeService } from './service.js';

export interface UpgradeRouteDeps {
  db: Db;
  upgrades: UpgradeService;
  dispatcher: Pick<UpgradeDispatcher, 'kick'>;
  key: ManifestKey;
  files: FileStore;
  now: () => number;
}

/**
 * Remote upgrades of every device kind (issue 13 points 3 and 4; spec §7 upgrade, batchUpgrade, cutUpgrade,
 * upgrade/progress, upgrade/{sn}/check). The routes take `equip.view`; the device's kind decides the permission
 * that upgrades it (UPGRADE_PERMISSION, checked in the service: 403 otherwise), and every device, gateway and
 * firmware is reached through the access layer. The maintenance records (GET /upgrade/records and its export)
 * are registered by their own module.
 */
export function upgradeRoutes(deps: UpgradeRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, upgrades } = deps;
    const route = contractRoutes(app, 'upgrades', {
      rolloutId: z.string().max(64),
      upgradeId: z.string().max(64),
    });
    const equip = { access: 'equip.view', scope: 'company' } as const;
    const open = { access: 'public', scope: 'none' } as const;

    route(
      'GET /upgrade/manifestKey',
      { config: open, summary: 'The platform’s Ed25519 public key (SPKI PEM) that signs upgrade manifests' },
      async (req) => ok(req, { publicKey: deps.key.publicPem, fingerprint: deps.key.fingerprint }),
    );

    route(
      'POST /equip/:sn/upgrade/check',
      { config: equip, summary: 'What the device runs, whether it is online, and the firmware it may take now' },
      async (req) => ok(req, await upgrades.check(callerOf(req), req.params.sn)),
    );

    route(
      'POST /equip/:sn/upgrade',
      {
        config: equip,
        summary:
          'Upgrade one device or gateway (1201 offline without confirmOffline, 1202, 1207, 1208, 1211, 4001; an offline gateway waits)',
      },
      async (req) => ok(req, await upgrades.start(callerOf(req), req.params.sn, req.body)),
    );

    route(
      'POST /equip/:sn/cutUpgrade',
      { config: equip, summary: 'Cancel the device’s open upgrade (1209 when it cannot be stopped)' },
      async (req) => ok(req, await upgrades.cancel(callerOf(req), req.params.sn)),
    );

    route(
      'GET /equip/:sn/upgrade/progress',
      { config: equip, summary: 'The device’s newest upgrade with its steps, or null' },
      async (req) => ok(req, await upgrades.progress(callerOf(req), req.params.sn)),
    );

    route(
      'POST /equip/batchUpgrade',
      {
        config: equip,
        summary: 'Upgrade up to 50 devices to one firmware, at once or as a staged rollout; refusals per device',
      },
      async (req) => ok(req, await upgrades.startBatch(callerOf(req), req.lang, req.body)),
    );

    route(
      'GET /upgrade/rollouts',
      { config: equip, summary: 'The company’s staged rollouts, newest first' },
      async (req) => ok(req, await listRollouts(db, requireAuth(req.auth), req.query)),
    );

    for (const action of ['resume', 'abort'] as const) {
      route(
        `POST /upgrade/rollout/:rolloutId/${action}`,
        {
          config: equip,
          summary:
            action === 'resume'
              ? 'Go on with a halted rollout’s next wave'
              : 'Stop a rollout: its devices not yet sent are cancelled',
        },
        async (req) => {
          const auth = requireAuth(req.auth);
          const r = await rolloutById(db, auth, req.params.rolloutId);
          mayUpgrade(auth, r.kind);
          if (action === 'resume') await resumeRollout(db, r.id, deps.now());
          else await abortRollout(db, r.id, deps.now());
          await deps.dispatcher.kick();
          return ok(req, await rolloutById(db, auth, r.id));
        },
      );
    }

    route(
      'GET /upgrade/image/:upgradeId',
      {
        config: open,
        summary: 'The image of a running upgrade for its gateway (the manifest’s token); Range requests resume',
      },
      async (req, reply) => {
        const got = await imageFor(
          db,
          deps.files,
          deps.now(),
          req.params.upgradeId,
          req.query.token,
          req.headers.range,
        );
        reply.header('accept-ranges', 'bytes').header('cache-control', 'no-store');
        if (got.status === 416) return reply.code(416).header('content-range', `bytes */${got.size}`).send();
        reply.type('application/octet-stream');
        if (got.status === 206) reply.code(206).header('content-range', `bytes ${got.first}-${got.last}/${got.size}`);
        return reply.send(got.bytes);
      },
    );
  };
}
