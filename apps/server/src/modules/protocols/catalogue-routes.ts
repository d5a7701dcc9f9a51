import { sql } from 'drizzle-orm';
import {
  BYTE_ORDER_NAMES,
  BYTE_ORDERS,
  DATA_TYPE_REGISTERS,
  isSettingsProtocol,
  PROTOCOL_DATA_TYPES,
  PROTOCOL_FUNCTION_CODES,
  REGISTER_TYPE_OF,
  REGISTER_TYPES,
  type DeviceKind,
  type ProtocastImportResult,
} from '@heliograph/shared';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { protocol } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes, type ZodApp } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import { readUpload } from '../files/multipart.js';
import { sendXlsx } from '../../xlsx/write.js';
import { LIBRARY_HEADINGS, libraryRows, parseLibrary } from './library.js';
import { queueProtocolPush, type ProtocolPusher } from './push.js';
import { addConfigVersion, latestConfigs, touchProtocol } from './store.js';

/** The editor's enums are the same for everyone: one answer, made once. */
const RELATED = {
  functionCodes: PROTOCOL_FUNCTION_CODES.map((value) => ({ value, registerType: REGISTER_TYPE_OF[value] })),
  registerTypes: [...REGISTER_TYPES],
  dataTypes: PROTOCOL_DATA_TYPES.map((value) => ({ value, registers: DATA_TYPE_REGISTERS[value] })),
  orders: BYTE_ORDER_NAMES.map((value) => ({ value, ...BYTE_ORDERS[value] })),
};

/**
 * dict/protocolRelated, iotProduct/getOne and the protocol library sheet (protocast/fullData/*) of spec §7
 * "Protocols" (docs/protocols.md). Registered inside the protocol routes' plugin, which has multipart.
 */
