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
import type { z } from 'zod';
import type { Access, Scope } from './context.js';
import { envelope } from './envelope.js';

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

/** The schema a contract route is registered with: its path parameters, then all the rest from the table. */
export interface ContractSchema<K extends ApiRoute, P> {
  tags: string[];
  summary: string;
  params: P;
  querystring: Part<K, 'query'>;
  body: Part<K, 'body'>;
  response: Answer<K>;
}

/** What a route states of its own; everything else comes from its contract. */
export interface RouteOwn<P extends z.ZodType | undefined> {
  /** Who may call it and whose rows it touches (DESIGN §4). */
  config: { access: Access; scope: Scope };
  summary: string;
  /** The path parameters' schema, for a path with `:name` in it. */
  params?: P;
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
 * body and answer come from the route table `API` in packages/shared, so a route states only what is its own —
 * who may call it, its summary, its path parameters and its handler — and cannot restate its contract wrongly.
 */
export function contractRoutes(app: ZodApp, tag: string) {
  const tags = [tag];
  return <K extends ApiRoute, P extends z.ZodType | undefined = undefined>(
    key: K,
    own: RouteOwn<P>,
    handler: ContractHandler<K, P>,
  ): void => {
    const [method, url] = key.split(' ') as [HTTPMethods, string];
    // The table's schemas are typed per route; built at run time from a key, the schema is as its type says.
    const schema = contractSchema(key, tags, own.summary, own.params) as unknown as ContractSchema<K, P>;
    app.route<RouteGenericInterface, ContextConfigDefault, ContractSchema<K, P>>({
      method,
      url,
      config: own.config,
      schema,
      handler,
    });
  };
}
