/**
 * Remote upgrades (issue 13 points 2–4, spec §4 "Firmware upgrade flow"): the steps a device reports, the
 * states an upgrade goes through, which permission upgrades which kind, the limits of a batch and of a staged
 * rollout, and what travels over the gateway protocol (a manifest signed with the platform's key, the steps,
 * the new version). The server, the simulator and the pages all read it from here.
 */
import { z } from 'zod';
import { serialNumber } from './gateway-protocol.js';
import { FIRMWARE_KINDS, type FirmwareKind } from './firmware.js';
import type { PermissionKey } from './permissions.js';
import { LIMITS } from './rules.js';

/**
 * The steps of spec §4, in the order a device reports them: the upgrade code was sent (the command reached
 * the gateway and its manifest verified), the file is being sent (downloaded), the download succeeded or
 * failed, the upgrade (flashing) succeeded or failed.
 */
export const UPGRADE_STEPS = [
  'sendingCode',
  'sendingFile',
  'downloadOk',
  'downloadFailed',
  'upgradeOk',
  'upgradeFailed',
] as const;
export type UpgradeStep = (typeof UPGRADE_STEPS)[number];

/**
 * An upgrade's state. `waiting`: its gateway is offline, it is sent when the gateway comes back (spec §4 "an
 * offline gateway upgrades automatically once online"); `queued`: a later wave of a staged rollout, or not
 * yet picked up; `running`: sent, the device reports steps. The final outcomes are spec §4's: succeeded,
 * failed, cancelled, cancellation failed (the device went on and finished: `cancelFailed` is final only with
 * the device's own outcome in `error`/`toVersion`).
 */
export const UPGRADE_STATES = [
  'waiting',
  'queued',
  'running',
  'succeeded',
  'failed',
  'cancelled',
  'cancelFailed',
] as const;
export type UpgradeState = (typeof UPGRADE_STATES)[number];
export const UPGRADE_OPEN_STATES: readonly UpgradeState[] = ['waiting', 'queued', 'running'];
export const isUpgradeOpen = (s: UpgradeState): boolean => UPGRADE_OPEN_STATES.includes(s);

/** Which permission upgrades which kind (the kind's "control" key; inverters have their own upgrade key). */
export const UPGRADE_PERMISSION: Record<FirmwareKind, PermissionKey> = {
  gateway: 'gateway.control',
  inverter: 'inverter.upgrade',
  battery: 'battery.control',
  lora: 'gateway.control',
  meter: 'meter.control',
  switch: 'switch.control',
};

export const UPGRADE_LIMITS = {
  /** Spec §5/§9: a batch upgrade takes at most 50 devices. */
  batchMax: LIMITS.batchInverterUpgrade,
  /** How long the gateway's download link lives, seconds (it resumes with the same link within it). */
  downloadTtlSec: 15 * 60,
  /** How long a device may take from the upgrade code to its outcome before the upgrade is called failed. */
  runTimeoutSec: 30 * 60,
  /** A staged rollout's first wave, percent of the batch (at least one device). */
  wavePercent: { min: 1, max: 100, default: 10 },
  /** A wave whose failed share passes this halts the rollout (percent). */
  haltPercent: { min: 0, max: 100, default: 20 },
} as const;

/**
 * Spec §4 "Some inverters do not support cancelling": micro inverters flash from the first byte and cannot be
 * stopped (code 1209). Everything else may be cancelled until it reports `upgradeOk`/`upgradeFailed`.
 */
export function upgradeCancellable(kind: FirmwareKind, model: string): boolean {
  return !(kind === 'inverter' && /(^|-)MI(-|$)/i.test(model));
}

export const upgradeKind = z.enum(FIRMWARE_KINDS);

// ---------------------------------------------------------------------------------------------------------
// Over the gateway protocol (docs/gateway-protocol.md "Upgrades")

/**
 * What the console tells a gateway to install, signed with the platform's Ed25519 key (the signature is over
 * the manifest's exact JSON text, which travels as a string so no re-encoding can change it). The gateway
 * checks the signature with the platform key it trusts, that `device` is its own or one of its devices, that
 * `model` is that device's, that `version` is newer than what runs (never a downgrade), that the link has not
 * expired; then downloads `url` (Range requests resume a cut) and installs only bytes whose size and SHA-256
 * match.
 */
export const upgradeManifestSchema = z.object({
  /** The upgrade's id: the command's `cmdId` is `upg-<upgradeId>`. */
  upgradeId: z.uuid(),
  device: serialNumber,
  kind: upgradeKind,
  /** The model (product) the image is made for. */
  model: z.string().min(1).max(64),
  version: z.string().min(1).max(32),
  size: z.number().int().positive(),
  /** SHA-256 of the image, hex. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Where to download it: an HTTP(S) URL carrying a short-lived token. */
  url: z.url(),
  /** Unix ms: the link (and the manifest) is void afterwards. */
  expiresAt: z.number().int().positive(),
});
export type UpgradeManifest = z.infer<typeof upgradeManifestSchema>;

/** `params` of the `upgrade` command. */
export const upgradeCommandParams = z.object({
  /** The manifest's JSON text. */
  manifest: z.string().min(2).max(4000),
  /** Ed25519 signature of `manifest` (its UTF-8 bytes) by the platform key, base64. */
  signature: z.string().min(1).max(200),
});
export type UpgradeCommandParams = z.infer<typeof upgradeCommandParams>;

/** The prefix of an upgrade's command id: `upg-<upgradeId>`. */
export const UPGRADE_CMD_PREFIX = 'upg-';

/**
 * What the gateway answers on up/ack for an upgrade: `progress` with `result.step` (and `progress` 0–100 while
 * the file is sent), `succeeded` with `result.version` (the version the device now runs), `failed` with
 * `error` and `result.step` (the step that failed). A cancelled upgrade is answered `failed` with error
 * `cancelled`; one that could not be stopped goes on and reports its outcome.
 */
export const upgradeStepResult = z.object({ step: z.enum(UPGRADE_STEPS) });
export const upgradeDoneResult = z.object({ version: z.string().min(1).max(32) });

/** Reasons a gateway refuses an upgrade before downloading anything (the `error` of its failed answer). */
export const UPGRADE_REFUSALS = [
  'bad signature',
  'expired',
  'unknown device',
  'wrong model',
  'downgrade',
  'size mismatch',
  'hash mismatch',
] as const;
