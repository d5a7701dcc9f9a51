import type { FastifyInstance, FastifyRequest } from 'fastify';

/** All cached answers together stay under this many bytes (the map of 10,000 plants is about 1.5 MB). */
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  body: string;
  contentType: string;
  at: number;
}

/**
 * A moment's memory of the answers fleets poll (issue 11): the plant list, its counts and the map are the
 * same for every request of one caller within `ttlMs`, so a page that asks again, or a dashboard of four
 * widgets asking at once, costs one query instead of one each. Only GET routes that say `cacheable`, only
 * answers with HTTP 200, and always per caller (user and session: what a caller may see is its own), keyed by
 * the whole URL. Whatever this instance changes (any other method answered) forgets everything at once, so a
 * caller always sees its own edits; changes made elsewhere (another instance, ingest) show within `ttlMs`.
 * `ttlMs` 0 turns it off (the tests run without it unless they test it).
 */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  /** Requests answered from here: their answer is not stored again. */
  private readonly served = new WeakSet<FastifyRequest>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = MAX_BYTES,
  ) {}

  register(app: FastifyInstance): void {
    if (this.ttlMs <= 0) return;
    const keyOf = (req: FastifyRequest): string | undefined =>
      req.method === 'GET' && req.routeOptions.config.cacheable && req.auth
        ? `${req.auth.userId}\0${req.auth.sessionId}\0${req.lang}\0${req.url}`
        : undefined;
    // After the access hooks (registered before this), so the caller is known and refusals stay refusals.
    app.addHook('onRequest', async (req, reply) => {
      const key = keyOf(req);
      const hit = key ? this.get(key) : undefined;
      if (!hit) return;
      this.served.add(req);
      return reply
        .header('content-type', hit.contentType)
        .header('x-answer-age', String(this.now() - hit.at))
        .send(hit.body);
    });
    app.addHook('onSend', async (req, reply, payload) => {
      if (req.method !== 'GET') return payload;
      const key = keyOf(req);
      if (key && reply.statusCode === 200 && typeof payload === 'string' && !this.served.has(req)) {
        this.set(key, payload, String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'));
      }
      return payload;
    });
    app.addHook('onResponse', async (req) => {
      if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') this.clear();
    });
  }

  /** Forgets every answer (this instance changed something). */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private get(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.now() - e.at < this.ttlMs) return e;
    this.drop(key, e);
    return undefined;
  }

  private set(key: string, body: string, contentType: string): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (body.length > this.maxBytes / 4) return;
    this.entries.set(key, { body, contentType, at: this.now() });
    this.bytes += body.length;
    // Oldest first out (a Map keeps insertion order).
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.body.length;
  }
}
