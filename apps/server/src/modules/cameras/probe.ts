import { execFile } from 'node:child_process';
import {
  cameraPath,
  ONVIF_DEFAULT_PORT,
  SIMULATED_CAMERA_KIND,
  type AnyCameraKind,
  type CameraState,
  type CameraTestResult,
  type StreamQuality,
} from '@heliograph/shared';
import { onvifStreamPath } from './onvif.js';

/** What a connection test needs of a camera: its address, the kept (opened) password, and which channel. */
export interface ProbeTarget {
  kind: AnyCameraKind;
  host: string;
  port: number;
  path: string;
  /** Kind onvif: the port of its ONVIF web service (80 when left out). */
  onvifPort?: number;
  username: string;
  password: string;
  /** The channel to ask for, from 1 (the first by default). */
  channel?: number;
}

export interface ProbeOptions {
  /** Debian's ffprobe (config.ffprobePath). */
  ffprobePath: string;
  /** How long the camera has to answer (5 s by default, issue 18 "a connection test that says what failed"). */
  timeoutMs?: number;
  now: () => number;
}

export const PROBE_TIMEOUT_MS = 5_000;
/** The `detail` of a test that could not run ffprobe at all. */
export const FFPROBE_MISSING_DETAIL = 'ffprobe could not be run';

/** The video the simulated cameras send (camstream's test pattern). */
const SIMULATED_VIDEO = { codec: 'h264', width: 640, height: 360 };

/** A host as it goes into a URL: an IPv6 address in brackets. */
const urlHost = (host: string): string => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/**
 * The RTSP address of one channel of a camera, with its credentials (percent-encoded, so a password with `@`
 * or `:` stays one). It carries the password: never log it or answer it; `maskUrl` is what may be shown.
 */
export function rtspUrl(
  c: {
    kind: Exclude<AnyCameraKind, typeof SIMULATED_CAMERA_KIND>;
    host: string;
    port: number;
    path: string;
    username: string;
  },
  password: string,
  channel = 1,
  quality: StreamQuality = 'main',
): string {
  const user = c.username || password ? `${encodeURIComponent(c.username)}:${encodeURIComponent(password)}@` : '';
  return `rtsp://${user}${urlHost(c.host)}:${c.port}${cameraPath(c.kind, channel, quality, c.path)}`;
}

/** An address with its password replaced by `***`: what a log line or an error may say. */
export function maskUrl(url: string): string {
  return url.replace(/^(\w+:\/\/[^:/@]*):[^@/]*@/, '$1:***@');
}

/** Removes `secret` (raw and percent-encoded) and any URL password from a text that is about to be logged. */
export function scrub(text: string, secret: string): string {
  let out = text.replace(/(\w+:\/\/[^:/@\s]*):[^@/\s]*@/g, '$1:***@');
  for (const s of [secret, encodeURIComponent(secret)]) if (s.length > 0) out = out.split(s).join('***');
  return out;
}

/**
 * What ffprobe's complaint means for the user (issue 18: say what failed). The RTSP status lines are the
 * camera's own answer; the socket errors are the operating system's (refused, timed out, no route, no such host).
 */
export function classify(output: string, timedOut: boolean): Exclude<CameraState, 'online' | 'unknown'> {
  // The address is in most lines; its port or path must not read as a status code (a camera on port 401).
  const stderr = output.replace(/\b[a-z]+:\/\/\S+/gi, 'url');
  if (/\b401\b|Unauthori[sz]ed|authenticat/i.test(stderr)) return 'wrongPassword';
  if (timedOut) return 'unreachable';
  if (
    /Connection refused|timed out|No route to host|Network is unreachable|Host is unreachable|Host is down|Failed to resolve|Could not resolve|Name or service not known|Temporary failure in name resolution|No address associated|Connection reset|Cannot assign requested address/i.test(
      stderr,
    )
  )
    return 'unreachable';
  // 404, 454 Session Not Found, "Invalid data found when processing input", no video stream: it answered, but
  // not with video at that path.
  return 'noStream';
}

interface FfprobeJson {
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
}

/**
 * At most this many connection tests run at once on a server; the rest wait their turn. A test is a process
 * for up to 6 s, and the probe route is a click away: without a cap, a burst of clicks (or of scripts) would
 * start as many ffprobes as requests.
 */
export const MAX_CONCURRENT_PROBES = 4;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A finished test hands its place straight to the next in line, so a newcomer cannot slip in between.
  if (running >= MAX_CONCURRENT_PROBES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** ffprobe's answer, or what it complained of (the caller scrubs it before anything is logged). */
function runFfprobe(
  binary: string,
  args: string[],
  timeoutMs: number,
): Promise<{ ok: true; stdout: string } | { ok: false; stderr: string; timedOut: boolean; missing: boolean }> {
  return new Promise((resolve) => {
    execFile(
      binary,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1 << 20, windowsHide: true },
      (err, stdout, stderr) => {
        if (!err) return resolve({ ok: true, stdout });
        const e = err as NodeJS.ErrnoException & { killed?: boolean; signal?: string | null };
        resolve({
          ok: false,
          stderr: `${stderr}\n${e.message}`,
          timedOut: e.killed === true || e.signal === 'SIGKILL',
          missing: e.code === 'ENOENT' || e.code === 'EACCES',
        });
      },
    );
  });
}

