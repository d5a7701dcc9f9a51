import type { BuiltinRole } from './roles.js';
import type { Lang } from './languages.js';

export const TEMPERATURE_UNITS = ['C', 'F'] as const;
export type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];

export const SEXES = ['unknown', 'male', 'female'] as const;
export type Sex = (typeof SEXES)[number];

/** GET /api/v1/user: the signed-in user as the shell shows them (spec §3 client session "userInfo"). */
export interface UserInfo {
  id: string;
  account: string;
  nickname: string;
  email: string;
  phone: string;
  sex: Sex;
  avatar: string | null;
  role: BuiltinRole;
  readOnly: boolean;
  language: Lang;
  temperatureUnit: TemperatureUnit;
  company: { id: string; name: string } | null;
  registeredAt: string;
}
