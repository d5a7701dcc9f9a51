import type { UserInfo } from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { AuthContext } from '../../http/context.js';
import type { MessageBus, MessageHandler } from '../mqtt/bus.js';
import { GatewayAuth } from '../mqtt/gateway-auth.js';
import { CALLER_TOPIC } from '../mqtt/topics.js';
import { CallerCache, type AccessClaims } from './caller-cache.js';

/** One broker for several instances: whatever one publishes, every subscriber hears (as on Mosquitto). */
function sharedBroker() {
  const subscribers: { filter: string; handler: MessageHandler }[] = [];
  let down = false;
  const bus = (): MessageBus => ({
    port: undefined,
    publish: async (topic, payload) => {
      if (down) throw new Error('broker unreachable');
      for (const s of subscribers) if (s.filter === topic) s.handler(topic, Buffer.from(payload));
    },
    subscribeAll: async (filter, handler) => void subscribers.push({ filter, handler }),
    onGatewayMessage: () => undefined,
    onPresence: () => undefined,
    throttle: () => undefined,
    disconnect: () => undefined,
    close: async () => undefined,
  });
  return {
    bus,
    setDown: (d: boolean) => {
      down = d;
    },
    deliver: (payload: string) => subscribers.forEach((s) => s.handler(CALLER_TOPIC, Buffer.from(payload))),
  };
}

const log = { warn: vi.fn() } as unknown as FastifyBaseLogger;

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

const ctx = (userId: string, sessionId: string): AuthContext => ({
  userId,
  sessionId,
  roleId: 'visitor-role',
  companyId: null,
  role: 'visitor',
  permissions: new Set(),
});
const claimsOf = (userId: string, sessionId: string): AccessClaims => ({ userId, sessionId, expiresAt: undefined });
const profileOf = (id: string, nickname: string) => ({ id, nickname }) as UserInfo;

/** A loader that counts its database round trips. */
function loader<T>(value: () => T) {
  const load = vi.fn(async () => value());
  return load;
}

