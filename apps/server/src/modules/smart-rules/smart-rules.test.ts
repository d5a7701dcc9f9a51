import { eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import type { GatewayCommand, RuleRow, RuleRunPage, RulePage } from '@heliograph/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { device, smartRule, smartRuleRun } from '../../db/schema.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { fakeGateway, sunrisePlant } from '../../test/gateway-fixtures.js';
import type { LightActuator, PriceSource } from './actions.js';
import { RuleEngine } from './engine.js';

const SW = 'SWR0000001';
const SW_OTHER = 'SWR0000002';

// The app's clock (armedAt, cooldowns) and the engines' are the same movable clock, near the real time so the
// sign-in tokens stay valid.
let clock = Math.floor(Date.now() / 60_000) * 60_000;
const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '2' });
t.now = () => clock;
const tokens = signInForTests(t, 'admin', 'rival');
let plantId: string;
let otherPlantId: string;
const clients: MqttClient[] = [];
const commands: GatewayCommand[] = [];
let price: number | null = null;
const prices: PriceSource = { buyAt: async () => price };
const lightCalls: { lightId: string; on: boolean; brightness: number }[] = [];
const lights: LightActuator = {
  setLight: async (_caller, lightId, value) => {
    lightCalls.push({ lightId, ...value });
    return { ok: true };
  },
};

const engine = () =>
  new RuleEngine({
    db: t.database.db,
    commands: t.commands,
    prices,
    lights,
    log: t.app.log,
    now: () => clock,
    intervalMs: 0,
  });

beforeAll(async () => {
  plantId = await sunrisePlant(t, 'Rule test plant', [{ sn: SW, devices: [{ sn: SW, kind: 'switch' }] }]);
  otherPlantId = await sunrisePlant(t, 'Rule other plant', [
    { sn: SW_OTHER, devices: [{ sn: SW_OTHER, kind: 'switch' }] },
  ]);
  clients.push(
    await fakeGateway(t, SW, (cmd) => {
      commands.push(cmd);
      return { status: 'succeeded', result: { on: cmd.type === 'switchOn' } };
    }),
  );
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});
beforeEach(async () => {
  // Each test's rules only: the engines evaluate every enabled rule.
  await t.database.db.delete(smartRule);
  commands.length = 0;
  lightCalls.length = 0;
  price = null;
});

