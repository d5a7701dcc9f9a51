import { beforeAll, describe, expect, it } from 'vitest';
import { signInForTests, TestApp } from '../../test/harness.js';
import { sunrisePlant } from '../../test/gateway-fixtures.js';
import { linkLoraChildren } from './children.js';

const LM = 'LMR0000001';
const LM_SHARED = 'LMR0000002';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'visitor', 'rival');
let plantId: string;
let sharedPlantId: string;

interface Master {
  sn: string;
  alias: string | null;
  writable: boolean;
  children: { sn: string }[];
}

beforeAll(async () => {
  plantId = await sunrisePlant(t, 'Lora rename plant', [
    {
      sn: LM,
      devices: [
        { sn: LM, kind: 'lora' },
        { sn: 'LNR0000001', kind: 'lora' },
      ],
    },
  ]);
  await linkLoraChildren(t.database.db, LM, ['LNR0000001']);
  sharedPlantId = await sunrisePlant(
    t,
    'Lora shared plant',
    [{ sn: LM_SHARED, devices: [{ sn: LM_SHARED, kind: 'lora' }] }],
    {
      sharedWithVisitor: true,
    },
  );
});

describe('lora master node rename', () => {
  it('renames a master node, shows the new name in the list and logs the change', async () => {
    const res = await t.call('POST', `/api/v1/masterNode/alias/${LM}`, {
      token: tokens.admin,
      body: { alias: 'Roof mesh' },
    });
    expect(res.code).toBe(0);
    const one = await t.call<Master>('GET', `/api/v1/masterNode/${LM}`, { token: tokens.admin });
    expect(one.data).toMatchObject({ alias: 'Roof mesh', writable: true });
    const list = await t.call<{ rows: { sn: string; alias: string | null }[] }>('GET', '/api/v1/masterNode/page', {
      token: tokens.admin,
      query: { q: 'roof' },
    });
    expect(list.data.rows).toEqual([expect.objectContaining({ sn: LM, alias: 'Roof mesh' })]);
    const log = await t.call<{ rows: { operation: string; oldValue: string | null; newValue: string | null }[] }>(
      'GET',
      '/api/v1/operation/log',
      { token: tokens.admin, query: { target: LM, page: '1', size: '10' } },
    );
    expect(log.data.rows[0]).toMatchObject({ operation: 'lora.alias', oldValue: null, newValue: 'Roof mesh' });

    const cleared = await t.call('POST', `/api/v1/masterNode/alias/${LM}`, {
      token: tokens.admin,
      body: { alias: '  ' },
    });
    expect(cleared.code).toBe(0);
    expect((await t.call<Master>('GET', `/api/v1/masterNode/${LM}`, { token: tokens.admin })).data.alias).toBeNull();
  });

  it('narrows the list to one plant, in the counts too', async () => {
    const page = (plantId: string) =>
      t.call<{ rows: { sn: string }[]; counts: Record<string, number> }>('GET', '/api/v1/masterNode/page', {
        token: tokens.admin,
        query: { plantId },
      });
    const one = await page(plantId);
    expect(one.data.rows.map((r) => r.sn)).toEqual([LM]);
    expect(one.data.counts.all).toBe(1);
    expect((await page(sharedPlantId)).data.rows.map((r) => r.sn)).toEqual([LM_SHARED]);
    expect((await page('not-a-plant')).code).toBe(4);
  });

  it('refuses an alias over 32 bytes and changes nothing', async () => {
    const res = await t.call('POST', `/api/v1/masterNode/alias/${LM}`, {
      token: tokens.admin,
      body: { alias: 'ü'.repeat(17) },
    });
    expect(res.code).toBe(4);
    expect((await t.call<Master>('GET', `/api/v1/masterNode/${LM}`, { token: tokens.admin })).data.alias).toBeNull();
  });

  it('answers another company “does not exist” and lets a guest look but not rename', async () => {
    const rename = await t.call('POST', `/api/v1/masterNode/alias/${LM}`, {
      token: tokens.rival,
      body: { alias: 'x' },
    });
    expect(rename.code).toBe(404);
    expect((await t.call('GET', `/api/v1/masterNode/${LM}`, { token: tokens.rival })).code).toBe(404);

    const seen = await t.call<Master>('GET', `/api/v1/masterNode/${LM_SHARED}`, { token: tokens.visitor });
    expect(seen.data).toMatchObject({ sn: LM_SHARED, writable: false });
    const denied = await t.call('POST', `/api/v1/masterNode/alias/${LM_SHARED}`, {
      token: tokens.visitor,
      body: { alias: 'x' },
    });
    expect(denied.code).not.toBe(0);
    expect(
      (await t.call<Master>('GET', `/api/v1/masterNode/${LM_SHARED}`, { token: tokens.admin })).data.alias,
    ).toBeNull();
  });
});
