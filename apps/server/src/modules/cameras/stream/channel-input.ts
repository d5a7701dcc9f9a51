import { eq, sql } from 'drizzle-orm';
import { SIMULATED_CAMERA_KIND, type CameraState, type StreamQuality } from '@heliograph/shared';
import type { Db } from '../../../db/client.js';
import { camera, cameraChannel, plant } from '../../../db/schema.js';
import type { SecretBox } from '../../auth/secret-box.js';
import { probeUrl, streamPlace } from '../probe.js';
import { inputArgs, liveDir, OVERLAY_NAME_FILE, rtspUrl, type CameraSource } from './ffmpeg-args.js';
import type { ChannelInput } from './supervisor.js';

/**
 * The supervisor's view of the database: what a channel's ffmpeg reads (the camera's password opened here and
 * only put on ffmpeg's command line), and where a stream's finding is kept (the camera's state).
 */
export function channelInputs(deps: { db: Db; box: SecretBox; videoDir: string; ffprobePath: string }) {
  const { db, box } = deps;
  return {
    async input(channelId: string, quality: StreamQuality = 'sub'): Promise<ChannelInput> {
      const [row] = await db
        .select({ camera, number: cameraChannel.number, channelName: cameraChannel.name, timeZone: plant.timezone })
        .from(cameraChannel)
        .innerJoin(camera, eq(camera.id, cameraChannel.cameraId))
        .innerJoin(plant, eq(plant.id, camera.plantId))
        .where(eq(cameraChannel.id, channelId));
      if (!row) throw new Error(`camera channel ${channelId} is gone`);
      const c = row.camera;
      const password = await box.open(c.passwordCipher);
      let src: CameraSource = {
        kind: c.kind,
        host: c.host,
        port: c.port,
        path: c.path,
        username: c.username,
        password,
        channel: row.number,
      };
      if (c.kind === 'onvif') {
        // The camera's ONVIF service names the stream; refused credentials go to ffmpeg as they are, and its
        // 401 says so (the stream's state).
        const place = await streamPlace({ ...c, kind: 'onvif', password, channel: row.number }, row.number, quality, {
          now: Date.now,
        });
        if (!('refused' in place)) src = { ...src, kind: place.kind, path: place.path };
      }
      const dir = liveDir(deps.videoDir, channelId, quality);
      const simulated = c.kind === SIMULATED_CAMERA_KIND;
      // H.264 is copied as it comes; anything else (or a camera that does not answer the probe) is encoded.
      const copy = !simulated && (await videoCodec(deps.ffprobePath, rtspUrl(src, quality))) === 'h264';
      return {
        cameraId: c.id,
        input: inputArgs(src, { dir, copy, quality }),
        files: simulated ? { [OVERLAY_NAME_FILE]: `${c.name} · ${row.channelName}` } : {},
        ...(simulated && row.timeZone ? { timeZone: row.timeZone } : {}),
      };
    },
    async setState(cameraId: string, state: CameraState): Promise<void> {
      await db
        .update(camera)
        .set({ state, stateAt: sql`now()` })
        .where(eq(camera.id, cameraId));
    },
  };
}

/** The codec of the first video stream, or null when the camera did not answer (the connection test's probe). */
async function videoCodec(ffprobePath: string, url: string): Promise<string | null> {
  const { result } = await probeUrl(url, { ffprobePath, now: Date.now });
  return result.video?.codec ?? null;
}
