import { z } from 'zod';
import { FIRMWARE_KINDS, FIRMWARE_LIMITS, UPGRADE_MODES } from '../firmware.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

const text = z.string().trim().max(FIRMWARE_LIMITS.textMax);

/**
 * The fields of a firmware upload (multipart, before the file; issue 13 point 1, spec §3 Firmware). The
 * signature is the vendor's Ed25519 signature of the image, base64 (docs/firmware.md shows how to make one).
 */
export const firmwareFields = z.object({
  kind: z.enum(FIRMWARE_KINDS),
  brand: text.min(1),
  product: text.min(1),
  epn: text.default(''),
  hardwareVersion: text.default(''),
  softwareVersion: z.string().trim().min(1).max(FIRMWARE_LIMITS.versionMax),
  /** Software versions it may be installed over, comma-separated; empty: any. */
  compatibleVersions: z
    .string()
    .trim()
    .max(FIRMWARE_LIMITS.compatibleMax * (FIRMWARE_LIMITS.versionMax + 1))
    .default(''),
  changeLog: z.string().trim().max(FIRMWARE_LIMITS.changeLogMax).default(''),
  upgradeMode: z.enum(UPGRADE_MODES).default('remote'),
  labelId: z.uuid().optional(),
  /** The company it is made for (it sees it without a grant); none: the platform's own. */
  companyId: z.uuid().optional(),
  signature: z.string().trim().min(1).max(200),
});
export type FirmwareFields = z.input<typeof firmwareFields>;

/** What may be changed after the upload: never the image, its version or its kind (upload a new one). */
export const firmwareEditBody = z.object({
  brand: text.min(1),
  product: text.min(1),
  epn: text.default(''),
  hardwareVersion: text.default(''),
  compatibleVersions: z
    .array(z.string().trim().min(1).max(FIRMWARE_LIMITS.versionMax))
    .max(FIRMWARE_LIMITS.compatibleMax),
  changeLog: z.string().trim().max(FIRMWARE_LIMITS.changeLogMax).default(''),
  upgradeMode: z.enum(UPGRADE_MODES),
  labelId: z.uuid().nullable(),
});
export type FirmwareEditInput = z.input<typeof firmwareEditBody>;

