import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, type LiveWatch } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera } from '../../../db/schema.js';
import { signInForTests, TestApp } from '../../../test/harness.js';
import { closedPort } from '../../../test/fake-rtsp.js';
import { sunrisePlant } from '../../../test/gateway-fixtures.js';
import { inputArgs, liveDir, OVERLAY_NAME_FILE } from './ffmpeg-args.js';
import { SecretBox } from '../../auth/secret-box.js';
import { FFMPEG_MISSING } from '../ffmpeg.js';
import { startVideo } from './video.js';
import { addCamera, ffmpegPresent, ffmpegProcessesOf } from './stream-fixture.js';
import { LEASE_SECONDS, StreamSupervisor, type StreamChild, type Timers } from './supervisor.js';

const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';

/** The width×height of the video in an MPEG-TS segment, read by ffprobe from its standard input. */
function frameSize(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const probe = spawn(FFPROBE, [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x'],
      '-',
    ]);
    let out = '';
    probe.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    probe.once('error', reject);
    // ffprobe may print a line per program the segment declares: the first says it.
    probe.once('exit', () => resolve(out.trim().split('\n')[0] ?? ''));
    probe.stdin.end(bytes);
  });
}
const present = ffmpegPresent(FFMPEG);
const quiet = { warn: () => undefined, info: () => undefined };

