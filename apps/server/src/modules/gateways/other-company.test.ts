import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { sunrisePlant, upload, xlsxOf } from '../../test/gateway-fixtures.js';

/** What a caller learns about another company's serials and accounts: nothing an unknown one would not say. */
const SW = 'SWXC000001';
const GW = 'GWXC000001';

const t = TestApp.forTests();
let admin: string;
let rival: string;
beforeAll(async () => {
  await sunrisePlant(t, 'Cross-company plant', [
    { sn: GW, devices: [{ sn: 'INVXC00001', kind: 'inverter', ratedW: 5000 }] },
    { sn: SW, devices: [{ sn: SW, kind: 'switch' }] },
  ]);
  admin = await t.tokenFor(ACCOUNTS.admin);
  rival = await t.otherCompanyToken();
});

interface Info {
  associatedUser: string | null;
}

describe('associating a switch with an account', () => {
  it('accepts an account of the company', async () => {
    const set = await t.call('POST', `/api/v1/acSwitch/${SW}/updateAssociateUser`, {
      token: admin,
      body: { account: ACCOUNTS.owner },
    });
    expect(set.code).toBe(0);
    expect((await t.call<Info>('GET', `/api/v1/acSwitch/${SW}/info`, { token: admin })).data.associatedUser).toBe(
      ACCOUNTS.owner,
    );
  });

  it('answers another company’s account like an unknown one (105) and keeps the association', async () => {
    const unknown = await t.call('POST', `/api/v1/acSwitch/${SW}/updateAssociateUser`, {
      token: admin,
      body: { account: 'nobody@nowhere.example' },
    });
    const other = await t.call('POST', `/api/v1/acSwitch/${SW}/updateAssociateUser`, {
      token: admin,
      body: { account: 'boss@rival.example' },
    });
    const batch = await t.call('POST', '/api/v1/acSwitch/updateAssociateUser/batch', {
      token: admin,
      body: { account: 'boss@rival.example', sns: [SW] },
    });
    expect(unknown.code).toBe(ERROR_CODES.accountNotRegistered);
    expect(other).toEqual(unknown);
    expect(batch).toEqual(unknown);
    expect((await t.call<Info>('GET', `/api/v1/acSwitch/${SW}/info`, { token: admin })).data.associatedUser).toBe(
      ACCOUNTS.owner,
    );
  });
});

describe('importing another company’s serial number', () => {
  const body = (sn: string) => ({ sn, registrationKey: 'ANYKEY01', password: 'GoodPass2026' });

  it('answers a single gateway or switch import 305, as for a serial it does not know, not 301', async () => {
    for (const [url, sn] of [
      ['/api/v1/gateways/import', GW],
      ['/api/v1/gateways/import', 'INVXC00001'],
      ['/api/v1/acSwitch/create', SW],
    ] as const) {
      const answer = await t.call('POST', url, { token: rival, body: body(sn) });
      expect(answer.code, `${url} ${sn}`).toBe(ERROR_CODES.gatewayNotFound);
    }
    // The company that has it still hears "already used".
    expect((await t.call('POST', '/api/v1/gateways/import', { token: admin, body: body(GW) })).code).toBe(
      ERROR_CODES.gatewayUsed,
    );
  });

  it('marks such a row of a batch "unavailable", never "exists", and saves nothing', async () => {
    const file = await xlsxOf([
      ['GWXCNEW001', 'K1', 'GoodPass2026'],
      [GW, 'K2', 'GoodPass2026'],
      [SW, 'K3', 'GoodPass2026'],
    ]);
    for (const url of ['/api/v1/gateways/import/check', '/api/v1/acSwitch/import/batch/check']) {
      const check = await upload<{ rows: { problems: string[] }[] }>(t, url, rival, file);
      expect(
        check.data.rows.map((r) => r.problems),
        url,
      ).toEqual([[], ['unavailable'], ['unavailable']]);
    }
    const saved = await upload<{ saved: number }>(t, '/api/v1/gateways/import/batch', rival, file);
    expect(saved.data.saved).toBe(0);
    const own = await upload<{ rows: { problems: string[] }[] }>(t, '/api/v1/gateways/import/check', admin, file);
    expect(own.data.rows.map((r) => r.problems)).toEqual([[], ['exists'], ['exists']]);
  });
});
