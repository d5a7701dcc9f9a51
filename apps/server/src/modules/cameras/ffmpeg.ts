import { execFile } from 'node:child_process';

/**
 * Whether Debian's ffmpeg (or ffprobe) can be run from `binary`, with its version. The console starts without
 * it: cameras then report `noStream` and the log says once what to install (`apt-get install ffmpeg`). The
 * stream and probe code of modules/cameras take the paths from config (FFMPEG_PATH, FFPROBE_PATH).
 */
export function ffmpegVersion(binary: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile(binary, ['-hide_banner', '-version'], { timeout: 5_000 }, (err, stdout) => {
      if (err) return resolve(null);
      const m = /version\s+(\S+)/.exec(stdout);
      resolve(m?.[1] ?? 'unknown');
    });
  });
}

/** The line the log prints once when a camera needs ffmpeg and it is not there. */
export const FFMPEG_MISSING = (binary: string) =>
  `Cameras need ffmpeg: "${binary}" could not be run. Install it (apt-get install ffmpeg) or set FFMPEG_PATH and FFPROBE_PATH.`;
