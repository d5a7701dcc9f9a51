import { startFleet, type FleetHandle } from '@heliograph/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { company } from '../../db/schema.js';
import { ensureDemoCameras } from '../cameras/demo.js';
import { daysSinceLastReading, ensureDemoFleet, lastReadings } from './fleet.js';
import { DEMO_COMPANY } from './seed.js';
import { spareLabels, unboundSpares } from './spares.js';

/**
 * The simulated demo fleet, run inside the server. main.ts loads this file with a dynamic import only when
 * SIMULATE is on, so this is the one place the server's run time needs @heliograph/simulator: without the
 * package (SIMULATE=false) the server starts and runs all the same.
 */
export async function startDemoFleet(deps: {
  db: Db;
  config: Config;
  /** The embedded broker's port (undefined with an external broker). */
  busPort: number | undefined;
  log: FastifyBaseLogger;
  /** The platform's manifest key, public half (SPKI PEM), as the app loaded it. */
  manifestKey: string;
}): Promise<{ stop(): Promise<void> } | undefined> {
  const { db, config, log } = deps;
  const demo = await ensureDemoFleet(db, { dataDir: config.dataDir, size: config.fleetSize });
  if (!demo) return undefined;
  if (config.simulateCameras) {
    // The larger plants' simulated cameras (issue 18 point 4): made once; a restart finds them and adds none.
    const [sunrise] = await db.select({ id: company.id }).from(company).where(eq(company.name, DEMO_COMPANY));
    const made = sunrise ? await ensureDemoCameras(db, sunrise.id) : 0;
    if (made > 0) process.stdout.write(`Simulated cameras: ${made} on the demo fleet's largest plants\n`);
  }
  const simulatorLog = refusalsOnce(log);
  // First start: the whole history; a restart: just the gap since the last reading (replays are harmless).
  const gap = await daysSinceLastReading(db);
  const backfillDays = gap === undefined ? config.backfillDays : Math.min(config.backfillDays, Math.ceil(gap));
  const mqttUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${deps.busPort ?? config.mqttPort}`;
  // The simulated gateways trust the platform's manifest key and nothing else (issue 13): the public half of
  // the key this server signs with, handed over in process as a gateway maker would burn it into flash.
  const { manifestKey } = deps;
  const upgrade = {
    timeScale: config.simulateUpgrade.timeScale,
    failureRate: config.simulateUpgrade.failPercent / 100,
  };
  const fleet = startFleet({
    plants: demo.plants,
    credentials: demo.credentials,
    mqttUrl,
    intervalSec: config.simulateIntervalSec,
    backfillDays,
    resume: gap === undefined ? undefined : await lastReadings(db),
    log: simulatorLog,
    manifestKey,
    upgrade,
  });
  process.stdout.write(
    `Simulated fleet: ${demo.plants.length} plants, backfilling ${backfillDays} days of history in the background\n`,
  );
  let spareFleet: FleetHandle | undefined;
  if (demo.spares?.length) {
    // Spare gateways report live only; until a plant binds them the broker refuses them.
    spareFleet = startFleet({
      plants: demo.spares,
      credentials: demo.credentials,
      mqttUrl,
      intervalSec: config.simulateIntervalSec,
      backfillDays: 0,
      log: simulatorLog,
      manifestKey,
      upgrade,
    });
    const free = new Set(await unboundSpares(db));
    const labels = spareLabels()
      .filter((g) => free.has(g.sn))
      .map((g) => `  ${g.sn}  key ${g.registrationKey}  (${g.devices.join(', ')})`);
    if (labels.length > 0) {
      process.stdout.write(`Spare demo gateways to bind in the plant wizard:\n${labels.join('\n')}\n`);
    }
  }
  void fleet.backfillDone.then(() =>
    process.stdout.write('Simulated fleet: history complete, live data every ' + config.simulateIntervalSec + ' s\n'),
  );
  return {
    stop: async () => {
      await Promise.all([fleet.stop(), spareFleet?.stop()]);
    },
  };
}

/** The simulator's log in the server's; a refused gateway (unbound, or its plant deleted) is named once. */
function refusalsOnce(log: FastifyBaseLogger): (level: 'info' | 'warn' | 'error', message: string) => void {
  // It asks again every two seconds: say so once, not each time.
  const refused = new Set<string>();
  return (level, message) => {
    const sn = message.split(':')[0] ?? '';
    if (/not authori[sz]ed/i.test(message)) {
      if (!refused.has(sn)) log.info(`simulator: ${sn} is not bound to a plant; retrying until it is`);
      refused.add(sn);
      return;
    }
    if (message.endsWith(': connected')) refused.delete(sn);
    if (level === 'error') log.error(`simulator: ${message}`);
    else if (level === 'warn') log.warn(`simulator: ${message}`);
    else log.info(`simulator: ${message}`);
  };
}
