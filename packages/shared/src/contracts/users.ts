import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { BUILTIN_ROLES } from '../roles.js';
import { LIMITS } from '../rules.js';
import { SEXES, TEMPERATURE_UNITS } from '../user.js';
import { emptyAnswer } from './empty.js';
import { contracts } from './route.js';

/** GET /api/v1/user: the signed-in user as the shell shows them (spec §3 client session "userInfo"). */
export const userInfoSchema = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string(),
  email: z.string(),
  phone: z.string(),
  sex: z.enum(SEXES),
  avatar: z.string().nullable(),
  /** The kind of account (a company's own role gives the built-in role it follows). */
  role: z.enum(BUILTIN_ROLES),
  /** The role's name as the company named it; null for a built-in role (the web translates `role`). */
  roleName: z.string().nullable(),
  readOnly: z.boolean(),
  language: z.enum(LANGUAGES),
  temperatureUnit: z.enum(TEMPERATURE_UNITS),
  /** The company, with what its members' shell shows: theme colour and logo URLs (spec §9 sizes). */
  company: z
    .object({
      id: z.string(),
      name: z.string(),
      themeColor: z.string(),
      logoWide: z.string().nullable(),
      logoSquare: z.string().nullable(),
    })
    .nullable(),
  /** Two-step verification: on, and whether an administrator requires it. */
  mfaEnabled: z.boolean(),
  mfaRequired: z.boolean(),
  registeredAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const basicInfoBody = z.object({
  nickname: z.string().trim().min(1).max(LIMITS.nicknameMax),
  phone: z.string().trim().max(32).default(''),
  sex: z.enum(SEXES).default('unknown'),
});
export const preferencesBody = z.object({
  temperatureUnit: z.enum(TEMPERATURE_UNITS).optional(),
  language: z.enum(LANGUAGES).optional(),
});

export const userContracts = contracts({
  'GET /user': { answer: userInfoSchema },
  'POST /user/:userId': { body: basicInfoBody, answer: userInfoSchema },
  'POST /user/:userId/pwd': {
    body: z.object({
      keyId: z.string().max(64),
      oldPassword: z.string().min(1).max(1024),
      newPassword: z.string().min(1).max(1024),
    }),
    answer: emptyAnswer,
  },
  'POST /user/disable/:userId': {
    body: z.object({ disabled: z.boolean().default(true) }).default({ disabled: true }),
    answer: emptyAnswer,
  },
  'POST /user/personalized': { body: preferencesBody, answer: userInfoSchema },
});
