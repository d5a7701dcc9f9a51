/**
 * The metric names gateways send in `samples[].metrics` (and raw registers decode to), with units. Powers
 * in W, energies in kWh, voltages in V, currents in A, temperatures in °C. Energies are cumulative counters
 * (they only grow, except when a device resets them): the server turns them into per-interval and daily
 * energy, so a lost or replayed batch never double-counts.
 *
 * Sign conventions, chosen so the plant balances as PV + grid + battery = load:
 * - `p_grid` is positive when buying (import), negative when selling (export);
 * - `p_bat` is positive when discharging, negative when charging.
 */
export const METRICS = {
  inverter: {
    p_ac: 'W',
    p_pv: 'W',
    e_pv_total: 'kWh',
    e_ac_total: 'kWh',
    freq: 'Hz',
    temp: '°C',
    state: '',
    // Per MPPT/string n (1-based): mppt1_v, mppt1_i, mppt1_p …; per phase n: ph1_v, ph1_i, ph1_p …
  },
  battery: {
    p_bat: 'W',
    soc: '%',
    soh: '%',
    v_bat: 'V',
    i_bat: 'A',
    temp: '°C',
    e_charge_total: 'kWh',
    e_discharge_total: 'kWh',
    cycles: '',
    cap_full_ah: 'Ah',
    cap_residual_ah: 'Ah',
    /** Charge and discharge contactors: 1 closed, 0 open. */
    relay_charge: '',
    relay_discharge: '',
    // Per cell n: cell1_v, cell1_t …
  },
  meter: {
    p_grid: 'W',
    e_import_total: 'kWh',
    e_export_total: 'kWh',
    p_load: 'W',
    e_load_total: 'kWh',
    freq: 'Hz',
    // Per phase n: ph1_v, ph1_i, ph1_p …
  },
  weather: {
    irradiance: 'W/m²',
    t_ambient: '°C',
    t_module: '°C',
    wind_speed: 'm/s',
  },
  switch: { on: '', p: 'W', leakage_ma: 'mA' },
  lora: { rssi: 'dBm' },
} as const;

/** Which cumulative counter feeds which daily energy figure of a plant. */
export const ENERGY_COUNTERS = {
  pv: 'e_pv_total',
  purchase: 'e_import_total',
  feedIn: 'e_export_total',
  charge: 'e_charge_total',
  discharge: 'e_discharge_total',
  load: 'e_load_total',
} as const;
export type EnergyFigure = keyof typeof ENERGY_COUNTERS;

const UNIT_OF_SUFFIX: Record<string, string> = { v: 'V', i: 'A', p: 'W', t: '°C' };

/**
 * The parameters a chart of a device kind offers (spec §9: up to 30 selectable, 6 chosen): the kind's own
 * metrics, then per-MPPT and per-phase values (inverters), cell voltages (batteries), per-phase (meters).
 */
export function selectableParams(kind: keyof typeof METRICS, max = 30): { key: string; unit: string }[] {
  const own = Object.entries(METRICS[kind]).map(([key, unit]) => ({ key, unit }));
  const extra: { key: string; unit: string }[] = [];
  const add = (prefix: string, n: number, suffixes: string[]) => {
    for (let i = 1; i <= n; i++)
      for (const s of suffixes) extra.push({ key: `${prefix}${i}_${s}`, unit: UNIT_OF_SUFFIX[s] ?? '' });
  };
  if (kind === 'inverter') {
    add('mppt', 4, ['v', 'i', 'p']);
    add('ph', 3, ['v', 'i', 'p']);
  } else if (kind === 'battery') add('cell', 8, ['v']);
  else if (kind === 'meter') add('ph', 3, ['v', 'i', 'p']);
  return [...own, ...extra].slice(0, max);
}
