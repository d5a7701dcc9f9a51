import { describe, expect, it } from 'vitest';
import { utcOffset, zoneName } from './DictionariesPage';

describe('time zone cells', () => {
  it('writes offsets as UTC±hh:mm, with a real minus sign west of Greenwich', () => {
    expect(utcOffset(0)).toBe('UTC+00:00');
    expect(utcOffset(330)).toBe('UTC+05:30');
    expect(utcOffset(-180)).toBe('UTC−03:00');
    expect(utcOffset(345)).toBe('UTC+05:45');
  });

  it('names a zone in the user’s language, and falls back to its id without underscores', () => {
    expect(zoneName('Europe/Berlin', 'de')).toMatch(/^Mitteleuropäische /);
    expect(zoneName('Europe/Berlin', 'en')).toMatch(/^Central European /);
    expect(zoneName('Not/A_Zone', 'en')).toBe('Not/A Zone');
    // A zone Intl only names by its offset (in Hebrew wrapped in direction marks) keeps its id.
    expect(zoneName('UTC', 'he')).toBe('UTC');
  });
});
