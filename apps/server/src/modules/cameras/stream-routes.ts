import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { recordingSegment, storageSpace } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { findChannel } from './finders.js';
import { spansOf, vodPlaylist } from './recording/playlist.js';
import type { SpaceStores } from './recording/space-store.js';
import { LIVE_NAMES, liveFile } from './stream/ffmpeg-args.js';
import { LEASE_SECONDS, type StreamSupervisor } from './stream/supervisor.js';

/** A watch answers once the first segment is there, or after this long with the state found so far. */
const FIRST_SEGMENT_WAIT_MS = 8_000;
/** The longest stretch a recordings or playback request covers. */
const MAX_RANGE_MS = 31 * 86_400_000;

const PLAYLIST = 'index.m3u8';
/** Only the playlist and numbered segments: nothing else of the folder, and no path can be built from it. */
const SEGMENT = /^\d{1,20}\.ts$/;
const HLS_TYPE = 'application/vnd.apple.mpegurl';
const TS_TYPE = 'video/mp2t';

/**
 * Live view and recordings of a channel (issue 18 points 2 and 3), key camera.view. Every route reaches the
 * channel through its camera's plant (findChannel): another company's channel "does not exist", for the
 * playlists and segments too.
 */
export function streamRoutes(deps: {
  db: Db;
  supervisor: StreamSupervisor;
  stores: SpaceStores;
  /** Whether ffmpeg can be run here; without it a watch is refused with a clear error. */
  ffmpeg: () => boolean;
  now: () => number;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, supervisor, stores } = deps;
    const route = contractRoutes(app, 'cameras', { channelId: z.string().max(64), file: z.string().max(64) });
    const config = { access: 'camera.view', scope: 'company' } as const;

    route(
      'POST /camera/watch/:channelId',
      { config, summary: 'Open or renew a hold on a channel’s live stream; answers once its first segment is there' },
      async (req) => {
        const { channel } = await findChannel(db, requireAuth(req.auth), req.params.channelId);
        if (!deps.ffmpeg()) throw new AppError('ffmpegMissing');
        const { quality } = req.body;
        const { viewerId } = await supervisor.watch(channel.id, req.body.viewerId, quality);
        await supervisor.waitForPlaylist(channel.id, FIRST_SEGMENT_WAIT_MS, quality);
        return ok(req, {
          viewerId,
          playlist: `camera/live/${channel.id}/${LIVE_NAMES[quality].playlist}`,
          leaseSeconds: LEASE_SECONDS,
          state: supervisor.stateOf(channel.id, quality),
        });
      },
    );

    route(
      'POST /camera/unwatch/:channelId',
      { config, summary: 'End a viewer’s hold; the stream stops when nobody holds it and it is not recording' },
      async (req) => {
        const { channel } = await findChannel(db, requireAuth(req.auth), req.params.channelId);
        await supervisor.unwatch(channel.id, req.body.viewerId);
        return ok(req, null);
      },
    );

    route(
      'GET /camera/live/:channelId/:file',
      {
        config,
        summary:
          'The live HLS playlist (index.m3u8; main.m3u8 for the main stream) or one of its segments (<n>.ts, main-<n>.ts)',
      },
      async (req, reply) => {
        const { channel } = await findChannel(db, requireAuth(req.auth), req.params.channelId);
        // Only the playlists and numbered segments: nothing else of the folder, and no path can be built from it.
        const wanted = liveFile(req.params.file);
        if (!wanted) throw new AppError('notFound', { httpStatus: 404 });
        const bytes = await readFile(path.join(supervisor.dirOf(channel.id, wanted.quality), wanted.file)).catch(
          () => null,
        );
        if (!bytes) throw new AppError('notFound', { httpStatus: 404 });
        const playlist = wanted.file === PLAYLIST;
        return reply
          .header('cache-control', playlist ? 'no-cache, no-store' : 'private, max-age=60')
          .type(playlist ? HLS_TYPE : TS_TYPE)
          .send(bytes);
      },
    );

    route(
      'GET /camera/recordings/:channelId',
      { config, summary: 'The stretches of recorded video of a channel between `from` and `to` (ms)' },
      async (req) => {
        const { channel } = await findChannel(db, requireAuth(req.auth), req.params.channelId);
        const { to } = req.query;
        // A longer range is cut to its last month; an empty one has nothing in it.
        const from = Math.max(req.query.from, to - MAX_RANGE_MS);
        if (!(to > from)) return ok(req, []);
        const rows = await db
          .select({
            id: recordingSegment.id,
            startedAt: recordingSegment.startedAt,
            durationMs: recordingSegment.durationMs,
            eventId: recordingSegment.eventId,
          })
          .from(recordingSegment)
          .where(
            and(
              eq(recordingSegment.channelId, channel.id),
              lt(recordingSegment.startedAt, new Date(to)),
              gt(
                sql`${recordingSegment.startedAt} + ${recordingSegment.durationMs} * interval '1 millisecond'`,
                new Date(from),
              ),
            ),
          )
          .orderBy(asc(recordingSegment.startedAt));
        return ok(req, spansOf(rows.map((r) => ({ ...r, startedAt: r.startedAt.getTime() }))));
      },
    );

    route(
      'GET /camera/playback/:channelId/:file',
      { config, summary: 'A recorded stretch as an HLS playlist (index.m3u8?from&seconds) or one of its segments' },
      async (req, reply) => {
        const { channel } = await findChannel(db, requireAuth(req.auth), req.params.channelId);
        const file = req.params.file;
        if (file === PLAYLIST) {
          const { seconds } = req.query;
          // Without `from`: the last `seconds` up to now.
          const from = req.query.from ?? deps.now() - seconds * 1000;
          const rows = await db
            .select({
              id: recordingSegment.id,
              startedAt: recordingSegment.startedAt,
              durationMs: recordingSegment.durationMs,
            })
            .from(recordingSegment)
            .where(
              and(
                eq(recordingSegment.channelId, channel.id),
                lt(recordingSegment.startedAt, new Date(from + seconds * 1000)),
                gt(
                  sql`${recordingSegment.startedAt} + ${recordingSegment.durationMs} * interval '1 millisecond'`,
                  new Date(from),
                ),
              ),
            )
            .orderBy(asc(recordingSegment.startedAt));
          const playlist = vodPlaylist(rows.map((r) => ({ ...r, startedAt: r.startedAt.getTime() })));
          return reply.header('cache-control', 'no-cache, no-store').type(HLS_TYPE).send(playlist);
        }
        if (!SEGMENT.test(file)) throw new AppError('notFound', { httpStatus: 404 });
        const id = Number(file.slice(0, -3));
        if (!Number.isSafeInteger(id)) throw new AppError('notFound', { httpStatus: 404 });
        const [row] = await db
          .select({ objectKey: recordingSegment.objectKey, space: storageSpace })
          .from(recordingSegment)
          .innerJoin(storageSpace, eq(storageSpace.id, recordingSegment.storageSpaceId))
          .where(and(eq(recordingSegment.id, id), eq(recordingSegment.channelId, channel.id)));
        const bytes = row ? await (await stores.of(row.space)).get(row.objectKey) : undefined;
        if (!bytes) throw new AppError('notFound', { httpStatus: 404 });
        // A stored segment never changes: the browser may keep it.
        return reply.header('cache-control', 'private, max-age=86400').type(TS_TYPE).send(bytes);
      },
    );
  };
}
