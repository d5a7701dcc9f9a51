import { LIMITS, LOGIN_SOURCES, signNonce, type FieldRule } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { AuthService } from './service.js';
import type { CaptchaService } from './captcha.js';
import type { RsaKeyStore } from './keys.js';
import type { TokenService } from './tokens.js';

const tokenPair = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});

const account = z.string().trim().min(1).max(LIMITS.emailMax);
// RSA-2048 ciphertext is 256 bytes, 344 characters of base64.
const cipher = z.string().min(1).max(1024);

export interface AuthRouteDeps {
  auth: AuthService;
  keys: RsaKeyStore;
  tokens: TokenService;
  captcha: CaptchaService;
}

/** Anonymous calls of spec §7 "Anonymous and login", and the token endpoint. */
export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const open = { access: 'public', scope: 'none' } as const;

    app.get(
      '/anonymous/publicKey',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'The RSA public key passwords are encrypted with',
          querystring: z.object({
            nonce: z.string().min(8).max(64),
            source: z.enum(LOGIN_SOURCES),
            sign: z.string().regex(/^[0-9a-f]{64}$/i),
          }),
          response: { 200: envelope(z.object({ keyId: z.string(), publicKey: z.string() })) },
        },
      },
      async (req) => {
        const { nonce, source, sign } = req.query;
        if (signNonce(nonce, source) !== sign.toLowerCase())
          throw new ValidationError([{ field: 'sign', rule: 'invalid' }]);
        return ok(req, await deps.keys.currentKey());
      },
    );

    app.post(
      '/oauth/token/new',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'Sign in with an encrypted password, or refresh a token pair',
          body: z.object({
            grant_type: z.enum(['password', 'refresh_token']).optional(),
            account: account.optional(),
            password: cipher.optional(),
            source: z.enum(LOGIN_SOURCES).optional(),
            keyId: z.string().max(64).optional(),
            code: z.string().max(16).optional(),
            codeId: z.string().max(64).optional(),
            refresh_token: z.string().max(256).optional(),
          }),
          response: { 200: envelope(tokenPair), 401: emptyEnvelope },
        },
      },
      async (req, reply) => {
        const b = req.body;
        if (b.grant_type === 'refresh_token') {
          if (!b.refresh_token) throw new ValidationError([{ field: 'refresh_token', rule: 'required' }]);
          return ok(req, await deps.tokens.refresh(b.refresh_token));
        }
        const missing: { field: string; rule: FieldRule }[] = [];
        for (const field of ['account', 'password', 'keyId'] as const) {
          if (!b[field]) missing.push({ field, rule: 'required' });
        }
        if (missing.length || !b.account || !b.password || !b.keyId) throw new ValidationError(missing);
        const pair = await deps.auth.login(
          {
            account: b.account,
            password: b.password,
            keyId: b.keyId,
            source: b.source ?? 'web',
            code: b.code,
            codeId: b.codeId,
          },
          req.ip,
        );
        reply.header('cache-control', 'no-store');
        return ok(req, pair);
      },
    );

    app.post(
      '/oauth/token/revoke',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'Sign out: end the sign-in the refresh token belongs to',
          body: z.object({ refresh_token: z.string().min(1).max(256) }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await deps.tokens.revoke(req.body.refresh_token);
        return ok(req, null);
      },
    );

    app.get(
      '/anonymous/getCode',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'A picture verification code for an account',
          querystring: z.object({ account }),
          response: { 200: envelope(z.object({ codeId: z.string(), image: z.string() })) },
        },
      },
      async (req) => ok(req, await deps.captcha.create(req.query.account.toLowerCase())),
    );

    app.get(
      '/anonymous/checkCode',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'Check (and spend) a picture verification code',
          querystring: z.object({ codeId: z.string().max(64), code: z.string().max(16), account: account.optional() }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await deps.captcha.verify(req.query.account?.toLowerCase(), req.query.codeId, req.query.code);
        return ok(req, null);
      },
    );

    app.get(
      '/anonymous/getVerificationCode',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'E-mail a verification code (once a minute, ten a day per address; limited per source address)',
          querystring: z.object({ account, type: z.enum(['register', 'reset']) }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await deps.auth.sendCode(req.query.account, req.query.type, req.lang, req.ip);
        return ok(req, null);
      },
    );

    app.get(
      '/anonymous/checkAccount',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'Whether an account is free (0) or already registered (103)',
          querystring: z.object({ account }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        if (await deps.auth.isRegistered(req.query.account)) throw new AppError('accountRegistered');
        return ok(req, null);
      },
    );

    app.post(
      '/anonymous/signup',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'Register with an e-mail verification code',
          body: z.object({
            account,
            password: cipher,
            keyId: z.string().max(64),
            code: z.string().trim().min(1).max(16),
            nickname: z.string().trim().max(LIMITS.nicknameMax).optional(),
          }),
          response: { 200: envelope(z.object({ id: z.string() })) },
        },
      },
      async (req) => ok(req, await deps.auth.signup(req.body)),
    );

    app.post(
      '/anonymous/resetPwd',
      {
        config: open,
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with an e-mail verification code',
          body: z.object({
            account,
            password: cipher,
            keyId: z.string().max(64),
            code: z.string().trim().min(1).max(16),
          }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await deps.auth.resetPassword(req.body);
        return ok(req, null);
      },
    );
  };
}
