import type { EnergyBucket, PlantRealtime } from '@heliograph/shared';

/** A period in which nothing flowed: the energy figures at zero, the ratios unknown. */
export const QUIET_PERIOD: Omit<EnergyBucket, 'key'> = {
  pv: 0,
  purchase: 0,
  feedIn: 0,
  charge: 0,
  discharge: 0,
  load: 0,
  income: 0,
  selfConsumption: null,
  selfSufficiency: null,
};

/** A storage plant selling its PV surplus while charging its battery (4.2 kW PV, 1.1 kW load and export). */
export const SELLING_SURPLUS: [Partial<PlantRealtime['powerW']>, Partial<PlantRealtime['flow']>] = [
  { pv: 4200, load: 1100, grid: -1100, battery: -2000, soc: 80 },
  { pv: 'selling', grid: 'selling', battery: 'charging', load: 'buying' },
];
