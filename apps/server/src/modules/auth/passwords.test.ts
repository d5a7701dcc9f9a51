import { describe, expect, it } from 'vitest';
import { hashGeneratedSecret, hashPassword, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('a generated secret is checked against its fast salted hash', async () => {
    const stored = hashGeneratedSecret('Q7mZr4KtWb9xNp2L');
    expect(stored.startsWith('sha256$')).toBe(true);
    expect(await verifyPassword('Q7mZr4KtWb9xNp2L', stored)).toBe(true);
    expect(await verifyPassword('Q7mZr4KtWb9xNp2l', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('the same secret hashes differently each time (salted)', () => {
    expect(hashGeneratedSecret('Q7mZr4KtWb9xNp2L')).not.toBe(hashGeneratedSecret('Q7mZr4KtWb9xNp2L'));
  });

  it('a chosen password keeps the scrypt KDF, and a damaged hash never verifies', async () => {
    const stored = await hashPassword('Sunrise2026');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('Sunrise2026', stored)).toBe(true);
    expect(await verifyPassword('Sunrise2026', 'sha256$onlysalt')).toBe(false);
    expect(await verifyPassword('Sunrise2026', 'sha256$c2FsdA==$c2hvcnQ=')).toBe(false);
    expect(await verifyPassword('Sunrise2026', 'md5$x$y')).toBe(false);
  });
});
