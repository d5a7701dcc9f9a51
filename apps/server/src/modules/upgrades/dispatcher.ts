import { createHash, randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { Rounds } from '../../lifecycle/rounds.js';
import {
  gatewayTopics,
  UPGRADE_CMD_PREFIX,
  UPGRADE_LIMITS,
  type FirmwareKind,
  type GatewayCommand,
  type UpgradeCommandParams,
  type UpgradeManifest,
} from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { firmware, gateway } from '../../db/schema.js';
import type { MessageBus } from '../mqtt/bus.js';
import type { ManifestKey } from './manifest-key.js';
import { advanceRollouts } from './waves.js';

/** Rows one claim takes at most: a big rollout wave goes out over a few ticks, each short. */
const CLAIM_LIMIT = 50;
/** How often every instance looks for work when nothing kicks it (a gateway coming online kicks it soon). */
export const DEFAULT_UPGRADE_INTERVAL_MS = 10_000;
/** How long a burst of gateways coming online is gathered into one round. */
const KICK_SOON_MS = 250;

export interface UpgradeDispatcherDeps {
  db: Db;
  bus: Pick<MessageBus, 'publish'>;
  log: FastifyBaseLogger;
  key: ManifestKey;
  now: () => number;
  /** Where gateways download from: the console's public origin, without a trailing slash. */
  publicUrl: string;
  /** 0: no timer (tests drive `tick`). */
  intervalMs: number;
}

interface Claimed {
  id: string;
  sn: string;
  kind: FirmwareKind;
  model: string;
  to_version: string;
  firmware_id: string | null;
  gateway_id: string;
}

/** A download token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newDownloadToken(): string {
  return randomBytes(32).toString('base64url');
}

export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * Sends upgrades (issue 13 point 3). On every instance a loop claims the upgrades that may go now — `waiting`
 * or `queued`, their gateway online, and in their rollout's current wave when they belong to one — with one
 * `update … where id in (select … for update skip locked)`, so each row is claimed by exactly one instance
 * and sent once: the claim is the only way to send. A claimed row is `running`, carries a fresh download
 * token (its hash), and its signed manifest goes to the gateway as the `upgrade` command. The same loop fails
 * runs that outlived UPGRADE_LIMITS.runTimeoutSec and moves staged rollouts on (waves.ts).
 */
export class UpgradeDispatcher {
  private readonly rounds: Rounds;

  constructor(private readonly deps: UpgradeDispatcherDeps) {
    this.rounds = new Rounds({
      round: () => this.round(),
      intervalMs: deps.intervalMs,
      soonMs: KICK_SOON_MS,
      onError: (err) => deps.log.error({ err }, 'upgrade dispatcher tick failed'),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /**
   * A kick a moment from now, for events that come in bursts (gateways coming online: after a broker restart a
   * whole fleet says so within a minute): however many arrive meanwhile, one round serves them all, so the
   * storm costs the database a few rounds a second, not one per gateway.
   */
  kickSoon(): void {
    this.rounds.kickSoon();
  }

  /** A tick whose failure is logged, never thrown: for events (a start, a gateway online, an answer). */
  kick(): Promise<void> {
    return this.rounds.kick();
  }

  /**
   * One round: time out stale runs, move rollouts on, send what may go. Rounds of one instance run one after
   * another; those of several instances overlap safely (the claim and the conditional updates decide).
   */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  private async round(): Promise<void> {
    const now = this.deps.now();
    await this.timeOut(now);
    await advanceRollouts(this.deps.db, now);
    // A claim takes CLAIM_LIMIT at most; go on while it came back full.
    for (let i = 0; i < 100; i++) {
      const sent = await this.claimAndSend();
      if (sent < CLAIM_LIMIT) break;
    }
  }

  /** Runs that started longer than the run timeout ago failed: the device never said how it ended. */
  private async timeOut(now: number): Promise<void> {
    const before = new Date(now - UPGRADE_LIMITS.runTimeoutSec * 1000).toISOString();
    await this.deps.db.execute(sql`update upgrade set state = 'failed', error = 'timed out',
        finished_at = ${new Date(now).toISOString()}::timestamptz
      where state = 'running' and started_at < ${before}::timestamptz`);
  }

  /** Claims what may go now and sends each; answers how many it claimed. */
  private async claimAndSend(): Promise<number> {
    const { db } = this.deps;
    const now = this.deps.now();
    const at = new Date(now).toISOString();
    const expiresAt = now + UPGRADE_LIMITS.downloadTtlSec * 1000;
    const tokens = new Map<string, string>();
    const claimed = await db.transaction(async (tx) => {
      const rows = await query<Claimed>(
        tx,
        sql`update upgrade set state = 'running', started_at = ${at}::timestamptz, progress = null
          where id in (
            select u.id from upgrade u
              join gateway g on g.id = u.gateway_id
              left join upgrade_rollout r on r.id = u.rollout_id
            where u.state in ('waiting', 'queued') and g.online
              and (u.rollout_id is null or (r.state = 'running' and u.wave = r.wave))
            order by u.created_at, u.id
            limit ${CLAIM_LIMIT}
            for update of u skip locked)
            and state in ('waiting', 'queued')
          returning id, sn, kind, model, to_version, firmware_id, gateway_id`,
      );
      // Each row its own token, stored only as a hash, in the same transaction as the claim.
      for (const r of rows) {
        const token = newDownloadToken();
        tokens.set(r.id, token);
        await tx.execute(sql`update upgrade set token_hash = ${tokenHash(token)},
            token_expires_at = ${new Date(expiresAt).toISOString()}::timestamptz where id = ${r.id}`);
      }
      return rows;
    });
    if (claimed.length === 0) return 0;

    const fwIds = [...new Set(claimed.flatMap((r) => (r.firmware_id ? [r.firmware_id] : [])))];
    const images = fwIds.length
      ? await db
          .select({ id: firmware.id, size: firmware.size, sha256: firmware.sha256 })
          .from(firmware)
          .where(inArray(firmware.id, fwIds))
      : [];
    const gwIds = [...new Set(claimed.map((r) => r.gateway_id))];
    const gateways = await db
      .select({ id: gateway.id, sn: gateway.sn })
      .from(gateway)
      .where(inArray(gateway.id, gwIds));

    for (const r of claimed) {
      const image = images.find((i) => i.id === r.firmware_id);
      const gw = gateways.find((g) => g.id === r.gateway_id);
      const token = tokens.get(r.id);
      if (!image || !gw || !token) {
        // The firmware was deleted from the library between the start and now: nothing to send.
        await this.fail(r.id, 'firmware deleted');
        continue;
      }
      const manifest: UpgradeManifest = {
        upgradeId: r.id,
        device: r.sn,
        kind: r.kind,
        model: r.model,
        version: r.to_version,
        size: image.size,
        sha256: image.sha256,
        url: `${this.deps.publicUrl}/api/v1/upgrade/image/${r.id}?token=${token}`,
        expiresAt,
      };
      const text = JSON.stringify(manifest);
      const params: UpgradeCommandParams = { manifest: text, signature: this.deps.key.sign(text) };
      const cmd: GatewayCommand = {
        cmdId: `${UPGRADE_CMD_PREFIX}${r.id}`,
        type: 'upgrade',
        device: r.sn,
        params,
        expiresAt,
      };
      try {
        await this.deps.bus.publish(gatewayTopics(gw.sn).command, JSON.stringify(cmd));
      } catch (err) {
        this.deps.log.warn({ err, sn: r.sn, upgrade: r.id }, 'upgrade command not sent');
        await this.fail(r.id, 'not sent');
      }
    }
    return claimed.length;
  }

  private async fail(id: string, error: string): Promise<void> {
    await this.deps.db.execute(sql`update upgrade set state = 'failed', error = ${error},
        finished_at = ${new Date(this.deps.now()).toISOString()}::timestamptz
      where id = ${id} and state = 'running'`);
  }
}
