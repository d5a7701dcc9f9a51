import { sql, type SQL } from 'drizzle-orm';
import {
  eventText,
  type EventFilters,
  type EventListRow,
  type EventPage,
  type Lang,
  type LevelCounts,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { anyContains, containing, query } from '../../db/rows.js';
import { eventCore, type RawEvent } from './rows.js';
import type { AuthContext } from '../../http/context.js';
import { scopeCondition } from '../../access/policies.js';

/** Longest time range one query may span (a year): keeps the event scan bounded. */
export const EVENT_RANGE_MAX_MS = 366 * 86_400_000;

/** The events the caller may see (their devices' gateways are in scope), narrowed by the filters. */
function where(auth: AuthContext, f: EventFilters, withLevel: boolean): SQL {
  const parts: SQL[] = [scopeCondition(auth, 'gateway'), sql`(p.id is null or p.deleted_at is null)`];
  if (f.plantId) parts.push(sql`e.plant_id = ${f.plantId}`);
  if (f.device) parts.push(anyContains(f.device, [sql`d.sn`, sql`d.alias`]));
  if (f.kind) parts.push(sql`d.kind = ${f.kind}`);
  if (withLevel && f.level) parts.push(sql`e.level = ${f.level}`);
  if (f.state === 'open') parts.push(sql`e.cleared_at is null`);
  if (f.state === 'cleared') parts.push(sql`e.cleared_at is not null`);
  if (f.from !== undefined) parts.push(sql`e.raised_at >= ${new Date(f.from).toISOString()}::timestamptz`);
  if (f.to !== undefined) parts.push(sql`e.raised_at < ${new Date(f.to).toISOString()}::timestamptz`);
  if (f.code) parts.push(sql`e.code ilike ${containing(f.code)}`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`device_event e join device d on d.id = e.device_id join gateway g on g.id = d.gateway_id
  left join plant p on p.id = e.plant_id`;

interface Raw extends RawEvent<EventListRow['level']> {
  device_sn: string;
  device_kind: string;
  device_alias: string | null;
  plant_id: string | null;
  plant_name: string | null;
  timezone: string | null;
}

function toRow(r: Raw, lang: Lang): EventListRow {
  const text = eventText(r.code, lang);
  return {
    ...eventCore(r),
    deviceSn: r.device_sn,
    deviceKind: r.device_kind,
    deviceAlias: r.device_alias,
    plantId: r.plant_id,
    plantName: r.plant_name,
    timezone: r.timezone ?? 'UTC',
    meaning: text?.meaning ?? null,
    solution: text?.solution ?? null,
  };
}

const COLUMNS = sql`e.id, e.code, e.level, e.message, e.raised_at, e.cleared_at, d.sn as device_sn, d.kind as device_kind,
  d.alias as device_alias, e.plant_id, p.name as plant_name, p.timezone`;

export class EventService {
  constructor(private readonly db: Db) {}

  /**
   * A page of events, newest first, with counts by level over the same filters (the level filter aside). The
   * total is read from those counts, so the page itself is a top-N sort rather than a second full count.
   */
  async list(auth: AuthContext, f: EventFilters & { page: number; size: number }, lang: Lang): Promise<EventPage> {
    const [rows, counts] = await Promise.all([
      query<Raw>(
        this.db,
        sql`select ${COLUMNS} from ${FROM} where ${where(auth, f, true)}
          order by e.raised_at desc, e.id limit ${f.size} offset ${(f.page - 1) * f.size}`,
      ),
      this.counts(auth, f),
    ]);
    return { total: f.level ? counts[f.level] : counts.all, rows: rows.map((r) => toRow(r, lang)), counts };
  }

  async counts(auth: AuthContext, f: EventFilters): Promise<LevelCounts> {
    const [r] = await query<{ all: unknown; fault: unknown; warning: unknown; info: unknown }>(
      this.db,
      sql`select count(*) as all, count(*) filter (where e.level = 'fault') as fault,
        count(*) filter (where e.level = 'warning') as warning, count(*) filter (where e.level = 'info') as info
        from ${FROM} where ${where(auth, f, false)}`,
    );
    return {
      all: Number(r?.all ?? 0),
      fault: Number(r?.fault ?? 0),
      warning: Number(r?.warning ?? 0),
      info: Number(r?.info ?? 0),
    };
  }

  /** Every matching event for an export, newest first, capped. */
  async all(auth: AuthContext, f: EventFilters, lang: Lang, max: number): Promise<EventListRow[]> {
    const rows = await query<Raw>(
      this.db,
      sql`select ${COLUMNS} from ${FROM} where ${where(auth, f, true)} order by e.raised_at desc, e.id limit ${max}`,
    );
    return rows.map((r) => toRow(r, lang));
  }
}
