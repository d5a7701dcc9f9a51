import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { FFMPEG_MISSING, ffmpegVersion } from '../ffmpeg.js';
import { Recorder } from '../recording/recorder.js';
import { reclaimSpace, RETENTION_MS } from '../recording/retention.js';
import { SpaceStores } from '../recording/space-store.js';
import { channelInputs } from './channel-input.js';
import { StreamSupervisor, type Spawner } from './supervisor.js';

export interface VideoOptions {
  /** Replaces child_process.spawn (tests count processes). */
  spawn?: Spawner;
  /** 0: no recorder or retention timers (tests drive them). */
  recordIntervalMs?: number;
}

/**
 * The server's video side (issue 18): the ffmpeg supervisor of live views, the recorder and retention. Without
 * ffmpeg the console still starts: the log says once what to install, watches are refused with that reason,
 * and retention still reclaims what was recorded before.
 */
export async function startVideo(deps: {
  config: Config;
  db: Db;
  box: SecretBox;
  now: () => number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  opts?: VideoOptions;
}) {
  const { config, db, log } = deps;
  const version = await ffmpegVersion(config.ffmpegPath);
  if (!version) log.warn({ ffmpeg: config.ffmpegPath }, FFMPEG_MISSING(config.ffmpegPath));
  const inputs = channelInputs({ db, box: deps.box, videoDir: config.videoDir, ffprobePath: config.ffprobePath });
  const supervisor = new StreamSupervisor({
    ffmpegPath: config.ffmpegPath,
    videoDir: config.videoDir,
    input: (channelId, quality) => inputs.input(channelId, quality),
    setState: (cameraId, state) => inputs.setState(cameraId, state),
    log,
    now: deps.now,
    ...(deps.opts?.spawn ? { spawn: deps.opts.spawn } : {}),
  });
  supervisor.start();
  const stores = new SpaceStores({ videoDir: config.videoDir, box: deps.box });
  const timersOn = (deps.opts?.recordIntervalMs ?? 1) > 0;
  // Real cameras record wherever ffmpeg is; the demo's simulated ones only with SIMULATE_CAMERAS.
  const recorder = new Recorder({
    db,
    supervisor,
    stores,
    videoDir: config.videoDir,
    now: deps.now,
    log,
    simulate: config.simulateCameras,
    ...(timersOn ? {} : { collectMs: 0, refreshMs: 0 }),
  });
  if (version && timersOn) recorder.start();
  const retention = timersOn
    ? setInterval(() => {
        reclaimSpace({ db, stores, now: deps.now() }).catch((err: unknown) =>
          log.warn({ err }, 'recordings could not be reclaimed'),
        );
      }, RETENTION_MS).unref()
    : undefined;
  return {
    supervisor,
    recorder,
    stores,
    ffmpeg: () => version !== null,
    async stop(): Promise<void> {
      clearInterval(retention);
      await recorder.stop();
      await supervisor.stopAll();
    },
  };
}
