import { spawn, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { gatewayTopics, signNonce, type BatchAck } from '@heliograph/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { appUser, company, gateway } from '../db/schema.js';
import { seedDemo } from '../modules/demo/seed.js';
import { provisionPlant } from '../modules/plants/provision.js';
import { TEST_PLANT_FIELDS } from '../test/plant-fields.js';

/**
 * The real server process (tsx apps/server/src/main.ts) gets SIGTERM while a gateway is connected, a
 * live-update stream is open and 40 keep-alive clients keep sending requests until the "load balancer"
 * (a /readyz poller) sees 503. Not one request may fail, a request still in flight when the server stops
 * accepting must be answered, the gateway's last batch acknowledged, and the process must exit 0 on its
 * own (the force timer exits 1).
 */

const repo = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
const PASSWORD = 'Demo2026pass';
const GW = 'GWSHUT0001';
const GW_PASSWORD = 'ShutdownPass2026';
const WORKERS = 40;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Answer {
  status: number;
  body: string;
}

function request(
  port: number,
  opts: {
    path: string;
    method?: string;
    agent?: http.Agent | false;
    headers?: http.OutgoingHttpHeaders;
    body?: string;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: opts.path,
        method: opts.method ?? 'GET',
        agent: opts.agent,
        headers: opts.headers,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'hg-shutdown-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

// The spawned server always opens embedded PGlite (DATABASE_URL ''): the PostgreSQL layer of CI would only run
// the same two minutes again.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'SIGTERM under load, with a gateway and a live-update stream connected',
  () => {
    it(
      'drains: readiness 503 first, no request fails, the last batch is acknowledged, exit 0',
      { timeout: 120_000 },
      async () => {
        // The database the server will open, with a plant whose gateway this test plays.
        const prep = await openDatabase({ dataDir: path.join(dataDir, 'db') });
        await seedDemo(prep.db, { dataDir, demoPassword: PASSWORD });
        const [sunrise] = await prep.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
        const [owner] = await prep.db.select().from(appUser).where(eq(appUser.account, 'owner@sunrise.example'));
        const { plantId } = await provisionPlant(prep.db, {
          companyId: sunrise?.id ?? null,
          ownerId: owner?.id ?? null,
          name: 'Shutdown plant',
          ...TEST_PLANT_FIELDS,
          gateways: [
            { sn: GW, password: GW_PASSWORD, devices: [{ sn: `${GW}-INV`, kind: 'inverter', ratedW: 10_000 }] },
          ],
        });
        await prep.close();

        const port = await freePort();
        const mqttPort = await freePort();
        child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
          cwd: repo,
          env: {
            ...process.env,
            PORT: String(port),
            HOST: '127.0.0.1',
            MQTT_PORT: String(mqttPort),
            DATA_DIR: dataDir,
            DEMO_PASSWORD: PASSWORD,
            SIMULATE: 'false',
            SHUTDOWN_GRACE_S: '4',
            LOG_LEVEL: 'warn',
            WEB_DIST: path.join(dataDir, 'no-web'),
            DATABASE_URL: '',
            MQTT_URL: '',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const proc = child;
        let output = '';
        proc.stdout?.on('data', (c: Buffer) => (output += c.toString()));
        proc.stderr?.on('data', (c: Buffer) => (output += c.toString()));
        const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
        for (let i = 0; !output.includes('Heliograph console:'); i++) {
          if (proc.exitCode !== null || i > 1200) throw new Error(`server did not start:\n${output}`);
          await new Promise((r) => setTimeout(r, 50));
        }

        // Signed in as the browser does it.
        const nonce = randomBytes(12).toString('hex');
        const key = JSON.parse(
          (
            await request(port, {
              path: `/api/v1/anonymous/publicKey?nonce=${nonce}&source=web&sign=${signNonce(nonce, 'web')}`,
            })
          ).body,
        ) as { data: { keyId: string; publicKey: string } };
        const cipher = publicEncrypt(
          { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(PASSWORD),
        ).toString('base64');
        const signIn = JSON.parse(
          (
            await request(port, {
              path: '/api/v1/oauth/token/new',
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({
                account: 'owner@sunrise.example',
                password: cipher,
                source: 'web',
                keyId: key.data.keyId,
              }),
            })
          ).body,
        ) as { data: { access_token: string } };
        const auth = { authorization: `Bearer ${signIn.data.access_token}` };

        // A gateway, connected and listening for its acknowledgements.
        const gw = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
          clientId: GW,
          username: GW,
          password: GW_PASSWORD,
          reconnectPeriod: 0,
        });
        const acks: BatchAck[] = [];
        gw.on('message', (_t, payload) => acks.push(JSON.parse(payload.toString()) as BatchAck));
        await gw.subscribeAsync(gatewayTopics(GW).batchAck, { qos: 1 });
        const gatewayClosed = new Promise<void>((resolve) => gw.on('close', () => resolve()));

        // A live-update stream.
        const streamEnded = new Promise<string>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: `/api/v1/live/plant/${plantId}`, headers: auth }, (res) => {
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => (text += c));
              res.on('end', () => resolve(text));
              res.on('error', reject);
            })
            .on('error', reject);
        });

        // The load: 40 keep-alive clients, each sending its next request as soon as the last is answered, until
        // the load balancer takes the instance out.
        const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
        let balancerGone = false;
        let sent = 0;
        const failures: string[] = [];
        const workers = Array.from({ length: WORKERS }, async () => {
          while (!balancerGone) {
            sent++;
            try {
              const res = await request(port, { path: '/api/v1/user', agent, headers: auth });
              if (res.status !== 200) failures.push(`HTTP ${res.status}`);
            } catch (err) {
              failures.push((err as NodeJS.ErrnoException).code ?? String(err));
            }
            // A user's pace, not a flood: the health check must get through.
            await new Promise((r) => setTimeout(r, 50));
          }
        });
        // The load balancer's health check, on a new connection each time.
        const readiness: { ms: number; status: number | string }[] = [];
        let signalledAt = 0;
        const poller = (async () => {
          while (!balancerGone) {
            const status = await request(port, { path: '/readyz', agent: false }).then(
              (r) => r.status,
              (err: NodeJS.ErrnoException) => err.code ?? 'error',
            );
            readiness.push({ ms: signalledAt ? Math.round(performance.now() - signalledAt) : -1, status });
            // 503 takes the instance out; so would a health check that fails outright (then the test fails).
            if (status !== 200) balancerGone = true;
            await new Promise((r) => setTimeout(r, 50));
          }
        })();
        while (sent < WORKERS * 5) await new Promise((r) => setTimeout(r, 10));

        signalledAt = performance.now();
        proc.kill('SIGTERM');
        // A request in flight when the server stops accepting: its headers and half its body are sent now,
        // within the grace period (opened later, on a slow machine, it could find the port already closed),
        // the rest once new connections are refused.
        const body = JSON.stringify({ account: 'owner@sunrise.example', password: 'x', source: 'web', keyId: 'k' });
        let lateStatus = 0;
        const late = new Promise<string>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              path: '/api/v1/oauth/token/new',
              method: 'POST',
              agent: false,
              headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
            },
            (res) => {
              lateStatus = res.statusCode ?? 0;
              let text = '';
              res.setEncoding('utf8');
              res.on('data', (c: string) => (text += c));
              res.on('end', () => resolve(text));
            },
          );
          req.on('error', (err: NodeJS.ErrnoException) => reject(new Error(`in-flight request failed: ${err.code}`)));
          req.write(body.slice(0, 10));
          void (async () => {
            for (;;) {
              const refused = await request(port, { path: '/healthz', agent: false }).then(
                () => false,
                () => true,
              );
              if (refused) break;
              await new Promise((r) => setTimeout(r, 20));
            }
            req.end(body.slice(10));
          })();
        });
        // Awaited below; a failure meanwhile must not count as an unhandled rejection.
        late.catch(() => undefined);
        // During the grace period the gateway still sends, and its batch is committed and acknowledged.
        await gw.publishAsync(
          gatewayTopics(GW).telemetry,
          JSON.stringify({
            id: 'last',
            samples: [{ device: `${GW}-INV`, ts: Date.UTC(2026, 3, 1), metrics: { p_ac: 1 } }],
          }),
          { qos: 1 },
        );
        await Promise.all([...workers, poller]);
        const lateAnswer = await late;
        const code = await exited;
        const shutdownMs = Math.round(performance.now() - signalledAt);
        const streamText = await streamEnded;
        await gatewayClosed;
        agent.destroy();

        process.stdout.write(
          `SIGTERM under load: ${sent} requests, ${failures.length} failed, readiness ${JSON.stringify(
            readiness.filter((r) => r.ms >= 0),
          )}, exit ${code} after ${shutdownMs} ms\n`,
        );
        expect(failures).toEqual([]);
        // The balancer saw 503 while the instance still answered (not a refused connection).
        expect(readiness.filter((r) => r.ms >= 0).at(-1)?.status).toBe(503);
        expect(readiness.filter((r) => r.ms < 0).every((r) => r.status === 200)).toBe(true);
        // Answered as usual (the made-up sign-in is refused as invalid), not reset and not 503.
        expect(lateStatus).toBe(400);
        expect(JSON.parse(lateAnswer)).toMatchObject({ code: 4 });
        expect(acks).toContainEqual({ id: 'last', status: 'committed' });
        expect(streamText).toContain('event: ready');
        expect(code).toBe(0);
        expect(output).not.toMatch(/did not finish in time|shutdown failed|presence update failed/);
        // Its gateway dropped as the embedded broker closed: written offline before the database closed.
        const after = await openDatabase({ dataDir: path.join(dataDir, 'db') });
        const [row] = await after.db.select({ online: gateway.online }).from(gateway).where(eq(gateway.sn, GW));
        await after.close();
        expect(row?.online).toBe(false);
      },
    );
  },
);
