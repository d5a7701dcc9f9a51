import { LIGHT_LIMITS, type EquipKind, type WeatherTestResult } from '@heliograph/shared';

/** The page the bulb provider sends the browser back to: `?lightProvider=…&code=…&state=…`, or null. */
export function oauthReturn(search: string): { provider: string; code: string; state: string } | null {
  const q = new URLSearchParams(search);
  const provider = q.get('lightProvider');
  const code = q.get('code');
  const state = q.get('state');
  return provider && code && state ? { provider, code, state } : null;
}

/** The slider's value as the server takes it: a whole number from 0 to 100. */
export function sliderBrightness(value: number): number {
  if (!Number.isFinite(value)) return LIGHT_LIMITS.brightnessMin;
  return Math.min(LIGHT_LIMITS.brightnessMax, Math.max(LIGHT_LIMITS.brightnessMin, Math.round(value)));
}

/** What a weather connection test says, as a catalogue key under `acenter.weather.test`. */
export function weatherTestKey(r: WeatherTestResult): string {
  return r.ok ? 'ok' : (r.problem ?? 'unreachable');
}

/** Tag colours of the equipment list's statuses. */
export function statusColor(status: string): string {
  switch (status) {
    case 'online':
    case 'normal':
    case 'on':
      return 'green';
    case 'fault':
      return 'red';
    case 'warning':
      return 'orange';
    case 'upgrading':
      return 'blue';
    default:
      return 'default';
  }
}

/** Where a row of the equipment list opens in the console, if anywhere. */
export function equipPath(kind: EquipKind, sn: string, parentSn: string | null): string | null {
  switch (kind) {
    case 'switch':
      return `/device/acSwitch/${encodeURIComponent(sn)}`;
    case 'lora':
      return `/device/lora/${encodeURIComponent(parentSn ?? sn)}`;
    case 'weather':
      return `/device/meteorological/${encodeURIComponent(sn)}`;
    default:
      return null;
  }
}
