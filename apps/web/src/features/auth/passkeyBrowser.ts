import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import type {
  PasskeyAssertion,
  PasskeyCreationOptions,
  PasskeyRegistrationCredential,
  PasskeyRequestOptions,
} from '@heliograph/shared';

/** Whether the console was opened by an IP address: a passkey needs a host name (its relying party id). */
export function openedByAddress(): boolean {
  const host = typeof location === 'undefined' ? '' : location.hostname;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[') || host.includes(':');
}

/** Whether passkeys can be made and used here: a browser with WebAuthn, on a host name. */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn() && !openedByAddress();
}

/** The browser's passkey prompt for the server's registration options: the new credential. */
export async function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyRegistrationCredential> {
  const made = await startRegistration({ optionsJSON: options });
  return { ...made, clientExtensionResults: { ...made.clientExtensionResults } };
}

/** The browser's passkey prompt for a sign-in's options: the assertion. */
export async function signWithPasskey(options: PasskeyRequestOptions): Promise<PasskeyAssertion> {
  const signed = await startAuthentication({ optionsJSON: options });
  return { ...signed, clientExtensionResults: { ...signed.clientExtensionResults } };
}

/**
 * Whether an error is the browser's own (the prompt was closed, timed out, or the authenticator refused),
 * as opposed to the server's answer: the page then says so in its own words.
 */
export function isPromptFailure(err: unknown): boolean {
  return err instanceof WebAuthnError || (err instanceof Error && err.name === 'NotAllowedError');
}
