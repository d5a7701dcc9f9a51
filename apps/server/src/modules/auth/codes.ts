import { createHash, randomInt } from 'node:crypto';

/** Verification codes are stored as hashes so a leaked table does not hand out live codes. */
export function hashCode(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}

export function numericCode(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(10));
  return out;
}
