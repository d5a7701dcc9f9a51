import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Report,
  ReportConfig,
  ReportConfigBody,
  ReportRow,
  reportConfigBody,
  reportConfigQuery,
  reportListQuery,
} from '@heliograph/shared';
import { findPlant, findReportConfig } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { containing, query, toMs } from '../../db/rows.js';
import { reportConfig, reportExport } from '../../db/schema.js';
import type { FileStore } from '../files/store.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { addSeries, emptySeries, reportPeriod, reportPlants, reportRows, totalsOf } from './compute.js';
import { nextDue } from './schedule.js';

export interface ConfigRow {
  id: string;
  user_id: string;
  name: string;
  plant_ids: unknown;
  figures: unknown;
  period: string;
  scope: string;
  schedule: string;
  time_zone: string;
  next_due_at: unknown;
  updated_at: unknown;
}

export const CONFIG_COLUMNS = sql`rc.id, rc.user_id, rc.name, rc.plant_ids, rc.figures, rc.period, rc.scope, rc.schedule,
  rc.time_zone, rc.next_due_at, rc.updated_at`;

export function configOf(r: ConfigRow): ReportConfig {
  return {
    id: r.id,
    name: r.name,
    plantIds: r.plant_ids as string[],
    figures: r.figures as ReportConfig['figures'],
    period: r.period as ReportConfig['period'],
    scope: r.scope as ReportConfig['scope'],
    schedule: r.schedule as ReportConfig['schedule'],
    nextDueAt: r.next_due_at === null ? null : toMs(r.next_due_at),
    updatedAt: toMs(r.updated_at),
  };
}

/** Plants per step of a big report: each step is a few set-based statements, then others get a turn. */
export const PLANTS_PER_STEP = 100;

export interface ComputeHooks {
  /** Lets the console's requests go first between steps (Foreground.turn). */
  turn?: () => Promise<void>;
  /** Told after each step: plants done of all. */
  progress?: (done: number, total: number) => Promise<void>;
}

/** Saved report configs, and the reports they compute from the daily rollups. */
export class ReportService {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async configs(
    auth: AuthContext,
    q: z.infer<typeof reportConfigQuery>,
  ): Promise<{ total: number; rows: ReportConfig[] }> {
    const search = q.search ? sql`and rc.name ilike ${containing(q.search)}` : sql``;
    const rows = await query<ConfigRow & { total: unknown }>(
      this.db,
      sql`select ${CONFIG_COLUMNS}, count(*) over () as total from report_config rc
        where rc.user_id = ${auth.userId} ${search}
        order by rc.updated_at desc, rc.id limit ${q.size} offset ${(q.page - 1) * q.size}`,
    );
    return { total: Number(rows[0]?.total ?? 0), rows: rows.map(configOf) };
  }

  async config(auth: AuthContext, id: string): Promise<ReportConfig> {
    return configOf(await findReportConfig<ConfigRow>(this.db, auth, id, { select: CONFIG_COLUMNS }));
  }

  /** Every plant named must be one the caller sees (700 otherwise: another company's plant does not exist). */
  private async checkedPlants(auth: AuthContext, plantIds: readonly string[]): Promise<string> {
    let zone = 'UTC';
    for (const [i, id] of [...new Set(plantIds)].entries()) {
      const p = await findPlant<{ timezone: string }>(this.db, auth, id, { select: sql`p.timezone` });
      if (i === 0) zone = p.timezone;
    }
    return zone;
  }

  private async zoneOf(auth: AuthContext, plantIds: readonly string[]): Promise<string> {
    if (plantIds.length > 0) return this.checkedPlants(auth, plantIds);
    const { plants } = await reportPlants(this.db, auth, { limit: 1 });
    return plants[0]?.timezone ?? 'UTC';
  }

