/**
 * Command answers that must not be lost: an upgrade's steps and outcome go out over minutes, across
 * reconnects and the reboot that follows a gateway's own upgrade. Each answer stays here, in order, until the
 * broker has taken it (QoS 1 PUBACK); whatever was not taken when a connection went is sent again on the
 * next one. The server sees an answer at least once, so it treats a repeated one as the same answer.
 */
import type { CommandResult } from '@heliograph/shared';

export interface QueuedResult {
  readonly result: CommandResult;
  /** Published on the current connection and not yet taken by the broker. */
  inFlight: boolean;
}

export class ResultQueue {
  private readonly entries: QueuedResult[] = [];
  private readonly drainWaiters: (() => void)[] = [];

  /** Beyond `capacity`, the oldest progress report goes first (outcomes are what the console waits for). */
  constructor(readonly capacity = 500) {}

  get size(): number {
    return this.entries.length;
  }

  add(result: CommandResult): void {
    this.entries.push({ result, inFlight: false });
    if (this.entries.length <= this.capacity) return;
    const progress = this.entries.findIndex((e) => !e.inFlight && e.result.status === 'progress');
    this.entries.splice(progress >= 0 ? progress : 0, 1);
  }

  /** Answers to publish now, oldest first; they are marked in flight. */
  takeUnsent(): QueuedResult[] {
    const out = this.entries.filter((e) => !e.inFlight);
    for (const entry of out) entry.inFlight = true;
    return out;
  }

  /** The broker took it. */
  delivered(entry: QueuedResult): void {
    const at = this.entries.indexOf(entry);
    if (at >= 0) this.entries.splice(at, 1);
    if (this.entries.length === 0) for (const wake of this.drainWaiters.splice(0)) wake();
  }

  /** Resolves once the broker has taken every answer (at once when there is none). */
  drained(): Promise<void> {
    if (this.entries.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** The publish failed, or the connection went: send it again with the next flush. */
  unsent(entry: QueuedResult): void {
    entry.inFlight = false;
  }

  /** A new connection: nothing is in flight on it yet. */
  requeueAll(): void {
    for (const entry of this.entries) entry.inFlight = false;
  }
}
