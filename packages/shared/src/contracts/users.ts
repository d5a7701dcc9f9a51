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

/** One live sign-in of the caller (an auth_session not ended, with a refresh token that can still renew it). */
export const userSessionSchema = z.object({
  id: z.string(),
  /** Where it signed in from: web, app, … (the login's `source`). */
  source: z.string(),
  /** The address it signed in from. */
  ip: z.string(),
  startedAt: z.string(),
  /** When its tokens were last renewed (a refresh), or null when never since the sign-in. */
  lastUsedAt: z.string().nullable(),
  /** The sign-in making this request. */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

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
  /** Upload the avatar (multipart field "file", JPG or PNG by content, at most LIMITS.avatarBytes). */
  'POST /user/:userId/avatar': { answer: userInfoSchema },
  /** The avatar itself, an image (the owner, members of the same company and platform administrators). */
  'GET /user/:userId/avatar': { answer: null },
  'POST /user/:userId/avatar/remove': { answer: userInfoSchema },
  /** The caller's live sign-ins, newest first. */
  'GET /user/sessions': { answer: z.array(userSessionSchema) },
  /** End one of the caller's sign-ins (its tokens stop at once). */
  'POST /user/sessions/end': { body: z.object({ sessionId: z.string().max(64) }), answer: emptyAnswer },
  /** Sign out everywhere: every other sign-in, or all of them including this one. */
  'POST /user/sessions/endAll': {
    body: z.object({ includeThis: z.boolean().default(false) }).default({ includeThis: false }),
    answer: emptyAnswer,
  },
});
