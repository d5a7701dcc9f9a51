import type { CameraState } from '@heliograph/shared';
import { classify } from '../probe.js';

/**
 * What a live ffmpeg's error output says failed (unreachable, wrong password, no stream): the connection test's
 * reading of the same complaints (probe.ts `classify`), for a process that ended rather than timed out.
 */
export function classifyFfmpegError(output: string): Exclude<CameraState, 'online' | 'unknown'> {
  return classify(output, false);
}
