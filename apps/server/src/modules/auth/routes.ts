import { API, signNonce, type FieldRule } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answers } from '../../http/contract.js';
import { contractRoutes } from '../../http/contract-route.js';
import { emptyEnvelope, ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { AuthService } from './service.js';
import type { CaptchaService } from './captcha.js';
import type { RsaKeyStore } from './keys.js';
import type { TokenService } from './tokens.js';

export interface AuthRouteDeps {
  auth: AuthService;
  keys: RsaKeyStore;
  tokens: TokenService;
  captcha: CaptchaService;
}

/** Anonymous calls of spec §7 "Anonymous and login", and the token endpoint. */
export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'auth');
    const open = { access: 'public', scope: 'none' } as const;

    route(
      'GET /anonymous/publicKey',
      { config: open, summary: 'The RSA public key passwords are encrypted with' },
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
          body: API['POST /oauth/token/new'].body,
          response: { ...answers('POST /oauth/token/new'), 401: emptyEnvelope },
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

    route(
      'POST /oauth/token/revoke',
      { config: open, summary: 'Sign out: end the sign-in the refresh token belongs to' },
      async (req) => {
        await deps.tokens.revoke(req.body.refresh_token);
        return ok(req, null);
      },
    );

    route(
      'GET /anonymous/getCode',
      { config: open, summary: 'A picture verification code for an account' },
      async (req) => ok(req, await deps.captcha.create(req.query.account.toLowerCase())),
    );

    route(
      'GET /anonymous/checkCode',
      { config: open, summary: 'Check (and spend) a picture verification code' },
      async (req) => {
        await deps.captcha.verify(req.query.account?.toLowerCase(), req.query.codeId, req.query.code);
        return ok(req, null);
      },
    );

    route(
      'GET /anonymous/getVerificationCode',
      {
        config: open,
        summary: 'E-mail a verification code (once a minute, ten a day per address; limited per source address)',
      },
      async (req) => {
        await deps.auth.sendCode(req.query.account, req.query.type, req.lang, req.ip);
        return ok(req, null);
      },
    );

    route(
      'GET /anonymous/checkAccount',
      { config: open, summary: 'Whether an account is free (0) or already registered (103)' },
      async (req) => {
        if (await deps.auth.isRegistered(req.query.account)) throw new AppError('accountRegistered');
        return ok(req, null);
      },
    );

    route(
      'POST /anonymous/signup',
      { config: open, summary: 'Register with an e-mail verification code' },
      async (req) => ok(req, await deps.auth.signup(req.body)),
    );

    route(
      'POST /anonymous/resetPwd',
      { config: open, summary: 'Set a new password with an e-mail verification code' },
      async (req) => {
        await deps.auth.resetPassword(req.body);
        return ok(req, null);
      },
    );
  };
}
