import { sql } from 'drizzle-orm';
import {
  defaultPhysicalLayout,
  efficiencyPercent,
  localDay,
  logicalLayoutSchema,
  overPanelLimit,
  physicalLayoutSchema,
  type LayoutInverter,
  type LayoutPeriod,
  type LayoutType,
  type LogicalLayout,
  type LogicalLayoutAnswer,
  type MicroPanelAnswer,
  type MicroPanelPower,
  type LogicalNode,
  type PhysicalLayout,
  type PhysicalLayoutAnswer,
} from '@heliograph/shared';
import { findPlant } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { recordOperation } from '../commands/operation-log.js';
import { buildLogicalTree, type TreeInverter } from './tree.js';

interface LayoutPlant {
  id: string;
  name: string;
  timezone: string;
  inverter_kind: string;
  capacity_kw: unknown;
}

interface InverterRow {
  sn: string;
  rated_w: unknown;
  meta: Record<string, unknown> | null;
  metrics: Record<string, number | null> | null;
  online: boolean;
}

/** A PV inverter of the plant, with what the layouts need. */
export interface PlantInverter extends LayoutInverter {
  metrics: Record<string, number | null> | null;
  ts: number | null;
}

const metricOf = (m: Record<string, number | null> | null, key: string): number | null => {
  const v = m?.[key];
  return typeof v === 'number' ? v : null;
};

/** The inputs an inverter reports (mppt1_p, mppt2_p …) when its wiring was never recorded. */
function reportedInputs(metrics: Record<string, number | null> | null): number {
  let n = 0;
  while (metrics && `mppt${n + 1}_p` in metrics) n++;
  return n;
}

/** Period start (plant-local day) for the energy of the logical tree. */
function periodStart(period: LayoutPeriod, today: string): string {
  if (period === 'day') return today;
  if (period === 'month') return `${today.slice(0, 7)}-01`;
  if (period === 'year') return `${today.slice(0, 4)}-01-01`;
  return '1970-01-01';
}

/** Panel layouts of a plant (spec §2.3): seen and changed through the plant policy. */
export class LayoutService {
  constructor(private readonly db: Db) {}

  /**
   * The plant if the caller may see it (700 otherwise), and — for a change — may change it: a visitor, a
   * guest share or a role without "edit plant" sees it read-only (code 2).
   */
  async plant(auth: AuthContext, id: string, write = false): Promise<LayoutPlant> {
    const row = await findPlant<LayoutPlant & { writable: boolean }>(this.db, auth, id, {
      select: sql`p.id, p.name, p.timezone, p.inverter_kind, p.capacity_kw,
        (${scopeCondition(auth, 'plant', { write: true })}) as writable`,
    });
    if (write && !(row.writable && auth.permissions.has('station.edit'))) throw new AppError('noPermission');
    return row;
  }

  /** The plant's PV inverters (a battery inverter without panels is left out), in serial order. */
  async inverters(p: LayoutPlant): Promise<PlantInverter[]> {
    const rows = await query<InverterRow & { ts: unknown }>(
      this.db,
      sql`select d.sn, d.rated_w, d.meta, dl.metrics, dl.ts,
            (dl.ts is not null and dl.ts >= now() - (3 * g.upload_interval_s) * interval '1 second') as online
          from device d join gateway g on g.id = d.gateway_id left join device_latest dl on dl.device_id = d.id
          where d.plant_id = ${p.id} and d.kind = 'inverter' and d.deleted_at is null order by d.sn`,
    );
    const all = rows.map((r) => {
      const meta = r.meta ?? {};
      const metrics = r.online ? r.metrics : null;
      const inputs = Number(meta.mppts ?? 0) || reportedInputs(r.metrics);
      const pvW = Number(meta.pvW ?? 0);
      return {
        sn: r.sn,
        micro: meta.inverterKind === 'micro' || (meta.inverterKind == null && p.inverter_kind === 'micro'),
        inputs,
        pvW,
        ratedW: num(r.rated_w) ?? 0,
        metrics,
        ts: r.online && r.ts ? toMs(r.ts) : null,
        panelsKnown: meta.mppts !== undefined && meta.mppts !== null,
      };
    });
    const pv = all.filter((i) => !(i.panelsKnown && i.inputs === 0));
    // Inverters registered without their panels' peak share the plant's capacity by their AC rating.
    const unknown = pv.filter((i) => i.pvW <= 0);
    if (unknown.length > 0) {
      const knownW = pv.reduce((a, i) => a + Math.max(0, i.pvW), 0);
      const restW = Math.max(0, Number(p.capacity_kw) * 1000 - knownW);
      const ratedSum = unknown.reduce((a, i) => a + i.ratedW, 0);
      for (const i of unknown) i.pvW = ratedSum > 0 ? (restW * i.ratedW) / ratedSum : restW / unknown.length;
    }
    return pv.map((i) => ({
      sn: i.sn,
      micro: i.micro,
      inputs: Math.max(1, i.inputs),
      pvW: Math.round(i.pvW),
      metrics: i.metrics,
      ts: i.ts,
    }));
  }

  private async stored(plantId: string, kind: LayoutType): Promise<{ data: unknown; updatedAt: number } | null> {
    const [row] = await query<{ data: unknown; updated_at: unknown }>(
      this.db,
      sql`select data, updated_at from plant_layout where plant_id = ${plantId} and kind = ${kind}`,
    );
    return row ? { data: row.data, updatedAt: toMs(row.updated_at) } : null;
  }

