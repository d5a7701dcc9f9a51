import { count, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, auditLog, company, companyManual, storedFile } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { jpegHead, multipart, png } from './test-files.js';

const t = TestApp.forTests();
const tk: Record<'admin' | 'staff' | 'owner' | 'rival' | 'platform', string> = {
  admin: '',
  staff: '',
  owner: '',
  rival: '',
  platform: '',
};
let sunriseId: string;

interface Envelope<T = unknown> {
  code: number;
  data: T;
}
type Fields = { fields?: { field: string; rule: string }[] };

async function upload<T = unknown>(
  token: string,
  url: string,
  file: { name: string; type: string; content: Buffer },
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipart(file, fields);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res.json<Envelope<T & Fields>>();
}

const sunrise = async () => (await t.database.db.select().from(company).where(eq(company.id, sunriseId)))[0];
const fileCount = async () => (await t.database.db.select({ n: count() }).from(storedFile))[0]?.n ?? 0;
const auditsOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

beforeAll(async () => {
  tk.admin = await t.tokenFor(ACCOUNTS.admin);
  tk.staff = await t.tokenFor(ACCOUNTS.staff);
  tk.owner = await t.tokenFor(ACCOUNTS.owner);
  tk.platform = await t.tokenFor(ACCOUNTS.platform);
  tk.rival = await t.otherCompanyToken();
  const [row] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  sunriseId = row?.id ?? '';
});

describe('company info', () => {
  it('answers the caller’s company with its administrator', async () => {
    const res = await t.call<{ name: string; admin: { account: string } | null; themeColor: string }>(
      'GET',
      '/api/v1/company/info',
      { token: tk.admin },
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: 'Sunrise Energy', themeColor: '#353340' });
    expect(res.data.admin?.account).toBe(ACCOUNTS.admin);
    const rival = await t.call<{ name: string }>('GET', '/api/v1/company/info', { token: tk.rival });
    expect(rival.data.name).toBe('Rival Solar');
  });

  it('refuses another company’s name in any case (203) and bad fields (4), saving nothing', async () => {
    const body = { name: 'RIVAL solar', contactName: 'A', email: '', phone: '', address: '' };
    const dup = await t.call('POST', '/api/v1/company/edit', { token: tk.admin, body });
    expect(dup.code).toBe(ERROR_CODES.companyNameDuplicate);
    const bad = await t.call<Fields>('POST', '/api/v1/company/edit', {
      token: tk.admin,
      body: { ...body, name: 'Sunrise Energy GmbH', email: 'not-an-address', phone: 'call me' },
    });
    expect(bad.code).toBe(ERROR_CODES.validation);
    expect(bad.data.fields?.map((f) => f.rule).sort()).toEqual(['email', 'phone']);
    expect((await sunrise())?.name).toBe('Sunrise Energy');
    expect(await auditsOf('company.update')).toEqual([]);
  });

  it('saves an edit and audits only what changed', async () => {
    const c = await sunrise();
    const res = await t.call<{ address: string }>('POST', '/api/v1/company/edit', {
      token: tk.admin,
      body: {
        name: 'Sunrise Energy',
        contactName: c?.contactName,
        email: c?.email,
        phone: c?.phone,
        address: 'Sonnenallee 5, Berlin',
      },
    });
    expect(res.code).toBe(0);
    expect(res.data.address).toBe('Sonnenallee 5, Berlin');
    const [entry] = await auditsOf('company.update');
    expect(entry).toMatchObject({
      companyId: sunriseId,
      oldValue: { address: 'Solarweg 1, 10115 Berlin' },
      newValue: { address: 'Sonnenallee 5, Berlin' },
    });
  });

  it('members without company.edit cannot change it', async () => {
    const res = await t.call('POST', '/api/v1/company/themeColor', {
      token: tk.staff,
      body: { themeColor: '#123456' },
    });
    expect(res.status).toBe(403);
    expect((await sunrise())?.themeColor).toBe('#353340');
  });

  it('sets the theme colour every member’s GET user carries; refuses one that is not #rrggbb', async () => {
    const bad = await t.call<Fields>('POST', '/api/v1/company/themeColor', {
      token: tk.admin,
      body: { themeColor: 'red' },
    });
    expect(bad.data.fields?.[0]?.rule).toBe('themeColor');
    expect((await sunrise())?.themeColor).toBe('#353340');
    const res = await t.call('POST', '/api/v1/company/themeColor', {
      token: tk.admin,
      body: { themeColor: '#0B5FFF' },
    });
    expect(res.code).toBe(0);
    const me = await t.call<{ company: { themeColor: string } }>('GET', '/api/v1/user', { token: tk.staff });
    expect(me.data.company.themeColor).toBe('#0b5fff');
    const [entry] = await auditsOf('company.themeColor');
    expect(entry).toMatchObject({ oldValue: { themeColor: '#353340' }, newValue: { themeColor: '#0b5fff' } });
  });
});

