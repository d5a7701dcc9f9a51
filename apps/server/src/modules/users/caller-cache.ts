import type { UserInfo } from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthContext } from '../../http/context.js';
import type { MessageBus } from '../mqtt/bus.js';
import { CALLER_TOPIC } from '../mqtt/topics.js';

/** What a verified access token says: whose it is, which sign-in, and until when (ms since the epoch). */
export interface AccessClaims {
  userId: string;
  sessionId: string;
  expiresAt: number | undefined;
}

/**
 * What one instance tells the others: forget this session, everything about this user, every holder of a
 * role, the sessions of a company's members, or the profiles of a company's members.
 */
type Forget =
  { session: string } | { user: string } | { role: string } | { company: string } | { companyProfiles: string };

function parseForget(payload: Buffer): Forget | undefined {
  try {
    const m: unknown = JSON.parse(payload.toString('utf8'));
    if (typeof m !== 'object' || m === null) return undefined;
    if ('session' in m && typeof m.session === 'string') return { session: m.session };
    if ('user' in m && typeof m.user === 'string') return { user: m.user };
    if ('role' in m && typeof m.role === 'string') return { role: m.role };
    if ('company' in m && typeof m.company === 'string') return { company: m.company };
    if ('companyProfiles' in m && typeof m.companyProfiles === 'string') return { companyProfiles: m.companyProfiles };
  } catch {
    // Not ours to answer: a malformed notice forgets nothing (the TTL still bounds what is remembered).
  }
  return undefined;
}

/**
 * A map with a deadline per entry and a size bound: past the bound the oldest entry goes. Reading does not
 * renew an entry, so whatever is remembered is at most one TTL older than the database.
 */
