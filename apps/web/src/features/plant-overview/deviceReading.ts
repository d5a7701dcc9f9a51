import type { PlantDevice } from '@heliograph/shared';

/** The one reading a device row shows: inverter AC power, battery SOC (and power), meter grid power. */
export type KeyReading =
  | { kind: 'power'; watts: number }
  | { kind: 'soc'; percent: number; watts: number | null }
  | { kind: 'grid'; watts: number }
  | { kind: 'irradiance'; wm2: number }
  | null;

const num = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

export function keyReading(d: PlantDevice): KeyReading {
  const m = d.metrics ?? {};
  switch (d.kind) {
    case 'inverter': {
      const w = num(m.p_ac) ? m.p_ac : m.p_pv;
      return num(w) ? { kind: 'power', watts: w } : null;
    }
    case 'battery':
      return num(m.soc) ? { kind: 'soc', percent: m.soc, watts: num(m.p_bat) ? m.p_bat : null } : null;
    case 'meter':
      return num(m.p_grid) ? { kind: 'grid', watts: m.p_grid } : null;
    case 'weather':
      return num(m.irradiance) ? { kind: 'irradiance', wm2: m.irradiance } : null;
    default:
      return null;
  }
}

const KIND_RANK: Record<string, number> = { inverter: 0, battery: 1, meter: 2, weather: 3 };

/** Inverters, then batteries, meters, weather stations, other kinds; by serial within a kind. */
export function sortDevices(list: readonly PlantDevice[]): PlantDevice[] {
  return [...list].sort((a, b) => (KIND_RANK[a.kind] ?? 9) - (KIND_RANK[b.kind] ?? 9) || a.sn.localeCompare(b.sn));
}
