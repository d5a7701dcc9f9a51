/**
 * What a gateway checks before it fetches a single byte of an upgrade (docs/gateway-protocol.md "Upgrades"):
 * the platform's signature over the manifest text, the manifest itself, its expiry, that it names this
 * gateway or one of its devices, that the image is for that device's model, and that it is newer than what
 * runs. Pure: the key, the clock and the devices are given, so each refusal is a plain unit test.
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import {
  compareFirmwareVersions,
  FIRMWARE_LIMITS,
  UPGRADE_CMD_PREFIX,
  upgradeCommandParams,
  upgradeManifestSchema,
  type FirmwareKind,
  type UPGRADE_REFUSALS,
  type UpgradeManifest,
} from '@heliograph/shared';

export type UpgradeRefusal = (typeof UPGRADE_REFUSALS)[number];

/** The gateway itself or one of its devices, as an upgrade sees it. */
export interface UpgradeSubject {
  sn: string;
  /** The firmware kind; undefined for a device no firmware is made for (a weather station). */
  kind: FirmwareKind | undefined;
  model: string;
  /** The version it runs now. */
  firmware: string;
}

export interface VerifyContext {
  /** The platform key the gateway trusts; without one every upgrade is refused ('bad signature'). */
  trustedKey: KeyObject | undefined;
  now: number;
  /** The gateway itself or one of its devices by serial number; undefined for anything else. */
  subject(sn: string): UpgradeSubject | undefined;
}

export type VerifyOutcome =
  { ok: true; manifest: UpgradeManifest; subject: UpgradeSubject } | { ok: false; error: UpgradeRefusal };

/**
 * Checks an `upgrade` command in the order the protocol prescribes. Anything the gateway cannot tie to the
 * platform's signature (params it cannot read, a signed text that is not a manifest, a manifest signed for
 * another command) is 'bad signature': nothing in it can be trusted, so nothing else is looked at.
 */
export function verifyUpgrade(
  command: { cmdId: string; params: Record<string, unknown> },
  context: VerifyContext,
): VerifyOutcome {
  const refuse = (error: UpgradeRefusal): VerifyOutcome => ({ ok: false, error });
  const params = upgradeCommandParams.safeParse(command.params);
  if (!params.success || !context.trustedKey) return refuse('bad signature');
  if (!signatureHolds(params.data.manifest, params.data.signature, context.trustedKey)) return refuse('bad signature');

  const manifest = upgradeManifestSchema.safeParse(parseJson(params.data.manifest));
  if (!manifest.success) return refuse('bad signature');
  const m = manifest.data;
  // The command id is not signed: a valid manifest replayed under another command id is not this upgrade.
  if (command.cmdId !== `${UPGRADE_CMD_PREFIX}${m.upgradeId}`) return refuse('bad signature');

  if (m.expiresAt <= context.now) return refuse('expired');
  const subject = context.subject(m.device);
  if (!subject) return refuse('unknown device');
  // The kind too: a model name alone need not be unique across a maker's gateways, meters and inverters.
  if (subject.model !== m.model || subject.kind !== m.kind) return refuse('wrong model');
  if (compareFirmwareVersions(m.version, subject.firmware) <= 0) return refuse('downgrade');
  // No device of the platform takes a larger image; the buffer is allocated from this figure.
  if (m.size > FIRMWARE_LIMITS.maxBytes) return refuse('size mismatch');
  return { ok: true, manifest: m, subject };
}

function signatureHolds(text: string, signatureBase64: string, key: KeyObject): boolean {
  try {
    // Ed25519 takes no digest name: the algorithm is the key's.
    return verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signatureBase64, 'base64'));
  } catch {
    return false;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const parsedKeys = new Map<string, KeyObject>();

/**
 * The platform key from its SPKI PEM. A fleet of ten thousand gateways shares one key, so it is parsed once.
 * Throws on anything that is not an Ed25519 public key: a misconfigured fleet should say so at start, not
 * refuse every upgrade later.
 */
export function trustedKeyFromPem(pem: string | undefined): KeyObject | undefined {
  if (!pem) return undefined;
  let key = parsedKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') {
      throw new Error(`the manifest key must be an Ed25519 public key, not ${key.asymmetricKeyType ?? 'unknown'}`);
    }
    parsedKeys.set(pem, key);
  }
  return key;
}
