/** What the sign-in feature offers the others: the authenticator set-up pieces the account page reuses. */
export { RecoveryCodes, TotpQr } from './TotpSetup';
export { cleanCode } from './mfaFormat';
export { OneTimeCodeField } from './OneTimeCodeField';
export { createPasskey, isPromptFailure, openedByAddress, passkeysSupported } from './passkeyBrowser';
