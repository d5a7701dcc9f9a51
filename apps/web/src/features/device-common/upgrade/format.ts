import { formatDateTime } from '../../../components/plant/plantTime';

/**
 * How upgrade facts read: times in the viewer's own zone (an upgrade is an operator's act, not a plant's day),
 * sizes in binary units as firmware images are measured.
 */

/** The viewer's time zone; tests pass their own so a run anywhere reads the same. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "2026-11-22 14:05:09", or the empty value for a time not reached yet. */
export function upgradeTime(ms: number | null | undefined, tz: string): string {
  return formatDateTime(ms, tz);
}

/** "512 KiB", "1.4 MiB": an image's size. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KiB', 'MiB', 'GiB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}
