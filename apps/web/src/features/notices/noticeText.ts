import { bulletinTitleKey, MESSAGE_TYPE, type NoticeItem } from '@heliograph/shared';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** The label of a notice's kind and type (spec §4: a maintenance notice of type 1 is an upgrade). */
export function typeLabel(t: TFunction, n: Pick<NoticeItem, 'kind' | 'type'>): string {
  if (n.kind === 'maintenance') return n.type === 1 ? t('notices.type.upgrade') : t('notices.type.maintenance');
  switch (n.type) {
    case MESSAGE_TYPE.maintenance:
      return t('notices.type.maintenance');
    case MESSAGE_TYPE.migration:
      return t('notices.type.migration');
    case MESSAGE_TYPE.alarm:
      return t('notices.type.alarm');
    case MESSAGE_TYPE.systemNotice:
      return t('notices.type.systemNotice');
    default: {
      const key = bulletinTitleKey(n.type);
      return key === 'default' ? t('notices.type.other') : t(`notices.type.${key}`);
    }
  }
}

/** Tag colours by type: alarms stand out, bulletins and notices stay quiet. */
export function typeColor(n: Pick<NoticeItem, 'kind' | 'type'>): string {
  if (n.kind === 'maintenance') return 'orange';
  if (n.type === MESSAGE_TYPE.alarm) return 'red';
  if (n.kind === 'bulletin') return 'blue';
  return 'default';
}

/** The toast's title by bulletin type (spec §4): announcement, notification, theme, or the default title. */
export function toastTitle(t: TFunction, type: number): string {
  return t(`notices.toast.${bulletinTitleKey(type)}`);
}

/** A date and time as YYYY-MM-DD HH:mm, isolated left to right (U+2066 … U+2069) so Hebrew text keeps its order. */
export const formatTime = (ms: number): string => `\u2066${dayjs(ms).format('YYYY-MM-DD HH:mm')}\u2069`;

/** A maintenance notice's text with its window filled in (spec §4 "the time range is filled into the description"). */
export function noticeText(t: TFunction, n: Pick<NoticeItem, 'content' | 'startAt' | 'endAt'>): string {
  if (n.startAt === null || n.endAt === null) return n.content;
  const window = t('notices.window', { start: formatTime(n.startAt), end: formatTime(n.endAt) });
  return n.content ? `${window} ${n.content}` : window;
}

/** Where a notice leads: its plant, or its address (a console path or an outside page). */
export function noticeLink(n: Pick<NoticeItem, 'plantId' | 'url'>): { to: string; external: boolean } | null {
  // The overview reads the plant from its id; the type segment only picks the first tab.
  if (n.plantId) return { to: `/plants/overview/${encodeURIComponent(n.plantId)}/1`, external: false };
  if (n.url) return { to: n.url, external: !n.url.startsWith('/') };
  return null;
}