  async create(auth: AuthContext, body: z.infer<typeof reportConfigBody>): Promise<ReportConfig> {
    const timeZone = await this.zoneOf(auth, body.plantIds);
    const due = nextDue(body.schedule, timeZone, this.now());
    const [row] = await this.db
      .insert(reportConfig)
      .values({
        userId: auth.userId,
        companyId: auth.companyId,
        ...this.fields(body),
        timeZone,
        nextDueAt: due === null ? null : new Date(due),
      })
      .returning({ id: reportConfig.id });
    if (!row) throw new AppError('serverError');
    return this.config(auth, row.id);
  }

  async update(auth: AuthContext, id: string, body: z.infer<typeof reportConfigBody>): Promise<ReportConfig> {
    const had = await findReportConfig<{ schedule: string; time_zone: string }>(this.db, auth, id, {
      select: sql`rc.schedule, rc.time_zone`,
      write: true,
    });
    const timeZone = await this.zoneOf(auth, body.plantIds);
    // A schedule kept as it was keeps its due time; a changed one starts from now.
    const keep = had.schedule === body.schedule && had.time_zone === timeZone;
    const due = nextDue(body.schedule, timeZone, this.now());
    await this.db
      .update(reportConfig)
      .set({
        ...this.fields(body),
        timeZone,
        // A changed schedule drops a retry of the old one: its period may not even be of the new kind.
        ...(keep ? {} : { nextDueAt: due === null ? null : new Date(due), mailAttempts: 0, mailRetryAnchor: null }),
        updatedAt: new Date(this.now()),
      })
      .where(eq(reportConfig.id, id));
    return this.config(auth, id);
  }

  /** Deletes a config with its exports and their files (the files through the store, S3 objects swept later). */
  async remove(auth: AuthContext, id: string, files: FileStore): Promise<null> {
    await findReportConfig(this.db, auth, id, { write: true });
    await this.db.transaction(async (tx) => {
      const kept = await tx
        .select({ fileId: reportExport.fileId })
        .from(reportExport)
        .where(eq(reportExport.configId, id));
      for (const { fileId } of kept) if (fileId) await files.remove(tx, fileId);
      await tx.delete(reportConfig).where(eq(reportConfig.id, id));
    });
    return null;
  }

  private fields(body: z.infer<typeof reportConfigBody>) {
    return {
      name: body.name,
      plantIds: [...new Set(body.plantIds)],
      figures: [...new Set(body.figures)],
      period: body.period,
      scope: body.scope,
      schedule: body.schedule,
    } satisfies Partial<ReportConfigBody>;
  }

  /** A config's report for a period: its rows, totals and chart, the plants taken in steps. */
  async report(auth: AuthContext, config: ReportConfig, anchor: string, hooks: ComputeHooks = {}): Promise<Report> {
    const period = reportPeriod(config.period, anchor);
    const { plants } = await reportPlants(this.db, auth, { plantIds: config.plantIds });
    const rows: ReportRow[] = [];
    const series = emptySeries(period.buckets);
    for (let i = 0; i < plants.length; i += PLANTS_PER_STEP) {
      const step = plants.slice(i, i + PLANTS_PER_STEP);
      rows.push(...(await reportRows(this.db, step, period, config.scope)));
      await addSeries(this.db, series, step, config.period, period);
      await hooks.progress?.(Math.min(plants.length, i + PLANTS_PER_STEP), plants.length);
      if (i + PLANTS_PER_STEP < plants.length) await hooks.turn?.();
    }
    return { config, date: anchor, from: period.from, to: period.to, rows, totals: totalsOf(rows), series };
  }

  /** The report list: one row per plant the caller may see (or the one asked for), a page at a time. */
  async list(auth: AuthContext, q: z.infer<typeof reportListQuery>): Promise<{ total: number; rows: ReportRow[] }> {
    const period = reportPeriod(q.period, q.date);
    if (q.plantId) await findPlant(this.db, auth, q.plantId);
    const { plants, total } = await reportPlants(this.db, auth, {
      ...(q.plantId ? { plantIds: [q.plantId] } : {}),
      ...(q.search ? { search: q.search } : {}),
      limit: q.size,
      offset: (q.page - 1) * q.size,
    });
    return { total, rows: await reportRows(this.db, plants, period, 'plant') };
  }
}
