import { eq, sql } from 'drizzle-orm';
import {
  PROTOCOL_PUSH_CMD_PREFIX,
  protocolUpdateParamsSchema,
  type ColumnRow,
  type ConfigRow,
  type DiscoverScanAnswer,
  type GatewayCommand,
  type GatewayInfo,
  type ProtocolPushStatus,
  type ProtocolRow,
  type SunspecScanResult,
} from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLog, protocolPush } from '../../db/schema.js';
import type { Answer } from '../../test/fake-gateway.js';
import { ACCOUNTS } from '../../test/harness.js';
import { commandTests, inverterPlants } from '../../test/inverter-fixture.js';
import { PROTOCOL_PUSH_TTL_MS } from './push.js';

const GW_SUNSPEC = 'GWDISC0001';
const GW_OTHER = 'GWDISC0002';
const GW_OFFLINE = 'GWDISC0003';
const GW_RIVAL = 'GWDISC0009';

/** What the simulated SunSpec inverter's gateway answers (apps/simulator: common model, model 103, MPPT 160, and a vendor model). */
const SCAN: SunspecScanResult = {
  device: 'INVDISC001',
  unitId: 1,
  base: 40000,
  models: [
    { id: 1, address: 40002, length: 66 },
    { id: 103, address: 40070, length: 50 },
    { id: 64_900, address: 40122, length: 10 },
  ],
};

/** The gateways answer: a scan from the SunSpec one only, a protocol update with the version they were sent. */
const answer: Answer = (cmd: GatewayCommand) => {
  if (cmd.type === 'sunspecScan')
    return cmd.params.base === 50000
      ? { status: 'failed', error: 'no SunSpec device' }
      : { status: 'succeeded', result: SCAN };
  if (cmd.type === 'protocolUpdate') {
    const p = protocolUpdateParamsSchema.parse(cmd.params);
    return { status: 'succeeded', result: { protocol: p.protocol, config: p.config, version: p.version } };
  }
  return { status: 'succeeded' };
};
const { t, tokens, gateways } = commandTests(answer);
/** The app's clock: the real one, moved on by a test that needs an update to outlive its lifetime. */
let offset = 0;
t.now = () => Date.now() + offset;
let platform = '';
type Fields = { fields?: { field: string; rule: string; message: string }[] };

const scan = (body: Record<string, unknown>, token = platform) =>
  t.call<DiscoverScanAnswer>('POST', '/api/v1/protocol/discover/scan', { token, body });

async function protocolByCode(code: string): Promise<ProtocolRow> {
  const res = await t.call<{ rows: ProtocolRow[] }>('GET', '/api/v1/protocol', { token: platform, query: { q: code } });
  const row = res.data.rows.find((r) => r.code === code);
  if (!row) throw new Error(`no protocol ${code}`);
  return row;
}
const configsOf = async (protocolId: string) =>
  (await t.call<ConfigRow[]>('GET', '/api/v1/protocol/configs', { token: platform, query: { protocolId } })).data;
const columnsOf = async (configId: string) =>
  (await t.call<ColumnRow[]>('GET', '/api/v1/protocol/columns', { token: platform, query: { configId } })).data;
const protocolUpdates = () => gateways.received.filter((c) => c.type === 'protocolUpdate');

beforeAll(async () => {
  platform = await t.tokenFor(ACCOUNTS.platform);
  await inverterPlants(
    t,
    {
      name: 'Discovery test plant',
      gateways: [
        { sn: GW_SUNSPEC, devices: [{ sn: 'INVDISC001', kind: 'inverter', protocol: 'sunspec-inv' }] },
        { sn: GW_OTHER, devices: [{ sn: 'INVDISC002', kind: 'inverter', protocol: 'metrics' }] },
        { sn: GW_OFFLINE, devices: [{ sn: 'INVDISC003', kind: 'inverter', protocol: 'SUNSPEC-INV' }] },
      ],
    },
    { name: 'Rival discovery plant', gateways: [{ sn: GW_RIVAL, devices: [{ sn: 'INVDISC009', kind: 'inverter' }] }] },
  );
  await gateways.connect(t, GW_SUNSPEC);
  await gateways.connect(t, GW_OTHER);
});

