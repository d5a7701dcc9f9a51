import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

// N=2^15, r=8, p=1: about 50 ms and 32 MiB here, the cost OWASP recommends for scrypt.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEYLEN = 32;

/** `scrypt$N$r$p$salt$hash`, base64 parts: the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEYLEN, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/**
 * `sha256$salt$hash`: for secrets the console generates itself (a gateway's connection password, 16 random
 * letters and digits, about 93 bits). A KDF makes guessing a weak password slow; against that much entropy it
 * adds nothing, and at 50 ms and 32 MiB a check it made provisioning a 10,000-plant fleet take hours and a
 * fleet reconnecting after a broker restart starve the thread pool (issue 11). Passwords people choose keep scrypt.
 */
export function hashGeneratedSecret(secret: string): string {
  const salt = randomBytes(16);
  return ['sha256', salt.toString('base64'), sha256(salt, secret).toString('base64')].join('$');
}

function sha256(salt: Buffer, secret: string): Buffer {
  return createHash('sha256').update(salt).update(secret, 'utf8').digest();
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts[0] === 'sha256' && parts.length === 3) {
    const expected = Buffer.from(parts[2] ?? '', 'base64');
    const key = sha256(Buffer.from(parts[1] ?? '', 'base64'), password);
    return expected.length === key.length && timingSafeEqual(key, expected);
  }
  const [kind, n, r, p, saltB64, hashB64] = parts;
  if (kind !== 'scrypt' || !n || !r || !p || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(key, expected);
}

/**
 * A hash of a random password, verified against when the account does not exist, so that a wrong account
 * takes as long to refuse as a wrong password (spec: the same answer whether or not the account exists).
 */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(12).toString('base64'));
  return dummy;
}