const everyFive = { kind: 'schedule', at: null, everyMinutes: 5, weekdays: [0, 1, 2, 3, 4, 5, 6] } as const;
const switchOff = { kind: 'acSwitch', sn: SW, on: false } as const;
const input = (over: Record<string, unknown> = {}) => ({
  name: 'Night switch',
  plantId,
  enabled: true,
  trigger: everyFive,
  conditions: [],
  actions: [switchOff],
  cooldownMinutes: 0,
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<RuleRow> {
  const res = await t.call<RuleRow>('POST', '/api/v1/smart/rule/create', { token: tokens.admin, body: input(over) });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}
const runsOf = async (id: string) => t.database.db.select().from(smartRuleRun).where(eq(smartRuleRun.ruleId, id));

/** The switch reports its state at `ts` (what ingest would leave in device_latest). */
async function report(on: boolean, ts: number): Promise<void> {
  const [d] = await t.database.db.select({ id: device.id }).from(device).where(eq(device.sn, SW));
  const metrics = JSON.stringify({ on: on ? 1 : 0, p: on ? 120 : 0 });
  await t.database.db.execute(
    sql`insert into device_latest (device_id, ts, metrics) values (${d?.id}, ${new Date(ts).toISOString()}::timestamptz,
      ${metrics}::jsonb) on conflict (device_id) do update set ts = excluded.ts, metrics = excluded.metrics`,
  );
}

describe('smart rules API', () => {
  it('creates, lists, updates, enables, disables and deletes a rule', async () => {
    const made = await create({ actions: [switchOff, { kind: 'light', lightId: 'L-1', on: true, brightness: 40 }] });
    expect(made).toMatchObject({ name: 'Night switch', plantName: 'Rule test plant', enabled: true, writable: true });

    const page = await t.call<RulePage>('GET', '/api/v1/smart/rule/page', {
      token: tokens.admin,
      query: { action: 'light' },
    });
    expect(page.data.rows.map((r) => r.id)).toEqual([made.id]);
    const none = await t.call<RulePage>('GET', '/api/v1/smart/rule/page', {
      token: tokens.admin,
      query: { action: 'inverterMode' },
    });
    expect(none.data.total).toBe(0);
    const searched = await t.call<RulePage>('GET', '/api/v1/smart/rule/page', {
      token: tokens.admin,
      query: { q: 'night', plantId, enabled: 'true' },
    });
    expect(searched.data.total).toBe(1);

    const updated = await t.call<RuleRow>('POST', '/api/v1/smart/rule/update', {
      token: tokens.admin,
      body: { id: made.id, ...input({ name: 'Evening switch', cooldownMinutes: 15 }) },
    });
    expect(updated.data).toMatchObject({ name: 'Evening switch', cooldownMinutes: 15 });
    expect(updated.data.actions).toHaveLength(1);

    const off = await t.call<RuleRow>('POST', '/api/v1/smart/rule/enable', {
      token: tokens.admin,
      body: { id: made.id, enabled: false },
    });
    expect(off.data.enabled).toBe(false);
    const disabledList = await t.call<RulePage>('GET', '/api/v1/smart/rule/page', {
      token: tokens.admin,
      query: { enabled: 'false' },
    });
    expect(disabledList.data.rows.map((r) => r.id)).toEqual([made.id]);
    const on = await t.call<RuleRow>('POST', '/api/v1/smart/rule/enable', {
      token: tokens.admin,
      body: { id: made.id, enabled: true },
    });
    expect(on.data.enabled).toBe(true);

    expect(
      (await t.call('POST', '/api/v1/smart/rule/delete', { token: tokens.admin, body: { id: made.id } })).code,
    ).toBe(0);
    expect((await t.call('GET', `/api/v1/smart/rule/${made.id}`, { token: tokens.admin })).code).toBe(404);
  });

  it('refuses invalid input with a field rule and changes nothing', async () => {
    const made = await create();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { actions: [{ kind: 'light', lightId: 'L-1', on: true, brightness: 101 }] },
        'actions.0.brightness',
        'brightness',
      ],
      [{ actions: [switchOff, { kind: 'acSwitch', sn: SW, on: true }] }, 'actions.1.sn', 'ruleDeviceTwice'],
      [
        {
          actions: [
            { kind: 'light', lightId: 'L-1', on: true, brightness: 10 },
            { kind: 'light', lightId: 'L-1', on: false, brightness: 0 },
          ],
        },
        'actions.1.lightId',
        'ruleDeviceTwice',
      ],
      [{ actions: [{ kind: 'acSwitch', sn: 'SWNOPE0001', on: true }] }, 'actions.0.sn', 'ruleDevice'],
      [{ actions: [{ kind: 'acSwitch', sn: SW_OTHER, on: true }] }, 'actions.0.sn', 'ruleDevice'],
      [
        { trigger: { kind: 'threshold', sn: SW_OTHER, metric: 'p', direction: 'above', value: 1 } },
        'trigger.sn',
        'ruleDevice',
      ],
      [{ name: '' }, 'name', 'ruleName'],
      [{ actions: [] }, 'actions', 'ruleActionsCount'],
    ];
    for (const [over, field, rule] of cases) {
      for (const [url, body] of [
        ['/api/v1/smart/rule/create', input(over)],
        ['/api/v1/smart/rule/update', { id: made.id, ...input(over) }],
      ] as const) {
        const res = await t.call<{ fields: { field: string; rule: string; message: string }[] }>('POST', url, {
          token: tokens.admin,
          body,
        });
        expect(res.code, `${url} ${rule}`).toBe(4);
        expect(res.data.fields).toContainEqual(expect.objectContaining({ field, rule }));
        expect(res.data.fields.every((f) => f.message.length > 0)).toBe(true);
      }
    }
    const rows = await t.database.db.select().from(smartRule);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Night switch', actions: [switchOff] });
  });

  it('answers another company “does not exist” and changes nothing', async () => {
    const made = await create();
    for (const [m, url, body] of [
      ['GET', `/api/v1/smart/rule/${made.id}`, undefined],
      ['GET', `/api/v1/smart/rule/${made.id}/runs`, undefined],
      ['POST', '/api/v1/smart/rule/update', { id: made.id, ...input({ name: 'Taken' }) }],
      ['POST', '/api/v1/smart/rule/enable', { id: made.id, enabled: false }],
      ['POST', '/api/v1/smart/rule/delete', { id: made.id }],
    ] as const) {
      const res = await t.call(m, url, { token: tokens.rival, ...(body ? { body } : {}) });
      expect(res.code, url).toBe(404);
    }
    const onTheirPlant = await t.call('POST', '/api/v1/smart/rule/create', { token: tokens.rival, body: input() });
    expect(onTheirPlant.code).toBe(700);
    const list = await t.call<RulePage>('GET', '/api/v1/smart/rule/page', { token: tokens.rival });
    expect(list.data.total).toBe(0);
    const rows = await t.database.db.select().from(smartRule);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Night switch', enabled: true });
  });
});

