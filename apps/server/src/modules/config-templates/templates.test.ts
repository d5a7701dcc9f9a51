import { ERROR_CODES, INVERTER_STATE } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { device, deviceLatest } from '../../db/schema.js';
import { commandTests, inverterPlants } from '../../test/inverter-fixture.js';

const GW = 'GWTPL00001';
const INV_A = 'INVTPL0001';
const INV_B = 'INVTPL0002';
const INV_SUNSPEC = 'INVTPL0003';
const INV_OFFLINE_GW = 'INVTPL0004';
const INV_RIVAL = 'INVTPL0009';

// INV_B's firmware refuses the grid code; everything else is applied.
const { t, tokens, gateways } = commandTests((cmd) =>
  cmd.device === INV_B
    ? { status: 'failed', error: 'gridCode not supported' }
    : { status: 'succeeded', result: cmd.params },
);

interface Template {
  id: string;
  name: string;
  protocol: string;
  model: string;
  values: Record<string, unknown>;
}

beforeAll(async () => {
  const db = t.database.db;
  await inverterPlants(
    t,
    {
      name: 'Template test plant',
      gateways: [
        {
          sn: GW,
          devices: [
            { sn: INV_A, kind: 'inverter' },
            { sn: INV_B, kind: 'inverter' },
            { sn: INV_SUNSPEC, kind: 'inverter', protocol: 'sunspec' },
          ],
        },
        { sn: 'GWTPL00002', devices: [{ sn: INV_OFFLINE_GW, kind: 'inverter' }] },
      ],
    },
    {
      name: 'Rival template plant',
      gateways: [{ sn: 'GWTPL00009', devices: [{ sn: INV_RIVAL, kind: 'inverter' }] }],
    },
    { shareWithVisitor: false },
  );
  for (const d of await db.select().from(device)) {
    await db
      .insert(deviceLatest)
      .values({ deviceId: d.id, ts: new Date(), metrics: { state: INVERTER_STATE.mppt } })
      .onConflictDoNothing();
  }
  await gateways.connect(t, GW);
});