export function catalogueRoutes(
  app: ZodApp,
  deps: {
    db: Db;
    now: () => Date;
    pusher: Pick<ProtocolPusher, 'kickSoon'>;
    importMaxBytes: number;
    isTooLarge: (e: unknown) => boolean;
  },
): void {
  const { db, now, pusher } = deps;
  const route = contractRoutes(app, 'protocols');
  const manage = { access: 'protocol.manage.view', scope: 'platform' } as const;

  route(
    'GET /dict/protocolRelated',
    {
      config: manage,
      summary: 'The register-map editor’s enums: function codes, register types, data types, byte orders',
    },
    async (req) => ok(req, RELATED),
  );

  route(
    'GET /iotProduct/getOne',
    {
      // A company sees its own gateways of the model; another company's fleet is not counted.
      config: { access: 'gateway.view', scope: 'company' },
      summary: 'A gateway product (model): the caller’s gateways of it, their firmware, devices and protocols',
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const model = req.query.model;
      const seen = scopeCondition(auth, 'gateway');
      const [head] = await query<{ gateways: number; online: number }>(
        db,
        sql`select count(*)::int as gateways, count(*) filter (where g.online)::int as online
          from gateway g where lower(g.model) = lower(${model}) and ${seen}`,
      );
      // A model none of the caller's gateways is: "does not exist", whoever else has it.
      if (!head || Number(head.gateways) === 0) throw new AppError('notFound');
      const firmware = await query<{ version: string; n: number }>(
        db,
        sql`select coalesce(g.firmware, '') as version, count(*)::int as n from gateway g
          where lower(g.model) = lower(${model}) and ${seen} group by 1 order by 2 desc, 1 limit 50`,
      );
      const devices = await query<{ kind: DeviceKind; n: number }>(
        db,
        sql`select d.kind, count(*)::int as n from device d join gateway g on g.id = d.gateway_id
          where lower(g.model) = lower(${model}) and ${seen} and d.deleted_at is null group by 1 order by 1`,
      );
      const protocols = await query<{ protocol: string; n: number; data: boolean }>(
        db,
        sql`select d.protocol, count(*)::int as n,
            exists (select 1 from protocol p where lower(p.code) = lower(d.protocol)) as data
          from device d join gateway g on g.id = d.gateway_id
          where lower(g.model) = lower(${model}) and ${seen} and d.deleted_at is null
          group by 1 order by 2 desc, 1 limit 100`,
      );
      return ok(req, {
        model,
        gateways: Number(head.gateways),
        online: Number(head.online),
        firmware: firmware.map((f) => ({ version: f.version, gateways: Number(f.n) })),
        devices: devices.map((d) => ({ kind: d.kind, count: Number(d.n) })),
        protocols: protocols.map((p) => ({
          protocol: p.protocol,
          devices: Number(p.n),
          data: Boolean(p.data) && !isSettingsProtocol(p.protocol.toLowerCase()),
        })),
      });
    },
  );

  route(
    'GET /protocast/fullData/download',
    { config: manage, summary: 'The protocol library (.xlsx): every protocol, its configs’ newest versions' },
    async (req, reply) =>
      sendXlsx(reply, {
        name: 'protocols',
        lang: req.lang,
        headings: LIBRARY_HEADINGS,
        rows: await libraryRows(db, req.lang),
      }),
  );

  route(
    'POST /protocast/fullData/import',
    {
      config: manage,
      summary:
        'Import a protocol library (.xlsx, multipart "file"): every row checked first; with check=false and no bad row, new protocols are created and each config named gets a new version',
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const up = await readUpload(req, {
        maxBytes: deps.importMaxBytes,
        fields: 4,
        tooBig: 'tooLong',
        isTooLarge: deps.isTooLarge,
      });
      if (!/\.xlsx$/i.test(up.fileName) || up.bytes.length === 0) throw new AppError('importFailed');
      const parsed = parseLibrary(up.bytes, req.lang);
      const plan: ProtocastImportResult['protocols'] = [];
      const ids = new Map<string, string>();
      for (const p of parsed.protocols) {
        const [row] = await db
          .select({ id: protocol.id })
          .from(protocol)
          .where(sql`lower(${protocol.code}) = lower(${p.code})`)
          .limit(1);
        if (row) ids.set(p.code, row.id);
        const existing = new Map(
          (row ? await latestConfigs(db, row.id) : []).map((c) => [c.name.toLowerCase(), c] as const),
        );
        plan.push({
          code: p.code,
          created: !row,
          configs: [...p.configs].map(([name, columns]) => ({
            name: existing.get(name.toLowerCase())?.name ?? name,
            version: (existing.get(name.toLowerCase())?.version ?? 0) + 1,
            columns: columns.length,
          })),
        });
      }
      const answer = { rows: parsed.rows, protocols: plan, problems: parsed.problems };
      if (parsed.problems.length > 0 || req.query.check === 'true') return ok(req, { saved: false, ...answer });
      const made = await db.transaction(async (tx) => {
        const out: ProtocastImportResult['protocols'] = [];
        for (const p of parsed.protocols) {
          let id = ids.get(p.code);
          if (!id) {
            const [row] = await tx
              .insert(protocol)
              .values({
                code: p.code,
                manufacturer: p.manufacturer,
                protocolVersion: p.protocolVersion,
                configureVersion: p.configureVersion,
                createdBy: auth.userId,
              })
              .returning({ id: protocol.id });
            if (!row) throw new Error('protocol not inserted');
            id = row.id;
          }
          const configs = [];
          // The console's spelling of a config it has (names are one whatever the case), the sheet's otherwise.
          const names = plan.find((x) => x.code === p.code)?.configs.map((c) => c.name) ?? [];
          for (const [i, [sheetName, columns]] of [...p.configs].entries()) {
            const name = names[i] ?? sheetName;
            const v = await addConfigVersion(tx, {
              protocolId: id,
              name,
              note: up.fileName,
              createdBy: auth.userId,
              columns,
            });
            configs.push({ name, version: v.version, columns: columns.length });
          }
          await touchProtocol(tx, id, now());
          await queueProtocolPush(tx, id, now());
          await recordAudit(tx, auth, req.ip, {
            action: 'protocol.import',
            targetKind: 'protocol',
            targetId: id,
            newValue: { file: up.fileName, library: true, created: !ids.has(p.code), configs },
          });
          out.push({ code: p.code, created: !ids.has(p.code), configs });
        }
        return out;
      });
      pusher.kickSoon();
      return ok(req, { saved: true, ...answer, protocols: made });
    },
  );
}
