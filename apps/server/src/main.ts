import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { gracefulShutdown } from './lifecycle/shutdown.js';
import { startFleet, type FleetHandle } from '@heliograph/simulator';
import { daysSinceLastReading, ensureDemoFleet, lastReadings } from './modules/demo/fleet.js';
import { demoAccountsFile, seedDemo } from './modules/demo/seed.js';
import { spareLabels, unboundSpares } from './modules/demo/spares.js';
import { checkPortFree, failStart } from './startup-errors.js';

// Everything is checked before anything opens: a wrong variable or a port in use ends the start in one line
// (startup-errors.ts) rather than a stack trace halfway through.
let config: Config;
try {
  config = loadConfig();
} catch (err) {
  failStart(err, undefined);
}
try {
  await checkPortFree(config.port, config.host);
  if (!config.mqttUrl) await checkPortFree(config.mqttPort, '0.0.0.0');
} catch (err) {
  failStart(err, config);
}
const { app, database, drain, bus } = await buildApp({ config }).catch((err: unknown) => failStart(err, config));

if (config.seedDemo) {
  const created = await seedDemo(database.db, { dataDir: config.dataDir, demoPassword: config.demoPassword });
  const file = demoAccountsFile(config.dataDir);
  if (created) {
    // Printed once, on the first start; afterwards only the file has them.
    const width = Math.max(...created.map((a) => a.account.length));
    const lines = created.map((a) => `  ${a.role.padEnd(15)} ${a.account.padEnd(width)}  ${a.password}`);
    process.stdout.write(`\nDemo accounts (also in ${file}, readable by you only):\n${lines.join('\n')}\n\n`);
  } else if (existsSync(file)) {
    process.stdout.write(`Demo accounts: ${file}\n`);
  }
}

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  // Taken since the check above: close what is open (the database first of all) before saying so.
  await app.close().catch(() => undefined);
  failStart(err, config);
}
process.stdout.write(`Heliograph console: http://localhost:${config.port}  (API docs: /api/docs)\n`);

let fleet: FleetHandle | undefined;
let spareFleet: FleetHandle | undefined;
// A refused gateway (unbound, or its plant deleted) asks again every two seconds: say so once, not each time.
const refused = new Set<string>();
function simulatorLog(level: 'info' | 'warn' | 'error', message: string): void {
  const sn = message.split(':')[0] ?? '';
  if (/not authori[sz]ed/i.test(message)) {
    if (!refused.has(sn)) app.log.info(`simulator: ${sn} is not bound to a plant; retrying until it is`);
    refused.add(sn);
    return;
  }
  if (message.endsWith(': connected')) refused.delete(sn);
  if (level === 'error') app.log.error(`simulator: ${message}`);
  else if (level === 'warn') app.log.warn(`simulator: ${message}`);
  else app.log.info(`simulator: ${message}`);
}
if (config.simulate) {
  const demo = await ensureDemoFleet(database.db, { dataDir: config.dataDir, size: config.fleetSize });
  if (demo) {
    // First start: the whole history; a restart: just the gap since the last reading (replays are harmless).
    const gap = await daysSinceLastReading(database.db);
    const backfillDays = gap === undefined ? config.backfillDays : Math.min(config.backfillDays, Math.ceil(gap));
    const mqttUrl = config.mqttUrl ?? `mqtt://127.0.0.1:${bus.port ?? config.mqttPort}`;
    fleet = startFleet({
      plants: demo.plants,
      credentials: demo.credentials,
      mqttUrl,
      intervalSec: config.simulateIntervalSec,
      backfillDays,
      resume: gap === undefined ? undefined : await lastReadings(database.db),
      log: simulatorLog,
    });
    process.stdout.write(
      `Simulated fleet: ${demo.plants.length} plants, backfilling ${backfillDays} days of history in the background\n`,
    );
    if (demo.spares?.length) {
      // Spare gateways report live only; until a plant binds them the broker refuses them.
      spareFleet = startFleet({
        plants: demo.spares,
        credentials: demo.credentials,
        mqttUrl,
        intervalSec: config.simulateIntervalSec,
        backfillDays: 0,
        log: simulatorLog,
      });
      const free = new Set(await unboundSpares(database.db));
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
  }
}

// SIGTERM: drain in order (lifecycle/shutdown.ts), then exit.
const shutdown = gracefulShutdown({
  app,
  drain,
  graceMs: config.shutdownGraceMs,
  stopFirst: () => Promise.all([fleet?.stop(), spareFleet?.stop()]),
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
