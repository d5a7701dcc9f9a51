/**
 * A running fleet: every gateway connected to the broker, publishing a telemetry batch per upload interval
 * for "now" (the first one straight away), history backfilled through the same protocol, faults that can
 * be switched on and off, and counts of what went where.
 */
import { setImmediate as nextTick } from 'node:timers/promises';
import type { ProtocolUpdateParams } from '@heliograph/shared';
import type { GatewayStats } from '../gateway/gateway-client.js';
import type { Logger } from '../gateway/logger.js';
import type { UpgradeTuning } from '../gateway/upgrade-runner.js';
import { OVER_TEMPERATURE } from '../physics/battery.js';
import {
  backfillPlant,
  backfillWindow,
  DAY_MS,
  resumedWindow,
  type BackfillProgress,
  type BackfillWindow,
} from './backfill.js';
import { GatewayRuntime } from './gateway-runtime.js';
import { PlantModel, type PhysicalFault } from './model.js';
import type { LastReadings } from './start-counters.js';
import type { Fault, PlantDef } from './types.js';

export interface StartFleetOptions {
  plants: PlantDef[];
  /** Connection password by gateway serial number; a gateway without one is left out (and logged). */
  credentials: Record<string, string>;
  mqttUrl: string;
  /** Upload interval, seconds. Default 300. */
  intervalSec?: number;
  /** Days of history to publish before live data. Default 90; 0 for none. */
  backfillDays?: number;
  /** The most recent days get 5-minute samples, older ones one a day. Default 2. */
  denseDays?: number;
  /** Samples per backfill batch. Default 500. */
  backfillBatchSize?: number;
  /** Telemetry batches a gateway has published and not yet had acknowledged, at most. Default 8. */
  window?: number;
  /**
   * What an earlier run left off at, by device serial number: the time and metrics of each device's last
   * reading (the server's latest snapshot). Counters and battery charge continue from them, and a plant's
   * history starts after its latest one, so a restart joins the old data without a jump.
   */
  resume?: Record<string, { ts: number; metrics: LastReadings }>;
  /** "Now". Default Date.now. */
  clock?: () => number;
  log?: Logger;
  /**
   * The platform's public key (SPKI PEM) that signs upgrade manifests, from the caller (the server's own key,
   * or GET /api/v1/upgrade/manifestKey): the gateways trust it and nothing else. None: upgrades are refused.
   */
  manifestKey?: string;
  /** How simulated upgrades behave (install time scale, failure rate, seed, download retries). */
  upgrade?: Omit<UpgradeTuning, 'manifestKey'>;
}

export interface FleetStats extends Omit<GatewayStats, 'connected'> {
  plants: number;
  gateways: number;
  connected: number;
  live: { batches: number; samples: number };
  backfill: { samples: number; batches: number; done: boolean; ms: number | null };
}

export interface FleetHandle {
  stop(): Promise<void>;
  /** Switches a fault on or off for a plant (by PlantDef.key). */
  injectFault(plantKey: string, fault: Fault, on: boolean): void;
  /** Settles once every backfill batch has been answered (or the fleet is stopped). */
  backfillDone: Promise<void>;
  stats(): FleetStats;
  /** The protocol configs the console pushed to a gateway (protocolUpdate), as it keeps them. */
  protocolConfigs(gatewaySn: string): ProtocolUpdateParams[];
}

/** Events the physical faults raise and clear, on the device they hit. */
const FAULT_EVENTS: Partial<Record<PhysicalFault, { code: string; message: string }>> = {
  inverter: { code: 'F023', message: 'Grid relay fault: output stopped' },
  batteryOverTemp: {
    code: 'BMS-OT',
    message: `Cell temperature ${OVER_TEMPERATURE} °C: charging and discharging stopped`,
  },
};

/** Simulated days a live model catches up by between two turns of the event loop. */
const CATCH_UP_DAYS = 5;
/** How soon a gateway reports after a command switched a device on or off (onStateChange). */
const STATE_REPORT_DELAY_MS = 1000;

