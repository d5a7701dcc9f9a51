import type { DisplayTotals } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../http/context.js';
import { displayTotals, type DisplayScope } from './data.js';
import { liveLinkIds } from './links.js';

/** One screen watching a display: what to send, and how to end it when its link is revoked. */
export interface Viewer {
  send(totals: DisplayTotals): void;
  /** The view link it came through, checked every tick; none for a signed-in viewer. */
  linkId?: string;
  revoked(): void;
}

interface Watched {
  scope: DisplayScope;
  viewers: Set<Viewer>;
  timer: ReturnType<typeof setInterval>;
  busy: boolean;
}

/**
 * The display's own reach: its plants and nothing else. Whoever may see a display (its company's staff, a
 * platform administrator, its link) sees all of its plants, so one computation serves every screen of it.
 */
export function displayReader(scope: DisplayScope): AuthContext {
  return {
    userId: '00000000-0000-0000-0000-000000000000',
    sessionId: `display:${scope.id}`,
    companyId: null,
    role: 'visitor',
    roleId: '',
    permissions: new Set(),
    link: {
      id: '',
      kind: 'display',
      companyId: scope.companyId,
      displayId: scope.id,
      allPlants: scope.allPlants,
      plantId: null,
      deviceSn: null,
    },
  };
}

/**
 * The live totals of the displays being watched on this instance: one timer and one query per tick per display
 * (not per plant, not per screen: the screens of a spliced wall share it), started by the first viewer and
 * stopped with the last. A tick that is still running when the next is due is skipped, so a slow database
 * never piles queries up. The viewers that came through a view link are checked each tick and ended once it
 * is revoked.
 */
export class DisplayTicker {
  private readonly watched = new Map<string, Watched>();

  constructor(private readonly deps: { db: Db; now: () => number; tickMs: number; onError: (err: unknown) => void }) {}

  /** Starts sending; returns the function that stops. */
  watch(scope: DisplayScope, viewer: Viewer): () => void {
    let w = this.watched.get(scope.id);
    if (!w) {
      const entry: Watched = {
        scope,
        viewers: new Set(),
        busy: false,
        timer: setInterval(() => void this.tick(entry), this.deps.tickMs),
      };
      entry.timer.unref?.();
      this.watched.set(scope.id, entry);
      w = entry;
    }
    w.viewers.add(viewer);
    const entry = w;
    return () => {
      entry.viewers.delete(viewer);
      if (entry.viewers.size === 0 && this.watched.get(scope.id) === entry) {
        clearInterval(entry.timer);
        this.watched.delete(scope.id);
      }
    };
  }

  /** How many displays have a timer now (tests: no timer is left behind). */
  get size(): number {
    return this.watched.size;
  }

  private async tick(w: Watched): Promise<void> {
    if (w.busy) return;
    w.busy = true;
    try {
      const linked = [...w.viewers].flatMap((v) => (v.linkId ? [v.linkId] : []));
      const [totals, live] = await Promise.all([
        displayTotals(this.deps.db, displayReader(w.scope), w.scope, new Date(this.deps.now())),
        liveLinkIds(this.deps.db, [...new Set(linked)]),
      ]);
      for (const v of [...w.viewers]) {
        if (v.linkId && !live.has(v.linkId)) v.revoked();
        else v.send(totals);
      }
    } catch (err) {
      this.deps.onError(err);
    } finally {
      w.busy = false;
    }
  }

  /** Ticks every watched display now (tests; the timers do it otherwise). */
  async tickAll(): Promise<void> {
    await Promise.all([...this.watched.values()].map((w) => this.tick(w)));
  }

  stop(): void {
    for (const w of this.watched.values()) clearInterval(w.timer);
    this.watched.clear();
  }
}
