import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { gatewayTopics, type GatewayCommand, type MigrationTable } from '@heliograph/shared';
import type { MigrationConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { accountMigration, appUser, device, gateway, plant, plantShare, role } from '../../db/schema.js';
import { recordAudit } from '../audit/record.js';
import type { TokenService } from '../auth/tokens.js';
import { SIGNATURE_HEADERS, sign } from './signature.js';
import { countOwned, ownedBy, pages, TABLES, toWire, type Owned } from './tables.js';

/** Rows per server-to-server call: bounded, so neither side holds more than a page of history at once. */
const PAGE_ROWS = 500;
/** A migration "in progress" whose worker has said nothing for this long died with its instance: resumed. */
const STALE_MS = 5 * 60 * 1000;

type InternalRoute =
  'POST /internal/migration/batch' | 'POST /internal/migration/count' | 'POST /internal/migration/finish';

interface Claimed {
  id: string;
  user_id: string;
  to_region: string;
  created_at: unknown;
}

/**
 * References a moved row may not take along: accounts and companies of this region (an installer, whoever
 * created the plant, the company a gateway was stocked by). The peer has no such rows, so they go empty.
 */
function scrub(table: MigrationTable, row: Record<string, unknown>, userId: string): Record<string, unknown> {
  const own = (v: unknown) => (v === userId ? v : null);
  if (table === 'plant') return { ...row, installerId: own(row.installerId), createdBy: own(row.createdBy) };
  if (table === 'gateway') return { ...row, companyId: null, customerId: own(row.customerId) };
  return row;
}

export interface MigratorDeps {
  db: Db;
  config: MigrationConfig;
  tokens: Pick<TokenService, 'endSessions'>;
  log: FastifyBaseLogger;
  now: () => number;
  /** Publishes on the gateways' broker (the bus): how moved gateways are told their new address. */
  publish?: (topic: string, payload: string) => Promise<void>;
  /**
   * Called once the peer has confirmed the copy and before the final pass: the window in which the account's
   * devices and console go on writing. Tests write there; production passes nothing.
   */
  inWindow?: (userId: string) => Promise<void>;
}

/**
 * The account's row, plants, gateways and devices, locked until the transaction ends (FOR UPDATE), read again
 * under the lock: a plant or device added since the copy began moves too.
 */
async function lockOwned(tx: Db, userId: string): Promise<Owned> {
  await tx.select({ id: appUser.id }).from(appUser).where(eq(appUser.id, userId)).for('update');
  const plants = await tx.select({ id: plant.id }).from(plant).where(eq(plant.ownerId, userId)).for('update');
  const plantIds = plants.map((p) => p.id);
  const gateways = plantIds.length
    ? await tx.select({ id: gateway.id }).from(gateway).where(inArray(gateway.plantId, plantIds)).for('update')
    : [];
  const gatewayIds = gateways.map((g) => g.id);
  const devices = gatewayIds.length
    ? await tx.select({ id: device.id }).from(device).where(inArray(device.gatewayId, gatewayIds)).for('update')
    : [];
  return { userId, plantIds, gatewayIds, deviceIds: devices.map((d) => d.id) };
}

/** How long a moved gateway that is offline has to pick up its new address (the broker keeps it queued). */
const ADDRESS_COMMAND_TTL_MS = 30 * 24 * 3600 * 1000;

/**
 * The source region's side: a background job that moves one submitted account at a time. Any instance may
 * run it; a migration is claimed with a row lock (FOR UPDATE SKIP LOCKED) and its status, so it runs once
 * across instances, and one left "in progress" by an instance that died is taken up again (the target's
 * import is idempotent, so starting over duplicates nothing).
 *
 * The move: every table of tables.ts, page by page, to the peer's /internal/migration/batch; then once more
 * the time series written since the start (the gateways go on reporting meanwhile); then the peer counts
 * what it holds of the account and must hold at least what is here; only then is everything deleted here
 * in one transaction, the account marked as moved (it signs in only in the new region), its sessions ended,
 * and the peer told to let it in. Any failure before the deletion leaves the account working here, with the
 * migration failed and its error.
 */
export class Migrator {
  private running: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: MigratorDeps) {}

  /** Look for work soon (a request was just submitted); never runs two passes at once in this process. */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (await this.runOnce()) {
            /* one migration per claim, until none is waiting */
          }
        } while (this.again);
      } catch (err) {
        this.deps.log.error({ err }, 'account migration sweep failed');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  /** Every minute: migrations submitted on another instance that stopped, or left stale. */
  start(intervalMs = 60_000): void {
    this.timer = setInterval(() => void this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Claims and runs one migration; false when none is waiting. */
  async runOnce(): Promise<boolean> {
    const { db } = this.deps;
    const stale = new Date(this.deps.now() - STALE_MS);
    const [claimed] = await query<Claimed>(
      db,
      sql`update account_migration set status = 'in_progress', updated_at = now()
          where id = (
            select id from account_migration
            where status = 'submitted' or (status = 'in_progress' and updated_at < ${stale.toISOString()}::timestamptz)
            order by created_at limit 1 for update skip locked)
          returning id, user_id, to_region, created_at`,
    );
    if (!claimed) return false;
    try {
      await this.move(claimed);
    } catch (err) {
      this.deps.log.warn({ err, migration: claimed.id }, 'account migration failed');
      await db
        .update(accountMigration)
        .set({ status: 'failed', error: 'migrationFailed', updatedAt: new Date() })
        .where(eq(accountMigration.id, claimed.id));
    }
    return true;
  }

  private async move(m: Claimed): Promise<void> {
    const { db } = this.deps;
    const peer = this.deps.config.peers[m.to_region];
    if (!peer) throw new Error(`region ${m.to_region} is no longer a peer`);
    const owned = await ownedBy(db, m.user_id);
    const started = new Date(this.deps.now());
    for (const spec of TABLES) await this.send(peer, m, spec.name, spec.where(owned));
    // What ingest wrote while the pass ran (a day back, for the day rows the pass had already read).
    const since = new Date(started.getTime() - 24 * 3600 * 1000);
    for (const spec of TABLES) if (spec.since) await this.send(peer, m, spec.name, spec.since(owned, since));
    await this.verify(this.deps.db, peer, m, owned);
    await this.deps.inWindow?.(m.user_id);
    const gateways = await this.gatewaySerials(owned);
    await this.removeHere(peer, m, since);
    const finished = (await this.call(peer, 'POST /internal/migration/finish', {
      migration: m.id,
      userId: m.user_id,
    })) as { mqttUrl?: string | null } | null;
    await db
      .update(accountMigration)
      .set({ status: 'migrated', error: null, updatedAt: new Date() })
      .where(eq(accountMigration.id, m.id));
    await this.tellGateways(m, gateways, finished?.mqttUrl ?? null);
  }

  /** The serial numbers of the gateways that move with the account (read before they are deleted here). */
  private async gatewaySerials(owned: Owned): Promise<string[]> {
    const spec = TABLES.find((t) => t.name === 'gateway');
    if (!spec) return [];
    const rows = await this.deps.db.select({ sn: gateway.sn }).from(gateway).where(spec.where(owned));
    return rows.map((r) => r.sn);
  }

  /**
   * Each moved gateway is told the new region's broker (`serverAddress`, docs/gateway-protocol.md): it answers,
   * disconnects and connects there with the same serial number and password, which moved with it. QoS 1 on
   * its own topic, so an offline gateway gets it from the broker when it comes back. Nothing to say when the
   * peer did not name its broker (REGION_MQTT_URL unset there): the operator repoints those gateways.
   */
  private async tellGateways(m: Claimed, serials: string[], url: string | null): Promise<void> {
    const publish = this.deps.publish;
    if (!url || !publish || serials.length === 0) {
      if (serials.length)
        this.deps.log.warn(
          { migration: m.id, gateways: serials.length },
          'moved gateways were not told a new broker address',
        );
      return;
    }
    const expiresAt = this.deps.now() + ADDRESS_COMMAND_TTL_MS;
    for (const sn of serials) {
      const command: GatewayCommand = {
        cmdId: `mig-${m.id.slice(0, 8)}-${sn}`.slice(0, 64),
        type: 'serverAddress',
        params: { url },
        expiresAt,
      };
      await publish(gatewayTopics(sn).command, JSON.stringify(command)).catch((err: unknown) => {
        this.deps.log.warn({ err, sn }, 'could not tell a moved gateway its new broker');
      });
    }
  }

  private async send(
    peer: string,
    m: Claimed,
    table: MigrationTable,
    where: SQL | undefined,
    q: Db = this.deps.db,
  ): Promise<void> {
    const spec = TABLES.find((t) => t.name === table);
    if (!spec) return;
    for await (const page of pages(q, spec, where, PAGE_ROWS)) {
      const rows =
        table === 'app_user' ? await this.withRoleKeys(q, page) : page.map((r) => scrub(table, r, m.user_id));
      await this.call(peer, 'POST /internal/migration/batch', { migration: m.id, table, rows: rows.map(toWire) });
      // Still alive: another instance must not take it up as stale.
      await q.update(accountMigration).set({ updatedAt: new Date() }).where(eq(accountMigration.id, m.id));
    }
  }

  /** The account's role travels by its built-in key (the ids of roles differ between deployments). */
  private async withRoleKeys(q: Db, rows: Record<string, unknown>[]) {
    const out: Record<string, unknown>[] = [];
    for (const r of rows) {
      const [k] = await q
        .select({ key: role.key })
        .from(role)
        .where(eq(role.id, String(r.roleId)));
      out.push({ ...r, roleKey: k?.key ?? '' });
    }
    return out;
  }

  /** The peer holds at least every row of the account that is here (shares to accounts it lacks excepted). */
  private async verify(q: Db, peer: string, m: Claimed, owned: Owned): Promise<void> {
    const here = await countOwned(q, owned);
    const there = (await this.call(peer, 'POST /internal/migration/count', {
      migration: m.id,
      userId: m.user_id,
    })) as Record<string, number>;
    for (const [table, n] of Object.entries(here)) {
      if (table === 'plant_share') continue;
      if ((there[table] ?? 0) < n) throw new Error(`the peer holds ${there[table] ?? 0} of ${n} rows of ${table}`);
    }
  }

  /**
   * Leaves nothing behind and loses nothing written meanwhile, in one transaction. First the account's row,
   * plants, gateways and devices are locked (FOR UPDATE): a console write to them waits, and so does every
   * reading, event or day row ingest writes for them (its foreign-key check needs a share lock on the plant
   * or device), until the account is gone here. Then what was written since the copy began — time series
   * and every row that changes in place — is sent once more and the peer's count checked again, all read
   * under the locks, so nothing can land between the last read and the delete. A write that waited fails
   * once the rows are gone (ingest keeps such a message as a dead letter; the gateway is told its new
   * region right after). The account row stays as a pointer.
   */
  private async removeHere(peer: string, m: Claimed, since: Date): Promise<void> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const owned = await lockOwned(tx, m.user_id);
      for (const spec of TABLES) {
        const where = spec.since ? spec.since(owned, since) : spec.refresh ? spec.where(owned) : undefined;
        if (where) await this.send(peer, m, spec.name, where, tx);
      }
      await this.verify(tx, peer, m, owned);
      for (const spec of [...TABLES].reverse()) {
        if (spec.name === 'app_user') continue;
        await tx.delete(spec.table).where(spec.where(owned));
      }
      // What pointed at the account from rows that stay: shares others made to it, gateways assigned to it.
      await tx.delete(plantShare).where(eq(plantShare.userId, owned.userId));
      await tx.update(gateway).set({ customerId: null }).where(eq(gateway.customerId, owned.userId));
      await tx
        .update(appUser)
        .set({
          migratedTo: m.to_region,
          phone: '',
          avatar: null,
          mfaEnabled: false,
          updatedAt: new Date(),
        })
        .where(eq(appUser.id, owned.userId));
      await recordAudit(tx, { userId: owned.userId, companyId: null }, '', {
        action: 'migration.done',
        targetKind: 'migration',
        targetId: m.id,
        newValue: { region: m.to_region },
      });
    });
    await this.deps.tokens.endSessions(m.user_id);
  }

  /** A signed call to the peer; its answer's data, or an error naming what went wrong. */
  private async call(peer: string, route: InternalRoute, body: unknown): Promise<unknown> {
    const path = `/api/v1${route.slice('POST '.length)}`;
    const text = JSON.stringify(body);
    const ts = this.deps.now();
    const { region, secret } = this.deps.config;
    const res = await fetch(`${peer}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADERS.region]: region,
        [SIGNATURE_HEADERS.timestamp]: String(ts),
        [SIGNATURE_HEADERS.signature]: sign(secret, region, ts, path, text),
      },
      body: text,
      signal: AbortSignal.timeout(60_000),
    });
    const answer = (await res.json()) as { code?: number; data?: unknown; msg?: string };
    if (!res.ok || answer.code !== 0) throw new Error(`${route}: HTTP ${res.status} code ${answer.code} ${answer.msg}`);
    return answer.data;
  }
}