describe('configuration templates', () => {
  let id = '';

  it('refuses a template whose values the protocol’s form does not allow', async () => {
    for (const values of [{ activePowerLimit: 140 }, { WMaxLimPct: 50 }, {}]) {
      const res = await t.call('POST', '/api/v1/inverter/config/template', {
        token: tokens.admin,
        body: { name: 'Bad', protocol: 'metrics', values },
      });
      expect(res.code, JSON.stringify(values)).toBe(4);
    }
    const list = await t.call<{ total: number }>('GET', '/api/v1/inverter/config/templates', { token: tokens.admin });
    expect(list.data.total).toBe(0);
  });

  it('creates, lists, searches, edits and reads a template', async () => {
    const created = await t.call<Template>('POST', '/api/v1/inverter/config/template', {
      token: tokens.admin,
      body: { name: 'Export limit 70 %', protocol: 'metrics', values: { activePowerLimit: 70, gridCode: 'G99' } },
    });
    expect(created.code).toBe(0);
    id = created.data.id;
    await t.call('POST', '/api/v1/inverter/config/template', {
      token: tokens.admin,
      body: { name: 'SunSpec curtail', protocol: 'sunspec', values: { WMaxLimPct: 50 } },
    });
    const found = await t.call<{ total: number; rows: Template[] }>('GET', '/api/v1/inverter/config/templates', {
      token: tokens.admin,
      query: { q: 'export' },
    });
    expect(found.data.rows.map((r) => r.name)).toEqual(['Export limit 70 %']);

    const edited = await t.call<Template>('POST', `/api/v1/inverter/config/template/${id}`, {
      token: tokens.admin,
      body: { name: 'Export limit 60 %', protocol: 'metrics', values: { activePowerLimit: 60, gridCode: 'G99' } },
    });
    expect(edited.data).toMatchObject({ name: 'Export limit 60 %', values: { activePowerLimit: 60 } });
    const one = await t.call<Template>('GET', `/api/v1/inverter/config/template/${id}`, { token: tokens.admin });
    expect(one.data.values).toEqual({ activePowerLimit: 60, gridCode: 'G99' });
  });

  it('refuses a second template of the same name, in any case, and changes nothing', async () => {
    const before = await t.call<{ total: number }>('GET', '/api/v1/inverter/config/templates', { token: tokens.admin });
    const dup = await t.call('POST', '/api/v1/inverter/config/template', {
      token: tokens.admin,
      body: { name: 'export LIMIT 60 %', protocol: 'metrics', values: { activePowerLimit: 10 } },
    });
    expect(dup.code).toBe(ERROR_CODES.templateNameExists);
    const after = await t.call<{ total: number }>('GET', '/api/v1/inverter/config/templates', { token: tokens.admin });
    expect(after.data.total).toBe(before.data.total);
    const renamed = await t.call('POST', `/api/v1/inverter/config/template/${id}`, {
      token: tokens.admin,
      body: { name: 'SunSpec curtail', protocol: 'metrics', values: { activePowerLimit: 60, gridCode: 'G99' } },
    });
    expect(renamed.code).toBe(ERROR_CODES.templateNameExists);
    // Saving a template under its own name is no clash.
    const same = await t.call('POST', `/api/v1/inverter/config/template/${id}`, {
      token: tokens.admin,
      body: { name: 'Export limit 60 %', protocol: 'metrics', values: { activePowerLimit: 60, gridCode: 'G99' } },
    });
    expect(same.code).toBe(0);
  });

  it('keeps templates within the company', async () => {
    const list = await t.call<{ total: number }>('GET', '/api/v1/inverter/config/templates', { token: tokens.rival });
    expect(list.data.total).toBe(0);
    for (const [method, path, body] of [
      ['GET', `/api/v1/inverter/config/template/${id}`, undefined],
      ['POST', `/api/v1/inverter/config/template/${id}/delete`, undefined],
      ['POST', `/api/v1/inverter/config/template/${id}/apply`, { sns: [INV_RIVAL] }],
    ] as const) {
      expect((await t.call(method, path, { token: tokens.rival, body })).code).toBe(404);
    }
  });

  it('applies to several inverters as settingsWrite commands and reports each result', async () => {
    const res = await t.call<{ sn: string; status: string; code: number | null; error: string | null }[]>(
      'POST',
      `/api/v1/inverter/config/template/${id}/apply`,
      { token: tokens.admin, body: { sns: [INV_A, INV_B, INV_SUNSPEC, INV_RIVAL, INV_OFFLINE_GW] } },
    );
    expect(res.code).toBe(0);
    const by = Object.fromEntries(res.data.map((r) => [r.sn, r]));
    expect(by[INV_A]).toMatchObject({ status: 'succeeded' });
    expect(by[INV_B]).toMatchObject({ status: 'failed', error: 'gridCode not supported' });
    expect(by[INV_SUNSPEC]).toMatchObject({ status: 'refused', code: 601 });
    expect(by[INV_RIVAL]).toMatchObject({ status: 'refused', code: 600 });
    expect(by[INV_OFFLINE_GW]).toMatchObject({ status: 'refused', code: 1201 });
    const writes = gateways.received.filter((c) => c.type === 'settingsWrite');
    expect(writes.map((c) => c.device).sort()).toEqual([INV_A, INV_B]);
    expect(writes[0]?.params).toEqual({ activePowerLimit: 60, gridCode: 'G99' });
  });

  it('refuses more than 50 inverters at once', async () => {
    const sns = Array.from({ length: 51 }, (_, i) => `INV${String(i).padStart(4, '0')}`);
    const res = await t.call('POST', `/api/v1/inverter/config/template/${id}/apply`, {
      token: tokens.admin,
      body: { sns },
    });
    expect(res.code).toBe(4);
  });

  it('deletes a template', async () => {
    expect((await t.call('POST', `/api/v1/inverter/config/template/${id}/delete`, { token: tokens.admin })).code).toBe(
      0,
    );
    expect((await t.call('GET', `/api/v1/inverter/config/template/${id}`, { token: tokens.admin })).code).toBe(404);
  });

  it('gives the form of a protocol to the editor', async () => {
    const res = await t.call<{ key: string }[]>('GET', '/api/v1/inverter/config/fields', {
      token: tokens.admin,
      query: { protocol: 'sunspec' },
    });
    expect(res.data.map((f) => f.key)).toEqual(expect.arrayContaining(['WMaxLimPct', 'OutPFSet', 'Conn']));
  });

  it('is closed to a visitor', async () => {
    const res = await t.call('POST', '/api/v1/inverter/config/template', {
      token: tokens.visitor,
      body: { name: 'x', protocol: 'metrics', values: { activePowerLimit: 1 } },
    });
    expect(res.status).toBe(403);
  });
});