class BoundedMap<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  constructor(private readonly max: number) {}

  get(key: K, now: number): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now < hit.until) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(key: K, value: V, until: number): void {
    // Re-inserted at the end, so the map's order stays the order of age.
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, { value }] of this.entries) if (drop(value)) this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface CallerCacheOptions {
  /** How long a caller or a profile is remembered: the longest a change missed by the bus can go unseen. */
  ttlMs?: number;
  /** Entries per kind (tokens, sessions, profiles); the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
}

/**
 * The callers this instance has verified recently, so that a busy session costs neither a signature check
 * nor a database round trip per request: the claims of each access token (until it expires), the
 * AuthContext of each session and the profile (GET user) of each user, the last two for a short TTL.
 *
 * Revocation stays immediate: whatever ends a session or changes a user (sign-out, password change or
 * reset, disabling, a profile edit) calls `forgetSession` / `forgetUser`, which drops the entries here at
 * once and publishes the same on the bus, so every other instance drops them as well. If the bus is down,
 * the TTL bounds how long another instance may go on trusting what it remembers.
 */
export class CallerCache {
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly tokens: BoundedMap<string, AccessClaims>;
  private readonly sessions: BoundedMap<string, AuthContext>;
  private readonly profiles: BoundedMap<string, UserInfo>;
  /**
   * Counts the forgets. A load that began before one may have read what was just revoked, so its answer
   * is used for that request but not remembered.
   */
  private generation = 0;
  /**
   * Loads under way, by session or user: concurrent requests of one caller that miss (a busy session whose
   * entry just expired) wait for the one load instead of each asking the database, which under load made
   * the misses queue for connections the pages need. Joined only within the generation it began in.
   */
  private readonly loadingCallers = new Map<string, { generation: number; load: Promise<AuthContext | undefined> }>();
  private readonly loadingProfiles = new Map<string, { generation: number; load: Promise<UserInfo | undefined> }>();
  private bus: MessageBus | undefined;
  private log: FastifyBaseLogger | undefined;

  constructor(opts: CallerCacheOptions = {}) {
    this.ttlMs = opts.ttlMs ?? 10_000;
    this.now = opts.now ?? Date.now;
    const max = opts.maxEntries ?? 20_000;
    this.tokens = new BoundedMap(max);
    this.sessions = new BoundedMap(max);
    this.profiles = new BoundedMap(max);
  }

  /** Hears the other instances' notices, and sends this one's from now on. */
  async attach(bus: MessageBus, log: FastifyBaseLogger): Promise<void> {
    this.bus = bus;
    this.log = log;
    await bus.subscribeAll(CALLER_TOPIC, (_topic, payload) => {
      const m = parseForget(payload);
      if (m) this.drop(m);
    });
  }

  /**
   * The claims of an access token: remembered until the token expires, since a signed token never changes
   * (whether its session is still live is `caller`'s question, asked every time).
   */
  async claims(token: string, verify: (token: string) => Promise<AccessClaims>): Promise<AccessClaims> {
    const now = this.now();
    const hit = this.tokens.get(token, now);
    if (hit) return hit;
    const claims = await verify(token);
    if (claims.expiresAt !== undefined && claims.expiresAt > now) this.tokens.set(token, claims, claims.expiresAt);
    return claims;
  }

  /** The caller behind verified claims, or undefined when the session is gone (`load` asks the database). */
  async caller(claims: AccessClaims, load: () => Promise<AuthContext | undefined>): Promise<AuthContext | undefined> {
    const hit = this.sessions.get(claims.sessionId, this.now());
    if (hit) return hit.userId === claims.userId ? hit : undefined;
    const auth = await this.once(this.loadingCallers, claims.sessionId, load, (value) =>
      this.sessions.set(claims.sessionId, value, this.now() + this.ttlMs),
    );
    return auth && auth.userId === claims.userId ? auth : undefined;
  }

  /** A user's profile (GET user), remembered like a caller and forgotten with them. */
  async profile(userId: string, load: () => Promise<UserInfo | undefined>): Promise<UserInfo | undefined> {
    const hit = this.profiles.get(userId, this.now());
    if (hit) return hit;
    return this.once(this.loadingProfiles, userId, load, (value) =>
      this.profiles.set(userId, value, this.now() + this.ttlMs),
    );
  }

  /**
   * One load per key at a time: a request that misses joins the load under way for the same key, unless a
   * forget happened since it began (then it may have read what was revoked: load again). What a load returns
   * is remembered only if no forget happened while it ran.
   */
  private async once<V>(
    loading: Map<string, { generation: number; load: Promise<V | undefined> }>,
    key: string,
    load: () => Promise<V | undefined>,
    remember: (value: V) => void,
  ): Promise<V | undefined> {
    const running = loading.get(key);
    if (running && running.generation === this.generation) return running.load;
    const generation = this.generation;
    const entry: { generation: number; load: Promise<V | undefined> } = {
      generation,
      load: Promise.resolve(undefined),
    };
    entry.load = (async () => {
      try {
        const value = await load();
        if (value !== undefined && generation === this.generation) remember(value);
        return value;
      } finally {
        if (loading.get(key) === entry) loading.delete(key);
      }
    })();
    loading.set(key, entry);
    return entry.load;
  }

  /** A session ended: forgotten here at once and, through the bus, on every instance. */
  forgetSession(sessionId: string): void {
    this.forget({ session: sessionId });
  }

  /**
   * Something about a user changed (sessions ended, disabled, role, company or profile edited): their
   * sessions and profile are forgotten here at once and, through the bus, on every instance.
   */
  forgetUser(userId: string): void {
    this.forget({ user: userId });
  }

  /**
   * A role's permissions changed or it was deleted: every session holding it is forgotten here and on every
   * instance, so its members' next request is checked against the new permissions (issue 12: no new
   * sign-in needed). Profiles are few and cheap to reload, so they all go.
   */
  forgetRole(roleId: string): void {
    this.forget({ role: roleId });
  }

  /**
   * Something every member of a company carries changed (an agent appointed, its level changed or revoked:
   * `AuthContext.agentFor`): the sessions of that company's members are forgotten here and on every instance.
   */
  forgetCompany(companyId: string): void {
    this.forget({ company: companyId });
  }

  /**
   * What a company's members' profiles show of it changed (name, theme colour, logos: GET user carries them):
   * every profile of that company is forgotten here and, through the bus, on every instance, in one notice
   * however many members it has. Their sessions stay (nothing the access rules read changed).
   */
  forgetCompanyProfiles(companyId: string): void {
    this.forget({ companyProfiles: companyId });
  }

  /** How many entries of each kind are held (tests and diagnostics). */
  get sizes(): { tokens: number; sessions: number; profiles: number } {
    return { tokens: this.tokens.size, sessions: this.sessions.size, profiles: this.profiles.size };
  }

  private forget(m: Forget): void {
    this.drop(m);
    // Not awaited: with the broker away, an MQTT client holds a QoS 1 publish until it is back, and a
    // sign-out must not wait for that. The change itself is committed; other instances catch up within the TTL.
    this.bus?.publish(CALLER_TOPIC, JSON.stringify(m)).catch((err: unknown) => {
      this.log?.warn({ err }, 'could not tell the other instances to forget a caller');
    });
  }

  private drop(m: Forget): void {
    this.generation += 1;
    if ('session' in m) {
      this.sessions.delete(m.session);
      return;
    }
    if ('company' in m) {
      this.sessions.deleteWhere((auth) => auth.companyId === m.company);
      return;
    }
    if ('companyProfiles' in m) {
      this.profiles.deleteWhere((profile) => profile.company?.id === m.companyProfiles);
      return;
    }
    if ('role' in m) {
      this.sessions.deleteWhere((auth) => auth.roleId === m.role);
      this.profiles.deleteWhere(() => true);
      return;
    }
    this.sessions.deleteWhere((auth) => auth.userId === m.user);
    this.profiles.delete(m.user);
  }
}
