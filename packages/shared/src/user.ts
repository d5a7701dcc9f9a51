export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

export const SEXES = ['unknown', 'male', 'female'] as const;
export type Sex = (typeof SEXES)[number];