describe('SunSpec discovery', () => {
  it('scans through the gateway and proposes the shipped SUNSPEC-INV columns for model 103', async () => {
    const res = await scan({ gatewaySn: GW_SUNSPEC });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ status: 'succeeded', gatewaySn: GW_SUNSPEC, device: 'INVDISC001', base: 40000 });
    const sent = gateways.received.filter((c) => c.type === 'sunspecScan');
    expect(sent).toHaveLength(1);
    expect(res.data.models.map((m) => [m.id, m.address, m.name])).toEqual([
      [1, 40002, 'common'],
      [103, 40070, 'inverter_three_phase'],
      [64_900, 40122, null],
    ]);
    // A model the console does not know is listed but proposes no config.
    expect(res.data.proposal.configs.map((c) => [c.name, c.model])).toEqual([
      ['common', 1],
      ['inverter_three_phase', 103],
    ]);
    const shipped = await protocolByCode('SUNSPEC-INV');
    const inverter = (await configsOf(shipped.id)).find((c) => c.name === 'inverter')!;
    const fields = (c: Omit<ColumnRow, 'id' | 'configId' | 'position'>) => ({
      name: c.name,
      startAddress: c.startAddress,
      registerCount: c.registerCount,
      dataType: c.dataType,
      scale: c.scale,
      scaleFactor: c.scaleFactor,
      unit: c.unit,
      required: c.required,
    });
    const proposed = res.data.proposal.configs.find((c) => c.model === 103)!;
    expect(proposed.columns.map(fields)).toEqual((await columnsOf(inverter.id)).map(fields));
    expect(proposed.columns.length).toBeGreaterThan(30);
  });

  it('answers failed with the gateway’s reason when it finds no SunSpec device, and 1201 for an offline gateway', async () => {
    const none = await scan({ gatewaySn: GW_SUNSPEC, base: 50000 });
    expect(none.data).toMatchObject({ status: 'failed', error: 'no SunSpec device', models: [] });
    expect(none.data.proposal.configs).toEqual([]);
    expect((await scan({ gatewaySn: GW_OFFLINE })).code).toBe(1201);
    expect((await scan({ gatewaySn: 'GWNOSUCH01' })).code).toBe(305);
    const logged = await t.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.operation, 'protocol.sunspecScan'));
    expect(logged.map((l) => l.result).sort()).toEqual(['failed: no SunSpec device', 'failed: offline', 'succeeded']);
  });

  it('saves the proposal as a new protocol after the administrator names it', async () => {
    const body = {
      code: 'ACME-SUNS',
      manufacturer: 'Acme',
      protocolVersion: '1.0',
      models: [
        { id: 1, address: 40002 },
        { id: 103, address: 40070 },
      ],
      gatewaySn: GW_SUNSPEC,
    };
    const res = await t.call<ProtocolRow>('POST', '/api/v1/protocol/discover/save', { token: platform, body });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ code: 'ACME-SUNS', manufacturer: 'Acme', configs: 2 });
    const configs = await configsOf(res.data.id);
    expect(configs.map((c) => [c.name, c.version])).toEqual([
      ['common', 1],
      ['inverter_three_phase', 1],
    ]);
    const w = (await columnsOf(configs[1]!.id)).find((c) => c.name === 'W');
    expect(w).toMatchObject({ startAddress: '9C94', scaleFactor: 'W_SF' });

    // The same name again is taken; a model the console does not know is refused by name; a bad name too.
    expect((await t.call('POST', '/api/v1/protocol/discover/save', { token: platform, body })).code).toBe(1501);
    const unknown = await t.call<Fields>('POST', '/api/v1/protocol/discover/save', {
      token: platform,
      body: { ...body, code: 'ACME-SUNS2', models: [{ id: 64_900, address: 40122 }] },
    });
    expect(unknown.data.fields?.[0]).toMatchObject({
      field: 'models',
      rule: 'sunspecModel',
      message: 'The console does not know this SunSpec model.',
    });
    const short = await t.call<Fields>('POST', '/api/v1/protocol/discover/save', {
      token: platform,
      body: { ...body, code: 'AC' },
    });
    expect(short.data.fields?.[0]).toMatchObject({ field: 'code', rule: 'protocolName' });
    expect((await protocolByCode('ACME-SUNS')).configs).toBe(2);
  });

  it('refuses a company account (protocols are platform scope) and sends nothing', async () => {
    const before = gateways.received.length;
    for (const token of [tokens.admin, tokens.rival]) {
      expect((await scan({ gatewaySn: GW_SUNSPEC }, token)).status).toBe(403);
      const save = await t.call('POST', '/api/v1/protocol/discover/save', {
        token,
        body: { code: 'COMPANY-1', manufacturer: 'x', protocolVersion: '1', models: [{ id: 1, address: 40002 }] },
      });
      expect(save.status).toBe(403);
      const shipped = await protocolByCode('SUNSPEC-INV');
      expect((await t.call('POST', `/api/v1/protocol/push/${shipped.id}`, { token })).status).toBe(403);
      expect(
        (await t.call('GET', '/api/v1/protocol/push/status', { token, query: { protocolId: shipped.id } })).status,
      ).toBe(403);
    }
    expect(gateways.received.length).toBe(before);
  });
});

