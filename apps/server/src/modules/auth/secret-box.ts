import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from './secrets.js';

/**
 * Secrets kept at rest (a provider's OAuth token, a weather station's API key): AES-256-GCM with a key made
 * once and shared by every instance through `server_secret`, a fresh 12-byte nonce per value. The stored text
 * is `v1.<nonce>.<tag>.<cipher>` (base64url), so a database dump alone reveals nothing. Values are decrypted
 * only to call the provider; no route answers them.
 */
export class SecretBox {
  private key: Promise<Buffer> | null = null;

  constructor(private readonly db: Db) {}

  private keyOf(): Promise<Buffer> {
    this.key ??= getOrCreateSecret(this.db, 'secret-box-aes256', 32);
    return this.key;
  }

  async seal(plain: string): Promise<string> {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', await this.keyOf(), nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  async open(sealed: string): Promise<string> {
    const [v, nonce, tag, body] = sealed.split('.');
    if (v !== 'v1' || !nonce || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', await this.keyOf(), Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** What may be shown of a secret: its last four characters behind dots, nothing for a short one. */
export function maskedHint(secret: string): string {
  return secret.length >= 10 ? `••••${secret.slice(-4)}` : '••••';
}
