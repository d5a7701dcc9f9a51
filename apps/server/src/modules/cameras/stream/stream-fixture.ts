import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { camera, cameraChannel, company, storageSpace } from '../../../db/schema.js';
import { SecretBox } from '../../auth/secret-box.js';

/** Whether Debian's ffmpeg is here; without it the stream tests skip, unless REQUIRE_FFMPEG=1 says they must run. */
export function ffmpegPresent(binary = '/usr/bin/ffmpeg'): boolean {
  try {
    execFileSync(binary, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 5_000 });
    return true;
  } catch {
    if (process.env.REQUIRE_FFMPEG === '1') throw new Error(`REQUIRE_FFMPEG=1 but ${binary} cannot be run`);
    console.warn(`stream tests skipped: ${binary} cannot be run (apt-get install ffmpeg)`);
    return false;
  }
}

/** ffmpeg processes whose command line names the channel (what a host's process list shows). */
export function ffmpegProcessesOf(channelId: string): number {
  try {
    const out = execFileSync('pgrep', ['-f', `ffmpeg.*${channelId}`], { encoding: 'utf8' });
    return out.split('\n').filter((l) => l.trim() !== '').length;
  } catch {
    return 0; // pgrep exits 1 when nothing matches
  }
}

/** A camera on a plant with one channel (rows as the camera module writes them), and optionally a folder space. */
export async function addCamera(
  db: Db,
  opts: {
    plantId: string;
    companyName?: string;
    kind?: string;
    host?: string;
    port?: number;
    recording?: 'off' | 'continuous' | 'event';
    spaceId?: string | null;
    name?: string;
  },
): Promise<{ cameraId: string; channelId: string }> {
  const [owner] = await db
    .select({ id: company.id })
    .from(company)
    .where(eq(company.name, opts.companyName ?? 'Sunrise Energy'));
  if (!owner) throw new Error('no such company');
  const box = new SecretBox(db);
  const [cam] = await db
    .insert(camera)
    .values({
      companyId: owner.id,
      plantId: opts.plantId,
      kind: opts.kind ?? 'simulated',
      name: opts.name ?? 'Gate',
      host: opts.host ?? 'simulated',
      port: opts.port ?? 554,
      username: 'admin',
      passwordCipher: await box.seal('cam-secret-9'),
      recording: opts.recording ?? 'off',
      storageSpaceId: opts.spaceId ?? null,
    })
    .returning({ id: camera.id });
  if (!cam) throw new Error('camera not added');
  const [ch] = await db
    .insert(cameraChannel)
    .values({ cameraId: cam.id, number: 1, name: 'Channel 1' })
    .returning({ id: cameraChannel.id });
  if (!ch) throw new Error('channel not added');
  return { cameraId: cam.id, channelId: ch.id };
}

export async function addFolderSpace(
  db: Db,
  opts: { folder: string; capacityGb?: number; retentionDays?: number; name?: string },
): Promise<string> {
  const [owner] = await db.select({ id: company.id }).from(company).where(eq(company.name, 'Sunrise Energy'));
  const [space] = await db
    .insert(storageSpace)
    .values({
      companyId: owner?.id ?? '',
      name: opts.name ?? opts.folder,
      kind: 'folder',
      folder: opts.folder,
      capacityGb: opts.capacityGb ?? 10,
      retentionDays: opts.retentionDays ?? 30,
    })
    .returning({ id: storageSpace.id });
  if (!space) throw new Error('space not added');
  return space.id;
}