describe('protocol updates to the gateways using a config', () => {
  it('a new config version queues one command per gateway using it, none to others; the ack records the version', async () => {
    const shipped = await protocolByCode('SUNSPEC-INV');
    const inverter = (await configsOf(shipped.id)).find((c) => c.name === 'inverter')!;
    const made = await t.call<ConfigRow>('POST', `/api/v1/protocol/configs/${inverter.id}`, {
      token: platform,
      body: { note: 'new firmware map' },
    });
    expect(made.data.version).toBe(2);
    await t.protocolPush.tick();

    // GW_SUNSPEC (device protocol "sunspec-inv", case aside) gets it; GW_OTHER (metrics) does not; GW_OFFLINE waits.
    await expect.poll(() => protocolUpdates().length).toBe(1);
    const [cmd] = protocolUpdates();
    expect(cmd?.cmdId.startsWith(PROTOCOL_PUSH_CMD_PREFIX)).toBe(true);
    const params = protocolUpdateParamsSchema.parse(cmd?.params);
    expect(params).toMatchObject({ protocol: 'SUNSPEC-INV', config: 'inverter', version: 2 });
    expect(params.columns.find((c) => c.name === 'W')).toMatchObject({ fc: 3, address: 40084, scaleFactor: 'W_SF' });

    const status = async () =>
      (
        await t.call<ProtocolPushStatus>('GET', '/api/v1/protocol/push/status', {
          token: platform,
          query: { protocolId: shipped.id },
        })
      ).data;
    await expect
      .poll(async () => (await status()).gateways.find((g) => g.gatewaySn === GW_SUNSPEC)?.state)
      .toBe('acknowledged');
    const s = await status();
    expect(s.configs.find((c) => c.name === 'inverter')).toEqual({
      name: 'inverter',
      version: 2,
      gateways: 2,
      current: 1,
    });
    expect(s.gateways.map((g) => [g.gatewaySn, g.config, g.version, g.state, g.ackedVersion])).toEqual([
      [GW_SUNSPEC, 'inverter', 2, 'acknowledged', 2],
      [GW_OFFLINE, 'inverter', 2, 'waiting', null],
    ]);

    // The gateway's detail (its company's view) shows what it acknowledged.
    const detail = await t.call<GatewayInfo>('GET', `/api/v1/gateway/${GW_SUNSPEC}`, { token: tokens.admin });
    expect(detail.data.protocolUpdates).toEqual([
      { protocol: 'SUNSPEC-INV', config: 'inverter', version: 2, ackedAt: expect.any(Number) },
    ]);
    const other = await t.call<GatewayInfo>('GET', `/api/v1/gateway/${GW_OTHER}`, { token: tokens.admin });
    expect(other.data.protocolUpdates).toEqual([]);
  });

  it('a column change of the newest version pushes again; "Push now" queues every config; an answer from another gateway is ignored', async () => {
    const shipped = await protocolByCode('SUNSPEC-INV');
    const inverter = (await configsOf(shipped.id)).find((c) => c.name === 'inverter')!;
    const w = (await columnsOf(inverter.id)).find((c) => c.name === 'W')!;
    const { id: _id, configId: _c, position: _p, ...body } = w;
    const edit = await t.call('POST', `/api/v1/protocol/columns/${w.id}`, {
      token: platform,
      body: { ...body, unit: 'kW', scale: 0.001 },
    });
    expect(edit.code).toBe(0);
    await t.protocolPush.tick();
    await expect.poll(() => protocolUpdates().length).toBe(2);
    const again = protocolUpdateParamsSchema.parse(protocolUpdates()[1]?.params);
    expect(again.columns.find((c) => c.name === 'W')).toMatchObject({ unit: 'kW', scale: 0.001 });

    const push = await t.call<{ queued: number }>('POST', `/api/v1/protocol/push/${shipped.id}`, { token: platform });
    // Two configs (common, inverter) to the two gateways using the protocol.
    expect(push.data.queued).toBe(4);
    await t.protocolPush.tick();
    await expect.poll(() => protocolUpdates().length).toBe(4);
    expect(
      protocolUpdates()
        .slice(2)
        .map((c) => protocolUpdateParamsSchema.parse(c.params).config)
        .sort(),
    ).toEqual(['common', 'inverter']);

    // Another gateway answering this gateway's update changes nothing.
    const [row] = await t.database.db
      .select()
      .from(protocolPush)
      .where(
        sql`${protocolPush.config} = 'common' and ${protocolPush.gatewayId} = (select id from gateway where sn = ${GW_SUNSPEC})`,
      );
    expect(row).toBeDefined();
    await t.protocolPush.handleResult(GW_OTHER, {
      cmdId: `${PROTOCOL_PUSH_CMD_PREFIX}${row?.id ?? ''}`,
      status: 'succeeded',
      result: { protocol: 'SUNSPEC-INV', config: 'common', version: 99 },
    });
    const rows = await t.database.db.select().from(protocolPush);
    expect(rows.some((r) => r.ackedVersion === 99)).toBe(false);
  });

  it('an offline gateway’s updates wait and go out when it connects', async () => {
    const shipped = await protocolByCode('SUNSPEC-INV');
    const offlineRows = async () =>
      (
        await t.call<ProtocolPushStatus>('GET', '/api/v1/protocol/push/status', {
          token: platform,
          query: { protocolId: shipped.id },
        })
      ).data.gateways.filter((g) => g.gatewaySn === GW_OFFLINE);
    expect((await offlineRows()).map((g) => [g.config, g.state])).toEqual([
      ['common', 'waiting'],
      ['inverter', 'waiting'],
    ]);
    const before = protocolUpdates().length;
    await gateways.connect(t, GW_OFFLINE);
    await t.protocolPush.tick();
    await expect.poll(() => protocolUpdates().length).toBe(before + 2);
    await expect
      .poll(async () => (await offlineRows()).map((g) => [g.config, g.state, g.ackedVersion]))
      .toEqual([
        ['common', 'acknowledged', 1],
        ['inverter', 'acknowledged', 2],
      ]);
  });

  it('an update the gateway never answers fails as expired after its lifetime; Push now sends it again', async () => {
    const shipped = await protocolByCode('SUNSPEC-INV');
    const mine = async () =>
      (
        await t.call<ProtocolPushStatus>('GET', '/api/v1/protocol/push/status', {
          token: platform,
          query: { protocolId: shipped.id },
        })
      ).data.gateways
        .filter((g) => g.gatewaySn === GW_SUNSPEC)
        .map((g) => [g.config, g.state, g.error, g.ackedVersion]);
    gateways.answer = (cmd) => (cmd.type === 'protocolUpdate' ? null : answer(cmd));
    await t.call('POST', `/api/v1/protocol/push/${shipped.id}`, { token: platform });
    await t.protocolPush.tick();
    await expect.poll(mine).toEqual([
      ['common', 'sent', null, 1],
      ['inverter', 'sent', null, 2],
    ]);
    offset += PROTOCOL_PUSH_TTL_MS - 60_000;
    await t.protocolPush.tick();
    expect((await mine()).map((r) => r[1])).toEqual(['sent', 'sent']);
    offset += 2 * 60_000;
    await t.protocolPush.tick();
    // What it acknowledged before stays; the update that went unanswered is failed.
    expect(await mine()).toEqual([
      ['common', 'failed', 'expired', 1],
      ['inverter', 'failed', 'expired', 2],
    ]);
    gateways.answer = answer;
    await t.call('POST', `/api/v1/protocol/push/${shipped.id}`, { token: platform });
    await t.protocolPush.tick();
    await expect.poll(async () => (await mine()).map((r) => r[1])).toEqual(['acknowledged', 'acknowledged']);
  });
});
