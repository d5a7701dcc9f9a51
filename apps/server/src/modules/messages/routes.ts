import { MESSAGE_TYPE } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { Reader } from '../bulletins/audience.js';
import type { MessageBus } from '../mqtt/bus.js';
import { MESSAGE_TOPIC_PREFIX } from '../mqtt/topics.js';
import { currentMaintenance, firstUnread, listInbox, markAllRead, markRead, unreadCount } from './inbox.js';

export interface MessageDeps {
  db: Db;
  bus?: MessageBus;
  now: () => number;
  /** This deployment's region (REGION), '' without one. */
  region: string;
}

/**
 * The caller's notice centre (spec §2.2 notice, §4 "Message: read or unread, with a mark-all-read action", §7
 * messageTd/*): their messages, the bulletins and maintenance notices addressed to them, the shell's badge,
 * toast and dialogs. Everything here is the caller's own (scope self): another account's message "does not exist".
 */
export function messageRoutes(deps: MessageDeps): FastifyPluginAsyncZod {
  const reader = (auth: AuthContext): Reader => ({
    userId: auth.userId,
    companyId: auth.companyId,
    region: deps.region,
    now: deps.now(),
  });
  // The caller's other tabs and devices refresh their badge (every instance forwards it: live.ts).
  const changed = async (userId: string) => {
    await deps.bus?.publish(`${MESSAGE_TOPIC_PREFIX}${userId}`, '{}');
  };

  return async (app) => {
    const route = contractRoutes(app, 'messages');
    const own = { access: 'signedIn', scope: 'self' } as const;

    route(
      'GET /messageTd/count',
      { config: own, summary: 'How many of the caller’s notices are unread' },
      async (req) => ok(req, { count: await unreadCount(deps.db, reader(requireAuth(req.auth))) }),
    );

    route(
      'GET /messageTd/messages',
      { config: own, summary: 'The caller’s notice centre, newest first, by type, read state and text' },
      async (req) => {
        const { type, read, q, page, size } = req.query;
        const filter = { type, read: read === undefined ? undefined : read === '1', q: q || undefined };
        return ok(req, await listInbox(deps.db, reader(requireAuth(req.auth)), req.lang, filter, page, size));
      },
    );

    route('POST /messageTd/readMessage', { config: own, summary: 'Mark one notice read' }, async (req) => {
      const auth = requireAuth(req.auth);
      await markRead(deps.db, reader(auth), [req.body]);
      await changed(auth.userId);
      return ok(req, null);
    });

    route(
      'POST /messageTd/readMessageBatch',
      { config: own, summary: 'Mark several notices read (all of them or none)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        await markRead(deps.db, reader(auth), req.body.items);
        await changed(auth.userId);
        return ok(req, null);
      },
    );

    route('POST /messageTd/readAll', { config: own, summary: 'Mark every notice of the caller read' }, async (req) => {
      const auth = requireAuth(req.auth);
      const marked = await markAllRead(deps.db, reader(auth));
      await changed(auth.userId);
      return ok(req, { marked });
    });

    route(
      'GET /getLastUnReadNotice',
      { config: own, summary: 'The newest unread bulletin addressed to the caller (the shell’s toast)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const notice = await firstUnread(deps.db, reader(auth), req.lang, { kind: 'bulletin' }, 'newest');
        return ok(req, { notice });
      },
    );

    route(
      'GET /messageTd/popup',
      { config: own, summary: 'The oldest unread migration notice or system notice tip (the shell’s dialog)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const notice = await firstUnread(
          deps.db,
          reader(auth),
          req.lang,
          { kind: 'message', types: [MESSAGE_TYPE.migration, MESSAGE_TYPE.systemNotice] },
          'oldest',
        );
        return ok(req, { notice });
      },
    );

    route(
      'GET /ssPointNotice/current',
      { config: own, summary: 'The maintenance notices in effect for the caller now' },
      async (req) => ok(req, { notices: await currentMaintenance(deps.db, reader(requireAuth(req.auth)), req.lang) }),
    );
  };
}
