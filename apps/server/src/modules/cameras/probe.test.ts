import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort, fakeRtsp } from '../../test/fake-rtsp.js';
import { ffmpegVersion } from './ffmpeg.js';
import { classify, MAX_CONCURRENT_PROBES, maskUrl, probeCamera, probeUrl, rtspUrl, scrub } from './probe.js';

const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
/** A clock that says one thing: the tests never read the wall clock. */
const AT = Date.UTC(2026, 5, 1, 12);
const now = () => AT;
/** A password with the characters that would break a URL if they were not encoded. */
const PASSWORD = 'p@ss:w/rd#9';

const found = await ffmpegVersion(FFPROBE);
if (!found) {
  if (process.env.REQUIRE_FFMPEG === '1') throw new Error(`REQUIRE_FFMPEG=1 but ${FFPROBE} could not be run`);
  console.log(`probe.test: skipping the ffprobe tests: ${FFPROBE} could not be run (apt-get install ffmpeg)`);
}
const withFfprobe = found ? describe : describe.skip;

const camera = (port: number, password = PASSWORD) => ({
  kind: 'hikvision' as const,
  host: '127.0.0.1',
  port,
  path: '',
  username: 'admin',
  password,
});

describe('addresses', () => {
  it('builds the kind’s RTSP path with the credentials encoded, and masks the password for logs', () => {
    const url = rtspUrl({ kind: 'hikvision', host: 'cam.example', port: 554, path: '', username: 'ad min' }, PASSWORD);
    expect(url).toBe('rtsp://ad%20min:p%40ss%3Aw%2Frd%239@cam.example:554/Streaming/Channels/101');
    expect(maskUrl(url)).toBe('rtsp://ad%20min:***@cam.example:554/Streaming/Channels/101');
    expect(rtspUrl({ kind: 'rtsp', host: 'fe80::1', port: 8554, path: 'live/{ch}', username: '' }, '', 3)).toBe(
      'rtsp://[fe80::1]:8554/live/3',
    );
  });

  it('scrubs the password, raw and encoded, and any URL password from a text before it is logged', () => {
    const text = `rtsp://admin:${encodeURIComponent(PASSWORD)}@h:554/x: 401 Unauthorized (tried ${PASSWORD})`;
    const out = scrub(text, PASSWORD);
    expect(out).not.toContain(PASSWORD);
    expect(out).not.toContain(encodeURIComponent(PASSWORD));
    expect(out).toContain('admin:***@h:554');
  });

  it('classifies what ffprobe said', () => {
    expect(classify('method DESCRIBE failed: 401 Unauthorized', false)).toBe('wrongPassword');
    expect(classify('Connection to tcp://127.0.0.1:1 failed: Connection refused', false)).toBe('unreachable');
    expect(classify('Failed to resolve hostname nowhere.invalid: Name or service not known', false)).toBe(
      'unreachable',
    );
    expect(classify('', true)).toBe('unreachable');
    expect(classify('method DESCRIBE failed: 404 Not Found', false)).toBe('noStream');
    expect(classify('Invalid data found when processing input', false)).toBe('noStream');
  });
});

describe('simulated cameras and a missing ffprobe', () => {
  it('answers a simulated camera online 640×360 h264 without running ffprobe', async () => {
    const res = await probeCamera(
      { kind: 'simulated', host: 'simulated', port: 554, path: '', username: '', password: 'demo' },
      { ffprobePath: '/nonexistent/ffprobe', now },
    );
    expect(res.result).toEqual({ state: 'online', checkedAt: AT, video: { codec: 'h264', width: 640, height: 360 } });
  });

  it('says noStream when ffprobe cannot be run at all', async () => {
    const res = await probeCamera(camera(554), { ffprobePath: '/nonexistent/ffprobe', now });
    expect(res.result.state).toBe('noStream');
  });
});

withFfprobe('the connection test against cameras', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const s of servers) await s.close();
  });

  it('a camera that refuses the credentials is wrongPassword, and the password is in no detail', async () => {
    const cam = await fakeRtsp({ status: 401, reason: 'Unauthorized' });
    servers.push(cam);
    const res = await probeCamera(camera(cam.port), { ffprobePath: FFPROBE, now });
    expect(res.result).toEqual({ state: 'wrongPassword', checkedAt: AT, video: null });
    // It was asked over RTSP at the kind's path.
    expect(cam.requests[0]).toMatch(
      /^(OPTIONS|DESCRIBE) rtsp:\/\/127\.0\.0\.1:\d+\/Streaming\/Channels\/101 RTSP\/1\.0/,
    );
    expect(res.detail ?? '').not.toContain(PASSWORD);
    expect(res.detail ?? '').not.toContain(encodeURIComponent(PASSWORD));
  });

  it('a camera without that stream (404) is noStream', async () => {
    const cam = await fakeRtsp({ status: 404, reason: 'Not Found' });
    servers.push(cam);
    const res = await probeCamera(camera(cam.port), { ffprobePath: FFPROBE, now });
    expect(res.result.state).toBe('noStream');
  });

  it('a closed port is unreachable', async () => {
    const res = await probeCamera(camera(await closedPort()), { ffprobePath: FFPROBE, now });
    expect(res.result.state).toBe('unreachable');
  });

  it('a camera that accepts and never answers is unreachable within the timeout', async () => {
    const cam = await fakeRtsp('silent');
    servers.push(cam);
    const started = performance.now();
    const res = await probeCamera(camera(cam.port), { ffprobePath: FFPROBE, now, timeoutMs: 1_000 });
    expect(res.result.state).toBe('unreachable');
    // ffprobe's own socket timeout (1 s here), or the kill a second later: never the default 5 s.
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('runs at most four tests at once; the rest wait their turn', async () => {
    const cam = await fakeRtsp('silent');
    servers.push(cam);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => probeCamera(camera(cam.port), { ffprobePath: FFPROBE, now, timeoutMs: 1_000 })),
    );
    expect(results.map((r) => r.result.state)).toEqual(Array(6).fill('unreachable'));
    expect(cam.peak()).toBe(MAX_CONCURRENT_PROBES);
  });

  describe('a stream that plays', () => {
    let file = '';
    beforeAll(async () => {
      file = path.join(mkdtempSync(path.join(tmpdir(), 'hg-probe-')), 'pattern.mp4');
      await promisify(execFile)(FFMPEG, [
        '-hide_banner',
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=size=320x180:rate=5',
        '-t',
        '1',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        file,
      ]);
    });

    it('is online with its codec and size (ffprobe’s answer read as the camera’s)', async () => {
      const res = await probeUrl(file, { ffprobePath: FFPROBE, now });
      expect(res.result).toEqual({ state: 'online', checkedAt: AT, video: { codec: 'h264', width: 320, height: 180 } });
    });
  });
});