describe('the engine', () => {
  it('does not loop on its own action: “when the switch turns on, turn it on” fires once', async () => {
    const e = engine();
    await report(false, clock - 60_000);
    const rule = await create({
      trigger: { kind: 'threshold', sn: SW, metric: 'on', direction: 'above', value: 0.5 },
      actions: [{ kind: 'acSwitch', sn: SW, on: true }],
    });
    await e.tick(); // first sight: off, no crossing
    expect(await runsOf(rule.id)).toHaveLength(0);

    clock += 10_000;
    await report(true, clock);
    await e.tick();
    expect(commands.filter((c) => c.type === 'switchOn')).toHaveLength(1);

    // The switch restarts on the command: it reports off, then on again — its own doing, not a new turn-on.
    for (let i = 0; i < 5; i++) {
      clock += 5_000;
      await report(i % 2 === 1, clock);
      await e.tick();
    }
    const runs = await runsOf(rule.id);
    expect(runs).toHaveLength(1);
    expect(commands.filter((c) => c.type === 'switchOn')).toHaveLength(1);
    const log = await t.call<RuleRunPage>('GET', `/api/v1/smart/rule/${rule.id}/runs`, { token: tokens.admin });
    expect(log.data.rows[0]).toMatchObject({ status: 'succeeded', outcomes: [{ target: SW, status: 'succeeded' }] });

    // Someone turns it off and on by hand later: that is a real turn-on, and it fires again.
    clock += 10 * 60_000;
    await report(false, clock);
    await e.tick();
    clock += 10_000;
    await report(true, clock);
    await e.tick();
    expect(await runsOf(rule.id)).toHaveLength(2);
  });

  it('two engines on one database fire each occurrence once', async () => {
    const [a, b] = [engine(), engine()];
    const rule = await create();
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(await runsOf(rule.id)).toHaveLength(1);
    expect(commands.filter((c) => c.type === 'switchOff')).toHaveLength(1);
    // The next slot of five minutes: once more, once.
    clock += 5 * 60_000;
    await Promise.all([a.tick(), b.tick()]);
    expect(await runsOf(rule.id)).toHaveLength(2);
    expect(commands.filter((c) => c.type === 'switchOff')).toHaveLength(2);

    // A threshold crossing seen by both at once.
    await t.database.db.delete(smartRule);
    await report(false, clock);
    const cross = await create({ trigger: { kind: 'threshold', sn: SW, metric: 'p', direction: 'above', value: 50 } });
    await Promise.all([a.tick(), b.tick()]);
    clock += 10_000;
    await report(true, clock);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(await runsOf(cross.id)).toHaveLength(1);
  });

  it('never fires a disabled rule', async () => {
    const e = engine();
    const rule = await create({ enabled: false, trigger: { ...everyFive, everyMinutes: 1 } });
    for (let i = 0; i < 4; i++) {
      await e.tick();
      clock += 60_000;
    }
    expect(await runsOf(rule.id)).toHaveLength(0);
    expect(commands).toHaveLength(0);
  });

  it('a price-level rule switches the AC switch when the price enters its band', async () => {
    const e = engine();
    price = 0.25;
    const rule = await create({
      name: 'Cheap power',
      trigger: { kind: 'price', direction: 'below', level: 0.1 },
      actions: [
        { kind: 'acSwitch', sn: SW, on: true },
        { kind: 'light', lightId: 'L-7', on: true, brightness: 80 },
      ],
    });
    await e.tick();
    expect(await runsOf(rule.id)).toHaveLength(0);
    clock += 60_000;
    price = 0.05;
    await e.tick();
    clock += 60_000;
    await e.tick(); // still below: no second firing
    const runs = await runsOf(rule.id);
    expect(runs).toHaveLength(1);
    expect(commands.map((c) => c.type)).toEqual(['switchOn']);
    expect(lightCalls).toEqual([{ lightId: 'L-7', on: true, brightness: 80 }]);
    const info = await t.call<{ on: boolean }>('GET', `/api/v1/acSwitch/${SW}/info`, { token: tokens.admin });
    expect(info.data.on).toBe(true);
    const shown = await t.call<RuleRow>('GET', `/api/v1/smart/rule/${rule.id}`, { token: tokens.admin });
    expect(shown.data.lastRun).toMatchObject({ status: 'succeeded' });
  });

  it('logs an action its owner may no longer do as refused', async () => {
    const e = engine();
    const rule = await create();
    await t.database.db.execute(sql`update smart_rule set plant_id = ${otherPlantId} where id = ${rule.id}`);
    await e.tick();
    const [run] = await runsOf(rule.id);
    expect(run?.outcomes).toEqual([{ kind: 'acSwitch', target: SW, status: 'refused', reason: 'notFound' }]);
    expect(commands).toHaveLength(0);
  });
});
