import { z } from 'zod';
import { LOGIN_SOURCES } from '../auth.js';
import { LIMITS } from '../rules.js';
import { emptyAnswer } from './empty.js';
import { contracts } from './route.js';

/** Anonymous calls of spec §7 "Anonymous and login", and the token endpoint. */

/** What the token call returns (OAuth 2 field names, as the wire format fixes them). */
export const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type TokenPair = z.infer<typeof tokenPair>;

export const publicKeyAnswer = z.object({ keyId: z.string(), publicKey: z.string() });
export type PublicKeyResponse = z.infer<typeof publicKeyAnswer>;

/** A picture verification code: an SVG image to show, and its id to send back with the answer. */
export const captchaAnswer = z.object({ codeId: z.string(), image: z.string() });
export type CaptchaResponse = z.infer<typeof captchaAnswer>;

const account = z.string().trim().min(1).max(LIMITS.emailMax);
// RSA-2048 ciphertext is 256 bytes, 344 characters of base64.
const cipher = z.string().min(1).max(1024);

export const tokenRequest = z.object({
  grant_type: z.enum(['password', 'refresh_token']).optional(),
  account: account.optional(),
  password: cipher.optional(),
  source: z.enum(LOGIN_SOURCES).optional(),
  keyId: z.string().max(64).optional(),
  code: z.string().max(16).optional(),
  codeId: z.string().max(64).optional(),
  refresh_token: z.string().max(256).optional(),
});
export type TokenRequest = z.input<typeof tokenRequest>;

export const authContracts = contracts({
  'GET /anonymous/publicKey': {
    query: z.object({
      nonce: z.string().min(8).max(64),
      source: z.enum(LOGIN_SOURCES),
      sign: z.string().regex(/^[0-9a-f]{64}$/i),
    }),
    answer: publicKeyAnswer,
  },
  'POST /oauth/token/new': { body: tokenRequest, answer: tokenPair },
  'POST /oauth/token/revoke': { body: z.object({ refresh_token: z.string().min(1).max(256) }), answer: emptyAnswer },
  'GET /anonymous/getCode': { query: z.object({ account }), answer: captchaAnswer },
  'GET /anonymous/checkCode': {
    query: z.object({ codeId: z.string().max(64), code: z.string().max(16), account: account.optional() }),
    answer: emptyAnswer,
  },
  'GET /anonymous/getVerificationCode': {
    query: z.object({ account, type: z.enum(['register', 'reset']) }),
    answer: emptyAnswer,
  },
  'GET /anonymous/checkAccount': { query: z.object({ account }), answer: emptyAnswer },
  'POST /anonymous/signup': {
    body: z.object({
      account,
      password: cipher,
      keyId: z.string().max(64),
      code: z.string().trim().min(1).max(16),
      nickname: z.string().trim().max(LIMITS.nicknameMax).optional(),
    }),
    answer: z.object({ id: z.string() }),
  },
  'POST /anonymous/resetPwd': {
    body: z.object({
      account,
      password: cipher,
      keyId: z.string().max(64),
      code: z.string().trim().min(1).max(16),
    }),
    answer: emptyAnswer,
  },
});
