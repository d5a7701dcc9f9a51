import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { createRule, deleteRule, getRule, listRules, runPage, setEnabled, updateRule } from './store.js';

export interface SmartRuleDeps {
  db: Db;
  now: () => number;
  /** A rule made, changed or enabled: the engine looks soon (a schedule or price may be due at once). */
  changed?: () => void;
}

const view = { access: 'smart.rule', scope: 'company' } as const;
const edit = { access: 'smart.rule.edit', scope: 'company' } as const;

/**
 * Smart rules (spec §7 smart/rule/*, issue 17 point 5). A rule follows its plant's access policy: another
 * company's rule, or a plant the caller may not change, answers "does not exist" and nothing changes. The
 * engine (engine.ts) fires them. docs/smart-rules.md.
 */
export function smartRuleRoutes({ db, now, changed }: SmartRuleDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'smartRules', { id: z.string().max(64) });
    route(
      'GET /smart/rule/page',
      { config: view, summary: 'Rules (search by name or plant; plant, enabled and action-kind filters; pages)' },
      async (req) => {
        const { page, size, ...q } = req.query;
        return ok(req, await listRules(db, requireAuth(req.auth), q, { page, size }));
      },
    );
    route('GET /smart/rule/:id', { config: view, summary: 'One rule with its last run' }, async (req) =>
      ok(req, await getRule(db, requireAuth(req.auth), req.params.id)),
    );
    route(
      'GET /smart/rule/:id/runs',
      { config: view, summary: 'The run log of a rule, newest first: what fired it and each action’s outcome' },
      async (req) => {
        const { page, size } = req.query;
        return ok(req, await runPage(db, requireAuth(req.auth), req.params.id, { page, size }));
      },
    );
    route(
      'POST /smart/rule/create',
      { config: edit, summary: 'Create a rule on a plant the caller may change; its actions run as the caller' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const id = await createRule(db, auth, req.body, now());
        changed?.();
        return ok(req, await getRule(db, auth, id));
      },
    );
    route(
      'POST /smart/rule/update',
      { config: edit, summary: 'Replace a rule (the editor becomes its owner; its trigger is armed again)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { id, ...input } = req.body;
        await updateRule(db, auth, id, input, now());
        changed?.();
        return ok(req, await getRule(db, auth, id));
      },
    );
    route('POST /smart/rule/enable', { config: edit, summary: 'Enable or disable a rule' }, async (req) => {
      const auth = requireAuth(req.auth);
      await setEnabled(db, auth, req.body.id, req.body.enabled, now());
      changed?.();
      return ok(req, await getRule(db, auth, req.body.id));
    });
    route('POST /smart/rule/delete', { config: edit, summary: 'Delete a rule and its run log' }, async (req) => {
      await deleteRule(db, requireAuth(req.auth), req.body.id);
      return ok(req, null);
    });
  };
}
