import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { passkeyId } from '@heliograph/shared';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { relyingParty, type PasskeyService } from './passkeys.js';
import type { MfaService } from './service.js';

/**
 * Two-step verification: the sign-in's second step (anonymous, holding the challenge the password sign-in
 * answered with 1401) and the signed-in account's own settings (scope self: only ever the caller's account).
 */
export function mfaRoutes(deps: { mfa: MfaService; passkeys: PasskeyService }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'mfa', { id: passkeyId });
    const open = { access: 'public', scope: 'none' } as const;
    const self = { access: 'signedIn', scope: 'self' } as const;
    const { mfa, passkeys } = deps;

    route(
      'GET /anonymous/account/MfaStatus',
      {
        config: open,
        summary:
          'What a sign-in challenge asks for (authenticator code, recovery code, enrolment). Answered from the challenge only, so it tells nothing about an account to someone without its password',
      },
      async (req) => ok(req, await mfa.challengeStatus(req.query.challenge)),
    );

    route(
      'POST /anonymous/mfa/enrol',
      {
        config: open,
        summary: 'A sign-in that must enrol an authenticator first (required by an administrator): its new secret',
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(req, await mfa.enrolForChallenge(req.body.challenge));
      },
    );

    route(
      'POST /anonymous/checkCode/return/token',
      {
        config: open,
        summary:
          'Finish a sign-in with its second factor: the token pair (and, after an enrolment, the recovery codes)',
      },
      async (req, reply) => {
        const { challenge, code, recoveryCode, passkey } = req.body;
        const answer = await mfa.complete(challenge, { code, recoveryCode, passkey }, req.ip, relyingParty(req));
        reply.header('cache-control', 'no-store');
        return ok(req, answer);
      },
    );

    route(
      'POST /anonymous/mfa/passkey/options',
      {
        config: open,
        summary:
          'A sign-in’s passkey options: the account’s passkeys and a new WebAuthn challenge, answered with checkCode/return/token',
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(req, await mfa.passkeyOptions(req.body.challenge, relyingParty(req)));
      },
    );

    route('GET /mfa', { config: self, summary: 'The signed-in account’s two-step verification' }, async (req) =>
      ok(req, await mfa.state(requireAuth(req.auth).userId)),
    );

    route(
      'POST /mfa/totp/start',
      { config: self, summary: 'Set up an authenticator: a new secret, answered this once, confirmed with a code' },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(req, await mfa.start(requireAuth(req.auth).userId));
      },
    );

    route(
      'POST /mfa/totp/confirm',
      {
        config: self,
        summary: 'Confirm the new authenticator with a code: two-step verification is on; ten recovery codes',
      },
      async (req, reply) => {
        const auth = requireAuth(req.auth);
        const codes = await mfa.confirm(auth, req.ip, req.body.code);
        reply.header('cache-control', 'no-store');
        return ok(req, { recoveryCodes: codes });
      },
    );

    route(
      'POST /mfa/recoveryCodes',
      { config: self, summary: 'Ten new recovery codes for an authenticator code (the old ones stop working)' },
      async (req, reply) => {
        const auth = requireAuth(req.auth);
        const codes = await mfa.regenerate(auth, req.ip, req.body.code);
        reply.header('cache-control', 'no-store');
        return ok(req, { recoveryCodes: codes });
      },
    );

    route(
      'POST /mfa/off',
      {
        config: self,
        summary: 'Turn two-step verification off with the password or a code (not while it is required)',
      },
      async (req) => {
        await mfa.turnOff(requireAuth(req.auth), req.ip, req.body);
        return ok(req, null);
      },
    );

    route('GET /mfa/passkeys', { config: self, summary: 'The signed-in account’s passkeys' }, async (req) =>
      ok(req, await passkeys.list(requireAuth(req.auth).userId)),
    );

    route(
      'POST /mfa/passkey/options',
      { config: self, summary: 'Add a passkey: the options for the browser, with a challenge kept for two minutes' },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(req, await passkeys.registrationOptions(requireAuth(req.auth).userId, relyingParty(req)));
      },
    );

    route(
      'POST /mfa/passkey',
      { config: self, summary: 'Save the passkey the browser made for the latest options (a second factor)' },
      async (req) => {
        const { name, credential } = req.body;
        return ok(req, await passkeys.register(requireAuth(req.auth), req.ip, relyingParty(req), name, credential));
      },
    );

    route('POST /mfa/passkey/:id', { config: self, summary: 'Rename one of the account’s passkeys' }, async (req) =>
      ok(req, await passkeys.rename(requireAuth(req.auth).userId, req.params.id, req.body.name)),
    );

    route(
      'POST /mfa/passkey/:id/delete',
      { config: self, summary: 'Remove one of the account’s passkeys (not the last second factor while required)' },
      async (req) => {
        await passkeys.remove(requireAuth(req.auth), req.ip, req.params.id);
        return ok(req, null);
      },
    );
  };
}
