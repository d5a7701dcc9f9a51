import { eq } from 'drizzle-orm';
import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { light, lightAccount, operationLog, weatherLink } from '../../db/schema.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { linkLoraChildren } from '../lora/children.js';
import { appUser } from '../../db/schema.js';
import { SecretBox } from '../auth/secret-box.js';
import { loadUserContext } from '../users/repository.js';
import { lightProviders, SimulatedLightProvider } from './providers.js';
import { LightService, setLight } from './service.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'visitor', 'rival');
let plantId: string;
/** Every raw answer of the routes this file calls: the token and the key must be in none of them. */
const answers: string[] = [];
const LM = 'LMA0000001';
const WEATHER_KEY = 'eco-api-key-2026-secret';

async function raw<T>(
  method: 'GET' | 'POST',
  url: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<{ status: number; code: number; data: T }> {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    query: opts.query,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    ...(opts.body === undefined ? {} : { payload: opts.body as Record<string, unknown> }),
  });
  answers.push(res.body);
  const body = res.json() as { code: number; data: T };
  return { status: res.statusCode, code: body.code, data: body.data };
}

let providerToken = '';

beforeAll(async () => {
  plantId = await sunrisePlant(t, 'Acenter plant', [
    {
      sn: LM,
      devices: [
        { sn: LM, kind: 'lora' },
        { sn: 'LNA0000001', kind: 'lora' },
        { sn: 'LEA0000001', kind: 'meter' },
        { sn: 'LSA0000001', kind: 'switch' },
      ],
    },
  ]);
  await linkLoraChildren(t.database.db, LM, ['LNA0000001', 'LEA0000001', 'LSA0000001']);
});

interface LightRow {
  id: string;
  bulb: string;
  on: boolean;
  brightness: number;
  alias: string;
  plantId: string;
}

