import { describe, expect, it } from 'vitest';
import { cleanCode, groupSecret, scanUrl } from './mfaFormat';

describe('two-step verification texts', () => {
  it('takes a code as people type or paste it', () => {
    expect(cleanCode('123 456')).toBe('123456');
    expect(cleanCode(' 12-34 56 ')).toBe('123456');
    expect(cleanCode(undefined)).toBe('');
  });

  it('shows a secret in groups of four for typing it into an app', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
    expect(groupSecret('ABCDEFGH')).toBe('ABCD EFGH');
  });

  it('puts the ticket, never anything else, in the scan-code URL', () => {
    expect(scanUrl('https://console.example', '6f1c0a52-3b7e-4d7a-9a55-0e4c7d1f2a3b')).toBe(
      'https://console.example/scan-login?code=6f1c0a52-3b7e-4d7a-9a55-0e4c7d1f2a3b',
    );
  });
});
