import { API } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answers, contractFault } from './contract.js';
import { envelope } from './envelope.js';

describe('route contracts', () => {
  it('accepts a route that answers and validates with its contract', () => {
    const schema = { querystring: API['GET /events'].query, response: answers('GET /events') };
    expect(contractFault({ method: 'GET', url: '/api/v1/events', schema })).toBeNull();
  });

  it('refuses a route that restates its answer beside the contract, even with the same fields', () => {
    const restated = envelope(API['GET /events/count'].answer.extend({}));
    expect(
      contractFault({ method: 'GET', url: '/api/v1/events/count', schema: { response: { 200: restated } } }),
    ).toMatch(/must answer with its contract/);
  });

  it('refuses a route whose query is not the contract’s', () => {
    const schema = { querystring: z.object({ page: z.number() }), response: answers('GET /events') };
    expect(contractFault({ method: 'GET', url: '/api/v1/events', schema })).toMatch(/query/);
  });

  it('refuses a JSON answer where the contract says the answer is a file', () => {
    const schema = { querystring: API['GET /events/download'].query, response: { 200: envelope(z.null()) } };
    expect(contractFault({ method: 'GET', url: '/api/v1/events/download', schema })).toMatch(/must answer/);
  });

  it('refuses a route with no contract, so a new route cannot skip the table', () => {
    expect(contractFault({ method: 'GET', url: '/api/v1/nowhere', schema: {} })).toMatch(/has no contract/);
  });

  it('takes the broker’s bare answer only where the contract names it', () => {
    const bare = { body: API['POST /mqtt/auth'].body, response: { 200: API['POST /mqtt/auth'].bare } };
    expect(contractFault({ method: 'POST', url: '/api/v1/mqtt/auth', schema: bare })).toBeNull();
    const wrapped = { body: API['POST /mqtt/auth'].body, response: { 200: envelope(API['POST /mqtt/auth'].bare) } };
    expect(contractFault({ method: 'POST', url: '/api/v1/mqtt/auth', schema: wrapped })).toMatch(/must answer/);
  });

  it('leaves routes outside /api/v1 alone', () => {
    expect(contractFault({ method: 'GET', url: '/healthz', schema: {} })).toBeNull();
  });
});
