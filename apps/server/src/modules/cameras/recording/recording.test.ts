import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { company, deviceEvent, recordingSegment, storageSpace } from '../../../db/schema.js';
import { FakeS3 } from '../../../test/fake-s3.js';
import { signInForTests, TestApp } from '../../../test/harness.js';
import { sunrisePlant } from '../../../test/gateway-fixtures.js';
import { SecretBox } from '../../auth/secret-box.js';
import { channelInputs } from '../stream/channel-input.js';
import { addCamera, addFolderSpace, ffmpegPresent, ffmpegProcessesOf } from '../stream/stream-fixture.js';
import { StreamSupervisor } from '../stream/supervisor.js';
import { Recorder } from './recorder.js';
import { reclaimSpace } from './retention.js';
import { folderRoot, SpaceStores } from './space-store.js';

const FFMPEG = '/usr/bin/ffmpeg';
const present = ffmpegPresent(FFMPEG);
const quiet = { warn: () => undefined, info: () => undefined };
/** The recorder's clock: a fixed day, moving as the test runs (segments are real, their times are not the date's). */
const T0 = Date.UTC(2026, 5, 1, 12, 0, 0);

describe('recordings', () => {
  const t = TestApp.forTests({ FFMPEG_PATH: FFMPEG });
  const tokens = signInForTests(t, 'admin');
  let plantId = '';
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { authorization: `Bearer ${tokens.admin}` } });

  beforeAll(async () => {
    plantId = await sunrisePlant(t, 'Recorded plant', []);
  });

  /** A supervisor and recorder of their own over the test app's database, driven by the test. */
  function recorderFor(clock: () => number) {
    const db = t.database.db;
    const box = new SecretBox(db);
    const inputs = channelInputs({ db, box, videoDir: t.config.videoDir, ffprobePath: '/usr/bin/ffprobe' });
    const supervisor = new StreamSupervisor({
      ffmpegPath: FFMPEG,
      videoDir: t.config.videoDir,
      input: (id, quality) => inputs.input(id, quality),
      setState: (id, s) => inputs.setState(id, s),
      log: quiet,
      now: clock,
      sweepMs: 0,
    });
    const stores = new SpaceStores({ videoDir: t.config.videoDir, box });
    const recorder = new Recorder({
      db,
      supervisor,
      stores,
      videoDir: t.config.videoDir,
      now: clock,
      log: quiet,
      simulate: true,
      collectMs: 0,
      refreshMs: 0,
    });
    return { supervisor, recorder, stores };
  }

  async function collectUntil(recorder: Recorder, done: () => Promise<boolean>, ms = 10_000): Promise<void> {
    const end = Date.now() + ms;
    for (;;) {
      await recorder.collect();
      if (await done()) return;
      if (Date.now() > end) throw new Error('timed out collecting');
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  it.skipIf(!present)(
    'a continuous recording stores segments with rows and used bytes; playback lists them in order',
    async () => {
      const db = t.database.db;
      const started = Date.now();
      const clock = () => T0 + (Date.now() - started);
      const spaceId = await addFolderSpace(db, { folder: 'site-a' });
      const { channelId } = await addCamera(db, { plantId, recording: 'continuous', spaceId, name: 'Yard' });
      const { supervisor, recorder } = recorderFor(clock);
      await recorder.refresh();
      expect(ffmpegProcessesOf(channelId)).toBe(1);
      const rows = () =>
        db
          .select()
          .from(recordingSegment)
          .where(eq(recordingSegment.channelId, channelId))
          .orderBy(asc(recordingSegment.startedAt));
      await collectUntil(recorder, async () => (await rows()).length >= 2);
      const kept = await rows();
      const root = folderRoot(t.config.videoDir, 'site-a');
      for (const r of kept) {
        expect(r.objectKey).toBe(`${channelId}/${r.startedAt.getTime()}.ts`);
        const file = path.join(root, r.objectKey);
        expect(readFileSync(file).length).toBe(r.bytes);
        expect(r.durationMs).toBeGreaterThan(1_000);
        expect(r.eventId).toBeNull();
      }
      // One stretch without gaps: each segment starts where the one before ended.
      for (let i = 1; i < kept.length; i++) {
        const prev = kept[i - 1];
        const cur = kept[i];
        if (prev && cur) expect(cur.startedAt.getTime()).toBe(prev.startedAt.getTime() + prev.durationMs);
      }
      const [space] = await db.select().from(storageSpace).where(eq(storageSpace.id, spaceId));
      expect(space?.usedBytes).toBe(kept.reduce((n, r) => n + r.bytes, 0));

      // Stop recording: the stream stops (nobody watches it).
      await recorder.stop();
      await supervisor.stopAll();
      expect(ffmpegProcessesOf(channelId)).toBe(0);

      // The timeline: one span covering them.
      const first = kept[0];
      const lastRow = kept[kept.length - 1];
      if (!first || !lastRow) throw new Error('no rows');
      const end = lastRow.startedAt.getTime() + lastRow.durationMs;
      const spans = await t.call<{ from: number; to: number }[]>('GET', `/api/v1/camera/recordings/${channelId}`, {
        token: tokens.admin,
        query: { from: String(T0 - 60_000), to: String(end + 60_000) },
      });
      expect(spans.data).toEqual([{ from: first.startedAt.getTime(), to: end, eventId: null }]);

      // Playback: a VOD playlist of the stored segments in order, with their wall-clock times.
      const res = await get(`camera/playback/${channelId}/index.m3u8?from=${first.startedAt.getTime()}&seconds=600`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/vnd.apple.mpegurl');
      const lines = res.body.split('\n');
      expect(lines.filter((l) => l.endsWith('.ts'))).toEqual(kept.map((r) => `${r.id}.ts`));
      expect(lines).toContain(`#EXT-X-PROGRAM-DATE-TIME:${first.startedAt.toISOString()}`);
      expect(lines).toContain('#EXT-X-ENDLIST');
      const seg = await get(`camera/playback/${channelId}/${first.id}.ts`);
      expect(seg.headers['content-type']).toBe('video/mp2t');
      expect(seg.rawPayload.equals(readFileSync(path.join(root, first.objectKey)))).toBe(true);
      // A segment id of another channel is not served through this one.
      const other = await addCamera(db, { plantId, name: 'Other' });
      const cross = await get(`camera/playback/${other.channelId}/${first.id}.ts`);
      expect(cross.statusCode).toBe(404);
      expect((await get(`camera/playback/${channelId}/..%2F..%2Fetc%2Fpasswd`)).body).not.toContain('root:');
    },
    30_000,
  );

  it.skipIf(!present)(
    'event mode keeps a minute locally and stores it, and what follows, once a plant fault opens',
    async () => {
      const db = t.database.db;
      const started = Date.now();
      const clock = () => T0 + 3_600_000 + (Date.now() - started);
      const spaceId = await addFolderSpace(db, { folder: 'site-e' });
      const eventPlant = await sunrisePlant(t, 'Event plant', []);
      const { channelId } = await addCamera(db, { plantId: eventPlant, recording: 'event', spaceId, name: 'Roof' });
      const { supervisor, recorder } = recorderFor(clock);
      await recorder.refresh();
      const rows = () => db.select().from(recordingSegment).where(eq(recordingSegment.channelId, channelId));
      // Without a fault: segments pass into the pre-roll, none is stored.
      const preRoll = path.join(t.config.videoDir, 'preroll', channelId);
      await collectUntil(recorder, async () => existsSync(preRoll) && readdirSync(preRoll).length >= 2);
      expect(await rows()).toHaveLength(0);

      const raisedAt = clock();
      const [ev] = await db
        .insert(deviceEvent)
        .values({
          gatewayId: randomUUID(),
          gatewayEventId: 'cam-test-1',
          deviceId: randomUUID(),
          plantId: eventPlant,
          code: 'F01',
          level: 'fault',
          raisedAt: new Date(raisedAt),
        })
        .returning({ id: deviceEvent.id });
      await collectUntil(recorder, async () => (await rows()).length >= 3);
      const kept = await rows();
      expect(kept.every((r) => r.eventId === ev?.id)).toBe(true);
      // The minute before the fault is there too.
      expect(kept.some((r) => r.startedAt.getTime() < raisedAt)).toBe(true);
      await recorder.stop();
      await supervisor.stopAll();
      expect(ffmpegProcessesOf(channelId)).toBe(0);
    },
    30_000,
  );

  it.skipIf(!present)(
    'two instances record a channel once; when the one recording stops, the other takes the channel over',
    async () => {
      const db = t.database.db;
      const started = Date.now();
      const clock = () => T0 + 7_200_000 + (Date.now() - started);
      const spaceId = await addFolderSpace(db, { folder: 'site-two' });
      const { channelId } = await addCamera(db, { plantId, recording: 'continuous', spaceId, name: 'Gate' });
      const a = recorderFor(clock);
      const b = recorderFor(clock);
      try {
        await a.recorder.refresh();
        await b.recorder.refresh();
        // One ffmpeg on the machine for the channel, run by the instance that took the lease first.
        expect(a.recorder.channels()).toContain(channelId);
        expect(b.recorder.channels()).not.toContain(channelId);
        expect(ffmpegProcessesOf(channelId)).toBe(1);
        await a.recorder.stop();
        await a.supervisor.stopAll();
        expect(ffmpegProcessesOf(channelId)).toBe(0);
        await b.recorder.refresh();
        expect(b.recorder.channels()).toContain(channelId);
        expect(ffmpegProcessesOf(channelId)).toBe(1);
      } finally {
        await b.recorder.stop();
        await b.supervisor.stopAll();
      }
      expect(ffmpegProcessesOf(channelId)).toBe(0);
    },
    30_000,
  );

  it('retention removes the oldest segments first, beyond retention days and then beyond capacity', async () => {
    const db = t.database.db;
    const box = new SecretBox(db);
    const stores = new SpaceStores({ videoDir: t.config.videoDir, box });
    // 1 GB space keeping 7 days; segments of 0.3 GB (rows only say so; the files are small).
    const spaceId = await addFolderSpace(db, { folder: 'site-r', capacityGb: 1, retentionDays: 7 });
    const { channelId } = await addCamera(db, { plantId, name: 'Retained' });
    const root = folderRoot(t.config.videoDir, 'site-r');
    const now = T0 + 30 * 86_400_000;
    const DAY = 86_400_000;
    // Ten days back (expired), then 5 segments within the week: 1.5 GB, 0.5 GB too much.
    const starts = [
      now - 10 * DAY,
      now - 9 * DAY,
      now - 5 * DAY,
      now - 4 * DAY,
      now - 3 * DAY,
      now - 2 * DAY,
      now - DAY,
    ];
    const bytes = 300_000_000;
    for (const s of starts) {
      const key = `${channelId}/${s}.ts`;
      await mkdir(path.join(root, channelId), { recursive: true });
      await writeFile(path.join(root, key), 'x');
      await db.insert(recordingSegment).values({
        channelId,
        storageSpaceId: spaceId,
        startedAt: new Date(s),
        durationMs: 2000,
        bytes,
        objectKey: key,
      });
    }
    await db
      .update(storageSpace)
      .set({ usedBytes: starts.length * bytes })
      .where(eq(storageSpace.id, spaceId));
    const removed = await reclaimSpace({ db, stores, now });
    // 2 expired, then the 2 oldest of the rest (1.5 GB → 0.9 GB).
    expect(removed).toBeGreaterThanOrEqual(4);
    const left = await db
      .select()
      .from(recordingSegment)
      .where(eq(recordingSegment.storageSpaceId, spaceId))
      .orderBy(asc(recordingSegment.startedAt));
    expect(left.map((r) => r.startedAt.getTime())).toEqual(starts.slice(4));
    for (const s of starts.slice(0, 4)) expect(existsSync(path.join(root, `${channelId}/${s}.ts`))).toBe(false);
    for (const s of starts.slice(4)) expect(existsSync(path.join(root, `${channelId}/${s}.ts`))).toBe(true);
    const [space] = await db.select().from(storageSpace).where(eq(storageSpace.id, spaceId));
    expect(space?.usedBytes).toBe(3 * bytes);
    // A second run has nothing to do.
    expect(await reclaimSpace({ db, stores, now })).toBe(0);
  });

  it('a deleted camera’s recordings stay counted until retention removes them and their files', async () => {
    const db = t.database.db;
    const box = new SecretBox(db);
    const stores = new SpaceStores({ videoDir: t.config.videoDir, box });
    const spaceId = await addFolderSpace(db, { folder: 'site-d', capacityGb: 10, retentionDays: 30 });
    const { channelId, cameraId } = await addCamera(db, { plantId, name: 'Removed' });
    const root = folderRoot(t.config.videoDir, 'site-d');
    const now = T0 + 86_400_000;
    const keys = [0, 1, 2].map((i) => `${channelId}/${T0 + i * 2000}.ts`);
    await mkdir(path.join(root, channelId), { recursive: true });
    for (const [i, key] of keys.entries()) {
      await writeFile(path.join(root, key), 'x');
      await db.insert(recordingSegment).values({
        channelId,
        storageSpaceId: spaceId,
        startedAt: new Date(T0 + i * 2000),
        durationMs: 2000,
        bytes: 1000,
        objectKey: key,
      });
    }
    await db.update(storageSpace).set({ usedBytes: 3000 }).where(eq(storageSpace.id, spaceId));

    const removed = await t.call('POST', `/api/v1/camera/delete/${cameraId}`, { token: tokens.admin });
    expect(removed.code).toBe(0);
    // The request only deletes the camera: its segments are still there, counted, no longer anyone's.
    const kept = await db.select().from(recordingSegment).where(eq(recordingSegment.storageSpaceId, spaceId));
    expect(kept.map((r) => r.channelId)).toEqual([null, null, null]);
    const usedOf = async () => (await db.select().from(storageSpace).where(eq(storageSpace.id, spaceId)))[0]?.usedBytes;
    expect(await usedOf()).toBe(3000);

    // Retention, well within the 30 days, removes them, their files and their bytes.
    expect(await reclaimSpace({ db, stores, now })).toBe(3);
    expect(await db.select().from(recordingSegment).where(eq(recordingSegment.storageSpaceId, spaceId))).toEqual([]);
    for (const key of keys) expect(existsSync(path.join(root, key))).toBe(false);
    expect(await usedOf()).toBe(0);
  });

  it('an S3 space keeps segments under its prefix; playback reads them back and retention deletes them', async () => {
    const db = t.database.db;
    const box = new SecretBox(db);
    const s3 = new FakeS3('videos', 'AKIDCAM', 'cam-bucket-secret-2026');
    await s3.start();
    try {
      const [sunrise] = await db.select({ id: company.id }).from(company).where(eq(company.name, 'Sunrise Energy'));
      const [space] = await db
        .insert(storageSpace)
        .values({
          companyId: sunrise?.id ?? '',
          name: 'Bucket',
          kind: 's3',
          s3: { endpoint: s3.endpoint, bucket: 'videos', region: 'us-east-1', prefix: 'site-b', accessKey: 'AKIDCAM' },
          s3SecretCipher: await box.seal('cam-bucket-secret-2026'),
          capacityGb: 1,
          retentionDays: 1,
        })
        .returning();
      if (!space) throw new Error('no space');
      const { channelId } = await addCamera(db, { plantId, name: 'Bucketed' });
      const stores = new SpaceStores({ videoDir: t.config.videoDir, box });
      const key = `${channelId}/${T0}.ts`;
      await (await stores.of(space)).put(key, Buffer.from([0x47, 1, 2, 3]));
      expect([...s3.objects.keys()]).toEqual([`site-b/${key}`]);
      const [row] = await db
        .insert(recordingSegment)
        .values({
          channelId,
          storageSpaceId: space.id,
          startedAt: new Date(T0),
          durationMs: 2000,
          bytes: 4,
          objectKey: key,
        })
        .returning();
      const seg = await get(`camera/playback/${channelId}/${row?.id}.ts`);
      expect([...seg.rawPayload]).toEqual([0x47, 1, 2, 3]);
      // Two days on, the segment is past the space's retention: row and object go.
      expect(await reclaimSpace({ db, stores, now: T0 + 2 * 86_400_000 })).toBe(1);
      expect(s3.objects.size).toBe(0);
    } finally {
      await s3.stop();
    }
  });
});