describe('smart bulbs', () => {
  it('links the company’s provider account through the OAuth code flow; the token is kept encrypted', async () => {
    const before = await raw<{ linked: boolean }>('GET', '/light/account', { token: tokens.admin });
    expect(before.data.linked).toBe(false);
    // Without a link there are no bulbs to list.
    expect((await raw('GET', '/light/devices', { token: tokens.admin })).code).toBe(ERROR_CODES.lightNotLinked);
    const start = await raw<{ url: string }>('POST', '/light/oauth', {
      token: tokens.admin,
      body: { provider: 'simulated' },
    });
    const url = new URL(start.data.url, 'http://console.example');
    const code = url.searchParams.get('code') ?? '';
    const state = url.searchParams.get('state') ?? '';
    expect(url.pathname).toBe('/acenter');
    // A state of someone else (here: made up) is refused and nothing is kept.
    const forged = await raw('POST', '/light/oauth/callback', {
      token: tokens.admin,
      body: { provider: 'simulated', code, state: `${Date.now() + 60_000}.forged` },
    });
    expect(forged.code).toBe(ERROR_CODES.oauthStateInvalid);
    // Another company cannot finish Sunrise's sign-in with Sunrise's state.
    const rival = await raw('POST', '/light/oauth/callback', {
      token: tokens.rival,
      body: { provider: 'simulated', code, state },
    });
    expect(rival.code).toBe(ERROR_CODES.oauthStateInvalid);
    expect(await t.database.db.select().from(lightAccount)).toHaveLength(0);
    const done = await raw<{ linked: boolean; linkedBy: string }>('POST', '/light/oauth/callback', {
      token: tokens.admin,
      body: { provider: 'simulated', code, state },
    });
    expect(done.data).toMatchObject({ linked: true, linkedBy: 'admin@sunrise.example' });
    providerToken = new SimulatedLightProvider().tokenFor(code);
    const [stored] = await t.database.db.select().from(lightAccount);
    expect(stored?.tokenCipher).toMatch(/^v1\./);
    expect(stored?.tokenCipher).not.toContain(providerToken);
  });

  let bound: LightRow;
  it('binds a bulb of the account to a plant, which then leaves the unbound list', async () => {
    const bulbs = await raw<{ bulb: string }[]>('GET', '/light/devices', { token: tokens.admin });
    expect(bulbs.data).toHaveLength(4);
    const bulb = bulbs.data[0]?.bulb ?? '';
    const res = await raw<LightRow>('POST', '/light/bind', {
      token: tokens.admin,
      body: { plantId, provider: 'simulated', bulb, alias: 'Porch' },
    });
    expect(res.data).toMatchObject({ bulb, alias: 'Porch', plantId, on: false, brightness: 0 });
    bound = res.data;
    const after = await raw<{ bulb: string }[]>('GET', '/light/devices', { token: tokens.admin });
    expect(after.data.map((b) => b.bulb)).not.toContain(bulb);
    // Twice is refused.
    const again = await raw('POST', '/light/bind', {
      token: tokens.admin,
      body: { plantId, provider: 'simulated', bulb, alias: 'Again' },
    });
    expect(again.code).toBe(ERROR_CODES.bulbBound);
    // A bulb the account does not have does not exist.
    const foreign = await raw('POST', '/light/bind', {
      token: tokens.admin,
      body: { plantId, provider: 'simulated', bulb: 'sim-ffffff-1', alias: 'X' },
    });
    expect(foreign.code).toBe(ERROR_CODES.notFound);
  });

  it('switches and dims a bulb, logged; the list shows the new brightness', async () => {
    const res = await raw<LightRow>('POST', `/light/setting/${bound.id}`, {
      token: tokens.admin,
      body: { on: true, brightness: 65 },
    });
    expect(res.data).toMatchObject({ on: true, brightness: 65 });
    const list = await raw<{ total: number; rows: LightRow[] }>('GET', '/light/list', {
      token: tokens.admin,
      query: { plantId, q: 'porch' },
    });
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({ id: bound.id, on: true, brightness: 65 });
    const log = await t.database.db.select().from(operationLog).where(eq(operationLog.operation, 'light.setting'));
    expect(log.at(-1)).toMatchObject({
      target: bound.bulb,
      result: 'succeeded',
      newValue: '{"on":true,"brightness":65}',
    });
  });

  it('refuses a brightness outside 0–100 or not whole, naming the field, and changes nothing', async () => {
    for (const brightness of [101, -1, 50.5, '50', null]) {
      const res = await raw<{ fields: { field: string; rule: string }[] }>('POST', `/light/setting/${bound.id}`, {
        token: tokens.admin,
        body: { on: true, brightness },
      });
      expect(res.code, String(brightness)).toBe(ERROR_CODES.validation);
      expect(res.data.fields[0]?.field).toBe('brightness');
    }
    const [row] = await t.database.db.select().from(light).where(eq(light.id, bound.id));
    expect(row).toMatchObject({ on: true, brightness: 65 });
  });

  it('answers another company and the visitor “does not exist” / no permission, changing nothing', async () => {
    for (const [method, url, body] of [
      ['POST', `/light/setting/${bound.id}`, { on: false, brightness: 10 }],
      ['POST', `/light/unbind/${bound.id}`, undefined],
    ] as const) {
      expect((await raw(method, url, { token: tokens.rival, body })).code, url).toBe(ERROR_CODES.notFound);
    }
    const rivalList = await raw<{ total: number }>('GET', '/light/list', { token: tokens.rival });
    expect(rivalList.data.total).toBe(0);
    // Binding to another company's plant: the plant does not exist.
    const rivalBind = await raw('POST', '/light/bind', {
      token: tokens.rival,
      body: { plantId, provider: 'simulated', bulb: 'sim-000000-2', alias: 'X' },
    });
    expect([ERROR_CODES.plantNotFound, ERROR_CODES.lightNotLinked]).toContain(rivalBind.code);
    expect(
      (await raw('POST', `/light/setting/${bound.id}`, { token: tokens.visitor, body: { on: false, brightness: 1 } }))
        .status,
    ).toBe(403);
    const [row] = await t.database.db.select().from(light).where(eq(light.id, bound.id));
    expect(row).toMatchObject({ on: true, brightness: 65 });
  });

  it('unbinds a bulb: it is listed as unbound again', async () => {
    expect((await raw('POST', `/light/unbind/${bound.id}`, { token: tokens.admin })).code).toBe(0);
    const after = await raw<{ bulb: string }[]>('GET', '/light/devices', { token: tokens.admin });
    expect(after.data.map((b) => b.bulb)).toContain(bound.bulb);
    expect(
      (await raw('POST', `/light/setting/${bound.id}`, { token: tokens.admin, body: { on: true, brightness: 1 } }))
        .code,
    ).toBe(ERROR_CODES.notFound);
  });
});