/** One firmware of the library (spec §3 Firmware, every field). */
export const firmwareRow = z.object({
  id: z.string(),
  kind: z.enum(FIRMWARE_KINDS),
  brand: z.string(),
  product: z.string(),
  epn: z.string(),
  hardwareVersion: z.string(),
  softwareVersion: z.string(),
  compatibleVersions: z.array(z.string()),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  changeLog: z.string(),
  upgradeMode: z.enum(UPGRADE_MODES),
  enabled: z.boolean(),
  released: z.boolean(),
  /** The label and its parent (the primary label), when it has one. */
  label: z.object({ id: z.string(), name: z.string(), parent: z.string().nullable() }).nullable(),
  /** The vendor key whose signature the image carries. */
  vendorKey: z.string(),
  creator: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** The company it was made for (platform administrators only; null for everyone else and for the platform's own). */
  company: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Companies it is authorised to (platform administrators only; null for everyone else). */
  grants: z.number().int().nullable(),
});
export type FirmwareRow = z.infer<typeof firmwareRow>;

export const firmwareListQuery = z.object({
  kind: z.enum(FIRMWARE_KINDS),
  /** Brand, product, EPN, version or file name, in part. */
  q: z.string().trim().max(100).optional(),
  enabled: z.enum(['true', 'false']).optional(),
  released: z.enum(['true', 'false']).optional(),
  labelId: z.uuid().optional(),
  ...pageQuery,
});

export const firmwareFlagBody = z.object({ value: z.boolean() });

/** A company firmware is authorised to (firmware/auth). */
export const firmwareGrantRow = z.object({
  companyId: z.string(),
  companyName: z.string(),
  grantedAt: z.number(),
  grantedBy: z.string(),
});
export type FirmwareGrantRow = z.infer<typeof firmwareGrantRow>;
export const firmwareGrantBody = z.object({ companyId: z.uuid() });

/** Labels: primary labels (no parent) and their secondary labels, per device kind (spec §3). */
export const firmwareLabel = z.object({
  id: z.string(),
  kind: z.enum(FIRMWARE_KINDS),
  name: z.string(),
  parentId: z.string().nullable(),
  /** Firmware carrying it (a label in use cannot be deleted). */
  used: z.number().int(),
});
export type FirmwareLabel = z.infer<typeof firmwareLabel>;
export const firmwareLabelBody = z.object({
  kind: z.enum(FIRMWARE_KINDS),
  name: z.string().trim().min(1).max(FIRMWARE_LIMITS.labelNameMax),
  parentId: z.uuid().nullable().default(null),
});

/** A vendor's public key (Ed25519): images are accepted only with a valid signature by a key registered here. */
export const vendorKeyRow = z.object({
  id: z.string(),
  name: z.string(),
  /** The public key, SPKI PEM. */
  publicKey: z.string(),
  /** SHA-256 of the key's DER, hex: what a vendor compares to be sure it is theirs. */
  fingerprint: z.string(),
  createdAt: z.number(),
  revokedAt: z.number().nullable(),
});
export type VendorKeyRow = z.infer<typeof vendorKeyRow>;
export const vendorKeyBody = z.object({
  name: z.string().trim().min(1).max(FIRMWARE_LIMITS.vendorKeyNameMax),
  publicKey: z.string().trim().min(1).max(2000),
});

/**
 * The hardware list (spec §2.3 "Firmware update records and a hardware list"): the caller's devices grouped by
 * kind, model and the firmware they report, with the newest firmware the caller may install on that model.
 */
export const HARDWARE_KINDS = ['gateway', 'inverter', 'battery', 'meter', 'switch', 'lora', 'weather'] as const;
export type HardwareKind = (typeof HARDWARE_KINDS)[number];
export const hardwareQuery = z.object({
  kind: z.enum(HARDWARE_KINDS).optional(),
  /** Model or firmware, in part. */
  q: z.string().trim().max(64).optional(),
  /** Only the groups a newer firmware is released for. */
  outdated: z.enum(['true', 'false']).optional(),
  ...pageQuery,
});
export const hardwareRow = z.object({
  kind: z.enum(HARDWARE_KINDS),
  /** The model a device reports (a gateway: its hardware version); empty when unknown. */
  model: z.string(),
  /** The firmware the devices report; null when they have not said. */
  firmware: z.string().nullable(),
  devices: z.number().int(),
  online: z.number().int(),
  /** The newest enabled and released firmware for this model the caller may install; null: the library has none. */
  latest: z.object({ id: z.string(), softwareVersion: z.string() }).nullable(),
  /** `latest` is newer than what these devices report (or they report nothing). */
  outdated: z.boolean(),
});
export type HardwareRow = z.infer<typeof hardwareRow>;

export const firmwareContracts = contracts({
  'GET /firmware/hardware': { query: hardwareQuery, answer: pageOf(hardwareRow) },
  'GET /firmware/list': { query: firmwareListQuery, answer: pageOf(firmwareRow) },
  'GET /firmware/:firmwareId': { answer: firmwareRow },
  /** Multipart: the fields of firmwareFields, then field "file" (.bin or .hex). */
  'POST /firmware/upload': { answer: firmwareRow },
  'POST /firmware/:firmwareId': { body: firmwareEditBody, answer: firmwareRow },
  'POST /firmware/:firmwareId/enabled': { body: firmwareFlagBody, answer: firmwareRow },
  'POST /firmware/:firmwareId/released': { body: firmwareFlagBody, answer: firmwareRow },
  'POST /firmware/:firmwareId/delete': { answer: emptyAnswer },
  /**
   * Whether a version may be uploaded for a product (spec §5 "server-side check calls"): 0, or 4002 when it
   * repeats or is below the newest (tolerated by the form).
   */
  'GET /firmware/check': {
    query: z.object({
      kind: z.enum(FIRMWARE_KINDS),
      product: text.min(1),
      softwareVersion: z.string().trim().min(1).max(FIRMWARE_LIMITS.versionMax),
    }),
    answer: emptyAnswer,
  },

  'GET /firmware/:firmwareId/grants': { answer: z.array(firmwareGrantRow) },
  'POST /firmware/:firmwareId/grant': { body: firmwareGrantBody, answer: z.array(firmwareGrantRow) },
  'POST /firmware/:firmwareId/revoke': { body: firmwareGrantBody, answer: z.array(firmwareGrantRow) },

  'GET /firmware/labels': { query: z.object({ kind: z.enum(FIRMWARE_KINDS) }), answer: z.array(firmwareLabel) },
  'POST /firmware/label': { body: firmwareLabelBody, answer: firmwareLabel },
  'POST /firmware/label/:labelId/delete': { answer: emptyAnswer },

  'GET /firmware/vendorKeys': { answer: z.array(vendorKeyRow) },
  'POST /firmware/vendorKey': { body: vendorKeyBody, answer: vendorKeyRow },
  'POST /firmware/vendorKey/:vendorKeyId/revoke': { answer: vendorKeyRow },
});
