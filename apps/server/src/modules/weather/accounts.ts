import { eq, sql } from 'drizzle-orm';
import type {
  WeatherAuthRow,
  WeatherLinkBody,
  WeatherLinkState,
  WeatherProviderKey,
  WeatherTestProblem,
  WeatherTestResult,
} from '@heliograph/shared';
import { findPlant } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { containing, query, toMs } from '../../db/rows.js';
import { weatherLink } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { maskedHint, type SecretBox } from '../auth/secret-box.js';
import { recordOperation } from '../commands/operation-log.js';

/** What a station service answers for a station: a reading, or what failed. */
export type StationAnswer =
  { ok: true; irradiance: number | null; tAmbient: number | null } | { ok: false; problem: WeatherTestProblem };

/**
 * A third-party weather-station service (Ecowitt- or Netatmo-style: an API key and a station id). A real one
 * plugs in by implementing this and being added to `weatherProviders` (docs/acenter.md).
 */
export interface WeatherProvider {
  readonly key: WeatherProviderKey;
  read(apiKey: string, stationId: string): Promise<StationAnswer>;
}

/**
 * In process and deterministic: a key starting with `bad` is refused, station `missing` does not exist, station
 * `offline` does not answer; any other station answers a reading derived from its id.
 */
export class SimulatedWeatherProvider implements WeatherProvider {
  readonly key = 'simulated' as const;
  async read(apiKey: string, stationId: string): Promise<StationAnswer> {
    if (apiKey.toLowerCase().startsWith('bad')) return { ok: false, problem: 'keyRejected' };
    if (stationId === 'missing') return { ok: false, problem: 'stationNotFound' };
    if (stationId === 'offline') return { ok: false, problem: 'unreachable' };
    const seed = [...stationId].reduce((s, c) => s + c.charCodeAt(0), 0);
    return { ok: true, irradiance: 400 + (seed % 400), tAmbient: 10 + (seed % 15) };
  }
}

export type WeatherProviders = Readonly<Record<WeatherProviderKey, WeatherProvider>>;
export const weatherProviders = (): WeatherProviders => ({ simulated: new SimulatedWeatherProvider() });

interface RawLink {
  provider: string;
  station_id: string;
  hint: string;
  account: string | null;
  linked_at: unknown;
}
const stateOf = (r: RawLink): WeatherLinkState => ({
  provider: 'simulated',
  stationId: r.station_id,
  hint: r.hint,
  linkedBy: r.account,
  linkedAt: toMs(r.linked_at),
});

/**
 * Weather-station accounts of plants (spec §7 "weather-station auth calls"): link (key encrypted at rest,
 * never answered: only provider, station, a masked hint, who and when), unlink, and a connection test that
 * says what failed. A link follows its plant (`POLICIES.weatherLink`): another company's plant is 700.
 */
export class WeatherAccounts {
  constructor(private readonly d: { db: Db; now: () => number; box: SecretBox; providers: WeatherProviders }) {}

  async list(
    auth: AuthContext,
    q: { q?: string },
    page: { page: number; size: number },
  ): Promise<{ total: number; rows: WeatherAuthRow[] }> {
    const parts = [scopeCondition(auth, 'plant')];
    if (q.q) parts.push(sql`p.name ilike ${containing(q.q)}`);
    const where = sql.join(parts, sql` and `);
    const rows = await query<RawLink & { plant_id: string; plant_name: string; linked: boolean }>(
      this.d.db,
      sql`select p.id as plant_id, p.name as plant_name, w.id is not null as linked, w.provider, w.station_id,
          w.hint, u.account, w.linked_at
        from plant p left join weather_link w on w.plant_id = p.id left join app_user u on u.id = w.linked_by
        where ${where} order by p.name, p.id limit ${page.size} offset ${(page.page - 1) * page.size}`,
    );
    const [n] = await query<{ n: unknown }>(this.d.db, sql`select count(*) as n from plant p where ${where}`);
    return {
      total: Number(n?.n ?? 0),
      rows: rows.map((r) => ({ plantId: r.plant_id, plantName: r.plant_name, link: r.linked ? stateOf(r) : null })),
    };
  }

  private async state(plantId: string): Promise<WeatherLinkState> {
    const [r] = await query<RawLink>(
      this.d.db,
      sql`select w.provider, w.station_id, w.hint, u.account, w.linked_at
        from weather_link w left join app_user u on u.id = w.linked_by where w.plant_id = ${plantId}`,
    );
    if (!r) throw new AppError('notFound');
    return stateOf(r);
  }

  async link(auth: AuthContext, ip: string, b: WeatherLinkBody): Promise<WeatherLinkState> {
    const p = await findPlant<{ id: string; company_id: string | null }>(this.d.db, auth, b.plantId, {
      write: true,
      select: sql`p.id, p.company_id`,
    });
    if (!p.company_id) throw new AppError('plantNotFound');
    const values = {
      companyId: p.company_id,
      plantId: p.id,
      provider: b.provider,
      stationId: b.stationId,
      keyCipher: await this.d.box.seal(b.apiKey),
      hint: maskedHint(b.apiKey),
      linkedBy: auth.userId,
      linkedAt: new Date(this.d.now()),
    };
    await this.d.db.transaction(async (tx) => {
      await tx.insert(weatherLink).values(values).onConflictDoUpdate({ target: weatherLink.plantId, set: values });
      await recordOperation(tx, {
        auth,
        ip,
        target: p.id,
        plantId: p.id,
        operation: 'weather.link',
        newValue: { provider: b.provider, stationId: b.stationId },
        result: 'succeeded',
      });
    });
    return this.state(p.id);
  }

  /** The plant's link the caller may change; otherwise 700 for the plant, 404 when it has none. */
  private async linkOf(auth: AuthContext, plantId: string, write: boolean) {
    await findPlant(this.d.db, auth, plantId, { write });
    const [row] = await this.d.db.select().from(weatherLink).where(eq(weatherLink.plantId, plantId));
    if (!row) throw new AppError('notFound');
    return row;
  }

  async unlink(auth: AuthContext, ip: string, plantId: string): Promise<void> {
    const row = await this.linkOf(auth, plantId, true);
    await this.d.db.transaction(async (tx) => {
      await tx.delete(weatherLink).where(eq(weatherLink.id, row.id));
      await recordOperation(tx, {
        auth,
        ip,
        target: plantId,
        plantId,
        operation: 'weather.unlink',
        oldValue: { provider: row.provider, stationId: row.stationId },
        result: 'succeeded',
      });
    });
  }

  /** Asks the station service with the kept key; says what failed (key, station, unreachable). */
  async test(auth: AuthContext, plantId: string): Promise<WeatherTestResult> {
    const row = await this.linkOf(auth, plantId, false);
    const provider = this.d.providers.simulated;
    const answer = await provider
      .read(await this.d.box.open(row.keyCipher), row.stationId)
      .catch((): StationAnswer => ({ ok: false, problem: 'unreachable' }));
    const checkedAt = this.d.now();
    return answer.ok
      ? { ok: true, problem: null, checkedAt, reading: { irradiance: answer.irradiance, tAmbient: answer.tAmbient } }
      : { ok: false, problem: answer.problem, checkedAt, reading: null };
  }
}
