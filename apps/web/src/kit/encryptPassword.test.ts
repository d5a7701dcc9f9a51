/// <reference types="node" />
import { constants, generateKeyPairSync, privateDecrypt, type KeyObject } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptWithForge, encryptWithWebCrypto } from './encryptPassword';

let publicPem: string;
let privateKey: KeyObject;

function decrypt(b64: string): string {
  return privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  ).toString('utf8');
}

beforeAll(() => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  publicPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  privateKey = pair.privateKey;
});

describe('encryptPassword', () => {
  it('node-forge output (the plain-HTTP path) decrypts with RSA-OAEP SHA-256', async () => {
    const password = 'Sunny2026pass';
    const cipher = await encryptWithForge(publicPem, password);
    expect(Buffer.from(cipher, 'base64')).toHaveLength(256);
    expect(decrypt(cipher)).toBe(password);
  });

  it('keeps non-ASCII passwords intact as UTF-8', async () => {
    const password = 'Słońce2026Ö太阳';
    expect(decrypt(await encryptWithForge(publicPem, password))).toBe(password);
  });

  it('is randomised: the same password encrypts differently each time', async () => {
    const a = await encryptWithForge(publicPem, 'Sunny2026pass');
    const b = await encryptWithForge(publicPem, 'Sunny2026pass');
    expect(a).not.toBe(b);
  });

  it('Web Crypto output (the secure-context path) decrypts the same way', async () => {
    const password = 'Panel4Roof';
    const cipher = await encryptWithWebCrypto(publicPem, password, globalThis.crypto.subtle);
    expect(decrypt(cipher)).toBe(password);
  });
});
