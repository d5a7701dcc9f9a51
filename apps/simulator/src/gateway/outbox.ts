/**
 * A gateway's store-and-forward buffer: every telemetry batch and event stays here, in the order it was
 * made, until the server acknowledges its id on down/ack. Sending is windowed (at most `window` entries
 * published and not yet acknowledged), so a backlog drains fast without flooding the server; after a
 * reconnect, or when an acknowledgement is overdue, entries go out again unchanged, oldest first.
 * The buffer is bounded: when full, the oldest entry is dropped (and reported), as a real logger's flash
 * would overwrite its oldest records.
 */

export type OutboxKind = 'telemetry' | 'event';
export type Outcome = 'committed' | 'rejected' | 'dropped';

export interface OutboxEntry {
  id: string;
  kind: OutboxKind;
  /** The JSON as first built: a replay sends exactly these bytes. */
  payload: string;
  /** Samples in a telemetry batch (1 for an event). */
  samples: number;
  /** Counts towards the backfill pacing rather than live traffic. */
  backfill: boolean;
  /** When it was last published; undefined while waiting to be (re)sent. */
  sentAt: number | undefined;
  /** Times published. */
  attempts: number;
  /** Settles when the entry leaves the buffer. */
  settled: Promise<Outcome>;
}

export class Outbox {
  private readonly entries = new Map<string, OutboxEntry & { settle: (outcome: Outcome) => void }>();
  private inFlightCount = 0;
  private backfillCount = 0;

  constructor(
    readonly capacity = 10_000,
    private readonly onDrop: (entry: OutboxEntry) => void = () => {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get inFlight(): number {
    return this.inFlightCount;
  }

  /** Backfill entries still waiting for their acknowledgement. */
  get backfillPending(): number {
    return this.backfillCount;
  }

  add(entry: Pick<OutboxEntry, 'id' | 'kind' | 'payload' | 'samples'> & { backfill?: boolean }): OutboxEntry {
    if (this.entries.has(entry.id)) throw new Error(`duplicate outbox id ${entry.id}`);
    while (this.entries.size >= this.capacity) {
      const oldest = this.entries.values().next().value;
      if (!oldest) break;
      this.remove(oldest.id, 'dropped');
      this.onDrop(oldest);
    }
    let settle: (outcome: Outcome) => void = () => {};
    const settled = new Promise<Outcome>((resolve) => (settle = resolve));
    const full = { ...entry, backfill: entry.backfill ?? false, sentAt: undefined, attempts: 0, settled, settle };
    this.entries.set(entry.id, full);
    if (full.backfill) this.backfillCount++;
    return full;
  }

  /** Removes an entry the server answered; undefined when it is not (or no longer) here. */
  settle(id: string, outcome: Exclude<Outcome, 'dropped'>): OutboxEntry | undefined {
    return this.remove(id, outcome);
  }

  /** The oldest entry waiting to be sent, if the window has room. */
  nextToSend(window: number): OutboxEntry | undefined {
    if (this.inFlightCount >= window) return undefined;
    for (const entry of this.entries.values()) if (entry.sentAt === undefined) return entry;
    return undefined;
  }

  markSent(entry: OutboxEntry, now: number): void {
    const own = this.entries.get(entry.id);
    if (!own) return;
    if (own.sentAt === undefined) this.inFlightCount++;
    own.sentAt = now;
    own.attempts++;
  }

  /** Puts an entry back in the queue (its publish failed). */
  markUnsent(entry: OutboxEntry): void {
    const own = this.entries.get(entry.id);
    if (!own || own.sentAt === undefined) return;
    own.sentAt = undefined;
    this.inFlightCount--;
  }

  /** After a reconnect: nothing is in flight any more, everything unacknowledged goes again, oldest first. */
  requeueAll(): void {
    for (const entry of this.entries.values()) entry.sentAt = undefined;
    this.inFlightCount = 0;
  }

  /** Requeues entries published longer than `timeoutMs` ago without an answer; returns how many. */
  requeueOverdue(now: number, timeoutMs: number): number {
    let n = 0;
    for (const entry of this.entries.values()) {
      if (entry.sentAt !== undefined && now - entry.sentAt >= timeoutMs) {
        this.markUnsent(entry);
        n++;
      }
    }
    return n;
  }

  /** Every entry still unacknowledged, oldest first (a copy). */
  pending(): OutboxEntry[] {
    return [...this.entries.values()];
  }

  private remove(id: string, outcome: Outcome): OutboxEntry | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    if (entry.sentAt !== undefined) this.inFlightCount--;
    if (entry.backfill) this.backfillCount--;
    entry.settle(outcome);
    return entry;
  }
}
