import { describe, expect, it } from 'vitest';
import { byteRange } from './download.js';

describe('the Range of an image download', () => {
  it('takes one range from a start, between two bytes, or the last bytes', () => {
    expect(byteRange('bytes=100-', 1000)).toEqual({ first: 100, last: 999 });
    expect(byteRange('bytes=0-9', 1000)).toEqual({ first: 0, last: 9 });
    // An end past the image is cut to its last byte (RFC 9110).
    expect(byteRange('bytes=990-5000', 1000)).toEqual({ first: 990, last: 999 });
    expect(byteRange('bytes=-10', 1000)).toEqual({ first: 990, last: 999 });
    expect(byteRange('bytes=-5000', 1000)).toEqual({ first: 0, last: 999 });
  });

  it('serves the whole image for no range, several ranges or a malformed one', () => {
    for (const header of [undefined, '', 'bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=a-b'])
      expect(byteRange(header, 1000)).toBeUndefined();
  });

  it('answers a range outside the image as unsatisfiable (416)', () => {
    expect(byteRange('bytes=1000-', 1000)).toBeNull();
    expect(byteRange('bytes=20-10', 1000)).toBeNull();
    expect(byteRange('bytes=-0', 1000)).toBeNull();
  });
});
