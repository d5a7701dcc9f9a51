import type { ServerInstance } from './processes.js';

/** The main-thread figures an instance's GET /metrics gives (its last complete 10 s window). */
export interface LoopReading {
  delayP99Ms: number;
  delayMaxMs: number;
  utilization: number;
}

/** Reads one instance's /metrics; undefined while it is not answering (a restart). */
export async function readLoop(instance: ServerInstance, token: string): Promise<LoopReading | undefined> {
  try {
    const res = await fetch(`${instance.url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) return undefined;
    const text = await res.text();
    const value = (name: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      return line ? Number(line.slice(name.length + 1)) : NaN;
    };
    const reading = {
      delayP99Ms: value('heliograph_event_loop_delay_seconds{quantile="0.99"}') * 1000,
      delayMaxMs: value('heliograph_event_loop_delay_seconds{quantile="1"}') * 1000,
      utilization: value('heliograph_event_loop_utilization'),
    };
    // A server that started less than a window ago has no complete window yet: all zeros, not a figure.
    return reading.delayMaxMs === 0 && reading.utilization === 0 ? undefined : reading;
  } catch {
    return undefined;
  }
}

/** Every five seconds, each instance's event-loop figures, handed to `record`. */
export function loopMeter(instances: ServerInstance[], token: string, record: (r: LoopReading) => void) {
  let stopped = false;
  const tick = async () => {
    for (const instance of instances) {
      const r = await readLoop(instance, token);
      if (r) record(r);
    }
  };
  const run = (async () => {
    while (!stopped) {
      await tick();
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await run;
    },
  };
}
