import { sql } from 'drizzle-orm';
import {
  commandResultSchema,
  gatewayTopics,
  parseHexAddress,
  PROTOCOL_PUSH_CMD_PREFIX,
  protocolUpdateResultSchema,
  type ColumnRow,
  type GatewayCommand,
  type ProtocolPushStatus,
  type ProtocolUpdateColumn,
  type ProtocolUpdateParams,
} from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Rounds } from '../../lifecycle/rounds.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import type { MessageBus } from '../mqtt/bus.js';
import { columnsOf } from './store.js';

type Tx = Pick<Db, 'execute'>;

/** Rows one claim takes at most: a protocol used by thousands of gateways goes out over a few rounds. */
const CLAIM_LIMIT = 100;
/** How long a sent update may go unanswered before it is failed (a gateway that took it answers in seconds). */
export const PROTOCOL_PUSH_TTL_MS = 10 * 60_000;
export const DEFAULT_PROTOCOL_PUSH_INTERVAL_MS = 10_000;
const KICK_SOON_MS = 250;

/**
 * Queues the newest version of a protocol's configs (all of them, or the one named) to every gateway that
 * uses the protocol: a gateway with a device whose `protocol` is the protocol's code, case aside. Each
 * (gateway, config) row is set to the newest version and `waiting`; the pusher sends it when the gateway is
 * online. Answers how many rows it queued. Runs in the caller's transaction, so a change and its push
 * commit together.
 */
export async function queueProtocolPush(
  tx: Tx,
  protocolId: string,
  now: Date,
  configName?: string,
  /** Only this gateway (a device of it was just bound to the protocol). */
  gatewayId?: string,
): Promise<number> {
  const only = configName === undefined ? sql`true` : sql`lower(c.name) = lower(${configName})`;
  const gateway = gatewayId === undefined ? sql`true` : sql`d.gateway_id = ${gatewayId}`;
  const at = now.toISOString();
  const rows = await query<{ id: string }>(
    tx,
    sql`insert into protocol_push (gateway_id, protocol_id, config, version, state, updated_at)
      select g.gateway_id, c.protocol_id, c.name, c.version, 'waiting', ${at}::timestamptz
      from (select distinct d.gateway_id from device d join protocol p on lower(d.protocol) = lower(p.code)
              where p.id = ${protocolId} and d.deleted_at is null and ${gateway}) g
      cross join (select distinct on (lower(c.name)) c.protocol_id, c.name, c.version from protocol_config c
              where c.protocol_id = ${protocolId} and ${only} order by lower(c.name), c.version desc) c
      on conflict (gateway_id, protocol_id, config) do update set version = excluded.version, state = 'waiting',
        error = null, sent_at = null, updated_at = excluded.updated_at
      returning id`,
  );
  return rows.length;
}

/** A column as the gateway needs it (protocolUpdateColumnSchema). */
export function pushColumn(c: ColumnRow): ProtocolUpdateColumn {
  return {
    name: c.name,
    fc: c.functionCode,
    address: parseHexAddress(c.startAddress) ?? 0,
    count: c.registerCount,
    dataType: c.dataType,
    byteSwap: c.byteSwap,
    registerSwap: c.registerSwap,
    scale: c.scale,
    base: c.base,
    scaleFactor: c.scaleFactor,
    skipBytes: c.skipBytes,
    unit: c.unit,
  };
}

interface Claimed {
  id: string;
  sn: string;
  code: string;
  protocol_id: string;
  config: string;
  version: number;
  /** The gateway's devices bound to the protocol now (json: parsed by one driver, text by another). */
  devices: string[] | string | null;
}

/**
 * Sends protocol updates (issue 14 item 5). Every instance runs it; a round claims waiting rows of online
 * gateways with `update … where id in (select … for update skip locked)`, so each is sent by one instance
 * once, and sends each as a `protocolUpdate` command. Rows sent and not answered within PROTOCOL_PUSH_TTL_MS
 * are failed (the gateway's command expired); a later change or "Push now" queues them again. The answer
 * (`ppu-<row id>` on up/ack) records the acknowledged version.
 */
export class ProtocolPusher {
  private readonly rounds: Rounds;

