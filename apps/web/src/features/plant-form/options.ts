import { CURRENCIES, timeZoneList } from '@heliograph/shared';

export interface Option {
  value: string;
  label: string;
}

function currencyNames(tag: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([tag], { type: 'currency' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Every ISO 4217 code, named in the console's language ("EUR · Euro"). */
export function currencyOptions(tag: string): Option[] {
  const name = currencyNames(tag);
  return CURRENCIES.map((code) => ({ value: code, label: `${code} · ${name(code)}` }));
}

/** IANA zones with their current UTC offset, so "Europe/Berlin (UTC+01:00)" can be found by either. */
export function timeZoneOptions(): Option[] {
  const now = new Date();
  return timeZoneList().map((zone) => ({ value: zone, label: `${zone} (${offsetOf(zone, now)})` }));
}

function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    const text = part?.value ?? 'GMT';
    return text === 'GMT' ? 'UTC+00:00' : text.replace('GMT', 'UTC');
  } catch {
    return 'UTC';
  }
}

/** Case-insensitive search over an option's label (antd Select's filterOption). */
export function matchOption(input: string, option?: Option): boolean {
  return (option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase());
}
