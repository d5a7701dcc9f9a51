import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fakeOnvif } from '../../test/fake-onvif.js';
import { closedPort, fakeRtsp } from '../../test/fake-rtsp.js';
import { ffmpegVersion } from './ffmpeg.js';
import { forgetOnvifAnswers, onvifStreamPath } from './onvif.js';
import { probeCamera } from './probe.js';

const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
/** The UsernameToken's Created: a fixed time, the fake camera does not compare clocks. */
const now = () => Date.UTC(2026, 5, 1, 12);
const PASSWORD = 'onvif&<pass>';

const servers: { close(): Promise<void> }[] = [];
afterEach(() => forgetOnvifAnswers());
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function camera(sources = 2) {
  const service = await fakeOnvif({ username: 'admin', password: PASSWORD, sources });
  servers.push(service);
  return service;
}

describe('ONVIF: where a channel’s video is (GetStreamUri)', () => {
  it('names the largest profile of channel n’s video source as its main stream and the smallest as its sub', async () => {
    const service = await camera();
    const cam = { host: '127.0.0.1', onvifPort: service.port, username: 'admin', password: PASSWORD };
    // The media service and the stream are named on 192.168.1.64: only their path is kept, on this host.
    expect(await onvifStreamPath(cam, 2, 'main', { now })).toEqual({
      ok: true,
      path: '/onvif/stream?profile=Main_2',
    });
    expect(service.actions).toEqual(['GetCapabilities', 'GetProfiles', 'GetStreamUri']);
    expect(await onvifStreamPath(cam, 1, 'sub', { now })).toEqual({ ok: true, path: '/onvif/stream?profile=Sub_1' });
    // Asked again, the answer is remembered: the camera is not asked three more times per stream start.
    const asked = service.actions.length;
    expect(await onvifStreamPath(cam, 2, 'main', { now })).toMatchObject({ ok: true });
    expect(service.actions).toHaveLength(asked);
  });

  it('says what failed: refused credentials, no service there, no such channel', async () => {
    const service = await camera(1);
    const base = { host: '127.0.0.1', onvifPort: service.port, username: 'admin' };
    expect(await onvifStreamPath({ ...base, password: 'wrong' }, 1, 'main', { now })).toMatchObject({
      ok: false,
      state: 'wrongPassword',
    });
    expect(await onvifStreamPath({ ...base, password: PASSWORD }, 3, 'main', { now })).toMatchObject({
      ok: false,
      state: 'noStream',
    });
    const closed = { ...base, onvifPort: await closedPort(), password: PASSWORD };
    expect(await onvifStreamPath(closed, 1, 'main', { now })).toMatchObject({ ok: false, state: 'unreachable' });
  });
});

const found = await ffmpegVersion(FFPROBE);
if (!found && process.env.REQUIRE_FFMPEG === '1') throw new Error(`REQUIRE_FFMPEG=1 but ${FFPROBE} could not be run`);

describe.skipIf(!found)('the connection test of an ONVIF camera', () => {
  const onvifCamera = (rtspPort: number, onvifPort: number, password = PASSWORD) => ({
    kind: 'onvif' as const,
    host: '127.0.0.1',
    port: rtspPort,
    onvifPort,
    path: '',
    username: 'admin',
    password,
  });

  it('asks RTSP for the stream the ONVIF service named', async () => {
    const service = await camera();
    const rtsp = await fakeRtsp({ status: 404, reason: 'Not Found' });
    servers.push(rtsp);
    const res = await probeCamera(onvifCamera(rtsp.port, service.port), { ffprobePath: FFPROBE, now });
    expect(res.result.state).toBe('noStream');
    expect(rtsp.requests.some((r) => r.includes(`:${rtsp.port}/onvif/stream?profile=Main_1 RTSP/1.0`))).toBe(true);
  });

  it('credentials the service refuses are a wrong password, and RTSP is not tried', async () => {
    const service = await camera();
    const rtsp = await fakeRtsp({ status: 404, reason: 'Not Found' });
    servers.push(rtsp);
    const res = await probeCamera(onvifCamera(rtsp.port, service.port, 'wrong-one'), { ffprobePath: FFPROBE, now });
    expect(res.result).toMatchObject({ state: 'wrongPassword', video: null });
    expect(rtsp.requests).toEqual([]);
  });

  it('with no ONVIF service, the common Profile S path is tried over RTSP', async () => {
    const rtsp = await fakeRtsp({ status: 404, reason: 'Not Found' });
    servers.push(rtsp);
    await probeCamera(onvifCamera(rtsp.port, await closedPort()), { ffprobePath: FFPROBE, now });
    expect(rtsp.requests.some((r) => r.includes(`:${rtsp.port}/onvif1/media.smp RTSP/1.0`))).toBe(true);
  });
});
