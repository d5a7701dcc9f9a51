import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';

/**
 * Which gateways' telemetry the communication log keeps in full (issue 11, issue 14 item 6). Commands, answers,
 * events and status are always kept; telemetry is logged as its summary (readings, devices, batch id, size) unless
 * a technician switched full recording on for the gateway, for at most a day. A fleet of 10,000 gateways sends
 * about 3 million batches a day: their payloads would be tens of gigabytes, and a backfill would fill the log's
 * queue with them.
 *
 * The switch lives in the database (gateway.comm_log_full_until), so every instance follows it; each instance
 * reads the gateways switched on every `refreshMs` (a handful of rows), and its own switches at once. The
 * recorder asks `keeps(sn)` for every telemetry message: a map lookup.
 */
export class FullTelemetry {
  private until = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly o: { db: Db; now: () => number; log: FastifyBaseLogger; refreshMs?: number }) {}

  start(): void {
    const ms = this.o.refreshMs ?? 30_000;
    void this.refreshQuietly();
    if (ms > 0) this.timer = setInterval(() => void this.refreshQuietly(), ms).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Whether the log keeps this gateway's telemetry in full now. */
  keeps(sn: string): boolean {
    const until = this.until.get(sn);
    return until !== undefined && until > this.o.now();
  }

  /** Reads the gateways switched on (all instances' switches). */
  async refresh(): Promise<void> {
    const rows = await query<{ sn: string; until: Date | string }>(
      this.o.db,
      sql`select sn, comm_log_full_until as until from gateway
        where comm_log_full_until > ${new Date(this.o.now()).toISOString()}::timestamptz`,
    );
    this.until = new Map(rows.map((r) => [r.sn, new Date(r.until).getTime()]));
  }

  private async refreshQuietly(): Promise<void> {
    await this.refresh().catch((err: unknown) =>
      this.o.log.warn({ err }, 'communication log: reading switches failed'),
    );
  }

  /** Until when (Unix ms) the gateway's telemetry is kept in full; null when it is not. */
  async get(gatewayId: string): Promise<number | null> {
    const [row] = await query<{ until: Date | string | null }>(
      this.o.db,
      sql`select comm_log_full_until as until from gateway where id = ${gatewayId}`,
    );
    const until = row?.until ? new Date(row.until).getTime() : null;
    return until !== null && until > this.o.now() ? until : null;
  }

  /** Keeps the gateway's telemetry in full for `hours` from now (0: from now on summaries only). */
  async set(gateway: { id: string; sn: string }, hours: number): Promise<number | null> {
    const until = hours > 0 ? this.o.now() + hours * 3_600_000 : null;
    await this.o.db.execute(
      sql`update gateway set comm_log_full_until = ${until === null ? null : new Date(until).toISOString()}::timestamptz
        where id = ${gateway.id}`,
    );
    if (until === null) this.until.delete(gateway.sn);
    else this.until.set(gateway.sn, until);
    return until;
  }
}
