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

describe('gateway connection password (8–24 letters and digits, each case and a digit)', () => {
  it('accepts and refuses as the spec says', () => {
    expect(isValidConnectionPassword('Gateway2026')).toBe(true);
    expect(isValidConnectionPassword('Gw1'.padEnd(24, 'a'))).toBe(true);
    expect(isValidConnectionPassword('Gw1'.padEnd(25, 'a'))).toBe(false);
    expect(isValidConnectionPassword('gateway2026')).toBe(false);
    expect(isValidConnectionPassword('Gateway-2026')).toBe(false);
    expect(isValidConnectionPassword('Gw1abcd')).toBe(false);
  });
});

describe('e-mail and phone', () => {
  it('checks e-mail addresses', () => {
    expect(isValidEmail('owner@sunrise.example')).toBe(true);
    expect(isValidEmail('a.b+c@mail.co.uk')).toBe(true);
    expect(isValidEmail('owner@localhost')).toBe(false);
    expect(isValidEmail('owner sunrise@x.org')).toBe(false);
    expect(isValidEmail('@x.org')).toBe(false);
  });
  it('checks phone numbers by their digits', () => {
    expect(isValidPhone('+49 30 1234567')).toBe(true);
    expect(isValidPhone('0912-345-678')).toBe(true);
    expect(isValidPhone('12345')).toBe(false);
    expect(isValidPhone('+1234567890123456')).toBe(false);
    expect(isValidPhone('call me')).toBe(false);
  });
  it('compares accounts without case or surrounding spaces', () => {
    expect(normaliseAccount('  Owner@Sunrise.Example ')).toBe('owner@sunrise.example');
  });
  it('measures aliases in UTF-8 bytes', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('电站')).toBe(6);
  });
});
