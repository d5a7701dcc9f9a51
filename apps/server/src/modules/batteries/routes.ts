import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { cellsOf } from './cells.js';
import { dayEnergy, daySeries, devicesWhere, findDevice, publicRow, type KindDevice } from './device-query.js';
import { plantClock, word } from '../../xlsx/write.js';
import { deleteDevice, storageListRoutes } from '../devices/storage-routes.js';

/** What the work-data chart draws: power, SOC, pack voltage and current, temperature. */
const WORK_PARAMS = ['p_bat', 'soc', 'v_bat', 'i_bat', 'temp'] as const;

const relay = (v: number | null | undefined): boolean | null => (v === null || v === undefined ? null : v >= 1);
const metric = (d: KindDevice, key: string): number | null => d.metrics[key] ?? null;
const linkOf = (d: KindDevice) => ({ sn: d.sn, alias: d.alias, status: d.status, soc: metric(d, 'soc') });

/** Batteries of spec §7: list, counts, export, BMS info, cells, work data and delete. */
export function batteryRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'batteries', { id: z.string().max(64) });
    const { db } = deps;
    const view = { access: 'battery.list.view', scope: 'company' } as const;
    const control = { access: 'battery.control', scope: 'company' } as const;

    storageListRoutes(app, db, {
      kind: 'battery',
      tag: 'batteries',
      config: view,
      list: {
        route: 'GET /batteries',
        summary:
          'Batteries: search (serial, alias, plant, gateway), status and plant filters, a page, status statistics',
        row: publicRow,
      },
      count: { route: 'GET /batteries/count', summary: 'How many batteries, by status' },
      download: {
        route: 'GET /batteries/download',
        summary: 'The battery list (same filters) as an .xlsx file',
        name: 'batteries',
        headings: [
          'role',
          'status',
          'capacity',
          'power',
          'soc',
          'soh',
          'voltage',
          'current',
          'temperature',
          'cycles',
          'updated',
        ],
        cells: (d, lang) => [
          word(d.parentId ? 'slave' : 'master', lang),
          word(d.status, lang),
          d.capacityKwh,
          metric(d, 'p_bat'),
          metric(d, 'soc'),
          metric(d, 'soh'),
          metric(d, 'v_bat'),
          metric(d, 'i_bat'),
          metric(d, 'temp'),
          metric(d, 'cycles'),
          plantClock(d.lastSeen, d.timezone),
        ],
      },
    });

    route(
      'GET /battery/:sn/info',
      {
        config: view,
        summary: 'A battery’s BMS: serial, master or slave, capacities, cycles, SOH, relays, its master and slaves',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const d = await findDevice(db, auth, 'battery', { sn: req.params.sn });
        const [master] = d.parentId ? await devicesWhere(db, auth, 'battery', sql`d.id = ${d.parentId}`) : [];
        const slaves = await devicesWhere(db, auth, 'battery', sql`d.parent_id = ${d.id}`);
        const meta = (d.meta ?? {}) as { bmsSn?: unknown };
        return ok(req, {
          ...publicRow(d),
          bmsSn: typeof meta.bmsSn === 'string' ? meta.bmsSn : null,
          role: d.parentId ? ('slave' as const) : ('master' as const),
          master: master ? linkOf(master) : null,
          slaves: slaves.map(linkOf),
          soc: metric(d, 'soc'),
          soh: metric(d, 'soh'),
          cycles: metric(d, 'cycles'),
          fullAh: metric(d, 'cap_full_ah'),
          residualAh: metric(d, 'cap_residual_ah'),
          relays: { charge: relay(d.metrics.relay_charge), discharge: relay(d.metrics.relay_discharge) },
        });
      },
    );

    route(
      'GET /battery/:sn/cells',
      { config: view, summary: 'Cell voltages and temperatures now, with the lowest, highest and spread' },
      async (req) => {
        const d = await findDevice(db, requireAuth(req.auth), 'battery', { sn: req.params.sn });
        return ok(req, cellsOf(d.metrics));
      },
    );

    route(
      'GET /battery/:sn/batteryWorkData',
      {
        config: view,
        summary: 'A plant-local day of work: power, SOC, voltage, current and temperature, with the day’s energy',
      },
      async (req) => {
        const d = await findDevice(db, requireAuth(req.auth), 'battery', { sn: req.params.sn });
        const [series, energy] = await Promise.all([
          daySeries(db, d, req.query.date, WORK_PARAMS),
          dayEnergy(db, d, req.query.date),
        ]);
        return ok(req, { date: energy.date, chargeKwh: energy.charge, dischargeKwh: energy.discharge, series });
      },
    );

    route(
      'POST /battery/:id/delete',
      { config: control, summary: 'Remove a battery from the console (logical delete, kept in the operation log)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const d = await findDevice(db, auth, 'battery', { id: req.params.id }, { write: true });
        await deleteDevice(db, auth, req.ip, d, 'battery.delete');
        return ok(req, null);
      },
    );
  };
}
