/**
 * The loop of a background job that every instance runs (upgrades, protocol pushes, notifications): a round
 * on a timer, on a kick, or soon after a burst of kicks. Rounds of one instance run one after another, and a
 * round not yet begun serves every caller that asked before it began, so a burst (a fleet reconnecting after a
 * broker restart) costs one more round, not one each. Whether two instances' rounds may overlap is the job's
 * own business (they claim rows with FOR UPDATE SKIP LOCKED). Tests leave the timer off and call `tick`.
 */
export class Rounds {
  private chain: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private soon: NodeJS.Timeout | undefined;

  constructor(
    private readonly o: {
      round: () => Promise<void>;
      /** 0: no timer. */
      intervalMs: number;
      /** How long `kickSoon` waits, gathering kicks (default 0: the next turn of the event loop). */
      soonMs?: number;
      /** A failed round of the timer or a kick: logged, never thrown. */
      onError: (err: unknown) => void;
    },
  ) {}

  start(): void {
    if (this.o.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => void this.kick(), this.o.intervalMs);
    this.timer.unref();
  }

  /** Stops the timers and waits for the round in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.soon) clearTimeout(this.soon);
    this.timer = undefined;
    this.soon = undefined;
    await this.chain;
  }

  /** A round a moment from now: however many kicks arrive meanwhile, one round serves them all. */
  kickSoon(): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.kick();
    }, this.o.soonMs ?? 0);
    this.soon.unref();
  }

  /** A round whose failure is logged, never thrown. */
  async kick(): Promise<void> {
    try {
      await this.tick();
    } catch (err) {
      this.o.onError(err);
    }
  }

  /** One round, after the one running; its failure is the caller's. */
  tick(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.chain.then(() => {
      this.queued = undefined;
      return this.o.round();
    });
    this.queued = run;
    this.chain = run.catch(() => undefined);
    return run;
  }
}
