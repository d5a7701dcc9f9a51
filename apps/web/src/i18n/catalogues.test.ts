/// <reference types="node" />
import { describe, expect, it } from 'vitest';
import { LANGUAGES, SEXES } from '@heliograph/shared';
import { LORA_REALTIME_ROUTES, PUBLIC_PLACEHOLDERS, SHELL_ROUTES } from '../kit/routeTable';
import { flatten, loadTree } from './testCatalogue';

function load(lang: string): Map<string, string> {
  return flatten(loadTree(lang));
}

/** Interpolations ({{name}}) and Trans tags (<link>) a translation must keep. */
function tokens(value: string): string[] {
  return [...value.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
}

const en = load('en');

describe('i18n catalogues', () => {
  it('has a catalogue for each of the eight console languages', () => {
    expect(LANGUAGES).toHaveLength(8);
    for (const lang of LANGUAGES) expect(load(lang).size).toBeGreaterThan(0);
  });

  for (const lang of LANGUAGES) {
    describe(lang, () => {
      const cat = load(lang);

      it('has every English key, non-empty, and no extra key', () => {
        const missing = [...en.keys()].filter((k) => !cat.get(k)?.trim());
        const extra = [...cat.keys()].filter((k) => !en.has(k));
        expect(missing).toEqual([]);
        expect(extra).toEqual([]);
      });

      it('keeps the interpolations and tags of the English text', () => {
        const broken = [...en].filter(
          ([k, v]) => JSON.stringify(tokens(v)) !== JSON.stringify(tokens(cat.get(k) ?? '')),
        );
        expect(broken.map(([k]) => k)).toEqual([]);
      });

      if (lang !== 'en') {
        it('is a real translation: at least 80 % of its values differ from English', () => {
          const differ = [...en].filter(([k, v]) => cat.get(k) !== v).length;
          expect(differ / en.size).toBeGreaterThanOrEqual(0.8);
        });
      }
    });
  }

  it('names every route and gender the console shows', () => {
    const needed = [
      ...SHELL_ROUTES.map((r) => r.titleKey),
      ...PUBLIC_PLACEHOLDERS.map((p) => p.titleKey),
      ...LORA_REALTIME_ROUTES.map((p) => p.titleKey),
      ...SEXES.map((s) => `account.sex_${s}`),
    ];
    expect(needed.filter((k) => !en.has(k))).toEqual([]);
  });
});
