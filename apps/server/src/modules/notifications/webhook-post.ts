import { createHmac } from 'node:crypto';
import type { AlarmFacts } from './fanout.js';

/** How long a receiver may take to answer before the attempt counts as failed. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** The header a receiver checks: `sha256=` and the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export const SIGNATURE_HEADER = 'x-heliograph-signature';

export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The JSON a webhook receives (docs/notifications.md). */
export function webhookBodyOf(deliveryId: string, facts: AlarmFacts, sentAt: number): string {
  return JSON.stringify({
    id: deliveryId,
    type: facts.transition === 'open' ? 'alarm.opened' : 'alarm.closed',
    sentAt,
    event: {
      id: facts.eventId,
      code: facts.code,
      level: facts.level,
      severity: facts.severity,
      message: facts.message,
      deviceSn: facts.deviceSn,
      plantId: facts.plantId,
      plantName: facts.plantName,
      at: facts.at,
    },
  });
}

/** One POST; resolves when the receiver answered 2xx, otherwise throws with what went wrong. */
export async function postWebhook(url: string, secret: string, deliveryId: string, body: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Heliograph-Webhook/1',
      [SIGNATURE_HEADER]: signBody(secret, body),
      'x-heliograph-delivery': deliveryId,
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // The body is not read: drain it so the connection is freed.
  await res.body?.cancel().catch(() => undefined);
  if (res.status < 200 || res.status >= 300) throw new Error(`HTTP ${res.status}`);
}
