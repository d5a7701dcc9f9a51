import { and, desc, ilike, sql } from 'drizzle-orm';
import { settingsProblems, type ConfigTemplate, type SettingsProtocol, type SettingValue } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findTemplate, templateKey } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { configTemplate } from '../../db/schema.js';
import { containing } from '../../db/rows.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { recordOperation } from '../commands/operation-log.js';
import { callerOf, inverterTarget, sendCommand } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';
import { InverterService } from '../inverters/service.js';
import { settingFieldsFor } from '../inverters/settings-form.js';
import { settingsError } from '../inverters/settings-fields.js';

type StoredValues = { protocol?: SettingsProtocol; settings?: Record<string, SettingValue> };

function toRow(r: typeof configTemplate.$inferSelect): ConfigTemplate {
  const stored = r.values as StoredValues;
  return {
    id: r.id,
    name: r.name,
    protocol: stored.protocol ?? 'metrics',
    model: r.model,
    values: stored.settings ?? {},
    updatedAt: r.updatedAt.getTime(),
  };
}

function checkValues(protocol: SettingsProtocol, values: Record<string, unknown>): void {
  const fields = settingFieldsFor(protocol) ?? [];
  const problems = settingsProblems(fields, values);
  if (problems.length > 0) throw settingsError(problems);
}

/**
 * Inverter parameter configuration templates (device/setting/recommend; spec §7 inverter/config/*): named
 * sets of setting values of one protocol, applied to one or many inverters as settingsWrite commands.
 */
export function configTemplateRoutes(deps: { db: Db; commands: CommandService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const inverters = new InverterService(db);
    const access = { access: 'config.template.list', scope: 'company' } as const;
    const route = contractRoutes(app, 'config templates', { id: z.uuid() });

    // Templates are picked by name in the apply dialog and the list, so two of one name would be ambiguous.
    const assertNameFree = async (auth: AuthContext, name: string, except?: string) => {
      const [taken] = await db
        .select({ id: configTemplate.id })
        .from(configTemplate)
        .where(
          and(
            scopeCondition(auth, 'template'),
            sql`lower(${configTemplate.name}) = lower(${name})`,
            except ? sql`${configTemplate.id} <> ${except}` : undefined,
          ),
        );
      if (taken) throw new AppError('templateNameExists');
    };

    route(
      'GET /inverter/config/fields',
      { config: access, summary: 'The settings form of a protocol (for the template editor)' },
      async (req) => ok(req, settingFieldsFor(req.query.protocol) ?? []),
    );

    route(
      'GET /inverter/config/templates',
      { config: access, summary: 'Templates of the caller’s company, searchable by name, newest first' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { q, page, size } = req.query;
        const where = and(
          scopeCondition(auth, 'template'),
          q?.trim() ? ilike(configTemplate.name, containing(q.trim())) : undefined,
        );
        const rows = await db
          .select()
          .from(configTemplate)
          .where(where)
          .orderBy(desc(configTemplate.updatedAt))
          .limit(size)
          .offset((page - 1) * size);
        const [count] = await db
          .select({ n: sql<number>`count(*)` })
          .from(configTemplate)
          .where(where);
        return ok(req, { total: Number(count?.n ?? 0), rows: rows.map(toRow) });
      },
    );

    route('GET /inverter/config/template/:id', { config: access, summary: 'One template' }, async (req) =>
      ok(req, toRow(await findTemplate(db, requireAuth(req.auth), req.params.id))),
    );

    route(
      'POST /inverter/config/template',
      { config: access, summary: 'Create a template (values checked against the protocol’s form)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { name, protocol, model, values } = req.body;
        checkValues(protocol, values);
        await assertNameFree(auth, name);
        const [row] = await db
          .insert(configTemplate)
          .values({
            companyId: auth.companyId,
            name,
            model,
            values: { protocol, settings: values },
            createdBy: auth.userId,
          })
          .returning();
        if (!row) throw new AppError('serverError');
        return ok(req, toRow(row));
      },
    );

    route('POST /inverter/config/template/:id', { config: access, summary: 'Change a template' }, async (req) => {
      const auth = requireAuth(req.auth);
      await findTemplate(db, auth, req.params.id);
      const { name, protocol, model, values } = req.body;
      checkValues(protocol, values);
      await assertNameFree(auth, name, req.params.id);
      const [row] = await db
        .update(configTemplate)
        .set({ name, model, values: { protocol, settings: values }, updatedAt: new Date() })
        .where(templateKey(auth, req.params.id))
        .returning();
      if (!row) throw new AppError('notFound');
      return ok(req, toRow(row));
    });

    route(
      'POST /inverter/config/template/:id/delete',
      { config: access, summary: 'Delete a template' },
      async (req) => {
        const auth = requireAuth(req.auth);
        await findTemplate(db, auth, req.params.id);
        await db.delete(configTemplate).where(templateKey(auth, req.params.id));
        return ok(req, null);
      },
    );

    route(
      'POST /inverter/config/template/:id/apply',
      { config: access, summary: 'Write the template to inverters (one settingsWrite each) and report each result' },
      async (req) => {
        const caller = callerOf(req);
        const { auth } = caller;
        if (!auth.permissions.has('inverter.setting')) throw new AppError('noPermission', { httpStatus: 403 });
        const template = toRow(await findTemplate(db, auth, req.params.id));
        const sns = [...new Set(req.body.sns)];
        const results = await Promise.all(
          sns.map(async (sn) => {
            try {
              const inv = await inverters.target(auth, sn, { write: true });
              if (inv.protocol !== template.protocol) throw new AppError('inverterSettingUnsupported');
              inverters.assertAllowed(inv, 'settings');
              const order = {
                type: 'settingsWrite',
                params: template.values,
                operation: 'inverter.templateApply',
                newValue: { template: template.name, values: template.values },
              } as const;
              const save = () => inverters.rememberSettings(inv, template.values);
              const outcome = await sendCommand(deps.commands, caller, inverterTarget(inv), order, save);
              return { sn, status: outcome.status, code: null, error: outcome.error, commandId: outcome.id };
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              return { sn, status: 'refused' as const, code: error.code, error: error.key, commandId: null };
            }
          }),
        );
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: template.id,
          operation: 'configTemplate.apply',
          newValue: { template: template.name, inverters: sns },
          result: results.every((r) => r.status === 'succeeded') ? 'succeeded' : 'failed',
        });
        return ok(req, results);
      },
    );
  };
}
