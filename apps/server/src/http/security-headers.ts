import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';

/** HSTS for answers served over HTTPS: a year, subdomains included. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The CSP source of a map tile URL template: `https://{s}.tile.example.org/{z}/{x}/{y}.png` becomes
 * `https://*.tile.example.org` (a placeholder in the host's first label is a subdomain wildcard). A template
 * that cannot be turned into a host source gives nothing, so a typo never widens the policy.
 */
export function tileSource(template: string | undefined): string | undefined {
  const m = template ? /^(https?):\/\/([^/?#]+)/i.exec(template.trim()) : null;
  if (!m?.[1] || !m[2]) return undefined;
  const [first = '', ...rest] = m[2].split('.');
  const label = /\{[^}]*\}/.test(first) ? '*' : first;
  const host = [label, ...rest].join('.');
  if (!/^(\*|[a-z0-9-]+)(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(host) || host === '*') return undefined;
  return `${m[1].toLowerCase()}://${host.toLowerCase()}`;
}

/** The Content-Security-Policy directives, with the configured map tile hosts allowed as images. */
export function cspDirectives(config: Pick<Config, 'mapTileUrl' | 'mapTileUrlCn'>): Record<string, string[]> {
  const tiles = [...new Set([tileSource(config.mapTileUrl), tileSource(config.mapTileUrlCn)])].filter(
    (s): s is string => s !== undefined,
  );
  return {
    'default-src': ["'self'"],
    // Only the built bundle's own files: no inline script, no eval.
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // Ant Design's CSS-in-JS injects <style> tags at run time and index.html has its boot style; a nonce would
    // need index.html rendered per request, so styles (never scripts) may be inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...tiles],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    // Camera video (issue 18): hls.js feeds the <video> through Media Source Extensions, a blob: address, and
    // parses segments in a worker it starts from a blob: address.
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every answer — the web app, the API, errors and 404s (issue 9): a strict CSP,
 * nosniff, no framing, a referrer policy, and HSTS only when the request came over HTTPS (directly or as
 * X-Forwarded-Proto from a proxy the server trusts), so a plain-HTTP install is never locked out.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: { config: Pick<Config, 'mapTileUrl' | 'mapTileUrlCn'> }) => {
    // Built once: @fastify/helmet rebuilt this middleware (parsing the CSP again) on every request, a tenth
    // of the CPU of an authenticated GET. The headers it sets are the same on every answer.
    const apply = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.config) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Set below, only over HTTPS.
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    app.addHook('onRequest', (req, reply, done) => {
      apply(req.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
    });
    app.addHook('onRequest', async (req, reply) => {
      if (req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
    });
  },
  { name: 'security-headers' },
);
