import { MESSAGES, VIEW_LINK_PREFIX, errorMessage, fieldMessage, parseLang, type FieldRule } from '@heliograph/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isScope, ROUTE_SCOPES, type AuthContext } from './context.js';
import { contractFault } from './contract.js';
import { AppError, ValidationError } from './errors.js';

/**
 * Every /api/v1 route must say who may call it and whose rows it touches (DESIGN §4), with a scope from the
 * closed set (context.ts): a misspelt or invented scope would otherwise be enforced as nothing at all.
 */
export function requireRouteDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1')) return;
    const config = route.config as { access?: unknown; scope?: unknown } | undefined;
    if (!config?.access || !config.scope || !route.schema) {
      throw new Error(`${route.method} ${route.url} must declare config.access, config.scope and a schema`);
    }
    if (!isScope(config.scope)) {
      throw new Error(
        `${route.method} ${route.url} declares scope ${JSON.stringify(config.scope)}, not one of ${ROUTE_SCOPES.join(', ')}`,
      );
    }
    if (config.access === 'public' && config.scope !== 'none') {
      throw new Error(`${route.method} ${route.url} is public, so it has no caller and its scope must be none`);
    }
    const links = (route.config as { links?: unknown } | undefined)?.links;
    if (links && (!['GET', 'HEAD'].includes(String(route.method)) || config.scope !== 'company')) {
      throw new Error(`${route.method} ${route.url}: only GET routes of scope company may accept view links`);
    }
    const fault = contractFault(route);
    if (fault) throw new Error(fault);
  });
}

/**
 * Who is behind a Bearer token: the caller, or null for a session that is gone. Built by the app from the
 * token service and the user store, so http/ depends on no module.
 */
export type Authenticate = (token: string) => Promise<AuthContext | null>;

/** Whether a token is a read-only view link's (VIEW_LINK_PREFIX), which only `links` routes accept. */
const isViewLinkToken = (token: string): boolean => token.startsWith(VIEW_LINK_PREFIX);

/**
 * Language of the answer, then the caller behind the Bearer token for every non-public route, held to the
 * route's access rule and scope.
 */
export function accessHooks(
  app: FastifyInstance,
  deps: { authenticate: Authenticate; authenticateLink?: Authenticate },
): void {
  app.decorateRequest('lang', 'en');
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const q = req.query as { lan?: unknown } | undefined;
    req.lang = parseLang(typeof q?.lan === 'string' ? q.lan : req.headers['accept-language']);
    const access = req.routeOptions.config.access;
    if (!access || access === 'public') return;
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new AppError('tokenInvalid', { httpStatus: 401 });
    if (isViewLinkToken(match[1])) {
      // A view link reads the few GET routes that declare `links`, and no other route at all: it is not an
      // account, so no permission key and no other scope applies. Every request reads the link, so a revoked
      // one stops at once.
      const kinds = req.routeOptions.config.links ?? [];
      const linked = kinds.length > 0 && req.method === 'GET' ? await deps.authenticateLink?.(match[1]) : null;
      // A display's link reads the display's calls, a plant's embed link the plant's view: each only its own.
      if (!linked?.link || !kinds.includes(linked.link.kind)) throw new AppError('tokenInvalid', { httpStatus: 401 });
      req.auth = linked;
      return;
    }
    const auth = await deps.authenticate(match[1]);
    if (!auth) throw new AppError('tokenInvalid', { httpStatus: 401 });
    if (access !== 'signedIn' && !auth.permissions.has(access)) {
      throw new AppError('noPermission', { httpStatus: 403 });
    }
    // The one scope that needs no row to decide: the rows of `company` routes are the access layer's.
    if (req.routeOptions.config.scope === 'platform' && auth.role !== 'platform_admin') {
      throw new AppError('noPermission', { httpStatus: 403 });
    }
    req.auth = auth;
  });
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}

const GENERIC_RULES: ReadonlySet<string> = new Set(['required', 'invalid', 'tooLong']);

function zodRule(keyword: string, params: Record<string, unknown>, message: string): FieldRule {
  // A shared schema names its own rule (e.g. `date`, `month`) so the message says what is expected.
  if (keyword === 'custom' && Object.hasOwn(MESSAGES.en.fields, message)) return message as FieldRule;
  // …and so does a bound it names a rule of its own (cameraPassword 4–20, cameraPort …): the limits stay in
  // the schema (and the OpenAPI document) while the message says what is expected. The generic rules keep
  // the mapping below.
  if (Object.hasOwn(MESSAGES.en.fields, message) && !GENERIC_RULES.has(message)) return message as FieldRule;
  if (keyword === 'too_big') return 'tooLong';
  if (keyword === 'invalid_type' && params.input === undefined) return 'required';
  return 'invalid';
}

/** Renders every failure as `{code, data, msg}` in the caller's language; faults keep their stack in the log. */
export function errorRendering(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const lang = req.lang;
    // A business error travels with HTTP 200 but is not the route's success shape: skip its response schema.
    reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
    if (error instanceof ValidationError) {
      return reply.status(400).send({
        code: error.code,
        data: { fields: error.fields.map((f) => ({ ...f, message: fieldMessage(f.rule, lang) })) },
        msg: errorMessage('validation', lang),
      });
    }
    if (error instanceof AppError) {
      if (error.retryAfterS !== undefined) reply.header('retry-after', String(error.retryAfterS));
      return reply
        .status(error.httpStatus)
        .send({ code: error.code, data: error.data, msg: errorMessage(error.key, lang) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(v.params.keys ?? '') || 'body';
        const rule = zodRule(v.keyword, v.params, v.message ?? '');
        return { field, rule, message: fieldMessage(rule, lang) };
      });
      return reply.status(400).send({ code: 4, data: { fields }, msg: errorMessage('validation', lang) });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the caller's fault, said as a validation error.
      return reply.status(status).send({
        code: 4,
        data: { fields: [{ field: 'body', rule: 'invalid', message: fieldMessage('invalid', lang) }] },
        msg: errorMessage('validation', lang),
      });
    }
    req.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ code: 500, data: null, msg: errorMessage('serverError', lang) });
  });
}
