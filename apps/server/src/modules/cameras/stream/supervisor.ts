import { spawn as nodeSpawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { CameraState, StreamQuality } from '@heliograph/shared';
import { AppError } from '../../../http/errors.js';
import { classifyFfmpegError } from './classify.js';
import { ffmpegArgs, liveDir, streamKey } from './ffmpeg-args.js';

/** How long a viewer's hold lasts without renewal (the web renews every half of it). */
export const LEASE_SECONDS = 20;
/** ffmpeg processes one instance runs at most (live views and recordings together). */
export const MAX_STREAMS = 16;
/** After SIGTERM, ffmpeg gets this long to finish its playlist before SIGKILL. */
const KILL_AFTER_MS = 3_000;
const BACKOFF_MIN_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** How often the supervisor looks at its streams: lapsed holds, first segments. */
const SWEEP_MS = 1_000;

/** The part of a child process the supervisor uses (tests hand in fakes and count them). */
export interface StreamChild {
  readonly pid?: number | undefined;
  readonly stderr: NodeJS.ReadableStream | null;
  kill(signal: NodeJS.Signals): boolean;
  once(event: 'exit', listener: (code: number | null, signal: NodeJS.Signals | null) => void): unknown;
}
/** `env` is added to the server's environment (TZ for a simulated camera's clock). */
export type Spawner = (command: string, args: string[], env?: Record<string, string>) => StreamChild;

/** setTimeout/clearTimeout, injected so a test can run the backoff without waiting for it. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** What a channel's ffmpeg reads: its input options, and the camera whose state it reports. */
export interface ChannelInput {
  cameraId: string;
  /** ffmpeg's options before the output (inputArgs). */
  input: string[];
  /** Files to write into the live folder before starting (the overlay's name). */
  files?: Record<string, string>;
  /** The plant's IANA zone: a simulated camera's clock overlay shows the plant's time, as a real camera's does. */
  timeZone?: string;
}

export interface SupervisorDeps {
  ffmpegPath: string;
  videoDir: string;
  /** Reads the channel's camera (its password opened) and makes ffmpeg's input options for one quality. */
  input(channelId: string, quality: StreamQuality): Promise<ChannelInput>;
  /** Stores what the stream found as the camera's state. */
  setState(cameraId: string, state: CameraState): Promise<void>;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  spawn?: Spawner;
  now?: () => number;
  timers?: Timers;
  maxStreams?: number;
  /** 0: no sweep timer (tests call `sweep`). */
  sweepMs?: number;
}

interface Stream {
  /** streamKey(channelId, quality): the streams map's key and the live folder's name. */
  key: string;
  channelId: string;
  quality: StreamQuality;
  cameraId: string | null;
  dir: string;
  child: StreamChild | null;
  /** viewerId → when the hold lapses (ms). */
  holds: Map<string, number>;
  /** Kept running for a recording, whatever the viewers. */
  recording: boolean;
  state: CameraState;
  /** Failed starts in a row: the next restart waits 1 s · 2^(n-1), at most 30 s. */
  failures: number;
  restart: unknown;
  stderr: string;
  /** Resolves once the process (if any) has exited and the folder is gone. */
  stopped: Promise<void> | null;
  starting: Promise<void> | null;
}

/**
 * One ffmpeg per channel and quality somebody needs — a viewer holding it, or a recording (sub stream) —
 * writing HLS into VIDEO_DIR/live/<stream key>/ (ffmpeg-args.ts). A process that dies while needed is
 * classified (unreachable, wrong password, no stream) and restarted with backoff; one nobody needs any more is
 * stopped (SIGTERM, SIGKILL 3 s later) and its folder removed. `stopAll` at the app's close leaves no process behind.
 */
export class StreamSupervisor {
  private readonly streams = new Map<string, Stream>();
  private readonly spawn: Spawner;
  private readonly now: () => number;
  private readonly timers: Timers;
  private readonly max: number;
  private readonly children = new Set<StreamChild>();
  private sweeper: NodeJS.Timeout | undefined;
  private closed = false;
  private draining = false;
  /** Processes started since boot (tests count restarts). */
  spawned = 0;

  constructor(private readonly deps: SupervisorDeps) {
    this.spawn =
      deps.spawn ??
      ((cmd, args, env) =>
        nodeSpawn(cmd, args, {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: env ? { ...process.env, ...env } : process.env,
        }));
    this.now = deps.now ?? Date.now;
    this.timers = deps.timers ?? realTimers;
    this.max = deps.maxStreams ?? MAX_STREAMS;
  }

  start(): void {
    const every = this.deps.sweepMs ?? SWEEP_MS;
    if (every > 0) this.sweeper = setInterval(() => void this.sweep(), every).unref();
  }

  /** ffmpeg processes alive now. */
  get running(): number {
    return this.children.size;
  }

  /** Channels with a stream (running, starting or waiting to restart), each once whatever its qualities. */
  channels(): string[] {
    return [...new Set([...this.streams.values()].map((s) => s.channelId))];
  }

  stateOf(channelId: string, quality: StreamQuality = 'sub'): CameraState {
    return this.streams.get(streamKey(channelId, quality))?.state ?? 'unknown';
  }

  dirOf(channelId: string, quality: StreamQuality = 'sub'): string {
    return liveDir(this.deps.videoDir, channelId, quality);
  }

  /** Opens or renews a viewer's hold on one quality; starts that stream if it is not running. */
  async watch(
    channelId: string,
    viewerId?: string,
    quality: StreamQuality = 'sub',
  ): Promise<{ viewerId: string; state: CameraState }> {
    const id = viewerId ?? randomUUID();
    const s = await this.ensure(channelId, quality, (held) => held.holds.set(id, this.now() + LEASE_SECONDS * 1000));
    return { viewerId: id, state: s.state };
  }

  /** Ends a viewer's hold, whichever quality it held (a page leaving full screen lets go of the main stream). */
  async unwatch(channelId: string, viewerId: string): Promise<void> {
    for (const quality of ['sub', 'main'] as const) {
      const s = this.streams.get(streamKey(channelId, quality));
      if (!s) continue;
      s.holds.delete(viewerId);
      await this.stopIfUnneeded(s);
    }
  }

  /** Keeps (or no longer keeps) a channel running for its recording. */
  async record(channelId: string, on: boolean): Promise<void> {
    if (on) {
      await this.ensure(channelId, 'sub', (held) => {
        held.recording = true;
      });
      return;
    }
    const s = this.streams.get(channelId);
    if (!s) return;
    s.recording = false;
    await this.stopIfUnneeded(s);
  }

  isRecording(channelId: string): boolean {
    return this.streams.get(channelId)?.recording === true;
  }

  /** Drops lapsed holds, stops what nobody needs, notices streams whose segments flow. */
  async sweep(): Promise<void> {
    const now = this.now();
    for (const s of [...this.streams.values()]) {
      for (const [viewer, until] of s.holds) if (until <= now) s.holds.delete(viewer);
      if (await this.stopIfUnneeded(s)) continue;
      if (s.child && s.state !== 'online' && (await this.hasSegments(s.dir))) await this.online(s);
    }
  }

  /** Waits until the channel's playlist lists a segment (true), or `ms` passes or the stream fails (false). */
  async waitForPlaylist(channelId: string, ms: number, quality: StreamQuality = 'sub'): Promise<boolean> {
    const until = Date.now() + ms;
    for (;;) {
      const s = this.streams.get(streamKey(channelId, quality));
      if (!s) return false;
      await s.starting;
      if (await this.hasSegments(s.dir)) {
        if (s.state !== 'online') await this.online(s);
        return true;
      }
      if (Date.now() >= until || (s.state !== 'unknown' && s.state !== 'online')) return false;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /**
   * The instance is shutting down: an ffmpeg that exits now is not restarted. Ctrl-C reaches the whole process
   * group, so every ffmpeg ends at once while the server drains; restarting them only for `stopAll` to stop
   * them again filled the log and held up the exit.
   */
  drain(): void {
    this.draining = true;
  }

  /** Stops every process (the app is closing): none is left behind. */
  async stopAll(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await Promise.all([...this.streams.values()].map((s) => this.stop(s)));
  }

  /** The channel's stream at a quality, started if needed; `hold` marks who needs it before anything can stop it. */
  private async ensure(channelId: string, quality: StreamQuality, hold: (s: Stream) => void): Promise<Stream> {
    if (this.closed) throw new AppError('ffmpegMissing');
    const key = streamKey(channelId, quality);
    const existing = this.streams.get(key);
    if (existing && !existing.stopped) {
      hold(existing);
      await existing.starting;
      return existing;
    }
    if (existing?.stopped) {
      // A stream being stopped finishes stopping (its folder removed) before a new one writes there.
      await existing.stopped;
      return this.ensure(channelId, quality, hold);
    }
    if (this.streams.size >= this.max) throw new AppError('streamLimit');
    const s: Stream = {
      key,
      channelId,
      quality,
      cameraId: null,
      dir: this.dirOf(channelId, quality),
      child: null,
      holds: new Map(),
      recording: false,
      state: 'unknown',
      failures: 0,
      restart: null,
      stderr: '',
      stopped: null,
      starting: null,
    };
    hold(s);
    this.streams.set(key, s);
    s.starting = this.launch(s);
    await s.starting;
    s.starting = null;
    return s;
  }

  private async launch(s: Stream): Promise<void> {
    let input: ChannelInput;
    try {
      input = await this.deps.input(s.channelId, s.quality);
    } catch (err) {
      this.streams.delete(s.key);
      throw err;
    }
    s.cameraId = input.cameraId;
    await rm(s.dir, { recursive: true, force: true });
    await mkdir(s.dir, { recursive: true });
    for (const [name, text] of Object.entries(input.files ?? {})) {
      await writeFile(`${s.dir}/${name}`, text);
    }
    if (this.streams.get(s.key) !== s || s.stopped) return;
    s.stderr = '';
    const child = this.spawn(
      this.deps.ffmpegPath,
      ffmpegArgs(input.input, s.dir, s.quality),
      input.timeZone ? { TZ: input.timeZone } : undefined,
    );
    this.spawned += 1;
    s.child = child;
    this.children.add(child);
    child.stderr?.on('data', (chunk: Buffer) => {
      // The last few kB are enough to say what failed.
      s.stderr = (s.stderr + chunk.toString()).slice(-4096);
    });
    child.once('exit', (code, signal) => {
      this.children.delete(child);
      if (s.child === child) s.child = null;
      void this.exited(s, code, signal);
    });
  }

  private async exited(s: Stream, code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    if (s.stopped || this.streams.get(s.key) !== s) return;
    if (this.draining) {
      this.streams.delete(s.key);
      await rm(s.dir, { recursive: true, force: true }).catch(() => undefined);
      return;
    }
    const state = classifyFfmpegError(s.stderr);
    s.failures += 1;
    const wait = Math.min(BACKOFF_MIN_MS * 2 ** (s.failures - 1), BACKOFF_MAX_MS);
    this.deps.log.warn(
      {
        channelId: s.channelId,
        quality: s.quality,
        code,
        signal,
        state,
        retryInMs: wait,
        stderr: redact(s.stderr.slice(-500)),
      },
      'a camera stream stopped; restarting',
    );
    await this.setState(s, state);
    s.restart = this.timers.setTimeout(() => {
      s.restart = null;
      if (s.stopped || this.streams.get(s.key) !== s) return;
      s.starting = this.launch(s).catch((err: unknown) => {
        this.deps.log.warn({ err, channelId: s.channelId }, 'a camera stream could not be restarted');
        this.streams.delete(s.key);
      });
    }, wait);
  }

  private async online(s: Stream): Promise<void> {
    s.failures = 0;
    await this.setState(s, 'online');
  }

  private async setState(s: Stream, state: CameraState): Promise<void> {
    if (s.state === state) return;
    s.state = state;
    if (!s.cameraId) return;
    try {
      await this.deps.setState(s.cameraId, state);
    } catch (err) {
      this.deps.log.warn({ err, cameraId: s.cameraId }, 'a camera state could not be stored');
    }
  }

  private async stopIfUnneeded(s: Stream): Promise<boolean> {
    if (s.holds.size > 0 || s.recording) return false;
    await this.stop(s);
    return true;
  }

  private stop(s: Stream): Promise<void> {
    if (s.stopped) return s.stopped;
    s.stopped = (async () => {
      await s.starting?.catch(() => undefined);
      if (this.streams.get(s.key) === s) this.streams.delete(s.key);
      if (s.restart) this.timers.clearTimeout(s.restart);
      const child = s.child;
      if (child) await terminate(child);
      await rm(s.dir, { recursive: true, force: true });
    })();
    return s.stopped;
  }

  private async hasSegments(dir: string): Promise<boolean> {
    const playlist = `${dir}/index.m3u8`;
    if (!existsSync(playlist)) return false;
    const text = await readFile(playlist, 'utf8').catch(() => '');
    return /\.ts\s*$/m.test(text);
  }
}

/** SIGTERM (ffmpeg ends its playlist), SIGKILL if it is still there 3 s later; resolves when it has exited. */
function terminate(child: StreamChild): Promise<void> {
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    if (!child.kill('SIGTERM')) {
      clearTimeout(kill);
      resolve();
    }
  });
}

/** ffmpeg repeats the input address in its errors: never log a camera's password. */
const redact = (text: string) => text.replace(/rtsp:\/\/[^@\s/]*@/g, 'rtsp://***@');
