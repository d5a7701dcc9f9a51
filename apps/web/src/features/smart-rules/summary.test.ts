import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from './locales/en.json';
import { actionText, conditionText, triggerText } from './summary';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
});

describe('rules in words', () => {
  it('says triggers, conditions and actions as the list shows them', () => {
    const t = i18n.t.bind(i18n);
    expect(triggerText(t, { kind: 'schedule', at: '07:30', everyMinutes: null, weekdays: [0, 1, 2, 3, 4, 5, 6] })).toBe(
      'At 07:30, every day',
    );
    expect(triggerText(t, { kind: 'schedule', at: null, everyMinutes: 15, weekdays: [5, 1] })).toBe(
      'Every 15 min, Mon, Fri',
    );
    expect(triggerText(t, { kind: 'threshold', sn: 'INV1', metric: 'p', direction: 'above', value: 100 })).toBe(
      'When p of INV1 goes above 100',
    );
    expect(triggerText(t, { kind: 'event', levels: ['fault'], code: '' })).toBe(
      'When an event opens (Fault, any code)',
    );
    expect(conditionText(t, { kind: 'timeWindow', from: '22:00', to: '06:00' })).toBe('22:00–06:00');
    expect(actionText(t, { kind: 'light', lightId: 'L-1', on: true, brightness: 40 })).toBe('Light L-1 on at 40 %');
    expect(actionText(t, { kind: 'inverterMode', sn: 'INV1', mode: 'backup' })).toBe('Set INV1 to Backup');
  });
});
