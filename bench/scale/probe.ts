import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import http from 'node:http';
import { signNonce } from '@heliograph/shared';

/**
 * What a console user does, timed: the calls behind the pages the issue names. Each probe is one request
 * to one of the instances (round robin, as a load balancer would hand them out); a request that fails or
 * takes over a minute counts as unanswered, not as a latency.
 */

/**
 * `map` is what the console's map asks first (plants/mapClusters for the whole world: it draws clusters);
 * `all points` is the spec's plants/map, every plant as a point, which the console no longer loads.
 */
export const PROBES = [
  'console page',
  'plant list',
  'search',
  'filter',
  'map',
  'all points',
  'overview',
  'day chart',
] as const;
export type Probe = (typeof PROBES)[number];

export interface Sample {
  probe: Probe;
  ms: number | null;
}

const TIMEOUT_MS = 60_000;

export async function signIn(base: string, account: string, password: string): Promise<string> {
  const nonce = randomBytes(8).toString('hex');
  const keyAnswer = (await (
    await fetch(`${base}/api/v1/anonymous/publicKey?nonce=${nonce}&source=web&sign=${signNonce(nonce, 'web')}`)
  ).json()) as { data: { keyId: string; publicKey: string } };
  const cipher = publicEncrypt(
    { key: keyAnswer.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const res = await fetch(`${base}/api/v1/oauth/token/new`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: cipher, keyId: keyAnswer.data.keyId, source: 'web' }),
  });
  const body = (await res.json()) as { data?: { access_token?: string } };
  const token = body.data?.access_token;
  if (!token) throw new Error(`sign-in as ${account} failed: ${JSON.stringify(body).slice(0, 200)}`);
  return token;
}

/** GET as JSON with the caller's token; throws on anything but `{code: 0}`. */
export async function getJson<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = (await res.json()) as { code: number; data: T };
  if (!res.ok || body.code !== 0) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

export interface ProbeTargets {
  bases: () => string[];
  token: string;
  plantIds: string[];
  keyword: string;
  today: string;
}

function pathOf(probe: Probe, t: ProbeTargets, n: number): string {
  const plant = t.plantIds[n % t.plantIds.length] ?? '';
  switch (probe) {
    case 'console page':
      return '/';
    case 'plant list':
      return '/api/v1/plants?page=1&size=20';
    case 'search':
      return `/api/v1/plants?page=1&size=20&keyword=${encodeURIComponent(t.keyword)}`;
    case 'filter':
      return '/api/v1/plants?page=1&size=20&status=normal&type=grid';
    case 'map':
      return '/api/v1/plants/mapClusters?bbox=-180,-85,180,85&zoom=2';
    case 'all points':
      return '/api/v1/plants/map';
    case 'overview':
      return `/api/v1/plant/${plant}/realtime`;
    case 'day chart':
      return `/api/v1/plant/${plant}/power/day?date=${t.today}`;
  }
}

/**
 * `users` simulated console users, each going through the probes in turn with a short pause between
 * requests, until stopped. Every sample goes to `record`.
 */
export function startUsers(
  t: ProbeTargets,
  users: number,
  record: (sample: Sample) => void,
): { stop: () => Promise<void> } {
  let running = true;
  let n = 0;
  const user = async (offset: number) => {
    let i = offset;
    while (running) {
      const probe = PROBES[i % PROBES.length] as Probe;
      i += 1;
      const bases = t.bases();
      const base = bases[n % bases.length] ?? '';
      n += 1;
      const started = performance.now();
      try {
        const res = await fetch(base + pathOf(probe, t, n), {
          headers: probe === 'console page' ? {} : { authorization: `Bearer ${t.token}` },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.arrayBuffer();
        record({ probe, ms: res.ok ? performance.now() - started : null });
      } catch {
        record({ probe, ms: null });
        // A refused connection fails at once: do not spin while an instance restarts.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const all = Array.from({ length: users }, (_, k) => user(k * 2));
  return {
    stop: async () => {
      running = false;
      await Promise.all(all);
    },
  };
}

/**
 * Requests per second one URL sustains with `concurrency` keep-alive connections for `seconds`, and how
 * many of them failed. The load comes from this process, as it does for the bare route it is compared with.
 */
export async function throughput(
  urls: string[],
  headers: Record<string, string>,
  seconds: number,
  concurrency = 16,
): Promise<{ rps: number; failed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const once = (url: string) =>
    new Promise<void>((resolve) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.resume();
        res.once('end', () => {
          if (res.statusCode === 200) done += 1;
          else failed += 1;
          resolve();
        });
      });
      req.setTimeout(TIMEOUT_MS, () => req.destroy());
      req.once('error', () => {
        failed += 1;
        resolve();
      });
    });
  const worker = async (k: number) => {
    let i = k;
    while (performance.now() < end) await once(urls[i++ % urls.length] ?? '');
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, (_, k) => worker(k)));
  agent.destroy();
  return { rps: done / ((performance.now() - started) / 1000), failed };
}
