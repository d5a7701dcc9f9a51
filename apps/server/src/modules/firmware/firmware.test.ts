import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import {
  compareFirmwareVersions,
  ERROR_CODES,
  type FirmwareRow,
  type HardwareRow,
  type VendorKeyRow,
} from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { company, firmware, storedFile } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';
import { multipart } from '../companies/test-files.js';

const t = TestApp.forTests();
const tk = { platform: '', admin: '', rival: '', installer: '' };

interface Envelope<T = unknown> {
  code: number;
  data: T & { fields?: { field: string; rule: string }[] };
}

function vendor(): { privateKey: KeyObject; pem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}
const signed = (key: KeyObject, image: Buffer) => sign(null, image, key).toString('base64');

/** A firmware image of `n` bytes whose content is set by `seed` (each seed a different image). */
const image = (seed: number, n = 4096) => Buffer.alloc(n, seed);

const acme = vendor();
let acmeKey: VendorKeyRow;

async function upload(
  token: string,
  file: { name?: string; content: Buffer },
  fields: Record<string, string>,
): Promise<Envelope<FirmwareRow>> {
  const { payload, headers } = multipart(
    { name: file.name ?? 'inv-v1.bin', type: 'application/octet-stream', content: file.content },
    fields,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/firmware/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  return res.json<Envelope<FirmwareRow>>();
}

/** The fields of an inverter image signed by Acme's key (override any). */
const fieldsFor = (content: Buffer, over: Record<string, string> = {}) => ({
  kind: 'inverter',
  brand: 'Acme',
  product: 'SUN-5K',
  softwareVersion: '1.0.0',
  changeLog: 'First release',
  signature: signed(acme.privateKey, content),
  ...over,
});

const firmwareCount = async () => (await t.database.db.select({ n: count() }).from(firmware))[0]?.n ?? 0;
const fileCount = async () =>
  (await t.database.db.select({ n: count() }).from(storedFile).where(eq(storedFile.kind, 'firmware')))[0]?.n ?? 0;

beforeAll(async () => {
  tk.platform = await t.tokenFor(ACCOUNTS.platform);
  tk.admin = await t.tokenFor(ACCOUNTS.admin);
  tk.installer = await t.tokenFor(ACCOUNTS.installer);
  tk.rival = await t.otherCompanyToken();
  const res = await t.call<VendorKeyRow>('POST', '/api/v1/firmware/vendorKey', {
    token: tk.platform,
    body: { name: 'Acme Inverters', publicKey: acme.pem },
  });
  expect(res.code).toBe(0);
  acmeKey = res.data;
});

describe('version order', () => {
  it('orders versions as vendors write them', () => {
    const sorted = ['1.10', 'v1.9', '1.0', '1.0-rc1', '2', '1.0.1', '1.0-RC2'].sort(compareFirmwareVersions);
    expect(sorted).toEqual(['1.0-rc1', '1.0-RC2', '1.0', '1.0.1', 'v1.9', '1.10', '2']);
  });
});

describe('vendor keys', () => {
  it('takes only an Ed25519 public key, once', async () => {
    const { publicKey: rsa } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const bad = [
      'not a key',
      rsa.export({ type: 'spki', format: 'pem' }).toString(),
      // A private key pasted by mistake is refused, never stored.
      acme.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    ];
    for (const publicKey of bad) {
      const res = await t.call<Envelope['data']>('POST', '/api/v1/firmware/vendorKey', {
        token: tk.platform,
        body: { name: 'Other', publicKey },
      });
      expect(res.code).toBe(ERROR_CODES.validation);
      expect(res.data.fields?.[0]?.rule).toBe('vendorKey');
    }
    const again = await t.call<Envelope['data']>('POST', '/api/v1/firmware/vendorKey', {
      token: tk.platform,
      body: { name: 'Acme again', publicKey: acme.pem },
    });
    expect(again.data.fields?.[0]?.rule).toBe('vendorKeyExists');
    const keys = await t.call<VendorKeyRow[]>('GET', '/api/v1/firmware/vendorKeys', { token: tk.platform });
    // The demo vendor's key and Acme's, nothing refused.
    expect(keys.data.map((k) => k.name).sort()).toEqual(['Acme Inverters', 'Heliograph Demo Vendor']);
    for (const k of keys.data) expect(k.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('is the platform’s: a company administrator gets no permission', async () => {
    const other = vendor();
    const res = await t.call('POST', '/api/v1/firmware/vendorKey', {
      token: tk.admin,
      body: { name: 'Sneaky', publicKey: other.pem },
    });
    expect(res.code).toBe(ERROR_CODES.noPermission);
    const list = await t.call('GET', '/api/v1/firmware/vendorKeys', { token: tk.admin });
    expect(list.code).toBe(ERROR_CODES.noPermission);
  });
});

describe('uploading an image', () => {
  it('accepts an image a registered vendor signed, with every field', async () => {
    const content = image(1);
    const res = await upload(tk.platform, { content }, fieldsFor(content, { compatibleVersions: '0.9, 0.9.5' }));
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      kind: 'inverter',
      brand: 'Acme',
      product: 'SUN-5K',
      softwareVersion: '1.0.0',
      compatibleVersions: ['0.9', '0.9.5'],
      fileName: 'inv-v1.bin',
      size: 4096,
      enabled: false,
      released: false,
      vendorKey: 'Acme Inverters',
      creator: ACCOUNTS.platform,
      grants: 0,
    });
  });

  it('never stores an unsigned, tampered, foreign-signed or revoked-key image', async () => {
    const before = { fw: await firmwareCount(), files: await fileCount() };
    const content = image(2);
    const stranger = vendor();
    const tampered = Buffer.from(content);
    tampered[100] = 0xff;
    const cases: [Buffer, Record<string, string>][] = [
      [content, fieldsFor(content, { signature: '' })],
      [content, fieldsFor(content, { signature: 'bm90IGEgc2lnbmF0dXJl' })],
      [tampered, fieldsFor(content, { softwareVersion: '1.0.1' })],
      [content, fieldsFor(content, { softwareVersion: '1.0.1', signature: signed(stranger.privateKey, content) })],
    ];
    for (const [bytes, fields] of cases) {
      const res = await upload(tk.platform, { content: bytes }, fields);
      expect(res.code).toBe(ERROR_CODES.validation);
      expect(res.data.fields?.map((f) => f.field)).toEqual(['signature']);
    }
    // A revoked key signs nothing from then on.
    const revoked = vendor();
    const key = await t.call<VendorKeyRow>('POST', '/api/v1/firmware/vendorKey', {
      token: tk.platform,
      body: { name: 'Gone Ltd', publicKey: revoked.pem },
    });
    const off = await t.call<VendorKeyRow>('POST', `/api/v1/firmware/vendorKey/${key.data.id}/revoke`, {
      token: tk.platform,
    });
    expect(off.data.revokedAt).not.toBeNull();
    const byRevoked = await upload(
      tk.platform,
      { content },
      fieldsFor(content, { softwareVersion: '1.0.1', signature: signed(revoked.privateKey, content) }),
    );
    expect(byRevoked.data.fields?.map((f) => f.rule)).toEqual(['firmwareSignature']);
    expect({ fw: await firmwareCount(), files: await fileCount() }).toEqual(before);
  });

  it('refuses a wrong file name, type or size for the kind, and bad fields, storing nothing', async () => {
    const before = await fileCount();
    const small = image(3);
    const big = image(4, 1.5 * 1024 * 1024 + 1);
    const cases: [{ name?: string; content: Buffer }, Record<string, string>, string, string][] = [
      [{ name: 'inv.zip', content: small }, fieldsFor(small, { softwareVersion: '1.1' }), 'file', 'firmwareFileType'],
      [{ name: 'in v.bin', content: small }, fieldsFor(small, { softwareVersion: '1.1' }), 'file', 'firmwareFileName'],
      [
        { name: `${'a'.repeat(37)}.bin`, content: small },
        fieldsFor(small, { softwareVersion: '1.1' }),
        'file',
        'firmwareFileName',
      ],
      // 1.5 MB is the most a switch takes; the same image would do for an inverter.
      [{ content: big }, fieldsFor(big, { kind: 'switch', softwareVersion: '1.1' }), 'file', 'firmwareSize'],
      [{ content: small }, fieldsFor(small, { softwareVersion: '1.1 beta' }), 'softwareVersion', 'firmwareVersion'],
      [
        { content: small },
        fieldsFor(small, { softwareVersion: '1.1', compatibleVersions: '1.0, n/a' }),
        'compatibleVersions',
        'firmwareVersion',
      ],
      [{ content: small }, fieldsFor(small, { softwareVersion: '1.1', kind: 'toaster' }), 'kind', 'invalid'],
      [{ content: small }, fieldsFor(small, { softwareVersion: '1.1', brand: '' }), 'brand', 'required'],
    ];
    for (const [file, fields, field, rule] of cases) {
      const res = await upload(tk.platform, file, fields);
      expect(res.code, `${field} ${rule}`).toBe(ERROR_CODES.validation);
      expect(res.data.fields?.map((f) => ({ field: f.field, rule: f.rule }))).toEqual([{ field, rule }]);
    }
    expect(await fileCount()).toBe(before);
  });

  it('refuses the same image twice and a version that repeats or goes back (4002)', async () => {
    const first = image(1);
    const same = await upload(tk.platform, { content: first }, fieldsFor(first, { softwareVersion: '1.2' }));
    expect(same.data.fields?.map((f) => f.rule)).toEqual(['firmwareImageExists']);
    for (const v of ['1.0.0', '1.0', 'V1.0.0', '0.9']) {
      const content = image(10);
      const res = await upload(tk.platform, { content }, fieldsFor(content, { softwareVersion: v }));
      expect(res.code, v).toBe(ERROR_CODES.firmwareVersionDuplicate);
    }
    const check = (softwareVersion: string) =>
      t.call('GET', '/api/v1/firmware/check', {
        token: tk.platform,
        query: { kind: 'inverter', product: 'sun-5k', softwareVersion },
      });
    expect((await check('1.0.0')).code).toBe(ERROR_CODES.firmwareVersionDuplicate);
    expect((await check('1.0.1')).code).toBe(0);
    // Another product starts its own line of versions.
    const other = image(11);
    const res = await upload(
      tk.platform,
      { content: other },
      fieldsFor(other, { product: 'SUN-8K', softwareVersion: '0.1' }),
    );
    expect(res.code).toBe(0);
  });

  it('is the platform’s: a company administrator uploads nothing', async () => {
    const content = image(12);
    const res = await upload(tk.admin, { content }, fieldsFor(content, { softwareVersion: '9.0' }));
    expect(res.code).toBe(ERROR_CODES.noPermission);
  });
});

describe('who sees a firmware', () => {
  let id: string;
  let sunriseId: string;
  beforeAll(async () => {
    const content = image(20);
    const res = await upload(
      tk.platform,
      { content },
      fieldsFor(content, { product: 'SUN-10K', softwareVersion: '2.0' }),
    );
    id = res.data.id;
    const [row] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    sunriseId = row?.id ?? '';
  });
  const listed = async (token: string) =>
    (
      await t.call<{ rows: FirmwareRow[] }>('GET', '/api/v1/firmware/list', {
        token,
        query: { kind: 'inverter', q: 'SUN-10K' },
      })
    ).data.rows.map((r) => r.id);

  it('a company sees only what was authorised to it, until it is revoked', async () => {
    expect(await listed(tk.admin)).toEqual([]);
    expect((await t.call('GET', `/api/v1/firmware/${id}`, { token: tk.admin })).code).toBe(ERROR_CODES.notFound);

    const granted = await t.call<{ companyName: string }[]>('POST', `/api/v1/firmware/${id}/grant`, {
      token: tk.platform,
      body: { companyId: sunriseId },
    });
    expect(granted.data.map((g) => g.companyName)).toEqual(['Sunrise Energy']);
    expect(await listed(tk.admin)).toEqual([id]);
    const one = await t.call<FirmwareRow>('GET', `/api/v1/firmware/${id}`, { token: tk.admin });
    // Who else holds it is not the company's business.
    expect(one.data).toMatchObject({ id, grants: null, company: null });
    expect(await listed(tk.platform)).toEqual([id]);

    // Another company gets "does not exist", whatever it asks.
    expect(await listed(tk.rival)).toEqual([]);
    expect((await t.call('GET', `/api/v1/firmware/${id}`, { token: tk.rival })).code).toBe(ERROR_CODES.notFound);

    await t.call('POST', `/api/v1/firmware/${id}/revoke`, { token: tk.platform, body: { companyId: sunriseId } });
    expect(await listed(tk.admin)).toEqual([]);
  });

  it('a company cannot authorise, enable, release or delete', async () => {
    await t.call('POST', `/api/v1/firmware/${id}/grant`, { token: tk.platform, body: { companyId: sunriseId } });
    for (const [url, body] of [
      [`/api/v1/firmware/${id}/grant`, { companyId: sunriseId }],
      [`/api/v1/firmware/${id}/enabled`, { value: true }],
      [`/api/v1/firmware/${id}/released`, { value: true }],
      [`/api/v1/firmware/${id}/delete`, undefined],
    ] as const) {
      expect((await t.call('POST', url, { token: tk.admin, body })).code, url).toBe(ERROR_CODES.noPermission);
    }
    const row = (await t.database.db.select().from(firmware).where(eq(firmware.id, id)))[0];
    expect(row).toMatchObject({ enabled: false, released: false });
  });

  it('an installer without the firmware pages sees none', async () => {
    const res = await t.call('GET', '/api/v1/firmware/list', { token: tk.installer, query: { kind: 'inverter' } });
    expect(res.code).toBe(ERROR_CODES.noPermission);
  });

  it('enabling, releasing and deleting are the platform’s', async () => {
    const on = await t.call<FirmwareRow>('POST', `/api/v1/firmware/${id}/enabled`, {
      token: tk.platform,
      body: { value: true },
    });
    expect(on.data.enabled).toBe(true);
    const out = await t.call<FirmwareRow>('POST', `/api/v1/firmware/${id}/released`, {
      token: tk.platform,
      body: { value: true },
    });
    expect(out.data).toMatchObject({ enabled: true, released: true });
    const files = await fileCount();
    expect((await t.call('POST', `/api/v1/firmware/${id}/delete`, { token: tk.platform })).code).toBe(0);
    expect(await fileCount()).toBe(files - 1);
    expect((await t.call('GET', `/api/v1/firmware/${id}`, { token: tk.platform })).code).toBe(ERROR_CODES.notFound);
  });
});

describe('labels', () => {
  it('nests secondary labels under primary ones, names unique per parent', async () => {
    const add = (name: string, parentId: string | null = null, kind = 'battery') =>
      t.call<{ id: string }>('POST', '/api/v1/firmware/label', { token: tk.platform, body: { kind, name, parentId } });
    const lfp = await add('LFP');
    expect(lfp.code).toBe(0);
    expect((await add('lfp')).code).toBe(ERROR_CODES.labelExists);
    const rack = await add('Rack', lfp.data.id);
    expect(rack.code).toBe(0);
    // The same name under another parent, or for another kind, is another label.
    expect((await add('Rack')).code).toBe(0);
    expect((await add('LFP', null, 'meter')).code).toBe(0);
    // Two levels only; a parent of another kind does not exist here.
    expect((await add('Deep', rack.data.id)).code).toBe(ERROR_CODES.validation);
    expect((await add('Cross', lfp.data.id, 'meter')).code).toBe(ERROR_CODES.validation);

    const del = (id: string) => t.call('POST', `/api/v1/firmware/label/${id}/delete`, { token: tk.platform });
    expect((await del(lfp.data.id)).code).toBe(ERROR_CODES.categoryHasChildren);
    expect((await del(rack.data.id)).code).toBe(0);
    expect((await del(lfp.data.id)).code).toBe(0);
    const labels = await t.call<{ name: string }[]>('GET', '/api/v1/firmware/labels', {
      token: tk.admin,
      query: { kind: 'battery' },
    });
    expect(labels.data.map((l) => l.name)).toEqual(['Rack']);
    expect(acmeKey.name).toBe('Acme Inverters');
  });
});

describe('the hardware list', () => {
  let firstId: string;
  beforeAll(async () => {
    const db = t.database.db;
    const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    // Three SUN-5K inverters: two still on 0.9, one already on 1.0.0; and a gateway that says nothing.
    await provisionPlant(db, {
      companyId: sunrise?.id ?? null,
      name: 'Hardware list plant',
      ...TEST_PLANT_FIELDS,
      gateways: [
        {
          sn: 'HWGW01',
          password: 'Hardware2026gw',
          devices: [
            { sn: 'HWINV01', kind: 'inverter', model: 'SUN-5K', firmware: '0.9' },
            { sn: 'HWINV02', kind: 'inverter', model: 'SUN-5K', firmware: '0.9' },
            { sn: 'HWINV03', kind: 'inverter', model: 'SUN-5K', firmware: '1.0.0' },
          ],
        },
      ],
    });
    // The first upload of this file (SUN-5K 1.0.0), enabled, released and authorised to Sunrise.
    const [first] = await db.select().from(firmware).where(eq(firmware.softwareVersion, '1.0.0'));
    firstId = first?.id ?? '';
    await t.call('POST', `/api/v1/firmware/${firstId}/enabled`, { token: tk.platform, body: { value: true } });
    await t.call('POST', `/api/v1/firmware/${firstId}/released`, { token: tk.platform, body: { value: true } });
    await t.call('POST', `/api/v1/firmware/${firstId}/grant`, { token: tk.platform, body: { companyId: sunrise?.id } });
  });
  const list = (token: string, query: Record<string, string> = {}) =>
    t.call<{ total: number; rows: HardwareRow[] }>('GET', '/api/v1/firmware/hardware', {
      token,
      query: { kind: 'inverter', q: 'SUN-5K', ...query },
    });

  it('groups the company’s devices by model and firmware, and says which may go newer', async () => {
    const res = await list(tk.admin);
    expect(res.code).toBe(0);
    const latest = { id: firstId, softwareVersion: '1.0.0' };
    expect(res.data.rows).toEqual([
      { kind: 'inverter', model: 'SUN-5K', firmware: '0.9', devices: 2, online: 0, latest, outdated: true },
      { kind: 'inverter', model: 'SUN-5K', firmware: '1.0.0', devices: 1, online: 0, latest, outdated: false },
    ]);
    const outdated = await list(tk.admin, { outdated: 'true' });
    expect(outdated.data.rows.map((r) => r.firmware)).toEqual(['0.9']);
    const gateways = await list(tk.admin, { kind: 'gateway', q: '' });
    expect(gateways.data.rows.find((r) => r.model === '' && r.firmware === null)?.devices).toBeGreaterThan(0);
  });

  it('offers nothing once the firmware is withdrawn', async () => {
    await t.call('POST', `/api/v1/firmware/${firstId}/released`, { token: tk.platform, body: { value: false } });
    const res = await list(tk.admin);
    expect(res.data.rows.map((r) => [r.latest, r.outdated])).toEqual([
      [null, false],
      [null, false],
    ]);
    await t.call('POST', `/api/v1/firmware/${firstId}/released`, { token: tk.platform, body: { value: true } });
  });

  it('shows another company none of Sunrise’s devices', async () => {
    const res = await list(tk.rival, { q: '' });
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ total: 0, rows: [] });
  });
});
