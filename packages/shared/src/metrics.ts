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
