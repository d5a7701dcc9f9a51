import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManifestKey } from './manifest-key.js';

describe('the platform key that signs upgrade manifests', () => {
  it('is the same key for the same seed (every instance signs alike) and its signatures verify', () => {
    const seed = Buffer.alloc(32, 7);
    const a = ManifestKey.fromSeed(seed);
    const b = ManifestKey.fromSeed(Buffer.from(seed));
    expect(a.publicPem).toBe(b.publicPem);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(a.publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    const text = '{"upgradeId":"x"}';
    const signature = Buffer.from(a.sign(text), 'base64');
    expect(signature).toHaveLength(64);
    expect(verify(null, Buffer.from(text), createPublicKey(a.publicPem), signature)).toBe(true);
    expect(ManifestKey.fromSeed(Buffer.alloc(32, 8)).fingerprint).not.toBe(a.fingerprint);
  });

  it('refuses a seed that is not 32 bytes', () => {
    expect(() => ManifestKey.fromSeed(Buffer.alloc(16))).toThrow(/32 bytes/);
  });
});
