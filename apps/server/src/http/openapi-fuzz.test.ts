import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/rows.js';
import { storageFixture } from '../test/storage-fixture.js';
import { sunrisePlant } from '../test/gateway-fixtures.js';
import { ACCOUNTS, TestApp } from '../test/harness.js';
import { fill, sample, type OpenApiDocument, type Operation } from '../test/openapi-walk.js';

/**
 * Every route of the OpenAPI document, called with bad input as a company administrator and anonymously:
 * wrong types, impossible dates, huge and negative numbers, 10,000-character strings, NUL bytes, malformed JSON,
 * missing and extra fields. The inputs are enumerated (no randomness), so a failure is reproducible; any 5xx
 * fails the test naming the route and the input. Commands time out after 1 s (COMMAND_TIMEOUT_S).
 */

const LONG = 'x'.repeat(10_000);
/** Bad values for any string, number or date field. */
const BAD_SCALARS: unknown[] = [
  '',
  'abc',
  '-1',
  '99999999999999999999999',
  '1e309',
  '2026-02-31',
  '2026-13',
  '0000-00-00',
  '9999-12-31',
  'a\u0000b',
  LONG,
  '__proto__',
  -1,
  0,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  -1e308,
  3.5,
  true,
  null,
  [],
  {},
  ['a', 'b'],
];
/** The bad values tried one level down in a body. */
const NESTED_BAD: unknown[] = ['', '2026-02-31', 'a\u0000b', LONG, -1, 1e308, 3.5, null, [], {}];
/** Bad values for a path segment or a query-string value (always text on the wire). */
const BAD_TEXT = [
  'abc',
  '-1',
  '0',
  '99999999999999999999999',
  '1e309',
  'NaN',
  '2026-02-31',
  '2026-13',
  '0000-00-00',
  '9999-12-31',
  '-0001-01-01',
  'a\u0000b',
  LONG,
  ',,,',
  ' ',
  '%',
];

const BOUNDARY = '----heliograph-fuzz';
function multipart(file: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="fuzz.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
/** Files that claim to be .xlsx: empty, random-looking bytes, a zip header with nothing behind it, PNG bytes. */
const UPLOADS: [string, Buffer][] = [
  ['upload of an empty file', Buffer.alloc(0)],
  ['upload of bytes that are no file', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251))],
  ['upload of a truncated zip', Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000', 'latin1')],
  ['upload of an end-of-archive record only', Buffer.from('PK\u0005\u0006' + '\u0000'.repeat(18), 'latin1')],
  ['upload of PNG bytes', Buffer.from('\u0089PNG\r\n\u001a\n' + '\u0000'.repeat(64), 'latin1')],
];

interface Call {
  method: string;
  url: string;
  query?: Record<string, string>;
  payload?: string | Buffer;
  contentType?: string;
  label: string;
}

/** Every bad call for one operation, with its path parameters first set to real values of the demo data. */
function callsFor(method: string, path: string, op: Operation, real: (name: string) => string): Call[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const good: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, real(p.name)]));
  const goodQuery: Record<string, string> = {};
  for (const q of queryParams) if (q.required) goodQuery[q.name] = String(sample(q.schema));
  // A live stream never ends on its own: only its refusals are fuzzed, not a stream that would open.
  const streams = op.tags?.includes('live') ?? false;
  const calls: Call[] = [];
  const base = { method: method.toUpperCase() };

  for (const p of pathParams)
    for (const bad of BAD_TEXT)
      calls.push({
        ...base,
        url: fill(path, { ...good, [p.name]: bad }),
        query: goodQuery,
        label: `path ${p.name}=${JSON.stringify(bad.slice(0, 40))}`,
      });
  if (streams) return calls;
  const url = fill(path, good);
  for (const q of queryParams) {
    for (const bad of BAD_TEXT)
      calls.push({
        ...base,
        url,
        query: { ...goodQuery, [q.name]: bad },
        label: `query ${q.name}=${bad.slice(0, 40)}`,
      });
  }
  calls.push({ ...base, url, query: { ...goodQuery, extra: 'x' }, label: 'query extra field' });
  if (queryParams.length > 0) {
    const all = Object.fromEntries(queryParams.map((q) => [q.name, String(sample(q.schema))]));
    calls.push({ ...base, url, query: all, label: 'query every field plausible' });
  }

  const json = op.requestBody?.content['application/json']?.schema;
  if (json || base.method === 'POST') {
    const ok = (sample(json) ?? {}) as Record<string, unknown>;
    const bodies: [string, unknown][] = [
      ['body plausible', ok],
      ['body empty object', {}],
      ['body extra field', { ...(typeof ok === 'object' ? ok : {}), extra: LONG, __proto__x: 1 }],
      ['body array', [ok]],
      ['body null', null],
      ['body number', 1e308],
      ['body string', 'a\u0000b'],
    ];
    for (const [name, prop] of Object.entries(json?.properties ?? {})) {
      for (const bad of BAD_SCALARS)
        bodies.push([`body ${name}=${JSON.stringify(bad).slice(0, 40)}`, { ...ok, [name]: bad }]);
      const { [name]: _dropped, ...rest } = ok;
      bodies.push([`body without ${name}`, rest]);
      if (prop.type === 'array')
        bodies.push([`body ${name} of 10,000 items`, { ...ok, [name]: Array(10_000).fill(sample(prop.items)) }]);
      // One level down: the fields of a nested object, or of the first item of a list of objects.
      const inner = prop.type === 'array' ? prop.items : prop;
      for (const sub of Object.keys(inner?.properties ?? {})) {
        const innerOk = sample(inner) as Record<string, unknown>;
        for (const bad of NESTED_BAD) {
          const value = { ...innerOk, [sub]: bad };
          bodies.push([
            `body ${name}.${sub}=${JSON.stringify(bad).slice(0, 40)}`,
            { ...ok, [name]: prop.type === 'array' ? [value] : value },
          ]);
        }
      }
    }
    for (const [label, body] of bodies) calls.push({ ...base, url, payload: JSON.stringify(body), label });
    for (const raw of ['{', '{"a":', 'nul', '\u0000', '{"a":1}}', LONG])
      calls.push({ ...base, url, payload: raw, label: `malformed JSON ${JSON.stringify(raw.slice(0, 12))}` });
    // Uploads (.xlsx imports, pictures): a file that is not what it says, and a broken multipart body.
    for (const [label, file] of UPLOADS)
      calls.push({
        ...base,
        url,
        payload: multipart(file),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
        label,
      });
    calls.push({
      ...base,
      url,
      payload: `--${BOUNDARY}\r\nContent-Disp`,
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      label: 'multipart cut short',
    });
  }
  return calls;
}

