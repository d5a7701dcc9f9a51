import type { NotificationRule, NotifyChannel, NotifySeverity } from '@heliograph/shared';

/**
 * The rule of a user who never saved one: faults and offline devices, in the notice centre and by e-mail, at
 * any hour. A warning is not worth a mail until someone asks for it.
 */
export const DEFAULT_RULE: NotificationRule = {
  severities: ['fault', 'offline'],
  channels: ['email'],
  quietStart: null,
  quietEnd: null,
  timeZone: 'UTC',
};

/** The severity a user chooses by, of an event's level; info events notify nobody. */
export function severityOf(level: string, code: string): NotifySeverity | null {
  // A device whose gateway stays offline gets an OFFLINE event (events/offline.ts); a gateway may send one too.
  if (/^offline$/i.test(code)) return 'offline';
  if (level === 'fault') return 'fault';
  if (level === 'warning') return 'warning';
  return null;
}

const minutesOf = (hhmm: string): number => {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight at `at` in `timeZone`. */
function localMinutes(at: number, timeZone: string): number {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formats.set(timeZone, f);
  }
  let h = 0;
  let m = 0;
  for (const p of f.formatToParts(new Date(at))) {
    if (p.type === 'hour') h = Number(p.value);
    if (p.type === 'minute') m = Number(p.value);
  }
  return h * 60 + m;
}

/**
 * When the rule's quiet hours let a message out, if `at` falls inside them (Unix ms); null when it may go now.
 * Quiet hours may span midnight (22:00–07:00). A change of daylight saving time inside the window moves the
 * end by the wall clock: the first guess is checked and moved on minute by minute while still inside.
 */
export function quietUntil(
  rule: Pick<NotificationRule, 'quietStart' | 'quietEnd' | 'timeZone'>,
  at: number,
): number | null {
  if (!rule.quietStart || !rule.quietEnd) return null;
  const start = minutesOf(rule.quietStart);
  const end = minutesOf(rule.quietEnd);
  if (start === end) return null;
  const inside = (m: number) => (start < end ? m >= start && m < end : m >= start || m < end);
  const now = localMinutes(at, rule.timeZone);
  if (!inside(now)) return null;
  const minute = 60_000;
  let t = at - (at % minute) + ((end - now + 1440) % 1440) * minute;
  for (let i = 0; i < 180 && inside(localMinutes(t, rule.timeZone)); i++) t += minute;
  return t;
}

/** The channels a rule sends an event of this severity to (none when the severity is not chosen). */
export function channelsFor(rule: NotificationRule, severity: NotifySeverity): NotifyChannel[] {
  return rule.severities.includes(severity) ? rule.channels : [];
}
