/**
 * Firmware rules of spec §3, §5 and §9 shared by the firmware library's forms and the server (issue 13): the
 * device kinds firmware is made for, file names and sizes, version numbers and their order. Each check answers
 * a field-rule key (or null), so the form and the server say the same thing.
 */
import type { FieldRule } from './messages/index.js';

/** The device kinds of the firmware menu (spec §2.2 firmware/gate, inv, batt, mastnode, meter, switch). */
export const FIRMWARE_KINDS = ['gateway', 'inverter', 'battery', 'lora', 'meter', 'switch'] as const;
export type FirmwareKind = (typeof FIRMWARE_KINDS)[number];

/** How a device takes the image (spec §3 "upgrade mode"): over the air, or only on site (code 1208). */
export const UPGRADE_MODES = ['remote', 'local'] as const;
export type UpgradeMode = (typeof UPGRADE_MODES)[number];

export const FIRMWARE_LIMITS = {
  /**
   * Spec §5/§9 give 1.5, 2 or 3 MB "depending on the text": the pages of the smaller devices say less. Held
   * per kind: a lora master node and a switch take the smallest images, gateways and meters 2 MB.
   */
  bytes: {
    gateway: 2 * 1024 * 1024,
    inverter: 3 * 1024 * 1024,
    battery: 3 * 1024 * 1024,
    lora: 1.5 * 1024 * 1024,
    meter: 2 * 1024 * 1024,
    switch: 1.5 * 1024 * 1024,
  } satisfies Record<FirmwareKind, number>,
  /** The largest of the above: what the upload reads at most before it knows the kind. */
  maxBytes: 3 * 1024 * 1024,
  fileNameMax: 40,
  versionMax: 32,
  textMax: 64,
  changeLogMax: 2000,
  /** Software versions an image may be installed over. */
  compatibleMax: 20,
  labelNameMax: 32,
  vendorKeyNameMax: 64,
} as const;

const FILE_NAME = /^[A-Za-z0-9._-]+$/;
const VERSION = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/** Spec §5: .bin or .hex only; letters, digits, dash, underscore or dot; at most 40 characters. */
export function firmwareFileNameProblem(name: string): FieldRule | null {
  if (!name) return 'required';
  if (name.length > FIRMWARE_LIMITS.fileNameMax) return 'firmwareFileName';
  if (!FILE_NAME.test(name)) return 'firmwareFileName';
  return /\.(bin|hex)$/i.test(name) ? null : 'firmwareFileType';
}

/**
 * Spec §5: letters, digits, dash or underscore (dots separate the parts, as every vendor writes them:
 * V1.2.3, 2.10-rc1).
 */
export function firmwareVersionProblem(version: string): FieldRule | null {
  const v = version.trim();
  if (!v) return 'required';
  if (v.length > FIRMWARE_LIMITS.versionMax) return 'tooLong';
  return VERSION.test(v) ? null : 'firmwareVersion';
}

/** The parts a version is compared by: runs of digits as numbers, everything else as lower-case text. */
function versionParts(v: string): (number | string)[] {
  return (
    v
      .trim()
      .toLowerCase()
      .replace(/^v/, '')
      .match(/\d+|[a-z]+/g) ?? []
  ).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * The order of two versions (negative: a is older): part by part, numbers numerically (1.10 after 1.9), a
 * number after text (1.0 after 1.0-rc: a release after its candidates), a missing part before any (1.0 before
 * 1.0.1). A leading "v" is ignored, as is case.
 */
export function compareFirmwareVersions(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return y === undefined ? 0 : typeof y === 'number' ? -1 : 1;
    if (y === undefined) return typeof x === 'number' ? 1 : -1;
    if (typeof x === 'number' && typeof y === 'number') {
      if (x !== y) return x - y;
    } else if (typeof x === 'number') return 1;
    else if (typeof y === 'number') return -1;
    else if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
