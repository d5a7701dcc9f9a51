import { signNonce, type PublicKeyResponse } from '@heliograph/shared';
import { api } from '../api/client';

/**
 * Passwords travel as base64 of RSA-OAEP (SHA-256, MGF1 SHA-256) over their UTF-8 bytes, under a key fetched
 * from GET /api/v1/anonymous/publicKey (docs/api-auth.md). Web Crypto does it where the browser offers
 * `crypto.subtle` (secure contexts only); on plain HTTP, e.g. a console opened on a LAN address, node-forge
 * is loaded on demand and does the same.
 */

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  const binary = atob(body);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export async function encryptWithWebCrypto(pem: string, password: string, subtle: SubtleCrypto): Promise<string> {
  const key = await subtle.importKey('spki', pemToDer(pem), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password));
  return bytesToBase64(new Uint8Array(cipher));
}

export async function encryptWithForge(pem: string, password: string): Promise<string> {
  // node-forge is CommonJS: its namespace is the default export (and also the module itself in some loaders).
  const mod = await import('node-forge');
  const forge = mod.default ?? mod;
  const publicKey = forge.pki.publicKeyFromPem(pem);
  const encrypted = publicKey.encrypt(forge.util.encodeUtf8(password), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(encrypted);
}

function webCrypto(): SubtleCrypto | null {
  const isSecure = typeof window !== 'undefined' && window.isSecureContext;
  return isSecure && globalThis.crypto?.subtle ? globalThis.crypto.subtle : null;
}

/** Encrypts one password under a PEM SPKI public key, with Web Crypto when it is there, else node-forge. */
export async function encryptPassword(pem: string, password: string): Promise<string> {
  const subtle = webCrypto();
  if (subtle) {
    try {
      return await encryptWithWebCrypto(pem, password, subtle);
    } catch {
      // An odd key encoding Web Crypto refuses still works through forge.
    }
  }
  return encryptWithForge(pem, password);
}

/** A random nonce for the public-key call; getRandomValues works on plain HTTP too. */
export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function fetchPublicKey(): Promise<PublicKeyResponse> {
  const nonce = randomNonce();
  return api.get<PublicKeyResponse>('/api/v1/anonymous/publicKey', {
    nonce,
    source: 'web',
    sign: signNonce(nonce, 'web'),
  });
}

/** Fetches a key and encrypts every given password under it: `{ keyId, passwords }` in the same order. */
export async function encryptPasswords(...plain: string[]): Promise<{ keyId: string; passwords: string[] }> {
  const { keyId, publicKey } = await fetchPublicKey();
  const passwords = await Promise.all(plain.map((p) => encryptPassword(publicKey, p)));
  return { keyId, passwords };
}