interface PlantRuntime {
  plant: PlantDef;
  live: PlantModel;
  /** The plant's history window (shorter when resuming). */
  history: BackfillWindow;
  resume: Record<string, LastReadings> | undefined;
  gateways: GatewayRuntime[];
  /** Whether the live model has caught up with the present once (the first batches wait for it). */
  ready: boolean;
}

export function startFleet(options: StartFleetOptions): FleetHandle {
  const clock = options.clock ?? Date.now;
  const log: Logger = options.log ?? (() => {});
  const defaultInterval = options.intervalSec ?? 300;
  const window = options.window ?? 8;
  const startedAt = clock();
  const history = backfillWindow(startedAt, options.backfillDays ?? 90, options.denseDays ?? 2);
  const hasHistory = history.start < history.end && (options.backfillDays ?? 90) > 0;
  const timers = new Map<GatewayRuntime, NodeJS.Timeout>();
  const liveCounts = { batches: 0, samples: 0 };
  const progress: BackfillProgress = { samples: 0, batches: 0 };
  let backfillMs: number | null = null;
  let stopped = false;

  const plants: PlantRuntime[] = [];
  for (const plant of options.plants) {
    const resumed = plant.gateways.flatMap((g) =>
      g.devices.flatMap((d) => {
        const last = options.resume?.[d.sn];
        return last ? [{ sn: d.sn, ...last }] : [];
      }),
    );
    const resume = resumed.length > 0 ? Object.fromEntries(resumed.map((r) => [r.sn, r.metrics])) : undefined;
    const plantHistory = resumedWindow(history, resumed.length > 0 ? Math.max(...resumed.map((r) => r.ts)) : undefined);
    const live = new PlantModel(plant, hasHistory ? plantHistory.start : startedAt, resume);
    const runtime: PlantRuntime = { plant, live, history: plantHistory, resume, gateways: [], ready: false };
    for (const gateway of plant.gateways) {
      const password = options.credentials[gateway.sn];
      if (!password) {
        log('error', `${gateway.sn} (${plant.name}): no password in the credentials; left out`);
        continue;
      }
      const gw: GatewayRuntime = new GatewayRuntime({
        gateway,
        password,
        mqttUrl: options.mqttUrl,
        intervalSec: defaultInterval,
        window,
        live,
        clock,
        log,
        onIntervalChange: () => schedule(runtime, gw, true),
        // After the command's answer has gone out (the batch follows the ack, as on a real logger).
        onStateChange: () => schedule(runtime, gw, true, STATE_REPORT_DELAY_MS),
        manifestKey: options.manifestKey,
        upgrade: options.upgrade,
      });
      runtime.gateways.push(gw);
    }
    plants.push(runtime);
  }
  const byKey = new Map(plants.map((p) => [p.plant.key, p]));

  /** One live batch from a gateway: the plant model brought to now, its devices' readings. */
  async function tick(plant: PlantRuntime, gateway: GatewayRuntime): Promise<void> {
    const now = clock();
    plant.live.advanceTo(Math.max(plant.live.time, now));
    const ts = Math.floor(now / 1000) * 1000;
    const samples = await gateway.samples(plant.live, gateway.readings(plant.live), ts, 'tcp');
    if (stopped || samples.length === 0) return;
    gateway.client.sendTelemetry(samples);
    liveCounts.batches++;
    liveCounts.samples += samples.length;
  }

  function schedule(plant: PlantRuntime, gateway: GatewayRuntime, restart = false, delayMs?: number): void {
    if (stopped || !plant.ready) return;
    const existing = timers.get(gateway);
    if (existing && !restart) return;
    if (existing) clearTimeout(existing);
    const timer = setTimeout(
      () => {
        timers.delete(gateway);
        tick(plant, gateway)
          .catch((error: unknown) =>
            log('error', `${gateway.def.sn}: ${error instanceof Error ? error.message : String(error)}`),
          )
          .finally(() => schedule(plant, gateway));
      },
      delayMs ?? gateway.client.interval * 1000,
    );
    timer.unref();
    timers.set(gateway, timer);
  }

  /**
   * Brings each plant's live model to the present, yielding the event loop every few days of simulated
   * time, then sends its first batch at once and schedules the rest.
   */
  async function goLive(): Promise<void> {
    for (const plant of plants) {
      for (let t = plant.live.time + CATCH_UP_DAYS * DAY_MS; t < clock() && !stopped; t += CATCH_UP_DAYS * DAY_MS) {
        plant.live.advanceTo(t);
        await nextTick();
      }
      if (stopped) return;
      plant.ready = true;
      for (const gateway of plant.gateways) {
        await tick(plant, gateway).catch((error: unknown) =>
          log('error', `${gateway.def.sn}: ${error instanceof Error ? error.message : String(error)}`),
        );
        schedule(plant, gateway);
      }
    }
  }

  // Live first: its catch-up and the history generation are both CPU work, and the present matters more.
  const liveStarted = goLive();
  const backfillDone = hasHistory
    ? (async () => {
        await liveStarted;
        await Promise.all(
          plants.map((p) =>
            backfillPlant(p.plant, p.gateways, p.history, {
              batchSize: options.backfillBatchSize ?? 500,
              progress,
              stopped: () => stopped,
              resume: p.resume,
            }),
          ),
        );
        backfillMs = clock() - startedAt;
        if (!stopped)
          log('info', `backfill done: ${progress.samples} samples in ${progress.batches} batches, ${backfillMs} ms`);
      })()
    : Promise.resolve().then(() => void (backfillMs = 0));

  return {
    backfillDone,
    injectFault(plantKey, fault, on) {
      const plant = byKey.get(plantKey);
      if (!plant) {
        log('warn', `injectFault: no plant ${plantKey}`);
        return;
      }
      if (fault === 'offline') {
        for (const gateway of plant.gateways) {
          if (on) gateway.client.goOffline();
          else gateway.client.goOnline();
        }
        log('info', `${plant.plant.key}: gateways ${on ? 'offline' : 'back online'}`);
        return;
      }
      const now = clock();
      plant.live.advanceTo(Math.max(plant.live.time, now));
      const device = plant.live.setFault(fault, on);
      if (!device) {
        log('warn', `injectFault: ${plant.plant.key} has no device for ${fault}`);
        return;
      }
      log('info', `${plant.plant.key}: ${fault} ${on ? 'on' : 'off'} (${device.sn})`);
      const event = FAULT_EVENTS[fault];
      const gateway = plant.gateways.find((g) => g.def.devices.some((d) => d.sn === device.sn));
      if (event && gateway) {
        gateway.client.sendEvent({
          device: device.sn,
          ts: now,
          code: event.code,
          level: 'fault',
          state: on ? 'raised' : 'cleared',
          message: event.message,
        });
      }
    },
    protocolConfigs(gatewaySn) {
      const runtime = plants.flatMap((p) => p.gateways).find((g) => g.def.sn === gatewaySn);
      return runtime?.client.protocolConfigs() ?? [];
    },
    stats() {
      const gateways = plants.flatMap((p) => p.gateways.map((g) => g.client.stats()));
      const sum = (key: keyof Omit<GatewayStats, 'connected'>) => gateways.reduce((s, g) => s + g[key], 0);
      return {
        plants: plants.length,
        gateways: gateways.length,
        connected: gateways.filter((g) => g.connected).length,
        published: sum('published'),
        replayed: sum('replayed'),
        committed: sum('committed'),
        rejected: sum('rejected'),
        dropped: sum('dropped'),
        samplesCommitted: sum('samplesCommitted'),
        buffered: sum('buffered'),
        commands: sum('commands'),
        live: { ...liveCounts },
        backfill: { ...progress, done: backfillMs !== null, ms: backfillMs },
      };
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await liveStarted;
      await Promise.all(plants.flatMap((p) => p.gateways.map((g) => g.stop())));
    },
  };
}
