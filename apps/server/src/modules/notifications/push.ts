import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.js';
import { serverSecret } from '../../db/schema.js';

/** The VAPID key pair, made on first start and shared by every instance through the database. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SECRET = 'vapid-keys';

/** Loads the VAPID keys, making them on first start (`on conflict do nothing`: instances starting together agree). */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(serverSecret)
    .values({ name: VAPID_SECRET, value: JSON.stringify(made) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, VAPID_SECRET));
  if (!row) throw new Error('VAPID keys missing after insert');
  return JSON.parse(row.value) as VapidKeys;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends one web push; answers `gone` when the browser dropped the subscription (404/410: forget it). */
export interface PushTransport {
  send(target: PushTarget, payload: string): Promise<{ gone: boolean }>;
}

/** Web push through the browsers' push services, signed with the VAPID keys. */
export function webPushTransport(keys: VapidKeys, subject: string): PushTransport {
  return {
    async send(target, payload) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          payload,
          {
            vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
            TTL: 3600,
            timeout: 10_000,
          },
        );
        return { gone: false };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return { gone: true };
        throw err;
      }
    },
  };
}