/** Asks ffprobe for the first video stream of `url`: online with its codec and size, or what failed. */
export async function probeUrl(
  url: string,
  opts: ProbeOptions,
): Promise<{ result: CameraTestResult; detail: string | null }> {
  const timeoutMs = opts.timeoutMs ?? PROBE_TIMEOUT_MS;
  const rtsp = url.startsWith('rtsp://')
    ? // TCP: cameras behind NAT or a firewall rarely pass RTP over UDP; the socket timeout is in microseconds.
      ['-rtsp_transport', 'tcp', '-timeout', String(timeoutMs * 1000)]
    : [];
  const args = [
    '-hide_banner',
    '-v',
    'error',
    ...rtsp,
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_type,codec_name,width,height',
    '-of',
    'json',
    url,
  ];
  // ffprobe's own socket timeout answers first; the kill is for a camera that accepts and then says nothing.
  const { answer, tookMs } = await inTurn(async () => {
    const started = performance.now();
    const a = await runFfprobe(opts.ffprobePath, args, timeoutMs + 1_000);
    return { answer: a, tookMs: performance.now() - started };
  });
  const checkedAt = opts.now();
  if (!answer.ok) {
    // A camera that accepts and then says nothing makes ffprobe give up at its socket timeout with "Invalid
    // data": the time it took tells that from a camera that answered with something that is no video.
    const timedOut = answer.timedOut || tookMs >= timeoutMs * 0.95;
    const state = answer.missing ? 'noStream' : classify(answer.stderr, timedOut);
    return {
      result: { state, checkedAt, video: null },
      detail: answer.missing ? FFPROBE_MISSING_DETAIL : answer.stderr,
    };
  }
  let parsed: FfprobeJson;
  try {
    parsed = JSON.parse(answer.stdout) as FfprobeJson;
  } catch {
    return { result: { state: 'noStream', checkedAt, video: null }, detail: 'unreadable ffprobe answer' };
  }
  const video = parsed.streams?.find((s) => s.codec_type === 'video' || s.codec_type === undefined);
  if (!video?.codec_name) return { result: { state: 'noStream', checkedAt, video: null }, detail: 'no video stream' };
  return {
    result: {
      state: 'online',
      checkedAt,
      video: { codec: video.codec_name, width: Math.trunc(video.width ?? 0), height: Math.trunc(video.height ?? 0) },
    },
    detail: null,
  };
}

/**
 * The connection test of a camera (issue 18 point 1): ffprobe on its first channel's RTSP address over TCP
 * with a 5 s timeout. A simulated camera (the demo's test pattern, made by the server) is online without asking.
 * `detail` is ffprobe's complaint with every trace of the password removed, for the server's log only.
 */
export async function probeCamera(
  target: ProbeTarget,
  opts: ProbeOptions,
): Promise<{ result: CameraTestResult; detail: string | null }> {
  if (target.kind === SIMULATED_CAMERA_KIND) {
    return { result: { state: 'online', checkedAt: opts.now(), video: { ...SIMULATED_VIDEO } }, detail: null };
  }
  const place = await streamPlace({ ...target, kind: target.kind }, target.channel ?? 1, 'main', opts);
  if ('refused' in place) {
    const result: CameraTestResult = { state: 'wrongPassword', checkedAt: opts.now(), video: null };
    return { result, detail: place.refused };
  }
  const url = rtspUrl(place, target.password, target.channel ?? 1, 'main');
  const { result, detail } = await probeUrl(url, opts);
  return { result, detail: detail === null ? null : scrub(detail, target.password) };
}

type RealCamera = Omit<ProbeTarget, 'kind'> & { kind: Exclude<AnyCameraKind, typeof SIMULATED_CAMERA_KIND> };

/**
 * Where a channel's video is, as `rtspUrl` takes it. An ONVIF camera without a typed path is asked
 * (GetStreamUri): its answer is the path; when its service does not answer, or has no such stream, the common
 * Profile S path is tried (RTSP may work where ONVIF is off). Credentials the service refuses are final: the
 * same ones would be refused over RTSP.
 */
export async function streamPlace(
  target: RealCamera,
  channel: number,
  quality: StreamQuality,
  opts: { now: () => number },
): Promise<RealCamera | { refused: string }> {
  if (target.kind !== 'onvif' || target.path !== '') return target;
  const answer = await onvifStreamPath(
    {
      host: target.host,
      onvifPort: target.onvifPort ?? ONVIF_DEFAULT_PORT,
      username: target.username,
      password: target.password,
    },
    channel,
    quality,
    { now: opts.now },
  );
  if (answer.ok) return { ...target, kind: 'rtsp', path: answer.path };
  if (answer.state === 'wrongPassword') return { refused: answer.detail };
  return target;
}