describe('weather-station accounts', () => {
  it('links a plant with an API key that is never answered, only masked', async () => {
    const res = await raw<{ hint: string; stationId: string; linkedBy: string }>('POST', '/weather/auth/link', {
      token: tokens.admin,
      body: { plantId, provider: 'simulated', stationId: 'ST-1', apiKey: WEATHER_KEY },
    });
    expect(res.data).toMatchObject({ hint: '••••cret', stationId: 'ST-1', linkedBy: 'admin@sunrise.example' });
    const [row] = await t.database.db.select().from(weatherLink);
    expect(row?.keyCipher).not.toContain(WEATHER_KEY);
    const list = await raw<{ rows: { plantId: string; link: { hint: string } | null }[] }>(
      'GET',
      '/weather/auth/list',
      {
        token: tokens.admin,
        query: { q: 'Acenter' },
      },
    );
    expect(list.data.rows.find((r) => r.plantId === plantId)?.link?.hint).toBe('••••cret');
  });

  it('tests the connection and says what failed', async () => {
    const good = await raw<{ ok: boolean; reading: { irradiance: number } }>('POST', '/weather/auth/test', {
      token: tokens.admin,
      body: { plantId },
    });
    expect(good.data.ok).toBe(true);
    await raw('POST', '/weather/auth/link', {
      token: tokens.admin,
      body: { plantId, provider: 'simulated', stationId: 'missing', apiKey: WEATHER_KEY },
    });
    const bad = await raw<{ ok: boolean; problem: string }>('POST', '/weather/auth/test', {
      token: tokens.admin,
      body: { plantId },
    });
    expect(bad.data).toMatchObject({ ok: false, problem: 'stationNotFound' });
    // A key too short is refused with its field.
    const short = await raw<{ fields: { field: string }[] }>('POST', '/weather/auth/link', {
      token: tokens.admin,
      body: { plantId, provider: 'simulated', stationId: 'ST-1', apiKey: 'short' },
    });
    expect(short.data.fields[0]?.field).toBe('apiKey');
  });

  it('another company neither reads, tests, links nor unlinks it', async () => {
    expect((await raw('POST', '/weather/auth/test', { token: tokens.rival, body: { plantId } })).code).toBe(
      ERROR_CODES.plantNotFound,
    );
    expect((await raw('POST', '/weather/auth/unlink', { token: tokens.rival, body: { plantId } })).code).toBe(
      ERROR_CODES.plantNotFound,
    );
    const relink = await raw('POST', '/weather/auth/link', {
      token: tokens.rival,
      body: { plantId, provider: 'simulated', stationId: 'X', apiKey: 'rival-key-123456' },
    });
    expect(relink.code).toBe(ERROR_CODES.plantNotFound);
    const list = await raw<{ rows: { plantId: string }[] }>('GET', '/weather/auth/list', { token: tokens.rival });
    expect(list.data.rows.map((r) => r.plantId)).not.toContain(plantId);
    expect(await t.database.db.select().from(weatherLink)).toHaveLength(1);
  });

  it('unlinks', async () => {
    expect((await raw('POST', '/weather/auth/unlink', { token: tokens.admin, body: { plantId } })).code).toBe(0);
    expect(await t.database.db.select().from(weatherLink)).toHaveLength(0);
  });
});