describe('the caller cache', () => {
  it('asks the database once per session while the entry lives, again after the TTL', async () => {
    const c = clock();
    const cache = new CallerCache({ ttlMs: 10_000, now: c.now });
    const load = loader(() => ctx('u1', 's1'));
    expect(await cache.caller(claimsOf('u1', 's1'), load)).toEqual(ctx('u1', 's1'));
    c.advance(9_999);
    expect(await cache.caller(claimsOf('u1', 's1'), load)).toEqual(ctx('u1', 's1'));
    expect(load).toHaveBeenCalledTimes(1);
    c.advance(1);
    await cache.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('lets concurrent misses of one session wait for a single load, and loads again after a forget', async () => {
    const cache = new CallerCache({ ttlMs: 10_000, now: clock().now });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      await gate;
      return ctx('u1', 's1');
    });
    const first = [1, 2, 3].map(() => cache.caller(claimsOf('u1', 's1'), load));
    expect(load).toHaveBeenCalledTimes(1);
    // A sign-out while the load runs: a request after it must not join a load that may have read the session live.
    cache.forgetSession('s1');
    const after = cache.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(2);
    release();
    for (const answer of await Promise.all([...first, after])) expect(answer).toEqual(ctx('u1', 's1'));
    // The first load began before the forget and is not remembered; the second began after it and is.
    await cache.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets the members of a company at once when its appointments change, and nobody else', async () => {
    const cache = new CallerCache({ ttlMs: 10_000, now: clock().now });
    const member = { ...ctx('u1', 's1'), companyId: 'agency' };
    const other = { ...ctx('u2', 's2'), companyId: 'elsewhere' };
    const loadMember = loader(() => member);
    const loadOther = loader(() => other);
    await cache.caller(claimsOf('u1', 's1'), loadMember);
    await cache.caller(claimsOf('u2', 's2'), loadOther);
    cache.forgetCompany('agency');
    await cache.caller(claimsOf('u1', 's1'), loadMember);
    await cache.caller(claimsOf('u2', 's2'), loadOther);
    expect(loadMember).toHaveBeenCalledTimes(2);
    expect(loadOther).toHaveBeenCalledTimes(1);
  });

  it('forgets the profiles of a company’s members on every instance with one notice, and nobody else’s', async () => {
    const broker = sharedBroker();
    const here = new CallerCache({ now: clock().now });
    const there = new CallerCache({ now: clock().now });
    const hereBus = broker.bus();
    const publish = vi.spyOn(hereBus, 'publish');
    await here.attach(hereBus, log);
    await there.attach(broker.bus(), log);
    const withCompany = (id: string, companyId: string | null) =>
      ({ ...profileOf(id, id), company: companyId ? { id: companyId } : null }) as UserInfo;
    const loads = { m1: loader(() => withCompany('m1', 'sunrise')), m2: loader(() => withCompany('m2', 'sunrise')) };
    const outsider = loader(() => withCompany('o1', 'rival'));
    const loner = loader(() => withCompany('p1', null));
    const session = loader(() => ({ ...ctx('m1', 's1'), companyId: 'sunrise' }));
    const visit = async () => {
      await there.profile('m1', loads.m1);
      await there.profile('m2', loads.m2);
      await there.profile('o1', outsider);
      await there.profile('p1', loner);
      await there.caller(claimsOf('m1', 's1'), session);
    };
    await visit();
    here.forgetCompanyProfiles('sunrise');
    await visit();
    expect(loads.m1).toHaveBeenCalledTimes(2);
    expect(loads.m2).toHaveBeenCalledTimes(2);
    expect(outsider).toHaveBeenCalledTimes(1);
    expect(loner).toHaveBeenCalledTimes(1);
    // The members' sessions stay: nothing the access rules read changed.
    expect(session).toHaveBeenCalledTimes(1);
    expect(publish).toHaveBeenCalledTimes(1);
  });

  it('remembers a token’s claims until the token expires, and never an expired one', async () => {
    const c = clock(1_000_000);
    const cache = new CallerCache({ now: c.now });
    const verify = vi.fn(async () => ({ userId: 'u1', sessionId: 's1', expiresAt: 1_060_000 }));
    await cache.claims('tok', verify);
    c.advance(59_999);
    await cache.claims('tok', verify);
    expect(verify).toHaveBeenCalledTimes(1);
    c.advance(1);
    await cache.claims('tok', verify);
    expect(verify).toHaveBeenCalledTimes(2);
    const refused = vi.fn(async () => {
      throw new Error('401');
    });
    await expect(cache.claims('forged', refused)).rejects.toThrow('401');
    await expect(cache.claims('forged', refused)).rejects.toThrow('401');
    expect(refused).toHaveBeenCalledTimes(2);
  });

  it('does not hand a session’s caller to claims naming another user', async () => {
    const cache = new CallerCache({ now: clock().now });
    await cache.caller(
      claimsOf('u1', 's1'),
      loader(() => ctx('u1', 's1')),
    );
    expect(
      await cache.caller(
        claimsOf('u2', 's1'),
        loader(() => ctx('u2', 's1')),
      ),
    ).toBeUndefined();
  });

  it('does not remember a session that is gone', async () => {
    const cache = new CallerCache({ now: clock().now });
    const load = loader((): AuthContext | undefined => undefined);
    await cache.caller(claimsOf('u1', 's1'), load);
    await cache.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets an ended session at once, and everything of a changed user but nobody else', async () => {
    const cache = new CallerCache({ now: clock().now });
    const loads = {
      s1: loader(() => ctx('u1', 's1')),
      s2: loader(() => ctx('u1', 's2')),
      s3: loader(() => ctx('u2', 's3')),
    };
    const profile = { u1: loader(() => profileOf('u1', 'one')), u2: loader(() => profileOf('u2', 'two')) };
    const warm = async () => {
      await cache.caller(claimsOf('u1', 's1'), loads.s1);
      await cache.caller(claimsOf('u1', 's2'), loads.s2);
      await cache.caller(claimsOf('u2', 's3'), loads.s3);
      await cache.profile('u1', profile.u1);
      await cache.profile('u2', profile.u2);
    };
    await warm();
    cache.forgetSession('s1');
    await warm();
    expect([loads.s1, loads.s2, loads.s3].map((l) => l.mock.calls.length)).toEqual([2, 1, 1]);
    cache.forgetUser('u1');
    await warm();
    expect([loads.s1, loads.s2, loads.s3].map((l) => l.mock.calls.length)).toEqual([3, 2, 1]);
    expect([profile.u1, profile.u2].map((l) => l.mock.calls.length)).toEqual([2, 1]);
  });

  it('does not remember what a load read while a forget happened (it may be what was just revoked)', async () => {
    const cache = new CallerCache({ now: clock().now });
    let release: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      if (load.mock.calls.length === 1) await inFlight;
      return ctx('u1', 's1');
    });
    const pending = cache.caller(claimsOf('u1', 's1'), load);
    cache.forgetUser('u1');
    release();
    await pending;
    await cache.caller(claimsOf('u1', 's1'), load);
    await cache.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('holds no more than its bound, dropping the oldest first', async () => {
    const cache = new CallerCache({ maxEntries: 3, now: clock().now });
    const loads = ['s1', 's2', 's3', 's4', 's5'].map((s) => ({ s, load: loader(() => ctx('u', s)) }));
    for (const { s, load } of loads) await cache.caller(claimsOf('u', s), load);
    expect(cache.sizes.sessions).toBe(3);
    for (const { s, load } of loads.slice(2)) await cache.caller(claimsOf('u', s), load);
    expect(loads.map((l) => l.load.mock.calls.length)).toEqual([1, 1, 1, 1, 1]);
    await cache.caller(claimsOf('u', 's1'), loads[0]?.load ?? loader(() => undefined));
    expect(loads[0]?.load).toHaveBeenCalledTimes(2);
    expect(cache.sizes.sessions).toBe(3);
  });

  it('forgets on every instance what one of them was told to forget', async () => {
    const broker = sharedBroker();
    const here = new CallerCache({ now: clock().now });
    const there = new CallerCache({ now: clock().now });
    await here.attach(broker.bus(), log);
    await there.attach(broker.bus(), log);
    const load = loader(() => ctx('u1', 's1'));
    const profile = loader(() => profileOf('u1', 'one'));
    await there.caller(claimsOf('u1', 's1'), load);
    await there.profile('u1', profile);
    here.forgetSession('s1');
    await there.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(2);
    here.forgetUser('u1');
    await there.caller(claimsOf('u1', 's1'), load);
    await there.profile('u1', profile);
    expect(load).toHaveBeenCalledTimes(3);
    expect(profile).toHaveBeenCalledTimes(2);
  });

  it('ignores a malformed notice, and still forgets locally when the bus is down', async () => {
    const broker = sharedBroker();
    const cache = new CallerCache({ now: clock().now });
    await cache.attach(broker.bus(), log);
    const load = loader(() => ctx('u1', 's1'));
    await cache.caller(claimsOf('u1', 's1'), load);
    for (const junk of ['not json', '{"user":1}', 'null', '{}']) broker.deliver(junk);
    await cache.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(1);
    broker.setDown(true);
    expect(() => cache.forgetUser('u1')).not.toThrow();
    await cache.caller(claimsOf('u1', 's1'), load);
    expect(load).toHaveBeenCalledTimes(2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.warn).toHaveBeenCalled();
  });

  it('uses a topic no gateway may publish or subscribe to', () => {
    for (const sn of ['GW1', 'internal']) {
      expect(GatewayAuth.mayPublish(sn, CALLER_TOPIC)).toBe(false);
      expect(GatewayAuth.maySubscribe(sn, CALLER_TOPIC)).toBe(false);
      expect(GatewayAuth.maySubscribe(sn, 'hg/#')).toBe(false);
      expect(GatewayAuth.maySubscribe(sn, '#')).toBe(false);
    }
  });
});
