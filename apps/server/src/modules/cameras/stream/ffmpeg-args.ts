import path from 'node:path';
import { SIMULATED_CAMERA_KIND, type CameraKind, type StreamQuality } from '@heliograph/shared';
import { rtspUrl as cameraRtspUrl } from '../probe.js';

/** The monospace font of Debian's fonts-dejavu-core (a dependency of its ffmpeg's drawtext). */
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

/**
 * A live stream is a channel at one quality: the sub stream (the grid, and what recordings are cut from) keeps
 * the channel's id as its key; the main stream (full screen) is `<channelId>-main`.
 */
export const streamKey = (channelId: string, quality: StreamQuality = 'sub') =>
  quality === 'main' ? `${channelId}-main` : channelId;

/** Where a stream's live HLS is written and served from: VIDEO_DIR/live/<stream key>/. */
export const liveDir = (videoDir: string, channelId: string, quality: StreamQuality = 'sub') =>
  path.join(videoDir, 'live', streamKey(channelId, quality));

/**
 * The names a browser asks for, per quality: both streams of a channel are served from one address
 * (camera/live/<channelId>/…), so the main stream's playlist and segments carry a prefix (ffmpeg writes it into
 * the playlist with -hls_base_url); on disk each folder holds index.m3u8 and <n>.ts.
 */
export const LIVE_NAMES: Record<StreamQuality, { playlist: string; segmentPrefix: string }> = {
  sub: { playlist: 'index.m3u8', segmentPrefix: '' },
  main: { playlist: 'main.m3u8', segmentPrefix: 'main-' },
};

/** A requested live file: its stream's quality and its name on disk, or null for anything else. */
export function liveFile(name: string): { quality: StreamQuality; file: string } | null {
  if (name === LIVE_NAMES.sub.playlist) return { quality: 'sub', file: 'index.m3u8' };
  if (name === LIVE_NAMES.main.playlist) return { quality: 'main', file: 'index.m3u8' };
  const m = /^(main-)?(\d{1,20})\.ts$/.exec(name);
  if (!m) return null;
  return { quality: m[1] ? 'main' : 'sub', file: `${m[2]}.ts` };
}

/** The file holding the overlay's camera/channel name (a file, so no name needs escaping in the filter). */
export const OVERLAY_NAME_FILE = 'overlay-name.txt';

export interface CameraSource {
  kind: string;
  host: string;
  port: number;
  path: string;
  username: string;
  password: string;
  channel: number;
}

/** The RTSP address of a real camera's channel, credentials included (never logged, never answered). */
export function rtspUrl(src: CameraSource, quality: StreamQuality): string {
  return cameraRtspUrl({ ...src, kind: src.kind as CameraKind }, src.password, src.channel, quality);
}

/**
 * ffmpeg's input and video options for a channel. A simulated camera is a 10 fps test pattern with the wall
 * clock big at the top left and the camera/channel name at the bottom, encoded small and fast; a real camera is
 * pulled over RTSP/TCP and its H.264 copied as it comes (no decoding: a stream costs almost no CPU), or
 * re-encoded when it sends something else (H.265 plays in few browsers).
 */
export function inputArgs(src: CameraSource, opts: { dir: string; copy: boolean; quality: StreamQuality }): string[] {
  const main = opts.quality === 'main';
  // The main stream (one channel full screen) at about four times the sub stream's bits.
  const [rate, max, buf] = main ? ['1200k', '1600k', '3200k'] : ['300k', '400k', '800k'];
  const encode = [
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
    ...['-pix_fmt', 'yuv420p', '-b:v', rate, '-maxrate', max, '-bufsize', buf],
    // A key frame every 2 s at 10 fps, so every segment starts with one and is exactly hls_time long.
    ...['-g', '20', '-keyint_min', '20', '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)'],
  ];
  if (src.kind === SIMULATED_CAMERA_KIND) {
    const box = 'fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6';
    // The main stream is the same picture at 1280×720, its text twice the size.
    const k = main ? 2 : 1;
    const clock = `drawtext=fontfile=${FONT}:text='%{localtime\\:%X}':x=${16 * k}:y=${16 * k}:fontsize=${48 * k}:${box}`;
    const name = `drawtext=fontfile=${FONT}:textfile='${path.join(opts.dir, OVERLAY_NAME_FILE)}':x=${16 * k}:y=h-${44 * k}:fontsize=${24 * k}:${box}`;
    const size = main ? '1280x720' : '640x360';
    return ['-re', '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=10`, '-vf', `${clock},${name}`, ...encode];
  }
  return [
    ...['-rtsp_transport', 'tcp', '-timeout', '5000000', '-i', rtspUrl(src, opts.quality)],
    ...(opts.copy ? ['-c:v', 'copy'] : [...encode, '-vf', `scale=-2:min(ih\\,${main ? 1080 : 720})`]),
  ];
}

/** The whole command line: input, no audio, HLS of 2 s segments, 6 in the list, numbered by the epoch second. */
export function ffmpegArgs(input: string[], dir: string, quality: StreamQuality = 'sub'): string[] {
  const prefix = LIVE_NAMES[quality].segmentPrefix;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'warning'],
    ...input,
    '-an',
    ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '6'],
    ...['-hls_flags', 'delete_segments+program_date_time+independent_segments+temp_file'],
    // Segment names keep growing across restarts, so the recorder never mistakes a new one for an old one.
    ...['-hls_start_number_source', 'epoch'],
    ...(prefix ? ['-hls_base_url', prefix] : []),
    ...['-hls_segment_filename', path.join(dir, '%d.ts'), path.join(dir, 'index.m3u8')],
  ];
}
