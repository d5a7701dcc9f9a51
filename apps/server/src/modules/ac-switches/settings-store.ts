import { and, eq, sql } from 'drizzle-orm';
import type { SwitchInfo, SwitchSettings } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { recordChange } from '../commands/operation-log.js';

/** Merges a patch into the switch's settings (the console's copy of what the switch holds). */
export function mergeSettings(db: Db, id: string, patch: Partial<SwitchSettings>) {
  return db
    .update(device)
    .set({ settings: sql`${device.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(device.id, id));
}

/** Keeps settings the console owns (not sent to the switch) and logs the change with the values before. */
export async function saveSettings(
  db: Db,
  auth: AuthContext,
  ip: string,
  sw: SwitchInfo,
  patch: Partial<SwitchSettings>,
  operation: string,
): Promise<void> {
  const before = Object.fromEntries(Object.keys(patch).map((k) => [k, sw.settings[k as keyof SwitchSettings]]));
  await mergeSettings(db, sw.id, patch);
  await recordChange(db, auth, ip, sw, operation, { oldValue: before, newValue: patch });
}

/** Whether the battery is one of the plant's (a SOC rule may only follow a battery of its own plant). */
export async function batteryOfPlant(db: Db, sn: string, plantId: string): Promise<boolean> {
  const rows = await db
    .select({ id: device.id })
    .from(device)
    .where(and(eq(device.sn, sn), eq(device.kind, 'battery'), eq(device.plantId, plantId)));
  return rows.length > 0;
}