describe.skipIf(!present)('live view through the API', () => {
  const t = TestApp.forTests({ FFMPEG_PATH: FFMPEG });
  const tokens = signInForTests(t, 'admin', 'rival');
  let channelId = '';
  let cameraId = '';

  beforeAll(async () => {
    const plantId = await sunrisePlant(t, 'Camera plant', []);
    ({ channelId, cameraId } = await addCamera(t.database.db, { plantId }));
  });

  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${token}` } });

  it('a viewer of a simulated channel gets a playlist with a segment within 8 s; the last one leaving stops ffmpeg', async () => {
    const started = Date.now();
    const watch = await t.call<LiveWatch>('POST', `/api/v1/camera/watch/${channelId}`, {
      token: tokens.admin,
      body: {},
    });
    const firstSegmentMs = Date.now() - started;
    expect(watch.code).toBe(0);
    expect(watch.data).toMatchObject({
      playlist: `camera/live/${channelId}/index.m3u8`,
      leaseSeconds: LEASE_SECONDS,
      state: 'online',
    });
    expect(firstSegmentMs).toBeLessThan(8_000);
    console.info(`time to first segment: ${firstSegmentMs} ms`);

    const playlist = await get(watch.data.playlist, tokens.admin);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(playlist.headers['cache-control']).toContain('no-cache');
    const segments = playlist.body.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(1);
    const segment = await get(`camera/live/${channelId}/${segments[0]}`, tokens.admin);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    // An MPEG-TS packet starts with the sync byte 0x47.
    expect(segment.rawPayload[0]).toBe(0x47);
    expect((await t.database.db.select().from(camera).where(eq(camera.id, cameraId)))[0]?.state).toBe('online');

    // A second viewer and a renewal share the one process.
    const second = await t.call<LiveWatch>('POST', `/api/v1/camera/watch/${channelId}`, {
      token: tokens.admin,
      body: {},
    });
    await t.call('POST', `/api/v1/camera/watch/${channelId}`, {
      token: tokens.admin,
      body: { viewerId: watch.data.viewerId },
    });
    expect(t.video.supervisor.running).toBe(1);
    expect(ffmpegProcessesOf(channelId)).toBe(1);

    await t.call('POST', `/api/v1/camera/unwatch/${channelId}`, {
      token: tokens.admin,
      body: { viewerId: watch.data.viewerId },
    });
    expect(ffmpegProcessesOf(channelId)).toBe(1);
    const last = await t.call('POST', `/api/v1/camera/unwatch/${channelId}`, {
      token: tokens.admin,
      body: { viewerId: second.data.viewerId },
    });
    expect(last.code).toBe(0);
    expect(t.video.supervisor.running).toBe(0);
    expect(ffmpegProcessesOf(channelId)).toBe(0);
    expect(existsSync(liveDir(t.config.videoDir, channelId))).toBe(false);
  }, 20_000);

  it('full screen gets the main stream: its own 1280×720 ffmpeg beside the grid’s, stopped when it is left', async () => {
    const grid = await t.call<LiveWatch>('POST', `/api/v1/camera/watch/${channelId}`, {
      token: tokens.admin,
      body: { quality: 'sub' },
    });
    const full = await t.call<LiveWatch>('POST', `/api/v1/camera/watch/${channelId}`, {
      token: tokens.admin,
      body: { quality: 'main' },
    });
    expect(full.code).toBe(0);
    expect(full.data).toMatchObject({ playlist: `camera/live/${channelId}/main.m3u8`, state: 'online' });
    expect(ffmpegProcessesOf(channelId)).toBe(2);

    const playlist = await get(full.data.playlist, tokens.admin);
    expect(playlist.statusCode).toBe(200);
    const segments = playlist.body.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(segments.every((name) => /^main-\d+\.ts$/.test(name))).toBe(true);
    const segment = await get(`camera/live/${channelId}/${segments[0]}`, tokens.admin);
    expect(segment.statusCode).toBe(200);
    // The picture a full-screen viewer gets is the large one; the grid's stays small.
    expect(await frameSize(segment.rawPayload)).toBe('1280x720');
    const small = (await get(grid.data.playlist, tokens.admin)).body.split('\n').find((l) => l.endsWith('.ts'));
    expect(await frameSize((await get(`camera/live/${channelId}/${small}`, tokens.admin)).rawPayload)).toBe('640x360');

    // Leaving full screen stops the main stream only; the grid's goes on until it is left too.
    await t.call('POST', `/api/v1/camera/unwatch/${channelId}`, {
      token: tokens.admin,
      body: { viewerId: full.data.viewerId },
    });
    expect(ffmpegProcessesOf(channelId)).toBe(1);
    expect(existsSync(liveDir(t.config.videoDir, channelId, 'main'))).toBe(false);
    expect((await get(full.data.playlist, tokens.admin)).statusCode).toBe(404);
    await t.call('POST', `/api/v1/camera/unwatch/${channelId}`, {
      token: tokens.admin,
      body: { viewerId: grid.data.viewerId },
    });
    expect(ffmpegProcessesOf(channelId)).toBe(0);
  }, 30_000);

  it('another company’s channel does not exist for watch, unwatch, live, recordings and playback', async () => {
    const rival = tokens.rival;
    const watch = await t.call('POST', `/api/v1/camera/watch/${channelId}`, { token: rival, body: {} });
    expect(watch.code).toBe(ERROR_CODES.notFound);
    const unwatch = await t.call('POST', `/api/v1/camera/unwatch/${channelId}`, {
      token: rival,
      body: { viewerId: 'x' },
    });
    expect(unwatch.code).toBe(ERROR_CODES.notFound);
    for (const url of [
      `camera/live/${channelId}/index.m3u8`,
      `camera/recordings/${channelId}?from=0&to=1000`,
      `camera/playback/${channelId}/index.m3u8?from=0&seconds=60`,
      `camera/playback/${channelId}/1.ts`,
    ]) {
      const res = await get(url, rival);
      expect((res.json() as { code: number }).code, url).toBe(ERROR_CODES.notFound);
    }
    // Nothing was started for them.
    expect(ffmpegProcessesOf(channelId)).toBe(0);
    // A made-up or malformed channel id answers the same.
    expect((await t.call('POST', '/api/v1/camera/watch/nope', { token: tokens.admin, body: {} })).code).toBe(
      ERROR_CODES.notFound,
    );
  });

  it('serves only the playlist and numbered segments of the channel’s folder: no path traversal', async () => {
    await t.call('POST', `/api/v1/camera/watch/${channelId}`, { token: tokens.admin, body: { viewerId: 'tr' } });
    for (const file of [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '..',
      'overlay-name.txt',
      'index.m3u8.tmp',
      'main-..%2F1.ts',
      'main-x.ts',
      'main.m3u8.tmp',
      '%2Fetc%2Fpasswd',
    ]) {
      const res = await get(`camera/live/${channelId}/${file}`, tokens.admin);
      expect(res.statusCode, file).not.toBe(200);
      expect(res.body).not.toContain('root:');
    }
    const dotted = await get(`camera/live/${channelId}/../../../../etc/passwd`, tokens.admin);
    expect(dotted.body).not.toContain('root:');
    await t.call('POST', `/api/v1/camera/unwatch/${channelId}`, { token: tokens.admin, body: { viewerId: 'tr' } });
    expect(ffmpegProcessesOf(channelId)).toBe(0);
  }, 20_000);

  it('without ffmpeg the server says once what to install and refuses a watch with that reason', async () => {
    const warnings: string[] = [];
    const video = await startVideo({
      config: { ...t.config, ffmpegPath: '/nonexistent/ffmpeg' },
      db: t.database.db,
      box: new SecretBox(t.database.db),
      now: Date.now,
      log: { warn: (_o, msg) => void warnings.push(msg), info: () => undefined },
      opts: { recordIntervalMs: 0 },
    });
    expect(video.ffmpeg()).toBe(false);
    expect(warnings).toEqual([FFMPEG_MISSING('/nonexistent/ffmpeg')]);
    await video.stop();
  });

  it('a camera whose RTSP port is closed is answered and stored unreachable', async () => {
    const port = await closedPort();
    const plantId = await sunrisePlant(t, 'Dark plant', []);
    const dark = await addCamera(t.database.db, { plantId, kind: 'hikvision', host: '127.0.0.1', port });
    const watch = await t.call<LiveWatch>('POST', `/api/v1/camera/watch/${dark.channelId}`, {
      token: tokens.admin,
      body: {},
    });
    expect(watch.data.state).toBe('unreachable');
    const [row] = await t.database.db.select().from(camera).where(eq(camera.id, dark.cameraId));
    expect(row?.state).toBe('unreachable');
    await t.call('POST', `/api/v1/camera/unwatch/${dark.channelId}`, {
      token: tokens.admin,
      body: { viewerId: watch.data.viewerId },
    });
    expect(t.video.supervisor.channels()).not.toContain(dark.channelId);
  }, 20_000);
});

describe.skipIf(!present)('the supervisor', () => {
  const simulated = (dir: string) =>
    inputArgs(
      { kind: 'simulated', host: 'simulated', port: 554, path: '', username: '', password: '', channel: 1 },
      { dir, copy: false, quality: 'sub' },
    );
  /** A supervisor of simulated cameras in a folder of its own, keeping every ffmpeg it spawns. */
  const simulatedSupervisor = (clock: { now?: () => number; timers?: Timers }) => {
    const children: StreamChild[] = [];
    const videoDir = tempVideoDir();
    const sup = new StreamSupervisor({
      ffmpegPath: FFMPEG,
      videoDir,
      input: async (channelId) => ({
        cameraId: 'c',
        input: simulated(liveDir(videoDir, channelId)),
        files: { [OVERLAY_NAME_FILE]: 'Gate · Channel 1' },
      }),
      setState: async () => undefined,
      log: quiet,
      ...clock,
      sweepMs: 0,
      spawn: (cmd, args) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
        children.push(child);
        return child;
      },
    });
    return { sup, children };
  };

  it('stops ffmpeg once a hold lapses without renewal (injected clock), and leaves none at close', async () => {
    let now = 1_000_000;
    const { sup, children } = simulatedSupervisor({ now: () => now });
    const ch = '0b7a1a5e-lease-test-channel';
    await sup.watch(ch, 'v1');
    expect(await sup.waitForPlaylist(ch, 8_000)).toBe(true);
    now += (LEASE_SECONDS - 1) * 1000;
    await sup.sweep();
    expect(sup.running).toBe(1);
    expect(ffmpegProcessesOf(ch)).toBe(1);
    now += 2_000;
    await sup.sweep();
    expect(sup.running).toBe(0);
    expect(ffmpegProcessesOf(ch)).toBe(0);
    expect(children).toHaveLength(1);

    // At close, every process goes, recordings' too.
    await sup.record(ch, true);
    await sup.watch('0b7a1a5e-lease-test-second', 'v2');
    expect(sup.running).toBe(2);
    await sup.stopAll();
    expect(sup.running).toBe(0);
    expect(ffmpegProcessesOf(ch)).toBe(0);
    expect(ffmpegProcessesOf('0b7a1a5e-lease-test-second')).toBe(0);
  }, 20_000);

  it('a draining server restarts no ffmpeg that ends (Ctrl-C reaches the whole process group)', async () => {
    const pending: (() => void)[] = [];
    const timers: Timers = {
      setTimeout: (fn) => {
        pending.push(fn);
        return pending.length;
      },
      clearTimeout: () => undefined,
    };
    const { sup, children } = simulatedSupervisor({ timers });
    const ch = '0b7a1a5e-drain-test-channel';
    await sup.watch(ch, 'v1');
    expect(await sup.waitForPlaylist(ch, 8_000)).toBe(true);
    sup.drain();
    children[0]?.kill('SIGINT');
    await until(() => sup.running === 0);
    expect(ffmpegProcessesOf(ch)).toBe(0);
    // No restart was scheduled, and none is spawned.
    expect(pending).toHaveLength(0);
    expect(sup.spawned).toBe(1);
    await sup.stopAll();
  }, 20_000);

  it('retries a camera that is gone with backoff 1 s, 2 s, 4 s … (injected timers), reporting it unreachable', async () => {
    const port = await closedPort();
    const delays: number[] = [];
    const pending: (() => void)[] = [];
    const timers: Timers = {
      setTimeout: (fn, ms) => {
        delays.push(ms);
        pending.push(fn);
        return pending.length;
      },
      clearTimeout: () => undefined,
    };
    const states: string[] = [];
    const videoDir = tempVideoDir();
    const sup = new StreamSupervisor({
      ffmpegPath: FFMPEG,
      videoDir,
      input: async (channelId) => ({
        cameraId: 'cam',
        input: inputArgs(
          { kind: 'tplink', host: '127.0.0.1', port, path: '', username: 'u', password: 'pw12', channel: 1 },
          { dir: liveDir(videoDir, channelId), copy: true, quality: 'sub' },
        ),
      }),
      setState: async (_id, state) => void states.push(state),
      log: quiet,
      timers,
      sweepMs: 0,
    });
    const ch = 'gone-camera-channel';
    await sup.watch(ch, 'v');
    for (let attempt = 1; attempt <= 4; attempt++) {
      await until(() => pending.length === attempt);
      expect(sup.stateOf(ch)).toBe('unreachable');
      expect(sup.running).toBe(0);
      pending[attempt - 1]?.();
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000]);
    await until(() => sup.spawned === 5);
    // The state is stored once when it changes, not at every attempt.
    expect(states).toEqual(['unreachable']);
    await sup.stopAll();
    expect(sup.running).toBe(0);
  }, 20_000);

  it('refuses more streams than MAX_STREAMS with a clear error', async () => {
    const sup = new StreamSupervisor({
      ffmpegPath: FFMPEG,
      videoDir: tempVideoDir(),
      input: async () => ({ cameraId: 'c', input: ['-f', 'lavfi', '-i', 'testsrc2=rate=1'] }),
      setState: async () => undefined,
      log: quiet,
      maxStreams: 1,
      sweepMs: 0,
    });
    await sup.watch('max-a');
    await expect(sup.watch('max-b')).rejects.toMatchObject({ code: ERROR_CODES.streamLimit });
    await sup.stopAll();
    expect(sup.running).toBe(0);
  });
});

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
/** A video folder of one test, removed after the file. */
function tempVideoDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hg-camstream-'));
  made.push(dir);
  return dir;
}

async function until(check: () => boolean, ms = 8_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
