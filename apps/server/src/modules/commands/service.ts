import { and, eq, notInArray, sql } from 'drizzle-orm';
import {
  COMMAND_TYPES,
  commandResultSchema,
  gatewayTopics,
  type CommandOutcome,
  type CommandStatus,
  type CommandType,
  type GatewayCommand,
} from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { deviceCommand, gateway } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import type { MessageBus } from '../mqtt/bus.js';
import { COMMAND_TOPIC_PREFIX } from '../mqtt/topics.js';
import { recordOperation } from './operation-log.js';

const FINAL: CommandStatus[] = ['succeeded', 'failed', 'timed_out'];

/**
 * Commands refused while the device (or its gateway) is upgrading (spec §4: remote debug, power on/off and
 * settings are blocked then): a device that flashes can neither act on a command nor answer it. Only the
 * upgrade's own commands go to it then (and those are sent by modules/upgrades, not through here).
 */
const UPGRADE_BLOCKS: ReadonlySet<CommandType> = new Set<CommandType>(
  COMMAND_TYPES.filter((t) => t !== 'upgrade' && t !== 'cancelUpgrade'),
);

export interface CommandRequest {
  auth: AuthContext;
  ip: string;
  gatewayId: string;
  /** The device behind the gateway the command is for; omitted for the gateway itself. */
  device?: { id: string; sn: string } | null;
  plantId?: string | null;
  type: CommandType;
  params?: Record<string, unknown>;
  /** For the operation log: a stable key ('inverter.boot', 'switch.on', …) and the value before and after. */
  operation: string;
  oldValue?: unknown;
  newValue?: unknown;
}

/**
 * Sends commands over down/cmd and waits for the gateway's answer on up/ack (spec §4: the user sees sent,
 * succeeded, failed or timed out). The row in device_command is the truth: whichever instance receives the
 * answer updates it and announces it on an internal topic, so the instance holding the HTTP request wakes
 * up even when the broker's shared subscription delivered the answer elsewhere.
 */
export class CommandService {
  private readonly waiters = new Map<string, () => void>();
  private subscribed: Promise<void> | undefined;

  constructor(private readonly deps: { db: Db; bus: MessageBus; log: FastifyBaseLogger; timeoutMs: number }) {}

