import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
import { gracefulShutdown } from './lifecycle/shutdown.js';
import { demoAccountsFile, seedDemo } from './modules/demo/seed.js';
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
const { app, database, drain, bus, manifestKey, files } = await buildApp({ config }).catch((err: unknown) =>
  failStart(err, config),
);

if (config.seedDemo) {
  const created = await seedDemo(database.db, {
    dataDir: config.dataDir,
    demoPassword: config.demoPassword,
    files,
  });
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

let fleet: { stop(): Promise<void> } | undefined;
if (config.simulate) {
  // Loaded only now: the simulator package is optional, and a server installed without it runs all the same.
  const plugin = await import('./modules/demo/plugin.js').catch((err: unknown) => {
    if (!isMissingSimulator(err)) throw err;
    app.log.warn('SIMULATE is on but @heliograph/simulator is not installed: running without the demo fleet');
    return undefined;
  });
  fleet = await plugin?.startDemoFleet({
    db: database.db,
    config,
    busPort: bus.port,
    log: app.log,
    manifestKey: manifestKey.publicPem,
  });
}

function isMissingSimulator(err: unknown): boolean {
  return (
    err instanceof Error &&
    'code' in err &&
    err.code === 'ERR_MODULE_NOT_FOUND' &&
    err.message.includes('@heliograph/simulator')
  );
}

// SIGTERM: drain in order (lifecycle/shutdown.ts), then exit.
const shutdown = gracefulShutdown({
  app,
  drain,
  graceMs: config.shutdownGraceMs,
  stopFirst: async () => fleet?.stop(),
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
