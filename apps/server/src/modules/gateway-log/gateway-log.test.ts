import { ERROR_CODES, type GatewayLog } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { operationLog } from '../../db/schema.js';
import { commandTests, inverterPlants } from '../../test/inverter-fixture.js';

/**
 * A gateway's own log (logger/*; issue 14 item 6): read from the gateway on request, kept, refused for an offline
 * gateway and for another company's.
 */
const GW = 'GWLOGR0001';
const OFFLINE = 'GWLOGR0002';
const RIVAL = 'GWLOGR0009';
const T0 = Date.UTC(2026, 5, 1, 8);
const LINES = [
  { at: T0 - 2000, level: 'info', message: 'connected' },
  { at: T0 - 1000, level: 'warn', message: 'meter INV1 timed out on 0x9C40' },
  { at: T0, level: 'info', message: 'telemetry b-12 acknowledged (4 samples)' },
];

const { t, tokens, gateways } = commandTests((cmd) =>
  cmd.type === 'logRead'
    ? { status: 'succeeded', result: { lines: LINES.slice(-Number(cmd.params.lines)) } }
    : { status: 'succeeded' },
);
t.now = () => T0 + 5000;

type Read = GatewayLog & { status: string; error: string | null };

beforeAll(async () => {
  await inverterPlants(
    t,
    {
      name: 'Gateway log plant',
      gateways: [
        { sn: GW, devices: [] },
        { sn: OFFLINE, devices: [] },
      ],
    },
    { name: 'Rival gateway log plant', gateways: [{ sn: RIVAL, devices: [] }] },
  );
  await gateways.connect(t, GW);
  await gateways.connect(t, RIVAL);
});

describe("a gateway's own log", () => {
  it('is empty until read, then answers the lines the gateway sent and keeps them', async () => {
    const before = await t.call<GatewayLog>('GET', `/api/v1/logger/${GW}/log`, { token: tokens.admin });
    expect(before.data).toEqual({ at: null, lines: [] });
    const read = await t.call<Read>('POST', `/api/v1/logger/${GW}/log/read`, {
      token: tokens.admin,
      body: { lines: 2 },
    });
    expect(read.data).toMatchObject({ status: 'succeeded', at: T0 + 5000, lines: LINES.slice(-2) });
    expect(gateways.received.at(-1)).toMatchObject({ type: 'logRead', params: { lines: 2 } });
    const after = await t.call<GatewayLog>('GET', `/api/v1/logger/${GW}/log`, { token: tokens.admin });
    expect(after.data.lines).toEqual(LINES.slice(-2));
    expect(after.data.at).not.toBeNull();
    // Like every command, the read is in the operation log.
    const logged = await t.database.db
      .select({ target: operationLog.target, result: operationLog.result })
      .from(operationLog)
      .where(eq(operationLog.operation, 'gateway.logRead'));
    expect(logged).toEqual([expect.objectContaining({ target: GW })]);
  });

  it('refuses an offline gateway (1201) and a count outside 1-200, sending nothing', async () => {
    const sent = gateways.received.length;
    const offline = await t.call('POST', `/api/v1/logger/${OFFLINE}/log/read`, { token: tokens.admin, body: {} });
    expect(offline.code).toBe(ERROR_CODES.deviceOffline);
    for (const lines of [0, 201, 1.5]) {
      const bad = await t.call('POST', `/api/v1/logger/${GW}/log/read`, { token: tokens.admin, body: { lines } });
      expect(bad.code).toBe(ERROR_CODES.validation);
    }
    expect(gateways.received.length).toBe(sent);
  });

  it("answers another company's gateway 'does not exist', read or kept", async () => {
    const read = await t.call('POST', `/api/v1/logger/${RIVAL}/log/read`, { token: tokens.admin, body: {} });
    expect(read.code).toBe(ERROR_CODES.gatewayNotFound);
    const kept = await t.call('GET', `/api/v1/logger/${GW}/log`, { token: tokens.rival });
    expect(kept.code).toBe(ERROR_CODES.gatewayNotFound);
  });
});
