import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Vendor signatures of firmware images (issue 13 point 2). A vendor signs the image bytes with its Ed25519
 * private key (docs/firmware.md shows the openssl commands); the platform registers the vendor's public key;
 * an upload is accepted only when its signature verifies with a registered key that is not revoked. Ed25519
 * through node:crypto: no dependency, deterministic signatures, 64 bytes.
 */

export interface ParsedKey {
  key: KeyObject;
  /** The key as SPKI PEM, normalised (what is stored and shown). */
  pem: string;
  /** SHA-256 of the SPKI DER, hex. */
  fingerprint: string;
}

/** An Ed25519 public key in PEM (SPKI), or undefined for anything else (another algorithm, a private key, junk). */
export function parseVendorKey(text: string): ParsedKey | undefined {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: text.trim(), format: 'pem' });
  } catch {
    return undefined;
  }
  // createPublicKey also accepts a private key's PEM (and derives the public half): a vendor pasting its
  // private key by mistake must not have it stored, so only a PUBLIC KEY block is taken.
  if (!/^-----BEGIN PUBLIC KEY-----/.test(text.trim())) return undefined;
  if (key.asymmetricKeyType !== 'ed25519') return undefined;
  const der = key.export({ type: 'spki', format: 'der' });
  return {
    key,
    pem: key.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: createHash('sha256').update(der).digest('hex'),
  };
}

/** A base64 Ed25519 signature (64 bytes), or undefined when it is not one. */
export function decodeSignature(text: string): Buffer | undefined {
  const t = text.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(t)) return undefined;
  const bytes = Buffer.from(t, 'base64');
  return bytes.length === 64 ? bytes : undefined;
}

/** The first of `keys` whose signature `signature` of `image` verifies, or undefined. */
export function signedBy<K extends { publicKey: string }>(
  image: Buffer,
  signature: Buffer,
  keys: readonly K[],
): K | undefined {
  for (const k of keys) {
    const parsed = parseVendorKey(k.publicKey);
    if (parsed && verify(null, image, parsed.key, signature)) return k;
  }
  return undefined;
}
