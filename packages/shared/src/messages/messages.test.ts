import { describe, it, expect } from 'vitest';
import { LANGUAGES } from '../languages.js';
import { en } from './en.js';
import { MESSAGES, type Messages } from './index.js';

const SECTIONS = Object.keys(en) as (keyof Messages)[];

describe('server message tables', () => {
  it('covers the eight sections', () => {
    expect([...SECTIONS].sort()).toEqual([
      'errors',
      'fields',
      'mail',
      'permissions',
      'reports',
      'roles',
      'sheetHeadings',
      'sheetWords',
    ]);
  });

  for (const lang of LANGUAGES) {
    describe(lang, () => {
      const table = MESSAGES[lang];

      it('has exactly the sections of en', () => {
        expect(Object.keys(table).sort()).toEqual([...SECTIONS].sort());
      });

      for (const section of SECTIONS) {
        it(`${section}: has en's keys and only non-empty strings`, () => {
          const values = table[section] as Record<string, unknown>;
          expect(Object.keys(values).sort()).toEqual(Object.keys(en[section]).sort());
          for (const [key, value] of Object.entries(values)) {
            expect(typeof value, `${lang}.${section}.${key}`).toBe('string');
            expect((value as string).trim(), `${lang}.${section}.${key}`).not.toBe('');
          }
        });
      }

      it('keeps the {code} placeholder in mail.codeBody', () => {
        expect(table.mail.codeBody).toContain('{code}');
      });

      if (lang !== 'en') {
        it('translates at least 90 % of the errors', () => {
          const english = en.errors as Record<string, string>;
          const entries = Object.entries(table.errors as Record<string, string>);
          const translated = entries.filter(([key, value]) => value !== english[key]).length;
          expect(translated / entries.length).toBeGreaterThanOrEqual(0.9);
        });

        it('is its own table, not the English one', () => {
          expect(table).not.toBe(en);
        });
      }
    });
  }
});
