/**
 * CO₂ avoided per kWh of solar generation, in kg: the world average carbon intensity of electricity in 2023,
 * 480 gCO₂/kWh, from Ember's Global Electricity Review 2024 (https://ember-energy.org, "Global Electricity
 * Review 2024", world power sector emissions intensity). One constant for the whole console (large screens and
 * reports), so two pages never disagree; a plant's own grid factor would be a setting of its own.
 */
export const CO2_KG_PER_KWH = 0.48;

/** CO₂ avoided by `kwh` of generation, in tonnes. */
export const co2AvoidedTonnes = (kwh: number): number => (kwh * CO2_KG_PER_KWH) / 1000;
