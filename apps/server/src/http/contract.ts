import { API, type ApiRoute } from '@heliograph/shared';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { envelope } from './envelope.js';

type JsonRoute = { [K in ApiRoute]: (typeof API)[K]['answer'] extends z.ZodType ? K : never }[ApiRoute];

/**
 * The response schemas of a route from its contract in packages/shared: `{200: envelope(answer)}`. The
 * envelope object is made once per route so the start-up check can find the contract's schema inside it.
 */
export function answers<K extends JsonRoute>(
  route: K,
): { 200: ReturnType<typeof envelope<(typeof API)[K]['answer'] & z.ZodType>> } {
  const answer = API[route].answer as (typeof API)[K]['answer'] & z.ZodType;
  return { 200: envelope(answer) };
}

const PREFIX = '/api/v1';

/** `METHOD /path` of a registered route, the key of its contract. */
export function routeKey(method: string, url: string): string {
  return `${method} ${url.slice(PREFIX.length)}`;
}

interface RouteSchema {
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
}

/**
 * Why a route does not keep its contract, or null when it does: the route must be in the table, answer with
 * the table's schema (the same object, so nothing can be restated beside it) and validate the query and body
 * the table names with those very schemas.
 */
export function contractFault(route: Pick<RouteOptions, 'method' | 'url' | 'schema'>): string | null {
  if (!route.url.startsWith(PREFIX)) return null;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  for (const method of methods) {
    if (method === 'HEAD') continue;
    const key = routeKey(method, route.url);
    if (!Object.hasOwn(API, key)) return `${key} has no contract in packages/shared/src/contracts`;
    const contract = API[key as ApiRoute] as {
      answer: z.ZodType | null;
      bare?: z.ZodType;
      query?: z.ZodType;
      body?: z.ZodType;
    };
    const schema = (route.schema ?? {}) as RouteSchema;
    const ok = schema.response?.['200'] as z.ZodObject | undefined;
    const data = ok?.shape?.data;
    const kept = contract.bare
      ? ok === contract.bare
      : contract.answer === null
        ? ok === undefined
        : data === contract.answer;
    if (!kept) {
      return `${key} must answer with its contract (response: answers('${key}'))`;
    }
    if (contract.query && schema.querystring !== contract.query)
      return `${key} must validate its query with its contract`;
    if (contract.body && schema.body !== contract.body) return `${key} must validate its body with its contract`;
  }
  return null;
}