describe('smart equipment and LoRa realtime shares', () => {
  it('lists the plant’s smart equipment with its kind, paged', async () => {
    const bulbs = await raw<{ bulb: string }[]>('GET', '/light/devices', { token: tokens.admin });
    await raw('POST', '/light/bind', {
      token: tokens.admin,
      body: { plantId, provider: 'simulated', bulb: bulbs.data[1]?.bulb, alias: 'Garden' },
    });
    const all = await raw<{ total: number; rows: { kind: string; sn: string; parentSn: string | null }[] }>(
      'GET',
      '/smart/equips/list',
      { token: tokens.admin, query: { plantId, size: '3' } },
    );
    // A bulb, the master and its lora child (meter and switch children are listed by their own kinds).
    expect(all.data.total).toBe(4);
    expect(all.data.rows).toHaveLength(3);
    const lights = await raw<{ rows: { kind: string; name: string }[] }>('GET', '/smart/equips/list', {
      token: tokens.admin,
      query: { kind: 'light' },
    });
    expect(lights.data.rows).toEqual([expect.objectContaining({ kind: 'light', name: 'Garden' })]);
    const rival = await raw<{ total: number }>('GET', '/smart/equips/list', {
      token: tokens.rival,
      query: { plantId },
    });
    expect(rival.data.total).toBe(0);
  });

  it('shares a master node’s realtime view; the link reads its sub-nodes until revoked', async () => {
    const made = await raw<{ token: string; link: { id: string } }>('POST', `/masterNode/${LM}/share`, {
      token: tokens.admin,
    });
    expect(made.data.token).toMatch(/^hgl_/);
    const shares = await raw<{ id: string }[]>('GET', `/masterNode/${LM}/shares`, { token: tokens.admin });
    expect(shares.data.map((s) => s.id)).toEqual([made.data.link.id]);
    const all = await raw<{ master: { sn: string }; nodes: { sn: string; kind: string }[] }>('GET', '/lora/realtime', {
      token: made.data.token,
    });
    expect(all.data.master.sn).toBe(LM);
    expect(all.data.nodes.map((n) => n.sn)).toEqual(['LEA0000001', 'LNA0000001', 'LSA0000001']);
    const meters = await raw<{ nodes: { sn: string }[] }>('GET', '/lora/realtime', {
      token: made.data.token,
      query: { view: 'meter' },
    });
    expect(meters.data.nodes.map((n) => n.sn)).toEqual(['LEA0000001']);
    const switches = await raw<{ nodes: { sn: string }[] }>('GET', '/lora/realtime', {
      token: made.data.token,
      query: { view: 'switch' },
    });
    expect(switches.data.nodes.map((n) => n.sn)).toEqual(['LSA0000001']);
    // The link reads nothing else: the master node's own page, the plant.
    expect((await raw('GET', `/masterNode/${LM}`, { token: made.data.token })).status).toBe(401);
    expect((await raw('GET', `/plant/${plantId}`, { token: made.data.token })).status).toBe(401);
    // Another company can neither list nor revoke it.
    expect((await raw('GET', `/masterNode/${LM}/shares`, { token: tokens.rival })).code).toBe(ERROR_CODES.notFound);
    expect((await raw('POST', `/masterNode/share/${made.data.link.id}/revoke`, { token: tokens.rival })).code).toBe(
      ERROR_CODES.notFound,
    );
    expect((await raw('GET', '/lora/realtime', { token: made.data.token })).code).toBe(0);
    // Revoked: the very next request shows nothing.
    expect((await raw('POST', `/masterNode/share/${made.data.link.id}/revoke`, { token: tokens.admin })).code).toBe(0);
    const after = await raw<unknown>('GET', '/lora/realtime', { token: made.data.token });
    expect(after.status).toBe(401);
    expect(JSON.stringify(after.data ?? null)).not.toContain('LNA0000001');
    // A made-up token reads nothing either.
    expect((await raw('GET', '/lora/realtime', { token: 'hgl_madeup' })).status).toBe(401);
  });

  it('the rules engine’s setLight uses the write scope and the log', async () => {
    const [row] = await t.database.db.select().from(light);
    const db = t.database.db;
    const lights = new LightService({
      db,
      now: () => Date.UTC(2026, 5, 1),
      box: new SecretBox(db),
      providers: lightProviders(),
    });
    const userOf = async (account: string) => {
      const [u] = await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account));
      const auth = await loadUserContext(db, u?.id ?? '');
      if (!auth) throw new Error(`no ${account}`);
      return auth;
    };
    const auth = await userOf('admin@sunrise.example');
    expect(await setLight(lights, { auth, ip: '10.0.0.1' }, row?.id ?? '', { on: true, brightness: 30 })).toEqual({
      ok: true,
    });
    expect(await setLight(lights, { auth, ip: '10.0.0.1' }, row?.id ?? '', { on: true, brightness: 130 })).toEqual({
      ok: false,
      reason: 'validation',
    });
    const rival = await userOf('boss@rival.example');
    expect(
      await setLight(lights, { auth: rival, ip: '10.0.0.1' }, row?.id ?? '', { on: false, brightness: 0 }),
    ).toEqual({
      ok: false,
      reason: 'notFound',
    });
    const [after] = await t.database.db
      .select()
      .from(light)
      .where(eq(light.id, row?.id ?? ''));
    expect(after).toMatchObject({ on: true, brightness: 30 });
    const log = await db.select().from(operationLog).where(eq(operationLog.operation, 'light.setting'));
    expect(log.at(-1)).toMatchObject({ ip: '10.0.0.1', result: 'succeeded' });
  });

  it('no answer of these routes ever carried the provider token or the station key', () => {
    expect(answers.length).toBeGreaterThan(30);
    expect(providerToken).toMatch(/^simtok-/);
    for (const body of answers) {
      expect(body).not.toContain(providerToken);
      expect(body).not.toContain(WEATHER_KEY);
      expect(body).not.toContain('simtok-');
    }
  });
});