describe('logos', () => {
  const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

  it.each([
    ['a GIF named .png', 'wide', { name: 'logo.png', type: 'image/png', content: gif }, 'logoType'],
    ['a PNG of the wrong size', 'wide', { name: 'logo.png', type: 'image/png', content: png(221, 58) }, 'logoWideSize'],
    [
      'a wide PNG as the square logo',
      'square',
      { name: 'l.png', type: 'image/png', content: png(220, 58) },
      'logoSquareSize',
    ],
    [
      'a JPEG of the wrong size',
      'square',
      { name: 'l.jpg', type: 'image/jpeg', content: jpegHead(60, 58) },
      'logoSquareSize',
    ],
    [
      'a file over 300 KB',
      'wide',
      { name: 'l.png', type: 'image/png', content: png(220, 58, [0, 0, 0], 310 * 1024) },
      'logoBytes',
    ],
  ] as const)('refuses %s, and saves nothing', async (_, which, file, rule) => {
    const files = await fileCount();
    const res = await upload(tk.admin, `/api/v1/company/logo/${which}`, file);
    expect(res.code).toBe(ERROR_CODES.validation);
    expect(res.data.fields?.[0]?.rule).toBe(rule);
    expect(await fileCount()).toBe(files);
    const c = await sunrise();
    expect([c?.logoWideId, c?.logoSquareId]).toEqual([null, null]);
  });

  it('stores the exact sizes, serves them without a token with a hash, and replaces the old file', async () => {
    const wide = png(220, 58);
    const res = await upload<{ logoWide: string }>(tk.admin, '/api/v1/company/logo/wide', {
      name: 'logo.png',
      type: 'image/png',
      content: wide,
    });
    expect(res.code).toBe(0);
    const url = res.data.logoWide;
    expect(url).toMatch(/^\/api\/v1\/anonymous\/logo\/[0-9a-f-]{36}$/);
    const got = await t.app.inject({ method: 'GET', url });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(got.rawPayload, wide)).toBe(0);
    const etag = String(got.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const square = await upload<{ logoSquare: string }>(tk.admin, '/api/v1/company/logo/square', {
      name: 'logo.jpg',
      type: 'image/jpeg',
      content: jpegHead(58, 58),
    });
    expect(square.code).toBe(0);
    const me = await t.call<{ company: { logoWide: string; logoSquare: string } }>('GET', '/api/v1/user', {
      token: tk.staff,
    });
    expect(me.data.company).toMatchObject({ logoWide: url, logoSquare: square.data.logoSquare });

    const files = await fileCount();
    const again = await upload<{ logoWide: string }>(tk.admin, '/api/v1/company/logo/wide', {
      name: 'logo.png',
      type: 'image/png',
      content: png(220, 58, [10, 20, 30]),
    });
    expect(again.data.logoWide).not.toBe(url);
    expect(await fileCount()).toBe(files);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await auditsOf('company.logo')).length).toBe(3);
  });

  it('removes a logo', async () => {
    const res = await t.call<{ logoSquare: string | null }>('POST', '/api/v1/company/logo/square/delete', {
      token: tk.admin,
    });
    expect(res.data.logoSquare).toBeNull();
    expect((await sunrise())?.logoSquareId).toBeNull();
  });

  it('serves only logos: a manual’s file id is "does not exist"', async () => {
    const m = await upload<{ id: string }>(
      tk.admin,
      '/api/v1/company/manual',
      { name: 'guide.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
      { title: 'Secret guide' },
    );
    const [row] = await t.database.db.select().from(companyManual).where(eq(companyManual.id, m.data.id));
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/anonymous/logo/${row?.fileId ?? ''}` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('%PDF');
  });
});

describe('manuals', () => {
  const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
  let manualId = '';

  it('uploads a PDF, lists it, and lets members and the company’s accounts download it', async () => {
    const res = await upload<{ id: string; title: string; contentType: string; url: string }>(
      tk.admin,
      '/api/v1/company/manual',
      { name: 'Inverter quick start.pdf', type: 'application/pdf', content: pdf },
      { title: 'Quick start' },
    );
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ title: 'Quick start', contentType: 'application/pdf' });
    manualId = res.data.id;
    const list = await t.call<{ total: number; rows: { title: string }[] }>('GET', '/api/v1/company/manuals', {
      token: tk.admin,
      query: { q: 'quick' },
    });
    expect(list.data.rows.map((r) => r.title)).toEqual(['Quick start']);
    for (const token of [tk.staff, tk.owner]) {
      const got = await t.app.inject({
        method: 'GET',
        url: res.data.url,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toContain('Inverter quick start.pdf');
      expect(Buffer.compare(got.rawPayload, pdf)).toBe(0);
    }
    const entry = (await auditsOf('manual.create')).find((e) => e.targetId === manualId);
    expect(entry).toMatchObject({ companyId: sunriseId, newValue: { title: 'Quick start' } });
  });

  it.each([
    [
      'a program renamed .pdf',
      { name: 'x.pdf', type: 'application/pdf', content: Buffer.from('MZ\x90\x00rest', 'latin1') },
      {},
      'manualType',
    ],
    [
      'a PDF named .docx',
      { name: 'x.docx', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n') },
      {},
      'manualType',
    ],
    [
      'a title over 100 characters',
      { name: 'x.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4\n') },
      { title: 'x'.repeat(101) },
      'tooLong',
    ],
  ] as const)('refuses %s, and saves nothing', async (_, file, fields, rule) => {
    const files = await fileCount();
    const res = await upload(tk.admin, '/api/v1/company/manual', file, fields);
    expect(res.code).toBe(ERROR_CODES.validation);
    expect(res.data.fields?.[0]?.rule).toBe(rule);
    expect(await fileCount()).toBe(files);
  });

  it('another company finds neither the manual nor its download, and cannot delete it', async () => {
    const list = await t.call<{ total: number }>('GET', '/api/v1/company/manuals', { token: tk.rival });
    expect(list.data.total).toBe(0);
    const got = await t.call('GET', `/api/v1/company/manual/${manualId}/download`, { token: tk.rival });
    expect(got.code).toBe(ERROR_CODES.notFound);
    const del = await t.call('POST', `/api/v1/company/manual/${manualId}/delete`, { token: tk.rival });
    expect(del.code).toBe(ERROR_CODES.notFound);
    const platform = await t.call('GET', `/api/v1/company/manual/${manualId}/download`, { token: tk.platform });
    expect(platform.code).toBe(ERROR_CODES.notFound);
    expect((await t.database.db.select().from(companyManual).where(eq(companyManual.id, manualId))).length).toBe(1);
  });

  it('deletes a manual with its file', async () => {
    const files = await fileCount();
    const del = await t.call('POST', `/api/v1/company/manual/${manualId}/delete`, { token: tk.admin });
    expect(del.code).toBe(0);
    expect(await fileCount()).toBe(files - 1);
    expect((await t.call('GET', `/api/v1/company/manual/${manualId}/download`, { token: tk.admin })).code).toBe(
      ERROR_CODES.notFound,
    );
    expect((await auditsOf('manual.delete')).length).toBe(1);
  });
});

describe('the platform’s companies', () => {
  const newCompany = async (over: Record<string, unknown> = {}) => {
    const { keyId, cipher } = await t.encrypt('Firstboss2026');
    return t.call<{ id: string; name: string; members: number; admin: { account: string } }>(
      'POST',
      '/api/v1/company/add',
      {
        token: tk.platform,
        body: {
          name: 'Nordlicht Solar',
          contactName: 'Ingrid',
          email: 'info@nordlicht.example',
          phone: '+47 22 00 00 00',
          address: 'Oslo',
          hostName: 'solar.nordlicht.example',
          adminAccount: 'ingrid@nordlicht.example',
          adminNickname: 'Ingrid Berg',
          keyId,
          password: cipher,
          ...over,
        },
      },
    );
  };

  it('refuses company administrators (403) on every platform route', async () => {
    expect((await t.call('GET', '/api/v1/companies', { token: tk.admin })).status).toBe(403);
    expect((await t.call('POST', '/api/v1/company/add', { token: tk.admin, body: {} })).status).toBe(403);
    const edit = await t.call('POST', `/api/v1/companies/${sunriseId}`, {
      token: tk.rival,
      body: { name: 'Taken over', contactName: '', email: '', phone: '', address: '', hostName: '' },
    });
    expect(edit.status).toBe(403);
    expect((await sunrise())?.name).toBe('Sunrise Energy');
  });

  it('lists every company with its member and plant counts', async () => {
    const res = await t.call<{ total: number; rows: { name: string; members: number; plants: number }[] }>(
      'GET',
      '/api/v1/companies',
      { token: tk.platform, query: { q: 'sunrise' } },
    );
    expect(res.data.total).toBe(1);
    expect(res.data.rows[0]).toMatchObject({ name: 'Sunrise Energy', members: 5 });
  });

  it('refuses a duplicate name (203) and an administrator account that exists (104) or is another company’s (106)', async () => {
    const before = (await t.database.db.select({ n: count() }).from(company))[0]?.n;
    expect((await newCompany({ name: 'sunrise ENERGY' })).code).toBe(ERROR_CODES.companyNameDuplicate);
    expect((await newCompany({ adminAccount: ACCOUNTS.platform })).code).toBe(ERROR_CODES.accountExists);
    expect((await newCompany({ adminAccount: ACCOUNTS.staff })).code).toBe(ERROR_CODES.accountOtherCompany);
    expect((await newCompany({ password: 'not a cipher' })).code).toBe(ERROR_CODES.validation);
    expect((await t.database.db.select({ n: count() }).from(company))[0]?.n).toBe(before);
    expect(
      (await t.database.db.select().from(appUser).where(eq(appUser.account, 'ingrid@nordlicht.example'))).length,
    ).toBe(0);
  });

  it('creates a company whose administrator signs in and manages it; audited in the new company’s log', async () => {
    const res = await newCompany();
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      name: 'Nordlicht Solar',
      members: 1,
      admin: { account: 'ingrid@nordlicht.example' },
    });
    const token = await t.tokenFor('ingrid@nordlicht.example', 'Firstboss2026');
    const info = await t.call<{ name: string }>('GET', '/api/v1/company/info', { token });
    expect(info.data.name).toBe('Nordlicht Solar');
    const [entry] = await auditsOf('company.create');
    expect(entry).toMatchObject({
      companyId: res.data.id,
      newValue: { name: 'Nordlicht Solar', adminAccount: 'ingrid@nordlicht.example' },
    });
    expect(JSON.stringify(entry)).not.toContain('Firstboss2026');
  });

  it('edits a company’s host name; the sign-in page there gets its brand; a taken host name is refused', async () => {
    const list = await t.call<{ rows: { id: string }[] }>('GET', '/api/v1/companies', {
      token: tk.platform,
      query: { q: 'nordlicht' },
    });
    const id = list.data.rows[0]?.id ?? '';
    await t.call('POST', '/api/v1/company/themeColor', { token: tk.admin, body: { themeColor: '#0b5fff' } });
    const taken = await t.call<Fields>('POST', `/api/v1/companies/${sunriseId}`, {
      token: tk.platform,
      body: {
        name: 'Sunrise Energy',
        contactName: '',
        email: '',
        phone: '',
        address: '',
        hostName: 'SOLAR.nordlicht.example',
      },
    });
    expect(taken.data.fields?.[0]?.rule).toBe('hostNameTaken');
    expect((await sunrise())?.hostName).toBeNull();
    const res = await t.call<{ hostName: string }>('POST', `/api/v1/companies/${sunriseId}`, {
      token: tk.platform,
      body: {
        name: 'Sunrise Energy',
        contactName: 'Amira',
        email: '',
        phone: '',
        address: '',
        hostName: 'console.sunrise.example',
      },
    });
    expect(res.data.hostName).toBe('console.sunrise.example');
    const brand = await t.app.inject({
      method: 'GET',
      url: '/api/v1/anonymous/brand',
      headers: { host: 'console.sunrise.example' },
    });
    expect(brand.json<Envelope<{ name: string; themeColor: string }>>().data).toMatchObject({
      name: 'Sunrise Energy',
      themeColor: '#0b5fff',
    });
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/v1/anonymous/brand',
      headers: { host: 'elsewhere.example' },
    });
    expect(none.json<Envelope>().data).toBeNull();
    expect(id).not.toBe('');
  });

  it('two companies made at once with one host name: one gets it, the other is told under the field, never a 500', async () => {
    const both = await Promise.all([
      newCompany({ name: 'Race One', adminAccount: 'one@race.example', hostName: 'race.example' }),
      newCompany({ name: 'Race Two', adminAccount: 'two@race.example', hostName: 'race.example' }),
    ]);
    expect(both.map((r) => r.code).sort((a, b) => a - b)).toEqual([0, ERROR_CODES.validation]);
    const refused = both.find((r) => r.code !== 0)?.data as unknown as Fields | undefined;
    expect(refused?.fields?.[0]).toMatchObject({ field: 'hostName', rule: 'hostNameTaken' });
    const made = await t.call<{ total: number }>('GET', '/api/v1/companies', {
      token: tk.platform,
      query: { q: 'race' },
    });
    expect(made.data.total).toBe(1);
  });
});
