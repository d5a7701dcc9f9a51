// Screenshots of the company pages (issue 12): company info with logos and theme colour, agents, audit log, and
// the platform's company list, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/company-screenshots.mjs [baseUrl] [outDir]
// Needs a running server with the demo accounts (DEMO_PASSWORD) and Debian's Chromium. It changes the demo
// company (colour, logos, a manual, an agent company), so run it on a scratch DATA_DIR.
import { constants, createHash, publicEncrypt, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { args, launch, signedInPage } from './shoot.mjs';

const { base, out, password } = args('admin@sunrise.example');

// ---- the API from node: sign-in and calls as docs/api-auth.md describes ----------------------------------
async function encrypt(plain) {
  const nonce = randomBytes(8).toString('hex');
  const sign = createHash('sha256').update(`${nonce}webheliograph-console-v1`).digest('hex');
  const key = (await (await fetch(`${base}/api/v1/anonymous/publicKey?nonce=${nonce}&source=web&sign=${sign}`)).json())
    .data;
  const cipher = publicEncrypt(
    { key: key.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(plain),
  ).toString('base64');
  return { keyId: key.keyId, cipher };
}
async function tokenOf(account, pw = password) {
  const { keyId, cipher } = await encrypt(pw);
  const res = await fetch(`${base}/api/v1/oauth/token/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: cipher, source: 'web', keyId }),
  });
  return (await res.json()).data.access_token;
}
async function call(token, path, body) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const env = await res.json();
  if (env.code !== 0) console.warn(path, env.code, env.msg);
  return env.data;
}
async function upload(token, path, name, type, bytes, fields = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type }), name);
  const env = await (
    await fetch(`${base}/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  ).json();
  if (env.code !== 0) console.warn(path, env.code, env.msg);
  return env.data;
}

// ---- a logo drawn here: a sun disc and a word-mark of bars, RGBA PNG ----------------------------------
const CRC = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (b) => {
  let c = 0xffffffff;
  for (const x of b) c = CRC[(c ^ x) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
function logo(width, height, withText) {
  const rows = [];
  const r = height * 0.36;
  const cx = height / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const row = [0];
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      let px = [0, 0, 0, 0];
      if (d < r) px = [255, 176, 32, 255];
      else if (d < r + 5 && Math.abs(Math.atan2(y - cy, x - cx) * 4) % Math.PI < 0.7) px = [255, 210, 90, 255];
      if (withText && x > height + 4 && x < width - 8) {
        const bar = y > height * 0.3 && y < height * 0.52 && (x - height) % 26 < 20;
        const sub = y > height * 0.62 && y < height * 0.72 && x < width * 0.72;
        if (bar) px = [255, 255, 255, 255];
        if (sub) px = [255, 255, 255, 180];
      }
      row.push(...px);
    }
    rows.push(Buffer.from(row));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- the data the pages show ---------------------------------------------------------------------------
const admin = await tokenOf('admin@sunrise.example');
const platform = await tokenOf('platform@heliograph.example');
await call(admin, '/company/themeColor', { themeColor: '#0b3d91' });
await upload(admin, '/company/logo/wide', 'wide.png', 'image/png', logo(220, 58, true));
await upload(admin, '/company/logo/square', 'square.png', 'image/png', logo(58, 58, false));
await upload(
  admin,
  '/company/manual',
  'Hybrid inverter quick start.pdf',
  'application/pdf',
  Buffer.from('%PDF-1.4\n%%EOF\n'),
  {
    title: 'Hybrid inverter quick start',
  },
);
for (const [name, account, nick] of [
  ['Nordlicht Service GmbH', 'ingrid@nordlicht.example', 'Ingrid Berg'],
  ['Baltic Solar Care', 'marek@baltic.example', 'Marek Wiśniewski'],
]) {
  const { keyId, cipher } = await encrypt('Firstboss2026');
  await call(platform, '/company/add', {
    name,
    contactName: nick,
    email: account,
    phone: '+49 40 1234567',
    address: 'Hamburg',
    hostName: '',
    adminAccount: account,
    adminNickname: nick,
    keyId,
    password: cipher,
  });
}
await call(admin, '/company/agent', { account: 'ingrid@nordlicht.example', level: 'operate' });
await call(admin, '/company/agent', { account: 'marek@baltic.example', level: 'view' });
await call(admin, '/company/edit', {
  name: 'Sunrise Energy',
  contactName: 'Amira Haddad',
  email: 'admin@sunrise.example',
  phone: '+49 30 1234567',
  address: 'Solarweg 1, 10115 Berlin',
});

// ---- the shots -----------------------------------------------------------------------------------------
const browser = await launch();
async function shoot(account, width, lang, path, ready, name) {
  const { context, page } = await signedInPage(
    browser,
    { base, account, password },
    width,
    width < 768 ? 844 : 900,
    lang,
  );
  await page.goto(`${base}${path}`);
  await page.getByTestId(ready).waitFor({ timeout: 15000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  await context.close();
  console.log('shot', name);
}
try {
  const A = 'admin@sunrise.example';
  await shoot(A, 1440, 'en', '/enterprise/company', 'logo-wide', 'company-info-1440');
  await shoot(A, 390, 'en', '/enterprise/company', 'logo-wide', 'company-info-390');
  await shoot(A, 1440, 'he', '/enterprise/company', 'logo-wide', 'company-info-he-1440');
  await shoot(A, 390, 'he', '/enterprise/company', 'logo-wide', 'company-info-he-390');
  await shoot(A, 1440, 'en', '/enterprise/agents', 'agents-table', 'company-agents-1440');
  await shoot(A, 1440, 'en', '/enterprise/manuals', 'manuals-table', 'company-manuals-1440');
  await shoot(A, 1440, 'en', '/enterprise/audit', 'audit-table', 'company-audit-1440');
  await shoot(A, 1440, 'he', '/enterprise/audit', 'audit-table', 'company-audit-he-1440');
  await shoot('platform@heliograph.example', 1440, 'en', '/enterprise/companies', 'companies-table', 'companies-1440');
} finally {
  await browser.close();
}
