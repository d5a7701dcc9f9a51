import { constants, createPrivateKey, generateKeyPair, privateDecrypt, type KeyObject } from 'node:crypto';
import { promisify } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rsaKey } from '../../db/schema.js';

const generate = promisify(generateKeyPair);

/**
 * The RSA-2048 keys browsers encrypt passwords with (RSA-OAEP, SHA-256). The newest key is handed out;
 * any stored key still decrypts, so a page loaded before a rotation keeps working. Keys live in the
 * database so every instance can decrypt what another handed out.
 */
export class RsaKeyStore {
  private readonly cache = new Map<string, KeyObject>();
  private current: { keyId: string; publicKey: string } | undefined;

  constructor(private readonly db: Db) {}

  async currentKey(): Promise<{ keyId: string; publicKey: string }> {
    if (this.current) return this.current;
    const [row] = await this.db.select().from(rsaKey).orderBy(desc(rsaKey.createdAt)).limit(1);
    if (row) {
      this.current = { keyId: row.id, publicKey: row.publicPem };
      return this.current;
    }
    const pair = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const [inserted] = await this.db
      .insert(rsaKey)
      .values({ publicPem: pair.publicKey, privatePem: pair.privateKey })
      .returning();
    if (!inserted) throw new Error('rsa key insert returned nothing');
    this.current = { keyId: inserted.id, publicKey: inserted.publicPem };
    return this.current;
  }

  /** The plaintext, or undefined when the key is unknown or the ciphertext does not decrypt. */
  async decrypt(keyId: string, base64: string): Promise<string | undefined> {
    const key = await this.privateKey(keyId);
    if (!key) return undefined;
    try {
      const plain = privateDecrypt(
        { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      );
      return plain.toString('utf8');
    } catch {
      return undefined;
    }
  }

  private async privateKey(keyId: string): Promise<KeyObject | undefined> {
    const cached = this.cache.get(keyId);
    if (cached) return cached;
    if (!/^[0-9a-f-]{36}$/i.test(keyId)) return undefined;
    const [row] = await this.db.select().from(rsaKey).where(eq(rsaKey.id, keyId));
    if (!row) return undefined;
    const key = createPrivateKey(row.privatePem);
    this.cache.set(keyId, key);
    return key;
  }
}
