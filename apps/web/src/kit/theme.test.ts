import { describe, expect, it } from 'vitest';
import { accessiblePrimary, companyTheme, contrastRatio, readableTextOn, THEME_COLOR } from './theme';

// Colours a company might pick: dark, mid, light, saturated, grey, and the extremes.
const COLOURS = [
  '#353340',
  '#0b3d91',
  '#f5c400',
  '#ffffff',
  '#000000',
  '#777777',
  '#00ff00',
  '#ff8c00',
  '#4a3aff',
  '#e6f7ff',
];

describe('a company colour in the shell', () => {
  it('computes the WCAG contrast ratio', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(COLOURS)('keeps menu text readable on %s (at least 4.5:1)', (c) => {
    expect(contrastRatio(readableTextOn(c), c)).toBeGreaterThanOrEqual(4.5);
    const { theme } = companyTheme(c);
    const menu = theme.components?.Menu;
    expect(contrastRatio(String(menu?.darkItemSelectedColor), c)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(COLOURS)('gives controls a primary for %s that carries white text', (c) => {
    expect(contrastRatio('#ffffff', accessiblePrimary(c))).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves a colour that already reads alone, and falls back for a bad value', () => {
    expect(accessiblePrimary('#0b3d91')).toBe('#0b3d91');
    expect(accessiblePrimary('red')).toBe(THEME_COLOR);
    expect(readableTextOn('#f5c400')).toBe('#000000');
    expect(readableTextOn('#0b3d91')).toBe('#ffffff');
  });
});
