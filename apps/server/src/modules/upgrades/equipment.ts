import { sql } from 'drizzle-orm';
import type { DeviceKind, FirmwareKind } from '@heliograph/shared';
import { findAnyDevice, findGateway } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';

/** The device kinds that take firmware (a weather station does not); gateways are found as gateways. */
export const UPGRADED_DEVICE_KINDS = [
  'inverter',
  'battery',
  'meter',
  'switch',
  'lora',
] as const satisfies readonly (DeviceKind & FirmwareKind)[];

/** What an upgrade needs to know of the device (or gateway) it is for. */
export interface Equipment {
  kind: FirmwareKind;
  /** Null: the gateway itself is upgraded. */
  deviceId: string | null;
  sn: string;
  /** What firmware is made for (the firmware's product); empty when the device never said. */
  model: string;
  /** The version it runs, as it last reported it. */
  current: string | null;
  /** A battery slave's master. */
  parentId: string | null;
  plantId: string | null;
  plantName: string | null;
  companyId: string | null;
  gatewayId: string;
  gatewaySn: string;
  gatewayOnline: boolean;
  /** The device reports (read within three upload intervals); a gateway: it is connected. */
  online: boolean;
}

interface Raw {
  id: string;
  sn: string;
  kind: FirmwareKind;
  model: string | null;
  firmware: string | null;
  parent_id: string | null;
  plant_id: string | null;
  plant_name: string | null;
  company_id: string | null;
  gateway_id: string;
  gateway_sn: string;
  gateway_online: boolean;
  online: boolean;
}

function equipmentOf(r: Raw, deviceId: string | null): Equipment {
  return {
    kind: r.kind,
    deviceId,
    sn: r.sn,
    model: r.model ?? '',
    current: r.firmware,
    parentId: r.parent_id,
    plantId: r.plant_id,
    plantName: r.plant_name,
    companyId: r.company_id,
    gatewayId: r.gateway_id,
    gatewaySn: r.gateway_sn,
    gatewayOnline: r.gateway_online === true,
    online: r.online === true,
  };
}

/**
 * The device or gateway with serial number `sn` among everything the caller may see (`write`: operate), through
 * the access layer: a device of a kind that takes firmware first (a switch or lora master is both a device and
 * its own gateway row, and is upgraded as the device), then a gateway. Neither: "does not exist", the same for
 * another company's serial as for one that was never registered. Whether a device is online is judged against
 * `now`, the app's clock.
 */
export async function findEquipment(
  db: Db,
  auth: AuthContext,
  sn: string,
  opts: { write: boolean; now: number },
): Promise<Equipment> {
  const at = new Date(opts.now).toISOString();
  try {
    const r = await findAnyDevice<Raw>(db, auth, sn, {
      kinds: UPGRADED_DEVICE_KINDS,
      write: opts.write,
      select: sql`d.id, d.sn, d.kind, d.model, d.firmware, d.parent_id, coalesce(d.plant_id, g.plant_id) as plant_id,
        pl.name as plant_name, g.company_id, d.gateway_id, g.sn as gateway_sn, g.online as gateway_online,
        (dl.ts is not null and dl.ts + (3 * g.upload_interval_s) * interval '1 second' >= ${at}::timestamptz) as online`,
      join: sql`left join device_latest dl on dl.device_id = d.id
        left join plant pl on pl.id = coalesce(d.plant_id, g.plant_id)`,
    });
    return equipmentOf(r, r.id);
  } catch (err) {
    if (!(err instanceof AppError) || err.key !== 'notFound') throw err;
  }
  const g = await findGateway<Raw>(db, auth, sn, {
    write: opts.write,
    missing: 'notFound',
    select: sql`g.id, g.sn, 'gateway' as kind, g.model, g.firmware, null as parent_id, g.plant_id,
      pl.name as plant_name, g.company_id, g.id as gateway_id, g.sn as gateway_sn, g.online as gateway_online,
      g.online as online`,
    join: sql`left join plant pl on pl.id = g.plant_id`,
  });
  return equipmentOf(g, null);
}
