import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { PasskeyAssertion, PasskeyRegistrationCredential } from '@heliograph/shared';

/**
 * A software passkey for the tests (no browser): an ES256 key made with node:crypto, "none" attestation, and
 * the CBOR and authenticator data written here by hand (WebAuthn §6.1, §6.5; RFC 8949 for the few CBOR types
 * a COSE key and an attestation object use). @simplewebauthn/server checks what it makes like any browser's.
 */

type Cbor = number | string | Uint8Array | Map<number | string, Cbor> | Cbor[];

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

export function cbor(v: Cbor): Buffer {
  if (typeof v === 'number') return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === 'string') {
    const bytes = Buffer.from(v, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), v]);
  if (Array.isArray(v)) return Buffer.concat([head(4, v.length), ...v.map(cbor)]);
  const parts = [...v.entries()].flatMap(([k, x]) => [cbor(k), cbor(x)]);
  return Buffer.concat([head(5, v.size), ...parts]);
}

const b64url = (b: Uint8Array): string => Buffer.from(b).toString('base64url');
const sha256 = (b: Uint8Array | string): Buffer => createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

/** What the browser passes on: the origin it runs at and the options' challenge. */
export interface Ceremony {
  origin: string;
  rpId: string;
  challenge: string;
}

export class SoftAuthenticator {
  readonly credentialId: Buffer;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  counter = 0;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    this.credentialId = randomBytes(32);
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as a COSE_Key (EC2, ES256, P-256). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: string, c: Ceremony): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge: c.challenge, origin: c.origin, crossOrigin: false }));
  }

  /** `navigator.credentials.create()` as @simplewebauthn/browser answers it. */
  register(c: Ceremony): PasskeyRegistrationCredential {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.coseKey()]);
    const authData = this.authData(c.rpId, FLAG_UP | FLAG_UV | FLAG_AT, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', c)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get()`: the signature counter moves on by one unless told otherwise. */
  assert(c: Ceremony, opts: { counter?: number } = {}): PasskeyAssertion {
    this.counter = opts.counter ?? this.counter + 1;
    const authData = this.authData(c.rpId, FLAG_UP | FLAG_UV);
    const clientData = this.clientData('webauthn.get', c);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}
