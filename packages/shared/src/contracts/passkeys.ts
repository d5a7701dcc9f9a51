import { z } from 'zod';
import { emptyAnswer } from './empty.js';
import { contracts } from './route.js';

/**
 * Passkeys (WebAuthn) as a second factor (issue 12 point 7). The options the browser hands to
 * `navigator.credentials.create()`/`get()` and the credentials it answers are the W3C "JSON" forms that
 * @simplewebauthn/browser reads and writes; docs/api-auth.md "Passkeys" tells the flow.
 */

/** base64url text, as every binary field of WebAuthn's JSON forms is written. */
const b64url = z.string().regex(/^[A-Za-z0-9_-]*$/);
/** A credential's id (base64url of at most 1023 bytes, WebAuthn §5.1). */
export const passkeyId = z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/);

export const PASSKEY_NAME_MAX = 64;
export const passkeyName = z.string().trim().min(1).max(PASSKEY_NAME_MAX);

export const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transport = z.enum(AUTHENTICATOR_TRANSPORTS);
const descriptor = z.object({
  id: passkeyId,
  type: z.literal('public-key'),
  transports: z.array(transport).optional(),
});
const userVerification = z.enum(['required', 'preferred', 'discouraged']);

/** `PublicKeyCredentialCreationOptionsJSON`: what `startRegistration({ optionsJSON })` takes. */
export const passkeyCreationOptions = z.object({
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: b64url,
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(descriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptions>;

/** `PublicKeyCredentialRequestOptionsJSON`: what `startAuthentication({ optionsJSON })` takes. */
export const passkeyRequestOptions = z.object({
  challenge: b64url,
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(descriptor).optional(),
  userVerification: userVerification.optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;

const attachment = z.enum(['cross-platform', 'platform']).optional();
/** Extension outputs are the browser's business; kept as sent, never trusted. */
const extensionResults = z.record(z.string(), z.unknown());
/** The largest binary field a credential carries (an attestation with certificates stays well below). */
const blob = b64url.max(64 * 1024);

/** `RegistrationResponseJSON`: what `startRegistration()` answers. */
export const passkeyRegistrationCredential = z.object({
  id: passkeyId,
  rawId: passkeyId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: blob,
    attestationObject: blob,
    authenticatorData: blob.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: blob.optional(),
  }),
});
export type PasskeyRegistrationCredential = z.infer<typeof passkeyRegistrationCredential>;

/** `AuthenticationResponseJSON`: what `startAuthentication()` answers. */
export const passkeyAssertion = z.object({
  id: passkeyId,
  rawId: passkeyId,
  type: z.literal('public-key'),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: blob,
    authenticatorData: blob,
    signature: blob,
    userHandle: blob.optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertion>;

/** One of the signed-in account's passkeys as its security tab lists it (nothing secret). */
export const passkeyRow = z.object({
  id: passkeyId,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyRow = z.infer<typeof passkeyRow>;

const challengeId = z.uuid();

export const passkeyContracts = contracts({
  'GET /mfa/passkeys': { answer: z.array(passkeyRow) },
  'POST /mfa/passkey/options': { answer: passkeyCreationOptions },
  'POST /mfa/passkey': {
    body: z.object({ name: passkeyName, credential: passkeyRegistrationCredential }),
    answer: passkeyRow,
  },
  'POST /mfa/passkey/:id': { body: z.object({ name: passkeyName }), answer: passkeyRow },
  'POST /mfa/passkey/:id/delete': { answer: emptyAnswer },
  'POST /anonymous/mfa/passkey/options': { body: z.object({ challenge: challengeId }), answer: passkeyRequestOptions },
});
