/**
 * Real places for simulated plants, spread over time zones and both hemispheres, with their currency, grid
 * and a rough climate (annual mean and seasonal swing from climate normals, rounded; the shares of clear
 * and overcast days are impressions, not statistics).
 */
import type { Climate } from '../physics/weather.js';

export interface Place {
  city: string;
  country: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  currency: string;
  gridVoltage: number;
  gridFrequency: 50 | 60;
  climate: Climate;
}

type Grid = Pick<Place, 'gridVoltage' | 'gridFrequency'>;
const G230: Grid = { gridVoltage: 230, gridFrequency: 50 };
const G220: Grid = { gridVoltage: 220, gridFrequency: 50 };
const G127_60: Grid = { gridVoltage: 127, gridFrequency: 60 };
const G120_60: Grid = { gridVoltage: 120, gridFrequency: 60 };

/** city, country, latitude, longitude, zone, currency, grid; then clear and overcast shares, mean °C, swing °C. */
function place(
  city: string,
  country: string,
  latitude: number,
  longitude: number,
  timeZone: string,
  currency: string,
  grid: Grid,
  [clearDays, overcastDays, meanTemp, seasonalSwing]: readonly [number, number, number, number],
): Place {
  return {
    city,
    country,
    latitude,
    longitude,
    timeZone,
    currency,
    ...grid,
    climate: { clearDays, overcastDays, meanTemp, seasonalSwing },
  };
}

export const PLACES: readonly Place[] = [
  place('Berlin', 'DE', 52.52, 13.405, 'Europe/Berlin', 'EUR', G230, [0.22, 0.42, 10, 9.5]),
  place('Munich', 'DE', 48.137, 11.575, 'Europe/Berlin', 'EUR', G230, [0.25, 0.4, 9, 9.5]),
  place('Warsaw', 'PL', 52.23, 21.012, 'Europe/Warsaw', 'PLN', G230, [0.22, 0.42, 8.5, 11]),
  place('Madrid', 'ES', 40.417, -3.704, 'Europe/Madrid', 'EUR', G230, [0.55, 0.12, 15, 10]),
  place('Seville', 'ES', 37.389, -5.984, 'Europe/Madrid', 'EUR', G230, [0.6, 0.1, 19, 8.5]),
  place('Lisbon', 'PT', 38.722, -9.139, 'Europe/Lisbon', 'EUR', G230, [0.5, 0.15, 17.5, 6]),
  place('São Paulo', 'BR', -23.551, -46.633, 'America/Sao_Paulo', 'BRL', G127_60, [0.3, 0.3, 20, 3.5]),
  place('Ho Chi Minh City', 'VN', 10.823, 106.63, 'Asia/Ho_Chi_Minh', 'VND', G220, [0.3, 0.2, 28, 1.5]),
  place('Hanoi', 'VN', 21.028, 105.834, 'Asia/Ho_Chi_Minh', 'VND', G220, [0.2, 0.35, 24, 6.5]),
  place('Haifa', 'IL', 32.794, 34.99, 'Asia/Jerusalem', 'ILS', G230, [0.6, 0.1, 20.5, 6]),
  place('Tel Aviv', 'IL', 32.085, 34.782, 'Asia/Jerusalem', 'ILS', G230, [0.62, 0.1, 21, 6]),
  place('Shanghai', 'CN', 31.23, 121.474, 'Asia/Shanghai', 'CNY', G220, [0.25, 0.35, 17, 11]),
  place('Shenzhen', 'CN', 22.543, 114.058, 'Asia/Shanghai', 'CNY', G220, [0.3, 0.3, 23, 6.5]),
  place('Sydney', 'AU', -33.869, 151.209, 'Australia/Sydney', 'AUD', G230, [0.45, 0.18, 18, 5]),
  place('Brisbane', 'AU', -27.47, 153.026, 'Australia/Brisbane', 'AUD', G230, [0.5, 0.15, 21, 4.5]),
  place('Phoenix', 'US', 33.448, -112.074, 'America/Phoenix', 'USD', G120_60, [0.75, 0.05, 24, 10]),
  place('Cape Town', 'ZA', -33.925, 18.424, 'Africa/Johannesburg', 'ZAR', G230, [0.5, 0.15, 17, 4]),
  place('Hamburg', 'DE', 53.551, 9.994, 'Europe/Berlin', 'EUR', G230, [0.2, 0.45, 9.5, 8.5]),
  place('Porto', 'PT', 41.158, -8.629, 'Europe/Lisbon', 'EUR', G230, [0.42, 0.2, 15, 5.5]),
  place('Valencia', 'ES', 39.47, -0.376, 'Europe/Madrid', 'EUR', G230, [0.55, 0.12, 18.5, 7]),
];