  /** The saved physical layout, or the default one made from the plant's inverters. */
  async physical(p: LayoutPlant, inverters?: PlantInverter[]): Promise<PhysicalLayoutAnswer> {
    const invs = inverters ?? (await this.inverters(p));
    const saved = await this.stored(p.id, 'physical');
    // A row written by an older shape is ignored rather than trusted: the default takes its place.
    const parsed = saved ? physicalLayoutSchema.safeParse(saved.data) : null;
    const layout = parsed?.success ? parsed.data : defaultPhysicalLayout(invs);
    return {
      panels: layout.panels,
      saved: Boolean(parsed?.success),
      updatedAt: parsed?.success ? (saved?.updatedAt ?? null) : null,
      micro: invs.some((i) => i.micro),
      inverters: invs.map(({ sn, micro, inputs, pvW }) => ({ sn, micro, inputs, pvW })),
    };
  }

  async logical(p: LayoutPlant): Promise<LogicalLayoutAnswer> {
    const saved = await this.stored(p.id, 'logical');
    const parsed = saved ? logicalLayoutSchema.safeParse(saved.data) : null;
    return parsed?.success ? { ...parsed.data, saved: true } : { collapsed: [], saved: false };
  }

  /** Saves a layout (the physical one refused past 99 panels, spec §5) and logs the change. */
  async save(
    auth: AuthContext,
    ip: string,
    p: LayoutPlant,
    kind: LayoutType,
    data: PhysicalLayout | LogicalLayout,
  ): Promise<void> {
    if ('panels' in data && overPanelLimit(data.panels)) throw new AppError('panelLimit');
    await this.db.transaction(async (tx) => {
      const [old] = await query<{ data: unknown }>(
        tx,
        sql`select data from plant_layout where plant_id = ${p.id} and kind = ${kind} for update`,
      );
      await tx.execute(
        sql`insert into plant_layout (plant_id, kind, data, updated_by, updated_at)
            values (${p.id}, ${kind}, ${JSON.stringify(data)}::jsonb, ${auth.userId}, now())
            on conflict (plant_id, kind) do update set data = excluded.data, updated_by = excluded.updated_by, updated_at = now()`,
      );
      // The log keeps a summary: a whole layout per entry would swamp it.
      const summary = (d: unknown) =>
        d && typeof d === 'object' && 'panels' in d && Array.isArray(d.panels)
          ? { panels: d.panels.length }
          : d && typeof d === 'object' && 'collapsed' in d && Array.isArray(d.collapsed)
            ? { collapsed: d.collapsed.length }
            : null;
      await recordOperation(tx, {
        auth,
        ip,
        target: p.id,
        plantId: p.id,
        operation: `plant.layout.${kind}`,
        oldValue: summary(old?.data),
        newValue: summary(data),
        result: 'succeeded',
      });
    });
  }

  /** The logical tree with power now and energy for the period (spec §2.3). */
  async tree(p: LayoutPlant, period: LayoutPeriod): Promise<LogicalNode[]> {
    const inverters = await this.inverters(p);
    const { panels } = await this.physical(p, inverters);
    const today = localDay(Date.now(), p.timezone);
    const rows = await query<{ sn: string; pv: unknown }>(
      this.db,
      sql`select d.sn, coalesce(sum(dd.pv), 0) as pv from device d join device_day dd on dd.device_id = d.id
          where d.plant_id = ${p.id} and d.kind = 'inverter'
            and dd.day between ${periodStart(period, today)}::date and ${today}::date group by d.sn`,
    );
    const energy = new Map(rows.map((r) => [r.sn, Number(r.pv)]));
    const tree: TreeInverter[] = inverters.map((i) => ({
      sn: i.sn,
      micro: i.micro,
      inputs: i.inputs,
      pvW: i.pvW,
      metrics: i.metrics,
      energyKwh: energy.get(i.sn) ?? 0,
    }));
    return buildLogicalTree({ id: p.id, name: p.name }, tree, panels);
  }

  /** Live power of each panel on a micro inverter's input (spec §2.3 "physical/layout/micro/panel"). */
  async microPanels(p: LayoutPlant): Promise<MicroPanelAnswer> {
    const inverters = await this.inverters(p);
    const { panels } = await this.physical(p, inverters);
    const bySn = new Map(inverters.filter((i) => i.micro).map((i) => [i.sn, i]));
    const out: MicroPanelPower[] = [];
    let ts: number | null = null;
    for (const panel of panels) {
      const inv = panel.inverterSn ? bySn.get(panel.inverterSn) : undefined;
      if (!inv || panel.input === null || panel.input > inv.inputs) continue;
      const powerW = metricOf(inv.metrics, `mppt${panel.input}_p`);
      if (inv.ts !== null) ts = Math.max(ts ?? 0, inv.ts);
      out.push({
        id: panel.id,
        inverterSn: inv.sn,
        input: panel.input,
        powerW,
        voltageV: metricOf(inv.metrics, `mppt${panel.input}_v`),
        currentA: metricOf(inv.metrics, `mppt${panel.input}_i`),
        efficiency: efficiencyPercent(powerW, panel.ratedW),
      });
    }
    return { ts, panels: out };
  }
}
