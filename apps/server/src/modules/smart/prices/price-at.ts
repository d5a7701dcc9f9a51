import { localDay, type PlantSettings, type Valuation } from '@heliograph/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { query } from '../../../db/rows.js';
import { dayPrices } from './plant-prices.js';

/**
 * The buy price of a plant's slot covering `atMs`, or null when it has none then: what the smart rules' price
 * trigger and price condition compare with (modules/smart-rules). One plant-local day of prices per call.
 */
export async function buyPriceAt(db: Db, plantId: string, atMs: number): Promise<number | null> {
  const [p] = await query<{
    id: string;
    timezone: string;
    currency: string;
    valuation: Valuation;
    settings: PlantSettings;
  }>(
    db,
    sql`select id, timezone, currency, valuation, settings from plant where id = ${plantId} and deleted_at is null`,
  );
  if (!p) return null;
  const { slots } = await dayPrices(db, { ...p, settings: p.settings ?? {} }, localDay(atMs, p.timezone));
  return slots.find((s) => s.start <= atMs && atMs < s.start + s.minutes * 60_000)?.buy ?? null;
}