  /**
   * Sends and waits up to the timeout. An offline gateway is refused at once (code 1201, nothing sent);
   * a gateway that does not answer in time gives `timed_out`. Either way the attempt is in the operation log.
   */
  async send(req: CommandRequest): Promise<CommandOutcome> {
    const { db } = this.deps;
    const [gw] = await db
      .select({ sn: gateway.sn, online: gateway.online, companyId: gateway.companyId, plantId: gateway.plantId })
      .from(gateway)
      .where(eq(gateway.id, req.gatewayId));
    if (!gw) throw new AppError('gatewayNotFound');
    const target = req.device?.sn ?? gw.sn;
    const plantId = req.plantId ?? gw.plantId;
    if (UPGRADE_BLOCKS.has(req.type) && (await this.upgrading(req))) {
      await recordOperation(db, { ...this.logEntry(req, target, plantId), result: 'failed: upgrading' });
      throw new AppError('deviceUpgrading');
    }
    if (!gw.online) {
      await recordOperation(db, { ...this.logEntry(req, target, plantId), result: 'failed: offline' });
      throw new AppError('deviceOffline');
    }
    await this.listen();
    const expiresAt = new Date(Date.now() + this.deps.timeoutMs);
    const [row] = await db
      .insert(deviceCommand)
      .values({
        companyId: gw.companyId,
        plantId,
        gatewayId: req.gatewayId,
        deviceId: req.device?.id ?? null,
        type: req.type,
        params: req.params ?? {},
        createdBy: req.auth.userId,
        expiresAt,
      })
      .returning({ id: deviceCommand.id });
    const id = (row as { id: string }).id;
    const done = new Promise<void>((resolve) => this.waiters.set(id, resolve));
    const cmd: GatewayCommand = {
      cmdId: id,
      type: req.type,
      ...(req.device ? { device: req.device.sn } : {}),
      params: req.params ?? {},
      expiresAt: expiresAt.getTime(),
    };
    await this.deps.bus.publish(gatewayTopics(gw.sn).command, JSON.stringify(cmd));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<void>((r) => (timer = setTimeout(r, this.deps.timeoutMs)))]);
    clearTimeout(timer);
    this.waiters.delete(id);
    // Whatever arrived in time is final; otherwise this request gives up and says so.
    await db
      .update(deviceCommand)
      .set({ status: 'timed_out', finishedAt: new Date() })
      .where(and(eq(deviceCommand.id, id), notInArray(deviceCommand.status, FINAL)));
    const outcome = await this.get(id);
    await recordOperation(db, {
      ...this.logEntry(req, target, plantId),
      result: outcome.error ? `${outcome.status}: ${outcome.error}` : outcome.status,
      commandId: id,
    });
    return outcome;
  }

  /**
   * Whether the device (or, for a gateway command, the gateway) is being upgraded, or the gateway it hangs
   * off is: a device that flashes, or whose gateway flashes, cannot take a command (spec §4; code 1202).
   */
  private async upgrading(req: CommandRequest): Promise<boolean> {
    const self = req.device ? sql`u.device_id = ${req.device.id}` : sql`false`;
    const [row] = await query<{ found: number }>(
      this.deps.db,
      sql`select 1 as found from upgrade u where u.state in ('running', 'waiting')
        and (${self} or (u.device_id is null and u.gateway_id = ${req.gatewayId})) limit 1`,
    );
    return row !== undefined;
  }

  async get(id: string): Promise<CommandOutcome> {
    const [r] = await this.deps.db.select().from(deviceCommand).where(eq(deviceCommand.id, id));
    if (!r) throw new AppError('notFound');
    return {
      id: r.id,
      status: r.status as CommandStatus,
      result: (r.result as Record<string, unknown> | null) ?? null,
      error: r.error,
    };
  }

  /** An answer on up/ack from gateway `sn` (called by ingest, on whichever instance received it). */
  async handleResult(sn: string, json: unknown): Promise<void> {
    const parsed = commandResultSchema.safeParse(json);
    if (!parsed.success) {
      this.deps.log.warn({ sn }, 'unreadable command result');
      return;
    }
    const r = parsed.data;
    if (!/^[0-9a-f-]{36}$/i.test(r.cmdId)) return; // not one of ours (a gateway's own id)
    const final = r.status === 'succeeded' || r.status === 'failed';
    // Only the gateway the command went to may answer it, and a final answer is never overwritten.
    const updated = await this.deps.db
      .update(deviceCommand)
      .set({
        status: r.status,
        progress: r.progress ?? null,
        ...(r.result ? { result: r.result } : {}),
        ...(r.error ? { error: r.error } : {}),
        ...(final ? { finishedAt: new Date() } : {}),
      })
      .where(
        and(
          eq(deviceCommand.id, r.cmdId),
          notInArray(deviceCommand.status, FINAL),
          sql`${deviceCommand.gatewayId} = (select id from gateway where sn = ${sn})`,
        ),
      )
      .returning({ id: deviceCommand.id });
    if (final && updated.length > 0) await this.deps.bus.publish(`${COMMAND_TOPIC_PREFIX}${r.cmdId}`, r.status);
  }

  private listen(): Promise<void> {
    this.subscribed ??= this.deps.bus.subscribeAll(`${COMMAND_TOPIC_PREFIX}#`, (topic) => {
      this.waiters.get(topic.slice(COMMAND_TOPIC_PREFIX.length))?.();
    });
    return this.subscribed;
  }

  private logEntry(req: CommandRequest, target: string, plantId: string | null) {
    return {
      auth: req.auth,
      ip: req.ip,
      target,
      plantId,
      operation: req.operation,
      oldValue: req.oldValue,
      newValue: req.newValue ?? (Object.keys(req.params ?? {}).length > 0 ? req.params : undefined),
    };
  }
}
