import { sql } from 'drizzle-orm';
import { compareFirmwareVersions, type FirmwareKind, type UpgradeMode } from '@heliograph/shared';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';

/**
 * Which firmware a device may take (issue 13): one rule for the hardware list (what a model could go to) and
 * for an upgrade's check and start (what this device may take now). A firmware is installable by a caller when
 * it is enabled and released, and the caller's company may use it (POLICIES.firmware: made for it or
 * authorised to it); it fits a device when it is of the device's kind and made for its model (the firmware's
 * product, without regard to case); it may go onto the device when the version it runs is among the firmware's
 * compatible versions (an empty list takes any) and the firmware is newer than that version.
 */

export interface InstallableFirmware {
  id: string;
  kind: FirmwareKind;
  product: string;
  softwareVersion: string;
  compatibleVersions: string[];
  upgradeMode: UpgradeMode;
  fileName: string;
  size: number;
  changeLog: string;
  createdAt: number;
}

interface Raw {
  id: string;
  kind: FirmwareKind;
  product: string;
  software_version: string;
  compatible_versions: string[] | null;
  upgrade_mode: UpgradeMode;
  file_name: string;
  size: number;
  change_log: string;
  created_at: unknown;
}

/** Enabled, released firmware the caller may use; only that of `kind` for `model` when they are given. */
export async function installableFirmware(
  db: Db,
  auth: AuthContext,
  only?: { kind: FirmwareKind; model: string },
): Promise<InstallableFirmware[]> {
  const rows = await query<Raw>(
    db,
    sql`select f.id, f.kind, f.product, f.software_version, f.compatible_versions, f.upgrade_mode, f.file_name,
        f.size, f.change_log, f.created_at
      from firmware f
      where f.enabled and f.released and ${scopeCondition(auth, 'firmware')}
        ${only ? sql`and f.kind = ${only.kind} and lower(f.product) = lower(${only.model})` : sql``}`,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    product: r.product,
    softwareVersion: r.software_version,
    compatibleVersions: r.compatible_versions ?? [],
    upgradeMode: r.upgrade_mode,
    fileName: r.file_name,
    size: Number(r.size),
    changeLog: r.change_log,
    createdAt: toMs(r.created_at),
  }));
}

/** Why a firmware that fits the device's kind and model may still not go onto it (null: it may). */
export type VersionMismatch = 'notCompatible' | 'notNewer';

/**
 * Whether a firmware may go over the version a device runs: `current` must be among its compatible versions
 * when it lists any (a device that never said its version cannot be shown to be), and the firmware must be
 * newer (a device with no known version takes any).
 */
export function versionMismatch(
  fw: Pick<InstallableFirmware, 'softwareVersion' | 'compatibleVersions'>,
  current: string | null,
): VersionMismatch | null {
  if (fw.compatibleVersions.length > 0) {
    const listed = current !== null && fw.compatibleVersions.some((v) => compareFirmwareVersions(v, current) === 0);
    if (!listed) return 'notCompatible';
  }
  if (current !== null && compareFirmwareVersions(fw.softwareVersion, current) <= 0) return 'notNewer';
  return null;
}

/** The firmware a device of `kind` and `model` running `current` may take, newest version first. */
export async function optionsFor(
  db: Db,
  auth: AuthContext,
  device: { kind: FirmwareKind; model: string; current: string | null },
): Promise<InstallableFirmware[]> {
  if (!device.model) return [];
  const all = await installableFirmware(db, auth, { kind: device.kind, model: device.model });
  return all
    .filter((fw) => versionMismatch(fw, device.current) === null)
    .sort((a, b) => compareFirmwareVersions(b.softwareVersion, a.softwareVersion));
}

/** The newest installable firmware per kind and product (lower case), as the caller's company may use it. */
export async function newestInstallable(
  db: Db,
  auth: AuthContext,
): Promise<Map<string, { id: string; softwareVersion: string }>> {
  const out = new Map<string, { id: string; softwareVersion: string }>();
  for (const r of await installableFirmware(db, auth)) {
    const key = `${r.kind}\0${r.product.toLowerCase()}`;
    const held = out.get(key);
    if (!held || compareFirmwareVersions(r.softwareVersion, held.softwareVersion) > 0)
      out.set(key, { id: r.id, softwareVersion: r.softwareVersion });
  }
  return out;
}
