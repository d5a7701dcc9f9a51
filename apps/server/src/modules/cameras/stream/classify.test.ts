import { describe, expect, it } from 'vitest';
import { classifyFfmpegError } from './classify.js';

describe('what ffmpeg’s last words say about a camera', () => {
  it('reads wrong credentials, an unreachable camera and a missing stream, never the port as a status', () => {
    expect(classifyFfmpegError('[rtsp @ 0x1] method DESCRIBE failed: 401 Unauthorized')).toBe('wrongPassword');
    expect(
      classifyFfmpegError(
        '[tcp @ 0x1] Connection to tcp://127.0.0.1:34015?timeout=5000000 failed: Connection refused\nrtsp://u:p@127.0.0.1:34015/stream2: Connection refused',
      ),
    ).toBe('unreachable');
    expect(classifyFfmpegError('rtsp://u:p@10.0.0.9:4010/x: Connection timed out')).toBe('unreachable');
    expect(classifyFfmpegError('[rtsp @ 0x1] method DESCRIBE failed: 404 Not Found')).toBe('noStream');
    expect(classifyFfmpegError('rtsp://u:p@cam.example:401/a: Invalid data found when processing input')).toBe(
      'noStream',
    );
  });
});
