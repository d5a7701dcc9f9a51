import fastifyMultipart from '@fastify/multipart';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  hexAddress,
  parseHexAddress,
  PROTOCOL_LIMITS,
  protocolNameProblem,
  sunspecScanResultSchema,
  type ColumnInput,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/rows.js';
import { device, gateway, protocol, protocolColumn, protocolConfig } from '../../db/schema.js';
import type { CommandService } from '../commands/service.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import { readUpload } from '../files/multipart.js';
import { sendXlsx } from '../../xlsx/write.js';
import { hexBytes, lowestAddress, parseFrame, decodeRegisters } from './decode.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { checkSaveModels, describeModels, proposeConfigs } from './discover.js';
import { pushStatus, queueProtocolPush, type ProtocolPusher } from './push.js';
import { seedProtocols } from './seed.js';
import { parseImport, SHEET_HEADINGS, sheetRows } from './sheet.js';
import {
  addConfigVersion,
  checkCodeFree,
  checkColumn,
  columnsOf,
  columnValues,
  configById,
  configVersions,
  editableConfig,
  latestConfigs,
  listProtocols,
  protocolById,
  toColumnRow,
  touchProtocol,
} from './store.js';

/** An .xlsx import of protocol data is small: a few hundred rows. */
const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
const CONFIG_NAME = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Protocols and register maps as data (issue 14 item 1, spec §7 "Protocols"). Platform data: every route is
 * for platform administrators with protocol.manage.view (scope platform; a company role is refused 403
 * before any row is read). The shipped maps are seeded when the module starts (seed.ts).
 */
