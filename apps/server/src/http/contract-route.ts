import { API, type ApiRoute, type Contract } from '@heliograph/shared';
import type {
  ContextConfigDefault,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access, Scope, ViewLinkKind } from './context.js';
import { envelope } from './envelope.js';
import { serialNumber } from './params.js';

/** The Fastify instance a module registers its routes on (zod schemas). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

type ContractOf<K extends ApiRoute> = (typeof API)[K];
/** The contract's query or body schema, undefined where it has none (distributed over a union of routes). */
type Part<K extends ApiRoute, F extends 'query' | 'body'> = K extends ApiRoute
  ? ContractOf<K> extends { readonly [_ in F]: infer S }
    ? S
    : undefined
  : never;
type Answer<K extends ApiRoute> = K extends ApiRoute
  ? ContractOf<K>['answer'] extends z.ZodType
    ? { 200: ReturnType<typeof envelope<ContractOf<K>['answer'] & z.ZodType>> }
    : ContractOf<K> extends { readonly bare: infer B }
      ? { 200: B }
      : undefined
  : never;

/** The names of a path's `:name` parameters. */
type PathNames<S extends string> = S extends `${string}:${infer N}/${infer Rest}`
  ? N | PathNames<Rest>
  : S extends `${string}:${infer N}`
    ? N
    : never;

/** The rule of each path parameter by its name, e.g. `{ id: z.uuid() }`. */
export type PathRules = Record<string, z.ZodType>;

/** The path parameters' schema of a route, from the rules of its parameters' names. */
type PathParams<K extends ApiRoute, R extends PathRules> = [PathNames<K>] extends [never]
  ? undefined
  : z.ZodObject<{ [N in PathNames<K> & keyof R]: R[N] }>;

/** A serial number is the same everywhere (the gateway protocol's rule); other names are each module's. */
const COMMON_RULES = { sn: serialNumber };
type CommonRules = typeof COMMON_RULES;

/** The schema a contract route is registered with: its path parameters, then all the rest from the table. */
export interface ContractSchema<K extends ApiRoute, P> {
  tags: string[];
  summary: string;
  params: P;
  querystring: Part<K, 'query'>;
  body: Part<K, 'body'>;
  response: Answer<K>;
}

/** Who may call a route and whose rows it touches (DESIGN §4). */
export interface RouteAccess {
  access: Access;
  scope: Scope;
  /** The answer may be kept for a moment per caller (http/answer-cache.ts): the lists a fleet polls. */
  cacheable?: boolean;
  /** The read-only view links (by kind) that may call it: GET routes of the large screens and public views only. */
  links?: readonly ViewLinkKind[];
}

/** What a route states of its own besides its handler; everything else comes from its contract. */
export interface RouteOwn {
  config: RouteAccess;
  summary: string;
}

/** A handler typed by the route's contract: request query, body and params, and the answer it must return. */
export type ContractHandler<K extends ApiRoute, P> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  ContractSchema<K, P>,
  ZodTypeProvider
>;

/** The path parameters' schema of a route from the rules by name; undefined for a path without parameters. */
function pathParams(key: ApiRoute, rules: PathRules): z.ZodObject | undefined {
  const names = [...key.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  if (names.length === 0) return undefined;
  return z.object(
    Object.fromEntries(
      names.map((name) => {
        const rule = rules[name];
        if (!rule) throw new Error(`${key}: no rule for the path parameter :${name}`);
        return [name, rule];
      }),
    ),
  );
}

/** The schema of a route from its contract, in the form the start-up check (contractFault) holds it to. */
function contractSchema(key: ApiRoute, tags: string[], summary: string, params: z.ZodType | undefined) {
  const contract: Contract = API[key];
  const answer = contract.answer ? envelope(contract.answer) : contract.bare;
  return {
    tags,
    summary,
    ...(params && { params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
    ...(answer && { response: { 200: answer } }),
  };
}

/**
 * Registers the routes of one OpenAPI tag by their contract keys (`'GET /meter/:sn'`): the method, path, query,
 * body and answer come from the route table `API` in packages/shared, and the path parameters' schema from the
 * rules by name (`sn` everywhere, `rules` for the module's own names), so a route states only what is its own —
 * who may call it, its summary and its handler — and cannot restate its contract wrongly.
 */
export function contractRoutes<R extends PathRules = Record<never, never>>(app: ZodApp, tag: string, rules?: R) {
  const tags = [tag];
  const named: PathRules = { ...COMMON_RULES, ...rules };
  return <K extends ApiRoute>(
    key: K,
    own: RouteOwn,
    handler: ContractHandler<K, PathParams<K, CommonRules & R>>,
  ): void => {
    type Schema = ContractSchema<K, PathParams<K, CommonRules & R>>;
    const [method, url] = key.split(' ') as [HTTPMethods, string];
    // The table's schemas are typed per route; built at run time from a key, the schema is as its type says.
    const schema = contractSchema(key, tags, own.summary, pathParams(key, named)) as unknown as Schema;
    app.route<RouteGenericInterface, ContextConfigDefault, Schema>({
      method,
      url,
      config: own.config,
      schema,
      handler,
    });
  };
}