describe('the OpenAPI fuzz', () => {
  const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '1' });
  let plantId: string;
  beforeAll(async () => {
    // Real plants and devices of every kind, so the fuzzed inputs reach the handlers behind the lookups.
    plantId = (await storageFixture(t, 'FZ')).plantId;
    await sunrisePlant(t, 'Fuzz plant', [
      {
        sn: 'FZGW02',
        devices: [
          { sn: 'FZINV01', kind: 'inverter', model: 'SIM-HYB-10K', ratedW: 10_000 },
          { sn: 'FZSW01', kind: 'switch' },
          { sn: 'FZLORA01', kind: 'lora' },
        ],
      },
    ]);
  });

  it('answers every route with no 5xx to bad input, signed in as an administrator and anonymously', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const db = t.database.db;
    const one = async (q: SQL): Promise<string> => String((await query<{ v: unknown }>(db, q))[0]?.v ?? 'none');
    const real = {
      id: plantId,
      gateway: 'FZGW01',
      kinds: Object.fromEntries(
        await Promise.all(
          ['inverter', 'battery', 'meter', 'weather', 'switch', 'lora'].map(
            async (k) =>
              [
                k,
                await one(sql`select sn as v from device where kind = ${k} and sn like 'FZ%' order by sn limit 1`),
              ] as const,
          ),
        ),
      ) as Record<string, string>,
    };
    const realFor = (path: string) => (name: string) => {
      if (name !== 'sn') return name === 'id' || name.endsWith('Id') ? real.id : 'x';
      const prefix = /^\/api\/v1\/([A-Za-z-]+)/.exec(path)?.[1]?.toLowerCase() ?? '';
      if (prefix.startsWith('gateway')) return real.gateway;
      if (prefix.startsWith('acswitch')) return real.kinds.switch ?? 'x';
      if (prefix.startsWith('weather')) return real.kinds.weather ?? 'x';
      const kind = Object.keys(real.kinds).find((k) => prefix.startsWith(k));
      return kind ? (real.kinds[kind] ?? 'x') : real.gateway;
    };

    let adminToken = await t.tokenFor(ACCOUNTS.admin);
    const failures: string[] = [];
    let calls = 0;
    let routes = 0;
    const statuses = new Map<number, number>();
    const send = async (c: Call, token: string | null): Promise<LightMyRequestResponse> => {
      calls++;
      return t.app.inject({
        method: c.method as 'GET',
        url: c.url,
        query: c.query,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(c.payload === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' }),
        },
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
    };
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1')) continue;
      for (const [method, op] of Object.entries(ops)) {
        routes++;
        const list = callsFor(method, path, op, realFor(path));
        for (let i = 0; i < list.length; i++) {
          const c = list[i] as Call;
          let res = await send(c, adminToken);
          // A fuzzed sign-out may end the administrator's session: sign in again and repeat the call.
          if (res.statusCode === 401) {
            adminToken = await t.tokenFor(ACCOUNTS.admin);
            res = await send(c, adminToken);
          }
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500)
            failures.push(`${c.method} ${path} as admin, ${c.label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          // Anonymous callers get a sample of the same inputs (every fifth): refusals must not fault either.
          if (i % 5 === 0) {
            const anon = await send(c, null);
            if (anon.statusCode >= 500)
              failures.push(
                `${c.method} ${path} anonymously, ${c.label}: ${anon.statusCode} ${anon.body.slice(0, 200)}`,
              );
          }
        }
      }
    }
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(
      `OpenAPI fuzz: ${calls} calls over ${routes} routes, ${failures.length} answered 5xx; administrator answers by status ${byStatus.join(', ')}`,
    );
    expect(failures).toEqual([]);
  }, 600_000);
});
