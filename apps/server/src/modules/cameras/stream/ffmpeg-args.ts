import path from 'node:path';
import { SIMULATED_CAMERA_KIND, type CameraKind, type StreamQuality } from '@heliograph/shared';
import { rtspUrl as cameraRtspUrl } from '../probe.js';

/** The monospace font of Debian's fonts-dejavu-core (a dependency of its ffmpeg's drawtext). */
const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';

/** Where a channel's live HLS is written and served from: VIDEO_DIR/live/<channelId>/. */
export const liveDir = (videoDir: string, channelId: string) => path.join(videoDir, 'live', channelId);

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
  const encode = [
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
    ...['-pix_fmt', 'yuv420p', '-b:v', '300k', '-maxrate', '400k', '-bufsize', '800k'],
    // A key frame every 2 s at 10 fps, so every segment starts with one and is exactly hls_time long.
    ...['-g', '20', '-keyint_min', '20', '-sc_threshold', '0', '-force_key_frames', 'expr:gte(t,n_forced*2)'],
  ];
  if (src.kind === SIMULATED_CAMERA_KIND) {
    const box = 'fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6';
    const clock = `drawtext=fontfile=${FONT}:text='%{localtime\\:%X}':x=16:y=16:fontsize=48:${box}`;
    const name = `drawtext=fontfile=${FONT}:textfile='${path.join(opts.dir, OVERLAY_NAME_FILE)}':x=16:y=h-44:fontsize=24:${box}`;
    return ['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=10', '-vf', `${clock},${name}`, ...encode];
  }
  return [
    ...['-rtsp_transport', 'tcp', '-timeout', '5000000', '-i', rtspUrl(src, opts.quality)],
    ...(opts.copy ? ['-c:v', 'copy'] : [...encode, '-vf', 'scale=-2:min(ih\\,720)']),
  ];
}

/** The whole command line: input, no audio, HLS of 2 s segments, 6 in the list, numbered by the epoch second. */
export function ffmpegArgs(input: string[], dir: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'warning'],
    ...input,
    '-an',
    ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '6'],
    ...['-hls_flags', 'delete_segments+program_date_time+independent_segments+temp_file'],
    // Segment names keep growing across restarts, so the recorder never mistakes a new one for an old one.
    ...['-hls_start_number_source', 'epoch'],
    ...['-hls_segment_filename', path.join(dir, '%d.ts'), path.join(dir, 'index.m3u8')],
  ];
}
