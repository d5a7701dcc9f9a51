import { z } from 'zod';
import { serialNumber } from '../gateway-protocol.js';
import { UPGRADE_LIMITS, UPGRADE_STATES, UPGRADE_STEPS, upgradeKind } from '../upgrade.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Remote upgrades of every device kind (issue 13 point 3, spec §7 "upgrade, batchUpgrade, cutUpgrade,
 * upgrade/progress, upgrade/{sn}/check" and "equip/{sn}/upgrade/progress"). One set of calls serves every kind:
 * the device's kind decides which permission it takes (UPGRADE_PERMISSION). docs/firmware.md maps the spec's
 * per-kind names onto them.
 */

/** A firmware a device may take: newer than what it runs, for its model, enabled, released, and the company's. */
export const upgradeOption = z.object({
  firmwareId: z.string(),
  softwareVersion: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  changeLog: z.string(),
  upgradeMode: z.enum(['remote', 'local']),
  createdAt: z.number(),
});
export type UpgradeOption = z.infer<typeof upgradeOption>;

/** One step as the device reported it, with when the console heard it. */
export const upgradeStepRow = z.object({ step: z.enum(UPGRADE_STEPS), at: z.number() });

/** One upgrade (a maintenance log record, and what a device page shows while it runs). */
export const upgradeRow = z.object({
  id: z.string(),
  sn: z.string(),
  kind: upgradeKind,
  model: z.string(),
  plant: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Null once the firmware was deleted from the library. */
  firmwareId: z.string().nullable(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  state: z.enum(UPGRADE_STATES),
  steps: z.array(upgradeStepRow),
  /** 0–100 while the file is sent. */
  progress: z.number().nullable(),
  /** Why it failed (the device's words, or the console's: "timed out", "offline"). */
  error: z.string().nullable(),
  /** The staged rollout it belongs to, and its wave (1-based). */
  rolloutId: z.string().nullable(),
  wave: z.number().int().nullable(),
  operator: z.string(),
  createdAt: z.number(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** Whether the device can stop it now (1209 otherwise). */
  cancellable: z.boolean(),
});
export type UpgradeRow = z.infer<typeof upgradeRow>;

/** upgrade/{sn}/check: what the device runs and the firmware it may take (none: 4001 "already latest"). */
export const upgradeCheck = z.object({
  sn: z.string(),
  kind: upgradeKind,
  model: z.string(),
  current: z.string().nullable(),
  online: z.boolean(),
  /** The gateway it hangs off is online (an offline gateway's upgrade waits for it). */
  gatewayOnline: z.boolean(),
  /** Newest first. */
  options: z.array(upgradeOption),
  /** The upgrade running or waiting now, if any. */
  open: upgradeRow.nullable(),
});
export type UpgradeCheck = z.infer<typeof upgradeCheck>;

export const upgradeStartBody = z.object({
  firmwareId: z.uuid(),
  /** The device is offline and the operator chose to go on (spec §4: it may fail). */
  confirmOffline: z.boolean().default(false),
});

/** A staged rollout (beyond the spec): the batch goes out in waves and halts itself when a wave fails too often. */
export const rolloutPlan = z.object({
  /** The first wave, percent of the batch; the rest follow in waves of the same size once a wave is through. */
  wavePercent: z.number().int().min(UPGRADE_LIMITS.wavePercent.min).max(UPGRADE_LIMITS.wavePercent.max),
  /** A wave whose failed share passes this percent halts the rollout; the rest stay untouched. */
  haltPercent: z.number().int().min(UPGRADE_LIMITS.haltPercent.min).max(UPGRADE_LIMITS.haltPercent.max),
});
export type RolloutPlan = z.infer<typeof rolloutPlan>;

export const batchUpgradeBody = z.object({
  firmwareId: z.uuid(),
  /** At most 50 (spec §5); 51 is refused as a whole, nothing starts. */
  sns: z.array(serialNumber).min(1).max(UPGRADE_LIMITS.batchMax),
  confirmOffline: z.boolean().default(false),
  /** Omitted: every device at once. */
  rollout: rolloutPlan.optional(),
});

export const ROLLOUT_STATES = ['running', 'halted', 'aborted', 'done'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
export const rolloutRow = z.object({
  id: z.string(),
  firmwareId: z.string().nullable(),
  kind: upgradeKind,
  toVersion: z.string(),
  state: z.enum(ROLLOUT_STATES),
  wavePercent: z.number().int(),
  haltPercent: z.number().int(),
  /** The wave now running (1-based) and how many there are. */
  wave: z.number().int(),
  waves: z.number().int(),
  devices: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Not started (later waves, or left untouched by a halt). */
  pending: z.number().int(),
  operator: z.string(),
  createdAt: z.number(),
});
export type RolloutRow = z.infer<typeof rolloutRow>;

export const batchUpgradeAnswer = z.object({
  /** Each device's upgrade, or why it did not start (the spec code of that device's refusal). */
  started: z.array(upgradeRow),
  refused: z.array(z.object({ sn: z.string(), code: z.number().int(), msg: z.string() })),
  rollout: rolloutRow.nullable(),
});

export const upgradeRecordsQuery = z.object({
  kind: upgradeKind.optional(),
  state: z.enum(UPGRADE_STATES).optional(),
  /** Serial number, plant, model or version, in part. */
  q: z.string().trim().max(64).optional(),
  /** Unix ms, inclusive; by when it was started. */
  from: z.coerce.number().int().nonnegative().optional(),
  to: z.coerce.number().int().nonnegative().optional(),
  rolloutId: z.uuid().optional(),
  ...pageQuery,
});
export type UpgradeRecordsQuery = z.input<typeof upgradeRecordsQuery>;

export const upgradeContracts = contracts({
  'POST /equip/:sn/upgrade/check': { answer: upgradeCheck },
  'POST /equip/:sn/upgrade': { body: upgradeStartBody, answer: upgradeRow },
  'POST /equip/:sn/cutUpgrade': { answer: upgradeRow },
  /** The device's newest upgrade (running or finished), or null when it never had one. */
  'GET /equip/:sn/upgrade/progress': { answer: upgradeRow.nullable() },
  'POST /equip/batchUpgrade': { body: batchUpgradeBody, answer: batchUpgradeAnswer },
  'GET /upgrade/records': { query: upgradeRecordsQuery, answer: pageOf(upgradeRow) },
  /** The same records as an .xlsx file. */
  'GET /upgrade/records/download': { query: upgradeRecordsQuery, answer: null },
  'GET /upgrade/rollouts': { query: z.object({ ...pageQuery }), answer: pageOf(rolloutRow) },
  'POST /upgrade/rollout/:rolloutId/resume': { answer: rolloutRow },
  'POST /upgrade/rollout/:rolloutId/abort': { answer: rolloutRow },
  /**
   * The gateway's download (open: the token in the query is the authority, it lives UPGRADE_LIMITS.downloadTtlSec).
   * Answers the image's bytes; a Range request gets 206 and the rest, so a cut download resumes.
   */
  'GET /upgrade/image/:upgradeId': { query: z.object({ token: z.string().min(16).max(128) }), answer: null },
  /** The platform's public key that signs upgrade manifests (SPKI PEM), which gateways trust (open). */
  'GET /upgrade/manifestKey': { answer: z.object({ publicKey: z.string(), fingerprint: z.string() }) },
});
