/**
 * History for a plant, published before live data takes over: one sample per device per local day at
 * 23:55 for the older days (what daily energy needs: the counters at the end of each day), and 5-minute
 * samples for the last few days. A separate model steps through the history so the live model can be at
 * "now" from the start; both start from the same instant, so their readings agree wherever they overlap.
 */
import { setImmediate as nextTick } from 'node:timers/promises';
import type { Sample } from '@heliograph/shared';
import type { Outcome } from '../gateway/outbox.js';
import type { GatewayRuntime } from './gateway-runtime.js';
import { localTime, localToUtc } from './local-time.js';
import { PlantModel, STEP_MS } from './model.js';
import type { LastReadings } from './start-counters.js';
import type { PlantDef } from './types.js';

export const DAY_MS = 86_400_000;
/** The local time of a day's one sample in the sparse part. */
const DAILY_SAMPLE = { hour: 23, minute: 55 };

export interface BackfillWindow {
  /** Where the models start. */
  start: number;
  /** From here on, samples every 5 minutes. */
  denseFrom: number;
  /** The live start: history stops before it. */
  end: number;
}

export function backfillWindow(now: number, backfillDays: number, denseDays: number): BackfillWindow {
  const start = Math.floor((now - backfillDays * DAY_MS) / STEP_MS) * STEP_MS;
  const denseFrom = Math.max(start, Math.ceil((now - Math.min(denseDays, backfillDays) * DAY_MS) / STEP_MS) * STEP_MS);
  return { start, denseFrom, end: now };
}

/**
 * The window for a plant whose devices last reported at `resumedAt`: history starts no earlier than that
 * (on the next grid step), so the new samples follow the old ones instead of interleaving with them.
 */
export function resumedWindow(window: BackfillWindow, resumedAt: number | undefined): BackfillWindow {
  if (resumedAt === undefined) return window;
  const start = Math.min(window.end, Math.max(window.start, Math.ceil(resumedAt / STEP_MS) * STEP_MS));
  return { start, denseFrom: Math.max(window.denseFrom, start), end: window.end };
}

/** The instants a plant's history is sampled at, ascending. */
export function backfillTimes(plant: PlantDef, window: BackfillWindow): number[] {
  const times: number[] = [];
  const first = localTime(plant.timeZone, window.start).dayNumber;
  for (let day = first; ; day++) {
    const t = localToUtc(plant.timeZone, day, DAILY_SAMPLE.hour, DAILY_SAMPLE.minute);
    if (t >= window.denseFrom) break;
    if (t > window.start) times.push(t);
  }
  for (let t = window.denseFrom; t < window.end; t += STEP_MS) if (t > window.start) times.push(t);
  return times;
}

export interface BackfillProgress {
  samples: number;
  batches: number;
}

/**
 * Generates a plant's history and queues it on its gateways in batches of up to `batchSize` samples, each
 * gateway keeping at most its window of backfill batches unacknowledged. Resolves when every batch has
 * been answered (or dropped), or early when `stopped()` turns true.
 */
export async function backfillPlant(
  plant: PlantDef,
  gateways: readonly GatewayRuntime[],
  window: BackfillWindow,
  options: {
    batchSize: number;
    progress: BackfillProgress;
    stopped: () => boolean;
    resume?: Readonly<Record<string, LastReadings>>;
  },
): Promise<void> {
  const model = new PlantModel(plant, window.start, options.resume);
  const pending = new Map<GatewayRuntime, Sample[]>(gateways.map((g) => [g, []]));
  const outcomes: Promise<Outcome>[] = [];

  const flush = async (gateway: GatewayRuntime, all: boolean) => {
    const queue = pending.get(gateway) ?? [];
    while (queue.length >= options.batchSize || (all && queue.length > 0)) {
      await gateway.client.backfillRoom();
      if (options.stopped()) return;
      const batch = queue.splice(0, options.batchSize);
      outcomes.push(gateway.client.sendTelemetry(batch, { backfill: true }).settled);
      options.progress.batches++;
    }
  };

  for (const ts of backfillTimes(plant, window)) {
    if (options.stopped()) return;
    model.advanceTo(ts);
    for (const gateway of gateways) {
      const samples = await gateway.samples(model, gateway.readings(model), ts, 'memory');
      pending.get(gateway)?.push(...samples);
      options.progress.samples += samples.length;
      await flush(gateway, false);
    }
    // Generating history is CPU work: let the live side and the sockets have the event loop in between.
    await nextTick();
  }
  for (const gateway of gateways) await flush(gateway, true);
  await Promise.all(outcomes);
}
