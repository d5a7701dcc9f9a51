import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** What a status message or a connect/drop says of a gateway. */
export interface GatewayState {
  online: boolean;
  /** Heard from just now: last seen becomes the database's now. */
  seen: boolean;
  firmware?: string | undefined;
  /** The gateway's model (product), which gateway firmware is made for. */
  model?: string | undefined;
  rssi?: number | undefined;
  interval?: number | undefined;
}

// Rows per statement: a whole fleet reconnecting is written in a handful of them.
const ROWS_PER_STATEMENT = 1000;

/**
 * Gateways' state (online, last seen, firmware, model, signal, interval) written together (issue 11). When a broker
 * restarts, every gateway reconnects and says it is online within a minute or two: one update each, fired as
 * they arrive, queued 10,000 deep for the database connections the console's pages need. Here a write waits
 * for the statement in progress, and everything that arrived meanwhile goes in the next one: one statement
 * at a time, as few as the arrivals allow, and a quiet fleet's single message is written at once. The newest
 * word of each gateway wins; what it left out (firmware, signal) keeps what an earlier one said.
 */
export class GatewayStateWrites {
  private pending = new Map<string, GatewayState>();
  private batch = deferred();
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    /** After a write that changed gateways' intervals (the registry caches them). */
    private readonly intervalChanged: (sn: string) => void = () => undefined,
  ) {}

  /** Resolves once the state is written (with whatever else arrived meanwhile). */
  put(sn: string, state: GatewayState): Promise<void> {
    const before = this.pending.get(sn);
    this.pending.set(sn, {
      online: state.online,
      seen: state.seen || (before?.seen ?? false),
      firmware: state.firmware ?? before?.firmware,
      model: state.model ?? before?.model,
      rssi: state.rssi ?? before?.rssi,
      interval: state.interval ?? before?.interval,
    });
    const done = this.batch.promise;
    this.running ??= this.run();
    return done;
  }

  private async run(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const rows = [...this.pending];
        const batch = this.batch;
        this.pending = new Map();
        this.batch = deferred();
        try {
          for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT)
            await this.write(rows.slice(i, i + ROWS_PER_STATEMENT));
          batch.resolve();
        } catch (err) {
          batch.reject(err);
        }
        for (const [sn, s] of rows) if (s.interval) this.intervalChanged(sn);
      }
    } finally {
      this.running = undefined;
    }
  }

  private async write(rows: [string, GatewayState][]): Promise<void> {
    const json = JSON.stringify(rows.map(([sn, s]) => ({ sn, ...s })));
    await this.db.transaction(async (tx) => {
      // Rows locked in one order (by id), as the readings' writer does: two instances never deadlock.
      await tx.execute(
        sql`select g.id from gateway g join jsonb_to_recordset(${json}::jsonb) as v(sn text) on v.sn = g.sn order by g.id for update of g`,
      );
      await tx.execute(sql`update gateway g set
          online = v.online,
          last_seen_at = case when v.seen then now() else g.last_seen_at end,
          firmware = coalesce(v.firmware, g.firmware),
          model = coalesce(v.model, g.model),
          rssi = coalesce(v.rssi, g.rssi),
          upload_interval_s = coalesce(v.interval, g.upload_interval_s)
        from jsonb_to_recordset(${json}::jsonb)
          as v(sn text, online boolean, seen boolean, firmware text, model text, rssi integer, interval integer)
        where g.sn = v.sn`);
    });
  }
}

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A batch nobody awaits (every caller gone) must not become an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
