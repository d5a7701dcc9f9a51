import type { CameraState } from '@heliograph/shared';

/**
 * What ffmpeg's last words say went wrong with a camera, the same reading as a connection test: the RTSP
 * server refused the credentials, could not be reached at all, or answered without a stream we can use.
 */
export function classifyFfmpegError(output: string): Exclude<CameraState, 'online' | 'unknown'> {
  // The address is in most lines; its port or path must not read as a status code.
  const stderr = output.replace(/\b[a-z]+:\/\/\S+/gi, 'url');
  if (/\b401\b|unauthori[sz]ed|authenticat/i.test(stderr)) return 'wrongPassword';
  if (
    /connection refused|timed out|no route to host|network is unreachable|name or service not known|temporary failure in name resolution|could not resolve|host is down|connection reset/i.test(
      stderr,
    )
  ) {
    return 'unreachable';
  }
  return 'noStream';
}
