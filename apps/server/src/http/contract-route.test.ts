import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractFault } from './contract.js';
import { contractRoutes, type ZodApp } from './contract-route.js';

/** Registers routes under /api/v1 with contractRoutes and hands back what Fastify was given for each. */
async function registered(register: (app: ZodApp) => void) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD') routes.push(route);
  });
  await app.register(async (api) => register(api), { prefix: '/api/v1' });
  await app.ready();
  await app.close();
  return routes;
}

describe('contractRoutes', () => {
  it('registers a route from its contract key in the form the start-up check accepts', async () => {
    const routes = await registered((app) => {
      const route = contractRoutes(app, 'meters');
      route('GET /meter/params/day', { config: { access: 'smart.meter', scope: 'company' }, summary: 'day' }, () => {});
      route(
        'POST /meter/:sn/alias',
        { config: { access: 'meter.control', scope: 'company' }, summary: 'alias' },
        () => {},
      );
    });
    expect(routes.map((r) => `${String(r.method)} ${r.url}`)).toEqual([
      'GET /api/v1/meter/params/day',
      'POST /api/v1/meter/:sn/alias',
    ]);
    for (const r of routes) expect(contractFault(r)).toBeNull();
    expect(routes[0]?.config).toEqual({ access: 'smart.meter', scope: 'company' });
    expect(routes[0]?.schema).toMatchObject({ tags: ['meters'], summary: 'day' });
  });

  it('validates each path parameter with the rule of its name', async () => {
    const [route] = await registered((app) => {
      contractRoutes(app, 'batteries', { id: z.string().max(64) })(
        'POST /battery/:id/delete',
        { config: { access: 'battery.control', scope: 'company' }, summary: 'delete' },
        () => {},
      );
    });
    const params = route?.schema?.params as z.ZodObject;
    expect(Object.keys(params.shape)).toEqual(['id']);
    expect(params.safeParse({ id: 'x'.repeat(65) }).success).toBe(false);
  });

  it('refuses a path parameter no rule names, so it cannot go unvalidated', async () => {
    await expect(
      registered((app) => {
        contractRoutes(app, 'batteries')(
          'POST /battery/:id/delete',
          { config: { access: 'battery.control', scope: 'company' }, summary: 'delete' },
          () => {},
        );
      }),
    ).rejects.toThrow(/no rule for the path parameter :id/);
  });
});
