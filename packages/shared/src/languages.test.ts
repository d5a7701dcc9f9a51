import { describe, expect, it } from 'vitest';
import { browserDefaultLang, parseLang, toWireLang } from './languages.js';

describe('languages', () => {
  it('sends Chinese to the server as zh and reads zh back as cn', () => {
    expect(toWireLang('cn')).toBe('zh');
    expect(toWireLang('de')).toBe('de');
    expect(parseLang('zh')).toBe('cn');
    expect(parseLang('zh-CN,zh;q=0.9')).toBe('cn');
  });
  it('reads Accept-Language lists and tags, falling back to English', () => {
    expect(parseLang('he-IL,he;q=0.9,en;q=0.8')).toBe('he');
    expect(parseLang('pl-PL')).toBe('po');
    expect(parseLang('pt-BR')).toBe('pt');
    expect(parseLang('fr-FR,ja;q=0.5')).toBe('en');
    expect(parseLang(undefined)).toBe('en');
  });
  it('defaults to Chinese for a zh browser, to a supported browser language, else English', () => {
    expect(browserDefaultLang(['zh-TW', 'en'])).toBe('cn');
    expect(browserDefaultLang(['de-DE', 'en'])).toBe('de');
    expect(browserDefaultLang(['fr-FR'])).toBe('en');
    expect(browserDefaultLang([])).toBe('en');
  });
});
