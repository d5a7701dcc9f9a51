import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far a signed call's timestamp may be from this server's clock, either way. */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export const SIGNATURE_HEADERS = {
  region: 'x-heliograph-region',
  timestamp: 'x-heliograph-timestamp',
  signature: 'x-heliograph-signature',
} as const;

/**
 * The HMAC-SHA256 (hex) of a server-to-server call, with the regions' shared secret: over the sending region,
 * the timestamp (ms), the path and the exact body bytes, so neither can be changed or moved to another call.
 */
export function sign(secret: string, region: string, timestamp: number, path: string, body: string): string {
  return createHmac('sha256', secret).update(`${region}\n${timestamp}\n${path}\n${body}`).digest('hex');
}

/** Whether a call is signed with the secret and was signed recently (a stale one may be a replay). */
export function verify(
  secret: string,
  headers: { region?: string; timestamp?: string; signature?: string },
  path: string,
  body: string,
  now: number,
): boolean {
  const { region, timestamp, signature } = headers;
  if (!region || !timestamp || !signature || !/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) {
    return false;
  }
  const ts = Number(timestamp);
  if (Math.abs(now - ts) > SIGNATURE_WINDOW_MS) return false;
  const expected = Buffer.from(sign(secret, region, ts, path, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
