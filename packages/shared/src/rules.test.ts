import { describe, expect, it } from 'vitest';
import {
  isValidConnectionPassword,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  normaliseAccount,
  utf8Length,
} from './rules.js';

describe('account password rule (8–20, capital, lower-case, digit, no spaces)', () => {
  it.each(['Solar2026', 'Abcdefg1', 'P@ssw0rd!-long-ok', 'Aa1'.padEnd(20, 'x')])('accepts %s', (p) => {
    expect(isValidPassword(p)).toBe(true);
  });
  it.each([
    ['too short', 'Abcde1x'],
    ['too long', 'Abcdefghij1234567890x'],
    ['no capital', 'solar2026'],
    ['no lower-case', 'SOLAR2026'],
    ['no digit', 'SolarPower'],
    ['a space', 'Solar 2026'],
    ['empty', ''],
  ])('refuses one with %s', (_why, p) => {
    expect(isValidPassword(p)).toBe(false);
  });
});

/** One test per value: `check` accepts each of `accepted` and refuses each of `refused`. */
function acceptsOnly(check: (value: string) => boolean, cases: { accepted: string[]; refused: string[] }): void {
  it.each(cases.accepted)('accepts %s', (value) => expect(check(value)).toBe(true));
  it.each(cases.refused)('refuses %s', (value) => expect(check(value)).toBe(false));
}

describe('gateway connection password (8–24 letters and digits, each case and a digit)', () => {
  acceptsOnly(isValidConnectionPassword, {
    accepted: ['Gateway2026', 'Gw1'.padEnd(24, 'a')],
    refused: ['Gw1'.padEnd(25, 'a'), 'gateway2026', 'Gateway-2026', 'Gw1abcd'],
  });
});

describe('e-mail and phone', () => {
  describe('e-mail addresses', () => {
    acceptsOnly(isValidEmail, {
      accepted: ['owner@sunrise.example', 'a.b+c@mail.co.uk'],
      refused: ['owner@localhost', 'owner sunrise@x.org', '@x.org'],
    });
  });
  describe('phone numbers, by their digits', () => {
    acceptsOnly(isValidPhone, {
      accepted: ['+49 30 1234567', '0912-345-678'],
      refused: ['12345', '+1234567890123456', 'call me'],
    });
  });
  it('compares accounts without case or surrounding spaces', () => {
    expect(normaliseAccount('  Owner@Sunrise.Example ')).toBe('owner@sunrise.example');
  });
  it('measures aliases in UTF-8 bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('电站')).toBe(6);
  });
});
