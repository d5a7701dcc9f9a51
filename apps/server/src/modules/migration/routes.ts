import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MigrationConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { Importer } from './importer.js';
import type { Migrator } from './job.js';
import { migrationStatus, requestMigration } from './service.js';
import { SIGNATURE_HEADERS, verify } from './signature.js';

/** A batch of history is at most PAGE_ROWS rows of a table; this leaves room for wide sample rows. */
const INTERNAL_BODY_LIMIT = 32 * 1024 * 1024;

export interface MigrationDeps {
  db: Db;
  config: MigrationConfig | undefined;
  /** Undefined when the feature is off. */
  migrator: Migrator | undefined;
  now: () => number;
}

/** The user's side of account migration (spec §7 user/migrate, user/migrate/status). */
export function migrationRoutes(deps: MigrationDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'migration');
    const self = { access: 'signedIn', scope: 'self' } as const;

    route(
      'GET /user/migrate/status',
      { config: self, summary: 'Whether migration is available, the peer regions, and the caller’s newest request' },
      async (req) => ok(req, await migrationStatus(deps.db, deps.config, requireAuth(req.auth))),
    );

    route(
      'POST /user/migrate',
      {
        config: self,
        summary: 'Ask to move the signed-in account, with its plants and history, to another region',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        await requestMigration(deps.db, deps.config, auth, req.ip, req.body.region);
        void deps.migrator?.kick();
        return ok(req, await migrationStatus(deps.db, deps.config, auth));
      },
    );
  };
}

/**
 * The server-to-server side, registered only when the feature is configured: not part of the user API, so
 * public to the token check (scope none) and guarded instead by an HMAC of the exact body with REGION_SECRET
 * and a recent timestamp. A call without a valid signature gets 401 before its body is looked at.
 */
export function internalMigrationRoutes(deps: {
  db: Db;
  config: MigrationConfig;
  now: () => number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const raw = new WeakMap<FastifyRequest, string>();
    // The signature is over the exact bytes: this plugin's JSON parser keeps them.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: INTERNAL_BODY_LIMIT },
      (req, body, done) => {
        const text = typeof body === 'string' ? body : body.toString('utf8');
        raw.set(req, text);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(new AppError('validation', { httpStatus: 400 }), undefined);
        }
      },
    );
    app.addHook('preValidation', async (req) => {
      const h = (name: string) => {
        const v = req.headers[name];
        return typeof v === 'string' ? v : undefined;
      };
      const signed = verify(
        deps.config.secret,
        {
          region: h(SIGNATURE_HEADERS.region),
          timestamp: h(SIGNATURE_HEADERS.timestamp),
          signature: h(SIGNATURE_HEADERS.signature),
        },
        req.url.split('?')[0] ?? '',
        raw.get(req) ?? '',
        deps.now(),
      );
      if (!signed || !Object.hasOwn(deps.config.peers, h(SIGNATURE_HEADERS.region) ?? '')) {
        throw new AppError('tokenInvalid', { httpStatus: 401 });
      }
    });

    const importer = new Importer(deps.db);
    const route = contractRoutes(app, 'migration');
    const signed = { access: 'public', scope: 'none' } as const;

    route(
      'POST /internal/migration/batch',
      { config: signed, summary: 'Server to server (signed): import one batch of a migrating account’s rows' },
      async (req) => ok(req, await importer.batch(req.body.table, req.body.rows)),
    );

    route(
      'POST /internal/migration/count',
      { config: signed, summary: 'Server to server (signed): how many rows of the account this region holds' },
      async (req) => ok(req, await importer.count(req.body.userId)),
    );

    route(
      'POST /internal/migration/finish',
      { config: signed, summary: 'Server to server (signed): the account is complete here and may sign in' },
      async (req) => {
        const from = req.headers[SIGNATURE_HEADERS.region];
        await importer.finish(req.body.userId, req.body.migration, String(from), deps.config.region);
        return ok(req, { mqttUrl: deps.config.mqttUrl ?? null });
      },
    );
  };
}
