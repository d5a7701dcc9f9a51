import { createHash, createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { getOrCreateSecret } from '../auth/secrets.js';

/** The secret's name: a 32-byte Ed25519 seed, made once and shared by every instance through the database. */
export const MANIFEST_KEY_SECRET = 'upgrade-manifest-ed25519';

// An Ed25519 private key in PKCS#8 DER is this fixed prefix followed by the 32-byte seed (RFC 8410), so the
// key is rebuilt from the stored seed alone, with node:crypto and no dependency.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * The platform's key that signs upgrade manifests (issue 13 point 3). Gateways trust its public half (GET
 * /upgrade/manifestKey, docs/gateway-protocol.md): a manifest they install from must verify with it, so a
 * message on down/cmd that did not come from the console cannot make a device flash anything.
 */
export class ManifestKey {
  private constructor(
    private readonly privateKey: KeyObject,
    /** SPKI PEM, what gateways are given. */
    readonly publicPem: string,
    /** SHA-256 of the SPKI DER, hex (as vendor keys are shown). */
    readonly fingerprint: string,
  ) {}

  static async load(db: Db): Promise<ManifestKey> {
    const seed = await getOrCreateSecret(db, MANIFEST_KEY_SECRET, 32);
    return ManifestKey.fromSeed(seed);
  }

  static fromSeed(seed: Buffer): ManifestKey {
    if (seed.length !== 32) throw new Error('the upgrade manifest key seed must be 32 bytes');
    const privateKey = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
      format: 'der',
      type: 'pkcs8',
    });
    const publicKey = createPublicKey(privateKey);
    const der = publicKey.export({ type: 'spki', format: 'der' });
    return new ManifestKey(
      privateKey,
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      createHash('sha256').update(der).digest('hex'),
    );
  }

  /** The Ed25519 signature of the text's UTF-8 bytes, base64 (88 characters). */
  sign(text: string): string {
    return sign(null, Buffer.from(text, 'utf8'), this.privateKey).toString('base64');
  }
}
