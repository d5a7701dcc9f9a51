import { z } from 'zod';
import { LIMITS } from '../rules.js';
import { tokenPair } from './auth.js';
import { emptyAnswer } from './empty.js';
import { passkeyAssertion } from './passkeys.js';
import { contracts } from './route.js';

/**
 * Two-step verification (issue 12 point 7) and scan-code login (point 8). docs/api-auth.md "Two-step
 * verification" tells the flow: the password sign-in answers 1401 with an `mfaChallenge` instead of tokens, and
 * the login page finishes it with `POST /anonymous/checkCode/return/token`.
 */

/**
 * The second factors a challenge accepts: `passkey` when the account has one, `totp` when it has an
 * authenticator (or must enrol one), `recovery` while it has unused recovery codes. `enrol`: the account must
 * set up an authenticator first.
 */
export const MFA_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

/** How long a sign-in waits for its second factor, and how many codes it takes. */
export const MFA_CHALLENGE = { lifetimeS: 5 * 60, attempts: 5 } as const;
/** How long a scan-code login's code lives before the login page shows a new one. */
export const SCAN_CODE_LIFETIME_S = 2 * 60;

/** The `data` of a 1401 (mfaRequired) answer to the password sign-in, and of GET account/MfaStatus. */
export const mfaChallenge = z.object({
  /** The challenge's id: it is sent back with the code (a secret of this sign-in only). */
  challenge: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
  /** The account must enrol an authenticator (an administrator requires it) before it gets tokens. */
  enrol: z.boolean(),
  /** Seconds the challenge still lives, and codes it still takes. */
  expiresIn: z.number().int(),
  attemptsLeft: z.number().int(),
});
export type MfaChallenge = z.infer<typeof mfaChallenge>;

/** A new authenticator secret: the otpauth URI for the QR code, and the secret's text for manual entry. */
export const totpEnrolment = z.object({ uri: z.string(), secret: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

/** Ten one-time recovery codes, shown once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** The signed-in account's two-step verification as its settings tab shows it (nothing secret). */
export const mfaState = z.object({
  enabled: z.boolean(),
  /** An administrator requires it: it cannot be turned off. */
  required: z.boolean(),
  /** An enrolment was started and not confirmed yet. */
  pending: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  enabledAt: z.string().nullable(),
});
export type MfaState = z.infer<typeof mfaState>;

/** A six-digit authenticator code (the login page drops the spaces a user may type). */
export const totpCode = z.string().regex(/^\d{6}$/);
/** A recovery code as handed out (xxxxx-xxxxx), in any case, with or without the dash. */
export const recoveryCodeText = z.string().trim().min(10).max(16);

const challengeId = z.uuid();
const cipher = z.string().min(1).max(1024);

/** What the desktop's poll answers: still waiting, or its own new token pair (once). */
export const scanPollAnswer = z.object({
  state: z.enum(['pending', 'signedIn']),
  token: tokenPair.nullable(),
});
export type ScanPollAnswer = z.infer<typeof scanPollAnswer>;

export const mfaContracts = contracts({
  'GET /anonymous/account/MfaStatus': {
    // Answered from the challenge, never from the account alone: whether an account exists or has a second
    // factor is told only to whoever knew its password.
    query: z.object({ challenge: challengeId, account: z.string().max(LIMITS.emailMax).optional() }),
    answer: mfaChallenge,
  },
  'POST /anonymous/mfa/enrol': { body: z.object({ challenge: challengeId }), answer: totpEnrolment },
  'POST /anonymous/checkCode/return/token': {
    body: z.object({
      challenge: challengeId,
      code: totpCode.optional(),
      recoveryCode: recoveryCodeText.optional(),
      /** A passkey's assertion over the options of POST anonymous/mfa/passkey/options for this challenge. */
      passkey: passkeyAssertion.optional(),
    }),
    /** `recoveryCodes` only when this sign-in enrolled the authenticator (shown once). */
    answer: tokenPair.extend({ recoveryCodes: z.array(z.string()).optional() }),
  },
  'GET /mfa': { answer: mfaState },
  'POST /mfa/totp/start': { answer: totpEnrolment },
  'POST /mfa/totp/confirm': { body: z.object({ code: totpCode }), answer: recoveryCodes },
  'POST /mfa/recoveryCodes': { body: z.object({ code: totpCode }), answer: recoveryCodes },
  'POST /mfa/off': {
    // The password (encrypted with the key of keyId) or a current authenticator code.
    body: z.object({ keyId: z.string().max(64).optional(), password: cipher.optional(), code: totpCode.optional() }),
    answer: emptyAnswer,
  },
  'POST /anonymous/scanCode': {
    /** `code` is the desktop's secret it polls with; `ticket` goes into the QR code for the phone. */
    answer: z.object({ code: z.string(), ticket: z.string(), expiresIn: z.number().int() }),
  },
  'POST /oauth/check/token/code': { body: z.object({ code: z.string().min(1).max(128) }), answer: scanPollAnswer },
  'POST /scanCode/confirm': { body: z.object({ ticket: z.uuid() }), answer: emptyAnswer },
});
