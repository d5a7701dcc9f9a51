import { ERROR_CODES } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { plantDay } from '../db/schema.js';
import { storageFixture, type StorageFixture } from '../test/storage-fixture.js';
import { sunrisePlant } from '../test/gateway-fixtures.js';
import { ACCOUNTS, TestApp, type Answer } from '../test/harness.js';

// The clock is set to 15 November 2026 (a 30-day month), where the month route used to ask for 31 November.
const NOW = new Date('2026-11-15T10:00:00Z');

// The clock is faked before the app boots, so that what it seeds is dated by it too.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
const t = TestApp.forTests();
let f: StorageFixture;
let admin: string;

beforeAll(async () => {
  f = await storageFixture(t, 'BI');
  await sunrisePlant(t, 'Bad input switches', [{ sn: 'BISW01', devices: [{ sn: 'BISW01', kind: 'switch' }] }]);
  admin = await t.tokenFor(ACCOUNTS.admin);
});
afterAll(async () => {
  vi.useRealTimers();
});

function expectRefused(res: Answer<unknown>, field: string, message?: string): void {
  expect(res.status).toBe(400);
  expect(res.code).toBe(ERROR_CODES.validation);
  const fields = (res.data as { fields: { field: string; message: string }[] }).fields;
  // A list item is named with its index (`sns.0`).
  const named = fields.find((x) => x.field === field || x.field.startsWith(`${field}.`));
  expect(named, JSON.stringify(fields)).toBeDefined();
  if (message) expect(named?.message).toBe(message);
}

describe('a month with fewer than 31 days', () => {
  it('gives this month’s energy figures, its last day included', async () => {
    await t.database.db.insert(plantDay).values([
      { plantId: f.plantId, day: '2026-11-01', pv: 10 },
      { plantId: f.plantId, day: '2026-11-30', pv: 5 },
      { plantId: f.plantId, day: '2026-12-01', pv: 1000 },
    ]);
    const res = await t.call<{ pv: number }>('GET', `/api/v1/plant/energy/${f.plantId}/month`, { token: admin });
    expect(res.code).toBe(0);
    expect(res.data.pv).toBe(15);
    const feb = await t.call<{ pv: number }>('GET', `/api/v1/plant/energy/${f.plantId}/month`, {
      token: admin,
      query: { month: '2026-02' },
    });
    expect(feb.code).toBe(0);
  });
});

describe('impossible dates, months and years', () => {
  it('are refused naming the field, in the caller’s language, before the database', async () => {
    const plant = `/api/v1/plant/energy/${f.plantId}`;
    const cases: [string, Record<string, string>, string, string][] = [
      [`${plant}/month`, { month: '2026-13' }, 'month', 'Enter a valid month (YYYY-MM).'],
      [`${plant}/day`, { date: '2026-02-31' }, 'date', 'Enter a valid date (YYYY-MM-DD).'],
      [`${plant}/day`, { date: '0000-00-00' }, 'date', 'Enter a valid date (YYYY-MM-DD).'],
      [`${plant}/generation/use`, { date: '2026-02-31' }, 'date', 'Enter a valid date (YYYY-MM-DD).'],
      [`${plant}/year`, { year: '0000' }, 'year', 'Enter a valid year (YYYY).'],
      [`/api/v1/plant/${f.plantId}/power/month`, { month: '2026-00' }, 'month', 'Enter a valid month (YYYY-MM).'],
      [
        `/api/v1/weather-station/${f.sn.weather}/day`,
        { date: '9999-12-31' },
        'date',
        'Enter a valid date (YYYY-MM-DD).',
      ],
      [
        `/api/v1/battery/${f.sn.master}/batteryWorkData`,
        { date: '9999-12-31' },
        'date',
        'Enter a valid date (YYYY-MM-DD).',
      ],
    ];
    for (const [url, query, field, message] of cases) {
      expectRefused(await t.call('GET', url, { token: admin, query }), field, message);
    }
    const german = await t.call('GET', `${plant}/month`, { token: admin, query: { month: '2026-13', lan: 'de' } });
    expectRefused(german, 'month', 'Geben Sie einen gültigen Monat ein (JJJJ-MM).');
  });

  it('a real leap day is accepted', async () => {
    const res = await t.call('GET', `/api/v1/plant/energy/${f.plantId}/day`, {
      token: admin,
      query: { date: '2024-02-29' },
    });
    expect(res.code).toBe(0);
  });
});

describe('query-string lists', () => {
  it('an empty, odd or too long list of serial numbers is a validation error', async () => {
    for (const sns of ['', ',,,', ' ', 'a b', '%', Array(101).fill('BISW01').join(',')]) {
      expectRefused(
        await t.call('GET', '/api/v1/acSwitch/meshCheck/read/batch', { token: admin, query: { sns } }),
        'sns',
      );
    }
    const ok = await t.call<{ sn: string }[]>('GET', '/api/v1/acSwitch/meshCheck/read/batch', {
      token: admin,
      query: { sns: 'BISW01,' },
    });
    expect(ok.code).toBe(0);
    expect(ok.data.map((s) => s.sn)).toEqual(['BISW01']);
  });
});

describe('NUL bytes', () => {
  it('in an account name, a query or a path are refused as validation errors and change nothing', async () => {
    const login = await t.call('POST', '/api/v1/oauth/token/new', {
      body: { account: 'admin\u0000@sunrise.example', password: 'x', source: 'web', keyId: 'k' },
    });
    expectRefused(login, 'account');
    expectRefused(
      await t.call('GET', '/api/v1/anonymous/checkAccount', { query: { account: 'new\u0000@example.com' } }),
      'account',
    );
    expectRefused(await t.call('GET', '/api/v1/plants', { token: admin, query: { keyword: 'a\u0000' } }), 'keyword');
    expectRefused(await t.call('GET', `/api/v1/gateway/BI%00GW`, { token: admin }), 'sn');
  });
});