export function protocolRoutes(deps: {
  db: Db;
  now?: () => number;
  /** Sends sunspecScan to a gateway and waits for its answer. */
  commands: CommandService;
  /** Sends protocol updates; kicked after a change so gateways get it in moments, not at the next round. */
  pusher: Pick<ProtocolPusher, 'kickSoon'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, commands, pusher } = deps;
    const clock = deps.now ?? Date.now;
    const now = () => new Date(clock());
    await seedProtocols(db);
    await app.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4 } });
    const isTooLarge = (e: unknown) => e instanceof app.multipartErrors.RequestFileTooLargeError;
    const route = contractRoutes(app, 'protocols', {
      protocolId: z.string().max(64),
      configId: z.string().max(64),
      columnId: z.string().max(64),
    });
    const manage = { access: 'protocol.manage.view', scope: 'platform' } as const;
    catalogueRoutes(app, { db, now, pusher, importMaxBytes: IMPORT_MAX_BYTES, isTooLarge });
    const uuid = (id: string) => z.uuid().safeParse(id).success;
    const protocolOf = async (id: string) => {
      if (!uuid(id)) throw new AppError('notFound');
      return protocolById(db, id);
    };
    const configOf = async (id: string) => {
      if (!uuid(id)) throw new AppError('notFound');
      return configById(db, id);
    };
    const columnOf = async (id: string) => {
      if (!uuid(id)) throw new AppError('notFound');
      const [row] = await db.select().from(protocolColumn).where(eq(protocolColumn.id, id));
      if (!row) throw new AppError('notFound');
      return row;
    };
    const codeRule = (code: string) => {
      const problem = protocolNameProblem(code);
      if (problem) throw new ValidationError([{ field: 'code', rule: problem }]);
    };
    const configNameRule = (name: string) => {
      if (!CONFIG_NAME.test(name))
        throw new ValidationError([{ field: 'name', rule: name ? 'configName' : 'required' }]);
    };
    const configNameFree = async (protocolId: string, name: string) => {
      const [hit] = await db
        .select({ id: protocolConfig.id })
        .from(protocolConfig)
        .where(
          and(eq(protocolConfig.protocolId, protocolId), eq(sql`lower(${protocolConfig.name})`, name.toLowerCase())),
        )
        .limit(1);
      if (hit) throw new ValidationError([{ field: 'name', rule: 'configExists' }]);
    };
    const siblings = async (configId: string, except?: string): Promise<ColumnInput[]> =>
      (await columnsOf(db, configId)).filter((c) => c.id !== except);
    /** Two requests adding the same name at once: the index refuses the second, answered as the rule it broke. */
    const repeated = (e: unknown): never => {
      if (isUniqueViolation(e)) throw new ValidationError([{ field: 'name', rule: 'columnRepeat' }]);
      throw e;
    };
    const columnInput = (body: ColumnInput): ColumnInput => ({
      ...body,
      startAddress: body.startAddress.toUpperCase(),
    });
    /** A new protocol's row (the POST /protocol form, or a discovered proposal saved); answers its id. */
    const insertProtocol = async (
      tx: Pick<Db, 'insert'>,
      b: { code: string; manufacturer: string; protocolVersion: string; configureVersion: string },
      createdBy: string,
    ): Promise<string> => {
      const [row] = await tx
        .insert(protocol)
        .values({
          code: b.code,
          manufacturer: b.manufacturer,
          protocolVersion: b.protocolVersion,
          configureVersion: b.configureVersion,
          createdBy,
        })
        .returning({ id: protocol.id });
      if (!row) throw new Error('protocol not inserted');
      return row.id;
    };
    /** A change to a protocol in the audit log, in the change's transaction; the protocol's id is the target. */
    const audit = (
      tx: Pick<Db, 'insert'>,
      req: { auth: AuthContext | null; ip: string },
      action: string,
      protocolId: string,
      change: { oldValue?: unknown; newValue?: unknown } = {},
    ) =>
      recordAudit(tx, requireAuth(req.auth), req.ip, {
        action: `protocol.${action}`,
        targetKind: 'protocol',
        targetId: protocolId,
        ...change,
      });

    route(
      'GET /protocol',
      { config: manage, summary: 'Protocols, by code; search by code or manufacturer' },
      async (req) => ok(req, await listProtocols(db, req.query)),
    );

    route(
      'GET /protocol/check',
      { config: manage, summary: 'Whether a protocol code may be used: 0, or 1501' },
      async (req) => {
        codeRule(req.query.code);
        await checkCodeFree(db, req.query.code, req.query.protocolId);
        return ok(req, null);
      },
    );

    route('POST /protocol', { config: manage, summary: 'Create a protocol (no configs yet)' }, async (req) => {
      const auth = requireAuth(req.auth);
      const b = req.body;
      codeRule(b.code);
      await checkCodeFree(db, b.code);
      try {
        const id = await db.transaction(async (tx) => {
          const id = await insertProtocol(tx, b, auth.userId);
          await audit(tx, req, 'create', id, { newValue: { code: b.code, manufacturer: b.manufacturer } });
          return id;
        });
        return ok(req, await protocolById(db, id));
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('protocolExists');
        throw e;
      }
    });

    route(
      'GET /protocol/configs',
      { config: manage, summary: 'The newest version of each config of a protocol' },
      async (req) => {
        await protocolOf(req.query.protocolId);
        return ok(req, await latestConfigs(db, req.query.protocolId));
      },
    );

    route(
      'GET /protocol/config/check',
      { config: manage, summary: 'Whether a config name is free in a protocol' },
      async (req) => {
        await protocolOf(req.query.protocolId);
        configNameRule(req.query.name);
        await configNameFree(req.query.protocolId, req.query.name);
        return ok(req, null);
      },
    );

    route(
      'GET /protocol/config/versions',
      { config: manage, summary: 'Every version of a config, newest first' },
      async (req) => {
        await protocolOf(req.query.protocolId);
        return ok(req, await configVersions(db, req.query.protocolId, req.query.name));
      },
    );

    route(
      'POST /protocol/config',
      { config: manage, summary: 'Add a config (version 1, no columns) to a protocol' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { protocolId, name, note } = req.body;
        await protocolOf(protocolId);
        configNameRule(name);
        await configNameFree(protocolId, name);
        const made = await db.transaction(async (tx) => {
          const v = await addConfigVersion(tx, { protocolId, name, note, createdBy: auth.userId, columns: [] });
          await touchProtocol(tx, protocolId, now());
          await audit(tx, req, 'configCreate', protocolId, { newValue: { config: name, version: v.version } });
          await queueProtocolPush(tx, protocolId, now(), name);
          return v;
        });
        pusher.kickSoon();
        return ok(req, await configById(db, made.id));
      },
    );

    route(
      'POST /protocol/configs/:configId',
      { config: manage, summary: 'A new version of a config: a copy of this version’s columns, now the newest' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const from = await configOf(req.params.configId);
        const columns = await columnsOf(db, from.id);
        const made = await db.transaction(async (tx) => {
          const v = await addConfigVersion(tx, {
            protocolId: from.protocolId,
            name: from.name,
            note: req.body.note,
            createdBy: auth.userId,
            columns,
          });
          await touchProtocol(tx, from.protocolId, now());
          await audit(tx, req, 'configVersion', from.protocolId, {
            oldValue: { config: from.name, version: from.version },
            newValue: { config: from.name, version: v.version },
          });
          await queueProtocolPush(tx, from.protocolId, now(), from.name);
          return v;
        });
        pusher.kickSoon();
        return ok(req, await configById(db, made.id));
      },
    );

    route(
      'POST /protocol/configs/:configId/delete',
      { config: manage, summary: 'Delete one version of a config' },
      async (req) => {
        const config = await configOf(req.params.configId);
        await db.transaction(async (tx) => {
          await tx.delete(protocolConfig).where(eq(protocolConfig.id, config.id));
          await touchProtocol(tx, config.protocolId, now());
          await audit(tx, req, 'configDelete', config.protocolId, {
            oldValue: { config: config.name, version: config.version },
          });
          // The gateways using it get the version that is now the newest (none when it was the last one:
          // their rows say so rather than wait for a version that no longer exists).
          const queued = await queueProtocolPush(tx, config.protocolId, now(), config.name);
          if (queued === 0)
            await tx.execute(sql`update protocol_push set state = 'failed', error = 'config deleted',
                updated_at = ${now().toISOString()}::timestamptz
              where protocol_id = ${config.protocolId} and lower(config) = lower(${config.name})`);
        });
        pusher.kickSoon();
        return ok(req, null);
      },
    );

    route(
      'GET /protocol/columns',
      { config: manage, summary: 'The columns of a config version, in order' },
      async (req) => {
        await configOf(req.query.configId);
        return ok(req, await columnsOf(db, req.query.configId));
      },
    );

    route(
      'POST /protocol/config/:configId/column',
      { config: manage, summary: 'Add a column to the newest version of a config' },
      async (req) => {
        if (!uuid(req.params.configId)) throw new AppError('notFound');
        const config = await editableConfig(db, req.params.configId);
        const input = columnInput(req.body);
        const others = await siblings(config.id);
        if (others.length >= PROTOCOL_LIMITS.columnsMax)
          throw new ValidationError([{ field: 'name', rule: 'columnsMax' }]);
        checkColumn(input, others);
        const [row] = await db.transaction(async (tx) => {
          const inserted = await tx
            .insert(protocolColumn)
            .values(columnValues(input, config.id, others.length))
            .returning()
            .catch(repeated);
          await touchProtocol(tx, config.protocolId, now());
          await queueProtocolPush(tx, config.protocolId, now(), config.name);
          await audit(tx, req, 'columnAdd', config.protocolId, {
            newValue: { config: config.name, version: config.version, column: input.name },
          });
          return inserted;
        });
        pusher.kickSoon();
        if (!row) throw new Error('column not inserted');
        return ok(req, toColumnRow(row));
      },
    );

    route(
      'POST /protocol/columns/:columnId',
      { config: manage, summary: 'Change a column of the newest version of a config' },
      async (req) => {
        const current = await columnOf(req.params.columnId);
        const config = await editableConfig(db, current.configId);
        const input = columnInput(req.body);
        checkColumn(input, await siblings(config.id, current.id));
        const [row] = await db.transaction(async (tx) => {
          const updated = await tx
            .update(protocolColumn)
            .set(columnValues(input, config.id, current.position))
            .where(eq(protocolColumn.id, current.id))
            .returning()
            .catch(repeated);
          await touchProtocol(tx, config.protocolId, now());
          await queueProtocolPush(tx, config.protocolId, now(), config.name);
          await audit(tx, req, 'columnUpdate', config.protocolId, {
            oldValue: { config: config.name, version: config.version, column: current.name },
            newValue: { column: input.name },
          });
          return updated;
        });
        pusher.kickSoon();
        if (!row) throw new AppError('notFound');
        return ok(req, toColumnRow(row));
      },
    );

    route(
      'POST /protocol/columns/:columnId/delete',
      { config: manage, summary: 'Delete a column of the newest version of a config' },
      async (req) => {
        const current = await columnOf(req.params.columnId);
        const config = await editableConfig(db, current.configId);
        const others = await siblings(config.id, current.id);
        const dependants = others.filter((c) => c.scaleFactor === current.name);
        if (dependants.length > 0) throw new ValidationError([{ field: 'scaleFactor', rule: 'scaleFactorMissing' }]);
        await db.transaction(async (tx) => {
          await tx.delete(protocolColumn).where(eq(protocolColumn.id, current.id));
          await touchProtocol(tx, config.protocolId, now());
          await queueProtocolPush(tx, config.protocolId, now(), config.name);
          await audit(tx, req, 'columnDelete', config.protocolId, {
            oldValue: { config: config.name, version: config.version, column: current.name },
          });
        });
        pusher.kickSoon();
        return ok(req, null);
      },
    );

    route(
      'GET /protocol/columns/download',
      { config: manage, summary: 'The import template (.xlsx): the headings of a columns sheet' },
      async (req, reply) =>
        sendXlsx(reply, { name: 'protocol-columns', lang: req.lang, headings: SHEET_HEADINGS, rows: [], dated: false }),
    );

    route(
      'GET /protocol/fullData/download',
      { config: manage, summary: 'Every config of a protocol (newest versions) with its columns, as .xlsx' },
      async (req, reply) => {
        const p = await protocolOf(req.query.protocolId);
        const rows = [];
        for (const c of await latestConfigs(db, p.id))
          rows.push(...sheetRows(c.name, await columnsOf(db, c.id), req.lang));
        return sendXlsx(reply, { name: `protocol-${p.code}`, lang: req.lang, headings: SHEET_HEADINGS, rows });
      },
    );

    route(
      'POST /protocol/fullData/import',
      {
        config: manage,
        summary:
          'Import configs from .xlsx (multipart "file"): every row is checked first; with check=false and no bad row, each config named gets a new version',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const p = await protocolOf(req.query.protocolId);
        const up = await readUpload(req, { maxBytes: IMPORT_MAX_BYTES, fields: 4, tooBig: 'tooLong', isTooLarge });
        if (!/\.xlsx$/i.test(up.fileName) || up.bytes.length === 0) throw new AppError('importFailed');
        const parsed = parseImport(up.bytes, req.lang);
        const existing = new Map((await latestConfigs(db, p.id)).map((c) => [c.name.toLowerCase(), c]));
        const plan = [...parsed.configs].map(([name, columns]) => ({
          name: existing.get(name.toLowerCase())?.name ?? name,
          version: (existing.get(name.toLowerCase())?.version ?? 0) + 1,
          columns,
        }));
        const answer = {
          rows: parsed.rows,
          configs: plan.map((c) => ({ name: c.name, version: c.version, columns: c.columns.length })),
          problems: parsed.problems,
        };
        if (parsed.problems.length > 0 || req.query.check === 'true') return ok(req, { saved: false, ...answer });
        const made = await db.transaction(async (tx) => {
          const out = [];
          for (const c of plan) {
            const v = await addConfigVersion(tx, {
              protocolId: p.id,
              name: c.name,
              note: up.fileName,
              createdBy: auth.userId,
              columns: c.columns,
            });
            out.push({ name: c.name, version: v.version, columns: c.columns.length });
            await queueProtocolPush(tx, p.id, now(), c.name);
          }
          await touchProtocol(tx, p.id, now());
          await audit(tx, req, 'import', p.id, { newValue: { file: up.fileName, configs: out } });
          return out;
        });
        pusher.kickSoon();
        return ok(req, { saved: true, ...answer, configs: made });
      },
    );

    route(
      'POST /protocol/decodeMessage',
      { config: manage, summary: 'A raw Modbus frame read with a config: named, scaled values' },
      async (req) => {
        const config = await configOf(req.body.configId);
        const columns = await columnsOf(db, config.id);
        const bytes = hexBytes(req.body.frame);
        if (!bytes || bytes.length > PROTOCOL_LIMITS.frameBytesMax)
          throw new ValidationError([{ field: 'frame', rule: 'modbusFrame' }]);
        let start = lowestAddress(columns);
        if (req.body.start !== undefined && req.body.start !== '') {
          const s = parseHexAddress(req.body.start);
          if (s === null) throw new ValidationError([{ field: 'start', rule: 'hexAddress' }]);
          start = s;
        }
        let frame;
        try {
          frame = parseFrame(bytes, req.body.kind);
        } catch {
          throw new ValidationError([{ field: 'frame', rule: 'modbusFrame' }]);
        }
        // A response of one function code is read with that code's columns only; bare registers with them all.
        const readable =
          frame.functionCode === null ? columns : columns.filter((c) => c.functionCode === frame.functionCode);
        const bits = frame.functionCode === 1 || frame.functionCode === 2;
        const decoded = decodeRegisters(frame.registers, start, readable, req.lang, bits);
        const other = columns
          .filter((c) => !readable.includes(c))
          .map((c) => ({ name: c.name, reason: 'functionCode' }));
        return ok(req, {
          kind: frame.kind,
          unitId: frame.unitId,
          functionCode: frame.functionCode,
          start: hexAddress(start),
          registers: frame.registers,
          values: decoded.values,
          skipped: [...decoded.skipped, ...other],
        });
      },
    );

    route(
      'POST /protocol/discover/scan',
      {
        config: manage,
        summary:
          'SunSpec discovery: the gateway scans a device for the "SunS" marker and its models (command sunspecScan); answers the models and a proposed protocol',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const b = req.body;
        const [gw] = await db
          .select({ id: gateway.id, sn: gateway.sn })
          .from(gateway)
          .where(eq(gateway.sn, b.gatewaySn));
        if (!gw) throw new AppError('gatewayNotFound');
        let target: { id: string; sn: string } | null = null;
        if (b.device) {
          const [d] = await db
            .select({ id: device.id, sn: device.sn })
            .from(device)
            .where(and(eq(device.sn, b.device), eq(device.gatewayId, gw.id), isNull(device.deletedAt)));
          if (!d) throw new AppError('notFound');
          target = d;
        }
        const params = {
          ...(b.unitId === undefined ? {} : { unitId: b.unitId }),
          ...(b.base === undefined ? {} : { base: b.base }),
        };
        const outcome = await commands.send({
          auth,
          ip: req.ip,
          gatewayId: gw.id,
          device: target,
          type: 'sunspecScan',
          params,
          operation: 'protocol.sunspecScan',
        });
        const parsed = outcome.status === 'succeeded' ? sunspecScanResultSchema.safeParse(outcome.result) : null;
        if (parsed && !parsed.success) req.log.warn({ sn: gw.sn, cmd: outcome.id }, 'malformed sunspecScan answer');
        const scan = parsed?.success ? parsed.data : null;
        const malformed = parsed !== null && !parsed.success;
        return ok(req, {
          id: outcome.id,
          status: malformed ? 'failed' : outcome.status,
          error: malformed ? 'malformed answer' : outcome.error,
          gatewaySn: gw.sn,
          device: scan?.device ?? null,
          unitId: scan?.unitId ?? null,
          base: scan?.base ?? null,
          models: scan ? describeModels(scan) : [],
          proposal: proposeConfigs(scan?.models ?? [], scan ? `${gw.sn}/${scan.device}` : undefined),
        });
      },
    );

    route(
      'POST /protocol/discover/save',
      { config: manage, summary: 'Save a discovered SunSpec proposal as a new protocol, one config per model' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const b = req.body;
        codeRule(b.code);
        checkSaveModels(b.models);
        await checkCodeFree(db, b.code);
        const proposal = proposeConfigs(b.models, b.gatewaySn);
        try {
          const id = await db.transaction(async (tx) => {
            const row = { id: await insertProtocol(tx, b, auth.userId) };
            for (const c of proposal.configs)
              await addConfigVersion(tx, {
                protocolId: row.id,
                name: c.name,
                note: c.note,
                createdBy: auth.userId,
                columns: c.columns,
              });
            // Gateways whose devices already name this code get the new configs.
            await queueProtocolPush(tx, row.id, now());
            await audit(tx, req, 'create', row.id, {
              newValue: { code: b.code, manufacturer: b.manufacturer, discovered: b.models.map((m) => m.id) },
            });
            return row.id;
          });
          pusher.kickSoon();
          return ok(req, await protocolById(db, id));
        } catch (e) {
          if (isUniqueViolation(e)) throw new AppError('protocolExists');
          throw e;
        }
      },
    );

    route(
      'GET /protocol/push/status',
      {
        config: manage,
        summary: 'Protocol updates: per config, the gateways using it and the version each acknowledged',
      },
      async (req) => {
        await protocolOf(req.query.protocolId);
        return ok(req, await pushStatus(db, req.query.protocolId));
      },
    );

    route(
      'POST /protocol/push/:protocolId',
      { config: manage, summary: 'Push now: queue the newest version of every config to every gateway using it' },
      async (req) => {
        const p = await protocolOf(req.params.protocolId);
        const queued = await db.transaction((tx) => queueProtocolPush(tx, p.id, now()));
        pusher.kickSoon();
        return ok(req, { queued });
      },
    );

    route('GET /protocol/:protocolId', { config: manage, summary: 'One protocol' }, async (req) =>
      ok(req, await protocolOf(req.params.protocolId)),
    );

    route('POST /protocol/:protocolId', { config: manage, summary: 'Edit a protocol’s fields' }, async (req) => {
      const p = await protocolOf(req.params.protocolId);
      const b = req.body;
      codeRule(b.code);
      await checkCodeFree(db, b.code, p.id);
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(protocol)
            .set({
              code: b.code,
              manufacturer: b.manufacturer,
              protocolVersion: b.protocolVersion,
              configureVersion: b.configureVersion,
              updatedAt: now(),
            })
            .where(eq(protocol.id, p.id));
          if (b.code !== p.code) {
            // Devices name their protocol by code: they follow the rename (still bound, whatever the case), and
            // their gateways get every config under the new code.
            await tx.execute(sql`update device set protocol = ${b.code}
              where lower(protocol) = lower(${p.code}) and deleted_at is null`);
            await queueProtocolPush(tx, p.id, now());
          }
          await audit(tx, req, 'update', p.id, {
            oldValue: {
              code: p.code,
              manufacturer: p.manufacturer,
              protocolVersion: p.protocolVersion,
              configureVersion: p.configureVersion,
            },
            newValue: {
              code: b.code,
              manufacturer: b.manufacturer,
              protocolVersion: b.protocolVersion,
              configureVersion: b.configureVersion,
            },
          });
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw new AppError('protocolExists');
        throw e;
      }
      if (b.code !== p.code) pusher.kickSoon();
      return ok(req, await protocolById(db, p.id));
    });

    route(
      'POST /protocol/:protocolId/delete',
      { config: manage, summary: 'Delete a protocol with its configs and columns' },
      async (req) => {
        const p = await protocolOf(req.params.protocolId);
        await db.transaction(async (tx) => {
          await tx.delete(protocol).where(eq(protocol.id, p.id));
          await audit(tx, req, 'delete', p.id, { oldValue: { code: p.code, manufacturer: p.manufacturer } });
        });
        return ok(req, null);
      },
    );
  };
}
