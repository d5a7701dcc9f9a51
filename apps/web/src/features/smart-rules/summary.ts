import type { TFunction } from 'i18next';
import type { RuleAction, RuleCondition, RuleTrigger } from './api';

type T = TFunction;

/** Weekdays as the catalogue's short names, in the week's order; every day is "every day". */
export function daysText(t: T, days: readonly number[]): string {
  if (days.length === 7) return t('rules.everyDay');
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => t(`rules.day.${d}`))
    .join(', ');
}

/** A trigger in words ("Every day at 07:30", "When SW1 p goes above 100"). */
export function triggerText(t: T, tr: RuleTrigger): string {
  switch (tr.kind) {
    case 'schedule':
      return tr.everyMinutes !== null
        ? t('rules.sum.every', { minutes: tr.everyMinutes, days: daysText(t, tr.weekdays) })
        : t('rules.sum.at', { time: tr.at ?? '', days: daysText(t, tr.weekdays) });
    case 'threshold':
      return t(`rules.sum.threshold.${tr.direction}`, { sn: tr.sn, metric: tr.metric, value: tr.value });
    case 'event':
      return t('rules.sum.event', {
        levels: tr.levels.length > 0 ? tr.levels.map((l) => t(`rules.level.${l}`)).join(', ') : t('rules.anyLevel'),
        code: tr.code || t('rules.anyCode'),
      });
    case 'price':
      return t(`rules.sum.price.${tr.direction}`, { level: tr.level });
  }
}

export function conditionText(t: T, c: RuleCondition): string {
  switch (c.kind) {
    case 'timeWindow':
      return t('rules.sum.window', { from: c.from, to: c.to });
    case 'weekday':
      return daysText(t, c.days);
    case 'deviceValue':
      return t(`rules.sum.value.${c.direction}`, { sn: c.sn, metric: c.metric, value: c.value });
    case 'price':
      return t(`rules.sum.price.${c.direction}`, { level: c.level });
  }
}

/** An action in words ("Switch SW1 off", "Light L-1 on at 40 %"). */
export function actionText(t: T, a: RuleAction): string {
  switch (a.kind) {
    case 'acSwitch':
      return t(a.on ? 'rules.sum.switchOn' : 'rules.sum.switchOff', { sn: a.sn });
    case 'inverterMode':
      return t('rules.sum.mode', { sn: a.sn, mode: t(`rules.mode.${a.mode}`) });
    case 'light':
      return a.on
        ? t('rules.sum.lightOn', { id: a.lightId, brightness: a.brightness })
        : t('rules.sum.lightOff', { id: a.lightId });
    case 'notify':
      return t(`rules.sum.notify.${a.to}`);
  }
}
