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
