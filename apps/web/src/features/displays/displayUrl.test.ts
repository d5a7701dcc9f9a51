import { describe, expect, it } from 'vitest';
import { displayUrl, parseTile, stageScale } from './displayUrl';

describe('display addresses', () => {
  it('opens each style with the display link', () => {
    expect(displayUrl('d1', 'single', { token: 'hgl_x' })).toBe('/large-screen/multione?id=d1&token=hgl_x');
    expect(displayUrl('d1', 'multipage')).toBe('/large-screen/multione?id=d1&view=pages');
    expect(displayUrl('d1', 'spliced', { tile: [2, 3], origin: 'https://wall.example' })).toBe(
      'https://wall.example/large-screen/multitwo?id=d1&tile=2%2C3',
    );
  });

  it('keeps a tile inside the grid', () => {
    expect(parseTile('2,3', 2, 3)).toEqual([2, 3]);
    expect(parseTile('9,0', 2, 3)).toEqual([2, 1]);
    expect(parseTile(null, 2, 3)).toEqual([1, 1]);
    expect(parseTile('a,b', 2, 2)).toEqual([1, 1]);
  });

  it('fits the 1920×1080 stage whole into any screen', () => {
    expect(stageScale(1920, 1080)).toBe(1);
    expect(stageScale(3840, 2160)).toBe(2);
    // A 4:3 screen is letterboxed: the width decides.
    expect(stageScale(1024, 768)).toBeCloseTo(1024 / 1920);
    expect(stageScale(390, 844)).toBeCloseTo(390 / 1920);
  });
});