  constructor(
    private readonly deps: {
      db: Db;
      bus: Pick<MessageBus, 'publish'>;
      log: FastifyBaseLogger;
      now: () => number;
      /** 0: no timer (tests drive `tick`). */
      intervalMs: number;
    },
  ) {
    this.rounds = new Rounds({
      round: () => this.round(),
      intervalMs: deps.intervalMs,
      soonMs: KICK_SOON_MS,
      onError: (err) => deps.log.error({ err }, 'protocol push round failed'),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** A round a moment from now: a burst of changes or of gateways coming online becomes one round. */
  kickSoon(): void {
    this.rounds.kickSoon();
  }

  kick(): Promise<void> {
    return this.rounds.kick();
  }

  /** One round: fail what went unanswered, then send what may go. Rounds of one instance run one at a time. */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  private async round(): Promise<void> {
    const now = this.deps.now();
    await this.deps.db.execute(sql`update protocol_push set state = 'failed', error = 'expired',
        updated_at = ${new Date(now).toISOString()}::timestamptz
      where state = 'sent' and sent_at < ${new Date(now - PROTOCOL_PUSH_TTL_MS).toISOString()}::timestamptz`);
    for (let i = 0; i < 100; i++) {
      const sent = await this.claimAndSend(now);
      if (sent < CLAIM_LIMIT) break;
    }
  }

  private async claimAndSend(now: number): Promise<number> {
    const { db } = this.deps;
    const at = new Date(now).toISOString();
    const claimed = await query<Claimed>(
      db,
      sql`update protocol_push pp set state = 'sent', sent_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
        from gateway g, protocol p
        where pp.id in (
            select q.id from protocol_push q join gateway qg on qg.id = q.gateway_id
            where q.state = 'waiting' and qg.online
            order by q.updated_at, q.id
            limit ${CLAIM_LIMIT}
            for update of q skip locked)
          and pp.state = 'waiting' and g.id = pp.gateway_id and p.id = pp.protocol_id
        returning pp.id, g.sn, p.code, pp.protocol_id, pp.config, pp.version,
          (select json_agg(d.sn order by d.sn) from device d where d.gateway_id = g.id
            and lower(d.protocol) = lower(p.code) and d.deleted_at is null) as devices`,
    );
    // One config version is read once per round however many gateways it goes to.
    const params = new Map<string, ProtocolUpdateParams | null>();
    for (const r of claimed) {
      const key = `${r.protocol_id}/${r.config.toLowerCase()}/${r.version}`;
      if (!params.has(key)) params.set(key, await this.paramsOf(r));
      const p = params.get(key);
      if (!p) {
        await this.fail(r.id, 'config deleted');
        continue;
      }
      const cmd: GatewayCommand = {
        cmdId: `${PROTOCOL_PUSH_CMD_PREFIX}${r.id}`,
        type: 'protocolUpdate',
        // The config is the same for every gateway; which of its devices are bound is each gateway's own.
        params: {
          ...p,
          devices: (typeof r.devices === 'string' ? (JSON.parse(r.devices) as string[]) : r.devices) ?? [],
        },
        expiresAt: now + PROTOCOL_PUSH_TTL_MS,
      };
      try {
        await this.deps.bus.publish(gatewayTopics(r.sn).command, JSON.stringify(cmd));
      } catch (err) {
        this.deps.log.warn({ err, sn: r.sn }, 'protocol update not sent');
        await this.fail(r.id, 'not sent');
      }
    }
    return claimed.length;
  }

  private async paramsOf(r: Claimed): Promise<ProtocolUpdateParams | null> {
    const [config] = await query<{ id: string; name: string }>(
      this.deps.db,
      sql`select id, name from protocol_config where protocol_id = ${r.protocol_id}
        and lower(name) = lower(${r.config}) and version = ${r.version}`,
    );
    if (!config) return null;
    const columns = await columnsOf(this.deps.db, config.id);
    return { protocol: r.code, config: config.name, version: r.version, columns: columns.map(pushColumn) };
  }

  private async fail(id: string, error: string): Promise<void> {
    await this.deps.db.execute(sql`update protocol_push set state = 'failed', error = ${error},
        updated_at = ${new Date(this.deps.now()).toISOString()}::timestamptz where id = ${id} and state = 'sent'`);
  }

  /** Whether an answer on up/ack is to a protocol update. */
  owns(json: unknown): boolean {
    return (
      typeof json === 'object' &&
      json !== null &&
      'cmdId' in json &&
      typeof json.cmdId === 'string' &&
      json.cmdId.startsWith(PROTOCOL_PUSH_CMD_PREFIX)
    );
  }

  /**
   * The gateway's answer. Only the gateway the row is for may answer it. A success records the version it
   * names as acknowledged; the row is `acknowledged` when that is the version last queued (a newer one queued
   * meanwhile stays waiting). A failure fails the row, with the gateway's reason.
   */
  async handleResult(sn: string, json: unknown): Promise<void> {
    const parsed = commandResultSchema.safeParse(json);
    if (!parsed.success) return;
    const r = parsed.data;
    const id = r.cmdId.slice(PROTOCOL_PUSH_CMD_PREFIX.length);
    if (!/^[0-9a-f-]{36}$/i.test(id)) return;
    const at = new Date(this.deps.now()).toISOString();
    const mine = sql`id = ${id} and gateway_id = (select id from gateway where sn = ${sn})`;
    if (r.status === 'succeeded') {
      const result = protocolUpdateResultSchema.safeParse(r.result);
      if (!result.success) {
        this.deps.log.warn({ sn, cmdId: r.cmdId }, 'malformed protocolUpdate answer');
        return;
      }
      const v = result.data.version;
      await this.deps.db.execute(sql`update protocol_push set acked_version = ${v}, acked_at = ${at}::timestamptz,
          state = case when state = 'sent' and version = ${v} then 'acknowledged' else state end,
          error = case when state = 'sent' and version = ${v} then null else error end,
          updated_at = ${at}::timestamptz
        where ${mine}`);
    } else if (r.status === 'failed') {
      await this.deps.db.execute(sql`update protocol_push set state = 'failed', error = ${r.error ?? 'failed'},
          updated_at = ${at}::timestamptz where ${mine} and state = 'sent'`);
    }
  }
}

/** Per config of a protocol: the gateways using it, how many hold its newest version, and each gateway's row. */
export async function pushStatus(db: Db, protocolId: string): Promise<ProtocolPushStatus> {
  const configs = await query<{ name: string; version: number; gateways: number; current: number }>(
    db,
    sql`select c.name, c.version,
        (select count(*)::int from protocol_push pp where pp.protocol_id = c.protocol_id and pp.config = c.name) as gateways,
        (select count(*)::int from protocol_push pp where pp.protocol_id = c.protocol_id and pp.config = c.name
          and pp.acked_version = c.version) as current
      from (select distinct on (lower(name)) protocol_id, name, version from protocol_config
            where protocol_id = ${protocolId} order by lower(name), version desc) c
      order by lower(c.name)`,
  );
  const rows = await query<{
    sn: string;
    alias: string | null;
    online: boolean;
    config: string;
    version: number;
    state: 'waiting' | 'sent' | 'acknowledged' | 'failed';
    acked_version: number | null;
    acked_at: Date | string | null;
    error: string | null;
  }>(
    db,
    sql`select g.sn, g.alias, g.online, pp.config, pp.version, pp.state, pp.acked_version, pp.acked_at, pp.error
      from protocol_push pp join gateway g on g.id = pp.gateway_id
      where pp.protocol_id = ${protocolId}
      order by g.sn, lower(pp.config)
      limit 500`,
  );
  return {
    configs: configs.map((c) => ({
      name: c.name,
      version: c.version,
      gateways: Number(c.gateways),
      current: Number(c.current),
    })),
    gateways: rows.map((r) => ({
      gatewaySn: r.sn,
      gatewayAlias: r.alias,
      online: r.online,
      config: r.config,
      version: r.version,
      state: r.state,
      ackedVersion: r.acked_version,
      ackedAt: r.acked_at === null ? null : new Date(r.acked_at).getTime(),
      error: r.error,
    })),
  };
}

/** The protocol configs a gateway acknowledged, for its detail page. */
export async function gatewayProtocolVersions(
  db: Tx,
  gatewayId: string,
): Promise<{ protocol: string; config: string; version: number; ackedAt: number }[]> {
  const rows = await query<{ code: string; config: string; acked_version: number; acked_at: Date | string }>(
    db,
    sql`select p.code, pp.config, pp.acked_version, pp.acked_at from protocol_push pp
      join protocol p on p.id = pp.protocol_id
      where pp.gateway_id = ${gatewayId} and pp.acked_version is not null
      order by lower(p.code), lower(pp.config)`,
  );
  return rows.map((r) => ({
    protocol: r.code,
    config: r.config,
    version: r.acked_version,
    ackedAt: new Date(r.acked_at).getTime(),
  }));
}
