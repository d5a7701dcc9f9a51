import { and, eq, inArray, sql } from 'drizzle-orm';
import { UPGRADE_OPEN_STATES, UPGRADE_PERMISSION, type FirmwareKind, type UpgradeMode } from '@heliograph/shared';
import { findFirmware } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { upgrade } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { versionMismatch } from '../firmware/installable.js';
import type { Equipment } from './equipment.js';

/** The firmware an upgrade installs, as a start reads it through the access layer. */
export interface ChosenFirmware {
  id: string;
  kind: FirmwareKind;
  product: string;
  softwareVersion: string;
  compatibleVersions: string[];
  upgradeMode: UpgradeMode;
  enabled: boolean;
  released: boolean;
}

interface RawFirmware {
  id: string;
  kind: FirmwareKind;
  product: string;
  software_version: string;
  compatible_versions: string[] | null;
  upgrade_mode: UpgradeMode;
  enabled: boolean;
  released: boolean;
}

/** A firmware the caller may see (another company's that was never authorised: "does not exist"). */
export async function chosenFirmware(db: Db, auth: AuthContext, id: string): Promise<ChosenFirmware> {
  const f = await findFirmware<RawFirmware>(db, auth, id, {
    select: sql`f.id, f.kind, f.product, f.software_version, f.compatible_versions, f.upgrade_mode, f.enabled, f.released`,
  });
  return {
    id: f.id,
    kind: f.kind,
    product: f.product,
    softwareVersion: f.software_version,
    compatibleVersions: f.compatible_versions ?? [],
    upgradeMode: f.upgrade_mode,
    enabled: f.enabled === true,
    released: f.released === true,
  };
}

/** The caller holds the permission that upgrades this kind (UPGRADE_PERMISSION); 403 otherwise. */
export function mayUpgrade(auth: AuthContext, kind: FirmwareKind): void {
  if (!auth.permissions.has(UPGRADE_PERMISSION[kind])) throw new AppError('noPermission', { httpStatus: 403 });
}

const refuse = (rule: 'firmwareNotReleased' | 'firmwareWrongModel' | 'firmwareNotCompatible') =>
  new ValidationError([{ field: 'firmwareId', rule }]);

/** The serial numbers among `sns` that have an open upgrade. */
export async function openUpgradesOf(db: Db, sns: readonly string[]): Promise<Set<string>> {
  if (sns.length === 0) return new Set();
  const rows = await db
    .select({ sn: upgrade.sn })
    .from(upgrade)
    .where(and(inArray(upgrade.sn, [...sns]), inArray(upgrade.state, [...UPGRADE_OPEN_STATES])));
  return new Set(rows.map((r) => r.sn));
}

/**
 * Whether `fw` may go onto `dev` now, and in which state the upgrade starts: `queued` (sent at once) or
 * `waiting` (its gateway is offline; spec §4: it upgrades automatically once online). Otherwise the refusal,
 * in the order an operator can act on it: the firmware does not fit (field errors on firmwareId), it is not
 * newer (4001), the device is upgrading already (1202), a battery slave (1207), a firmware installed only
 * locally (1208), an offline inverter (1211), another offline device without the operator's confirmation
 * (1201; the page asks and repeats with confirmOffline).
 */
export function planUpgrade(
  dev: Equipment,
  fw: ChosenFirmware,
  opts: { confirmOffline: boolean; upgrading: boolean },
): 'queued' | 'waiting' {
  if (!fw.enabled || !fw.released) throw refuse('firmwareNotReleased');
  if (fw.kind !== dev.kind || !dev.model || fw.product.toLowerCase() !== dev.model.toLowerCase())
    throw refuse('firmwareWrongModel');
  const mismatch = versionMismatch(fw, dev.current);
  if (mismatch === 'notCompatible') throw refuse('firmwareNotCompatible');
  if (mismatch === 'notNewer') throw new AppError('firmwareLatest');
  if (opts.upgrading) throw new AppError('deviceUpgrading');
  if (dev.kind === 'battery' && dev.parentId) throw new AppError('batterySlaveUpgrade');
  if (fw.upgradeMode === 'local') throw new AppError('firmwareNoLocalUpgrade');
  if (!dev.gatewayOnline) return 'waiting';
  if (!dev.online) {
    if (dev.kind === 'inverter') throw new AppError('inverterMustBeOnline');
    if (!opts.confirmOffline) throw new AppError('deviceOffline');
  }
  return 'queued';
}

/** Whether the serial has an open upgrade (one query). */
export async function isUpgrading(db: Db, sn: string): Promise<boolean> {
  const [row] = await db
    .select({ id: upgrade.id })
    .from(upgrade)
    .where(and(eq(upgrade.sn, sn), inArray(upgrade.state, [...UPGRADE_OPEN_STATES])))
    .limit(1);
  return row !== undefined;
}
