import net from 'node:net';
import { ConfigError, type Config } from './config.js';

/**
 * Start-up failures an operator can fix (a wrong variable, a port in use, a database out of reach), told in
 * one line each instead of a stack trace. Anything else is a bug and keeps its stack.
 */

interface SystemError extends Error {
  code?: string;
  syscall?: string;
  address?: string;
  port?: number;
  path?: string;
  hostname?: string;
}

/**
 * SQLSTATEs with which PostgreSQL refuses a connection: 08 connection, 28 authorisation (28P01 bad password),
 * 3D000 no such database, 53300 too many connections, 57P03 starting up. Others are bugs and keep their stack.
 */
function refusedConnection(code: string | undefined): boolean {
  return code !== undefined && /^(08...|28...|3D000|53300|57P03)$/.test(code);
}

/** The URL as a message may show it: without its password. */
function masked(url: string): string {
  return url.replace(/^([^:/]*:\/\/[^:@/]*:)[^@/]*@/, '$1***@');
}

function urlPort(url: string | undefined, fallback: number): number | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.port ? Number(u.port) : fallback;
  } catch {
    return undefined;
  }
}

/** The lines telling the operator what is wrong and what to set, or undefined for an unexpected error. */
export function startupProblem(err: unknown, config: Config | undefined): string[] | undefined {
  if (err instanceof ConfigError) return err.lines;
  if (!(err instanceof Error) || !config) return undefined;
  const e = err as SystemError;
  const mqttPort = e.port === config.mqttPort && !config.mqttUrl;
  if (e.syscall === 'listen' || e.syscall === 'bind') {
    const variable = mqttPort ? 'MQTT_PORT' : 'PORT';
    const port = e.port ?? (mqttPort ? config.mqttPort : config.port);
    if (e.code === 'EADDRINUSE') {
      return [
        mqttPort
          ? `port ${port} (MQTT_PORT) is already in use, probably by another MQTT broker such as Mosquitto: ` +
            `set MQTT_PORT to a free port (e.g. MQTT_PORT=${port + 1}), or MQTT_URL=mqtt://127.0.0.1:${port} ` +
            'to use that broker instead (docs/operations.md, "Many instances")'
          : `port ${port} (PORT) is already in use by another program: set PORT to a free port (e.g. PORT=${port + 1})`,
      ];
    }
    if (e.code === 'EACCES') {
      return [`port ${port} (${variable}) needs privileges this user lacks: set ${variable} to a port above 1023`];
    }
    if (e.code === 'EADDRNOTAVAIL') {
      return [`HOST=${config.host} is not an address of this machine: set HOST to one of its addresses or 0.0.0.0`];
    }
  }
  if (config.databaseUrl) {
    const where = `the database at ${masked(config.databaseUrl)}`;
    if (refusedConnection(e.code)) return [`${where} refused the connection: ${e.message} (check DATABASE_URL)`];
    const dbPort = urlPort(config.databaseUrl, 5432);
    const network = ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ECONNRESET'];
    if (e.code && network.includes(e.code) && (e.port === undefined || e.port === dbPort)) {
      return [`cannot reach ${where} (${e.code}): check DATABASE_URL and that PostgreSQL is running`];
    }
  }
  const unusable = ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'ENOSPC'];
  if (e.code && unusable.includes(e.code) && e.path?.startsWith(config.dataDir)) {
    return [
      `cannot use DATA_DIR=${config.dataDir}: ${e.code} on ${e.path}: set DATA_DIR to a folder this user may write`,
    ];
  }
  return undefined;
}

/**
 * Says whether `port` can be listened on, by listening and closing again: a port in use is then reported before
 * the database opens, which on a first start takes a while. The real listen still reports a port taken later.
 */
export function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Prints what is wrong and exits 1 when the operator can fix it; rethrows (stack and all) when not. */
export function failStart(err: unknown, config: Config | undefined): never {
  const lines = startupProblem(err, config);
  if (!lines) throw err;
  process.stderr.write(lines.map((l) => `Heliograph cannot start: ${l}\n`).join(''));
  process.exit(1);
}
