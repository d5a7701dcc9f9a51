import type { API, ApiRoute } from '@heliograph/shared';
import type { z } from 'zod';
import { request, type QueryValue, type RequestOptions } from './client';

/**
 * The web's one way to call /api/v1: typed from the route table in packages/shared (a type-only import, so
 * the schemas stay out of the bundle). The answer's type is the contract's, so a changed answer breaks the
 * web's build where it is used.
 */
type Contract<K extends ApiRoute> = (typeof API)[K];

/** What a call answers: the contract's `data`. */
export type Answer<K extends ApiRoute> = Contract<K>['answer'] extends z.ZodType
  ? z.output<Contract<K>['answer']>
  : never;

type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [N in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [N in Name]: string | number }
    : Record<never, never>;

type PathOf<K extends string> = K extends `${string} ${infer P}` ? P : never;

type ParamsPart<K extends ApiRoute> = keyof PathParams<PathOf<K>> extends never
  ? { params?: never }
  : { params: PathParams<PathOf<K>> };
type QueryPart<K extends ApiRoute> =
  Contract<K> extends { query: z.ZodType }
    ? { query?: Partial<Record<keyof z.input<Contract<K>['query']>, QueryValue>> }
    : { query?: Record<string, QueryValue> };
type BodyPart<K extends ApiRoute> =
  Contract<K> extends { body: z.ZodType } ? { body: z.input<Contract<K>['body']> } : { body?: unknown };

/** The arguments of a call: its path parameters, query and body as its contract names them, and a form for uploads. */
export type CallInput<K extends ApiRoute> = ParamsPart<K> & QueryPart<K> & BodyPart<K> & { form?: FormData };

export type CallOptions = Omit<RequestOptions, 'method' | 'query' | 'body' | 'form'>;

type Args<K extends ApiRoute> =
  Record<never, never> extends CallInput<K>
    ? [input?: CallInput<K>, opts?: CallOptions]
    : [input: CallInput<K>, opts?: CallOptions];

/** `/api/v1` + the route's path with its parameters filled in (each one encoded). */
export function routeUrl(route: ApiRoute, params: Record<string, string | number> = {}): string {
  const path = route.slice(route.indexOf(' ') + 1);
  return `/api/v1${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))}`;
}

export function call<K extends ApiRoute>(route: K, ...[input, opts]: Args<K>): Promise<Answer<K>> {
  const method = route.slice(0, route.indexOf(' ')) as NonNullable<RequestOptions['method']>;
  const { params, query, body, form } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    form?: FormData;
  };
  return request<Answer<K>>(routeUrl(route, params), {
    ...opts,
    method,
    query,
    form,
    // A POST always carries a JSON object (the server's body schemas expect one), as before.
    body: form ? undefined : method === 'GET' ? undefined : (body ?? {}),
  });
}
