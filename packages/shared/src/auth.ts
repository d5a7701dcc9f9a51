import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The public-key call is signed with SHA-256(nonce + source + app suffix) (spec §7 "Tokens use a nonce plus
 * a signature hash with a fixed app suffix"). The suffix ships in the client, so it is no secret: it only
 * keeps casual scripts from hammering the call without reading the protocol.
 */
export const APP_SIGN_SUFFIX = 'heliograph-console-v1';

export const LOGIN_SOURCES = ['web', 'app'] as const;
export type LoginSource = (typeof LOGIN_SOURCES)[number];

export function signNonce(nonce: string, source: string): string {
  return bytesToHex(sha256(utf8ToBytes(nonce + source + APP_SIGN_SUFFIX)));
}

/** What the token call returns (OAuth 2 field names, as the wire format fixes them). */
export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
}

export interface PublicKeyResponse {
  keyId: string;
  publicKey: string;
}

/** A picture verification code: an SVG image to show, and its id to send back with the answer. */
export interface CaptchaResponse {
  codeId: string;
  image: string;
}
