import { describe, expect, it } from 'vitest';
import { SIGNATURE_WINDOW_MS, sign, verify } from './signature.js';

const SECRET = 'the-regions-shared-secret-0123456789abcdef';
const NOW = Date.UTC(2026, 10, 26, 10, 0);
const PATH = '/api/v1/internal/migration/batch';
const BODY = '{"migration":"m","table":"plant","rows":[]}';

function headers(over: { secret?: string; ts?: number; region?: string; path?: string; body?: string } = {}) {
  const ts = over.ts ?? NOW;
  const region = over.region ?? 'eu';
  return {
    region,
    timestamp: String(ts),
    signature: sign(over.secret ?? SECRET, region, ts, over.path ?? PATH, over.body ?? BODY),
  };
}

describe('the signature of a server-to-server call', () => {
  it('is accepted when signed with the secret, for this path and body, within the window', () => {
    expect(verify(SECRET, headers(), PATH, BODY, NOW)).toBe(true);
    expect(verify(SECRET, headers({ ts: NOW - SIGNATURE_WINDOW_MS + 1 }), PATH, BODY, NOW)).toBe(true);
  });

  it('is refused when stale or from the future (a replay), wrong, or for another body, path or region', () => {
    expect(verify(SECRET, headers({ ts: NOW - SIGNATURE_WINDOW_MS - 1 }), PATH, BODY, NOW)).toBe(false);
    expect(verify(SECRET, headers({ ts: NOW + SIGNATURE_WINDOW_MS + 1 }), PATH, BODY, NOW)).toBe(false);
    expect(verify(SECRET, headers({ secret: `${SECRET}x` }), PATH, BODY, NOW)).toBe(false);
    expect(verify(SECRET, headers(), PATH, BODY.replace('plant', 'device'), NOW)).toBe(false);
    expect(verify(SECRET, headers(), '/api/v1/internal/migration/finish', BODY, NOW)).toBe(false);
    expect(verify(SECRET, { ...headers(), region: 'cn' }, PATH, BODY, NOW)).toBe(false);
    expect(verify(SECRET, { ...headers(), signature: 'zz' }, PATH, BODY, NOW)).toBe(false);
    expect(verify(SECRET, {}, PATH, BODY, NOW)).toBe(false);
  });
});
