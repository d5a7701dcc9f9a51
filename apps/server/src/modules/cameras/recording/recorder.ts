import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import { CAMERA_LIMITS, SIMULATED_CAMERA_KIND, type RecordingMode } from '@heliograph/shared';
import type { Db } from '../../../db/client.js';
import { query } from '../../../db/rows.js';
import { camera, cameraChannel, recordingSegment, storageSpace } from '../../../db/schema.js';
import type { StreamSupervisor } from '../stream/supervisor.js';
import { parsePlaylist } from './playlist.js';
import type { SpaceStores } from './space-store.js';

/** How often finished segments are picked up (a segment is 2 s; the live list keeps 6). */
export const COLLECT_MS = 1_000;
/** How often the cameras that record are read again (a changed mode or space takes this long). */
export const REFRESH_MS = 15_000;
/**
 * How long an instance's hold on recording a channel lasts without renewal: three refreshes, so a live instance
 * never loses it and a dead one's channels are recorded elsewhere within a minute.
 */
export const RECORDER_LEASE_MS = 3 * REFRESH_MS;

interface Recording {
  channelId: string;
  cameraId: string;
  plantId: string;
  mode: Exclude<RecordingMode, 'off'>;
  spaceId: string;
  /** The highest segment number handled (names are epoch-second sequence numbers, growing across restarts). */
  lastSeq: number;
  /** Where the next segment starts when it follows the last one without a gap (ms). */
  nextStart: number | null;
  /** Event mode: the last minute, kept locally until an event asks for it. */
  preRoll: { startedAt: number; durationMs: number; file: string }[];
}

export interface RecorderDeps {
  db: Db;
  supervisor: StreamSupervisor;
  stores: SpaceStores;
  videoDir: string;
  now: () => number;
  log: { warn(obj: object, msg: string): void };
  /** Whether simulated cameras record too (SIMULATE_CAMERAS); real cameras always do when set to. */
  simulate: boolean;
  /** 0: no timers (tests call refresh and collect). */
  collectMs?: number;
  refreshMs?: number;
}

/**
 * Keeps the channels of recording cameras streaming (through the supervisor) and moves each finished live
 * segment into the camera's storage space with a recording_segment row. Continuous mode keeps everything; event
 * mode keeps the last minute locally and stores it, and what follows, while one of the plant's faults is open
 * and for five minutes after it cleared (CAMERA_LIMITS.preRollSeconds / postRollSeconds).
 */
export class Recorder {
  private readonly recordings = new Map<string, Recording>();
  private timers: NodeJS.Timeout[] = [];
  private busy: Promise<void> = Promise.resolve();
  /** This instance, in camera_channel.recorder_id. */
  private readonly id = randomUUID();

  constructor(private readonly deps: RecorderDeps) {}

  start(): void {
    const collectMs = this.deps.collectMs ?? COLLECT_MS;
    const refreshMs = this.deps.refreshMs ?? REFRESH_MS;
    const run = (what: () => Promise<void>, label: string) => () => {
      this.busy = this.busy
        .then(what)
        .catch((err: unknown) => this.deps.log.warn({ err }, `recordings could not be ${label}`));
    };
    if (refreshMs > 0) {
      run(() => this.refresh(), 'started')();
      this.timers.push(
        setInterval(
          run(() => this.refresh(), 'started'),
          refreshMs,
        ).unref(),
      );
    }
    if (collectMs > 0)
      this.timers.push(
        setInterval(
          run(() => this.collect(), 'stored'),
          collectMs,
        ).unref(),
      );
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.busy;
    // Another instance may take this one's channels at its next refresh instead of a lease later.
    await this.deps.db
      .update(cameraChannel)
      .set({ recorderId: null, recorderUntil: null })
      .where(eq(cameraChannel.recorderId, this.id))
      .catch((err: unknown) => this.deps.log.warn({ err }, 'recording leases could not be given back'));
  }

  /**
   * Takes or renews this instance's hold on recording the channels: a channel nobody holds, or whose holder's
   * lease ran out, becomes this instance's. Answers the channels it holds now.
   */
  private async lease(channelIds: readonly string[]): Promise<Set<string>> {
    if (channelIds.length === 0) return new Set();
    const now = this.deps.now();
    const rows = await query<{ id: string }>(
      this.deps.db,
      sql`update camera_channel set recorder_id = ${this.id},
          recorder_until = ${new Date(now + RECORDER_LEASE_MS).toISOString()}::timestamptz
        where id = any(${`{${channelIds.join(',')}}`}::uuid[])
          and (recorder_id = ${this.id} or recorder_until is null
            or recorder_until < ${new Date(now).toISOString()}::timestamptz)
        returning id`,
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Channels being recorded now. */
  channels(): string[] {
    return [...this.recordings.keys()];
  }

  /** Reads which channels record and where, starting and stopping their streams to match. */
  async refresh(): Promise<void> {
    const { db, supervisor } = this.deps;
    const rows = await db
      .select({
        channelId: cameraChannel.id,
        cameraId: camera.id,
        plantId: camera.plantId,
        mode: camera.recording,
        spaceId: camera.storageSpaceId,
      })
      .from(cameraChannel)
      .innerJoin(camera, eq(camera.id, cameraChannel.cameraId))
      .where(
        and(
          ne(camera.recording, 'off'),
          sql`${camera.storageSpaceId} is not null`,
          this.deps.simulate ? undefined : ne(camera.kind, SIMULATED_CAMERA_KIND),
        ),
      );
    // Each channel is recorded by one instance: the one holding its lease.
    const held = await this.lease(rows.map((r) => r.channelId));
    const wanted = new Set<string>();
    for (const r of rows) {
      if (!r.spaceId || (r.mode !== 'continuous' && r.mode !== 'event')) continue;
      if (!held.has(r.channelId)) continue;
      wanted.add(r.channelId);
      const known = this.recordings.get(r.channelId);
      if (known) {
        known.mode = r.mode;
        known.spaceId = r.spaceId;
        continue;
      }
      try {
        await supervisor.record(r.channelId, true);
      } catch (err) {
        this.deps.log.warn({ err, channelId: r.channelId }, 'a recording could not start its stream');
        continue;
      }
      this.recordings.set(r.channelId, {
        ...r,
        mode: r.mode,
        spaceId: r.spaceId,
        lastSeq: -1,
        nextStart: null,
        preRoll: [],
      });
    }
    for (const [channelId, rec] of this.recordings) {
      if (wanted.has(channelId)) continue;
      this.recordings.delete(channelId);
      await supervisor.record(channelId, false);
      await rm(this.preRollDir(rec.channelId), { recursive: true, force: true });
    }
  }

  /** Picks up the segments ffmpeg finished since the last call and keeps or stores them. */
  async collect(): Promise<void> {
    const events = await this.openFaults();
    for (const rec of this.recordings.values()) {
      try {
        await this.collectChannel(rec, events.get(rec.plantId) ?? null);
      } catch (err) {
        this.deps.log.warn({ err, channelId: rec.channelId }, 'recorded segments could not be stored');
      }
    }
  }

  private async collectChannel(rec: Recording, event: { id: string; raisedAt: number } | null): Promise<void> {
    const dir = this.deps.supervisor.dirOf(rec.channelId);
    const text = await readFile(path.join(dir, 'index.m3u8'), 'utf8').catch(() => '');
    const entries = parsePlaylist(text).filter((e) => e.seq > rec.lastSeq);
    if (entries.length === 0) return;
    const now = this.deps.now();
    // The newest finished segment ended about now; a run of segments right after the last one continues it.
    let start =
      rec.nextStart !== null && entries[0]?.seq === rec.lastSeq + 1
        ? rec.nextStart
        : now - entries.reduce((sum, e) => sum + e.durationMs, 0);
    for (const e of entries) {
      rec.lastSeq = e.seq;
      const bytes = await readFile(path.join(dir, e.name)).catch(() => null);
      const startedAt = start;
      start += e.durationMs;
      rec.nextStart = start;
      if (!bytes) {
        rec.nextStart = null;
        continue;
      }
      if (rec.mode === 'continuous') {
        await this.store(rec, startedAt, e.durationMs, bytes, null);
      } else if (event) {
        await this.flushPreRoll(rec, event);
        await this.store(rec, startedAt, e.durationMs, bytes, event.id);
      } else {
        await this.keepPreRoll(rec, startedAt, e.durationMs, bytes, now);
      }
    }
  }

  private preRollDir(channelId: string): string {
    return path.join(this.deps.videoDir, 'preroll', channelId);
  }

  private async keepPreRoll(rec: Recording, startedAt: number, durationMs: number, bytes: Buffer, now: number) {
    const dir = this.preRollDir(rec.channelId);
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${startedAt}.ts`);
    await writeFile(file, bytes);
    rec.preRoll.push({ startedAt, durationMs, file });
    const keepFrom = now - CAMERA_LIMITS.preRollSeconds * 1000;
    while (rec.preRoll[0] && rec.preRoll[0].startedAt + rec.preRoll[0].durationMs < keepFrom) {
      const old = rec.preRoll.shift();
      if (old) await rm(old.file, { force: true });
    }
  }

  private async flushPreRoll(rec: Recording, event: { id: string; raisedAt: number }): Promise<void> {
    const from = event.raisedAt - CAMERA_LIMITS.preRollSeconds * 1000;
    for (const p of rec.preRoll.splice(0)) {
      const bytes = await readFile(p.file).catch(() => null);
      await rm(p.file, { force: true });
      if (bytes && p.startedAt + p.durationMs > from) await this.store(rec, p.startedAt, p.durationMs, bytes, event.id);
    }
  }

  /** Writes the bytes into the space, then the row and the space's use in one transaction. */
  private async store(
    rec: Recording,
    startedAt: number,
    durationMs: number,
    bytes: Buffer,
    eventId: string | null,
  ): Promise<void> {
    const { db } = this.deps;
    const [space] = await db.select().from(storageSpace).where(eq(storageSpace.id, rec.spaceId));
    if (!space) return;
    const objectKey = `${rec.channelId}/${startedAt}.ts`;
    await (await this.deps.stores.of(space)).put(objectKey, bytes);
    await db.transaction(async (tx) => {
      const added = await tx
        .insert(recordingSegment)
        .values({
          channelId: rec.channelId,
          storageSpaceId: space.id,
          startedAt: new Date(startedAt),
          durationMs,
          bytes: bytes.length,
          objectKey,
          eventId,
        })
        .onConflictDoNothing()
        .returning({ id: recordingSegment.id });
      if (added.length > 0) {
        await tx
          .update(storageSpace)
          .set({ usedBytes: sql`${storageSpace.usedBytes} + ${bytes.length}` })
          .where(eq(storageSpace.id, space.id));
      }
    });
  }

  /**
   * Per plant with an event-mode recording: its fault that is open now, or cleared less than five minutes ago
   * (the newest such). Read from device_event on every pass rather than hooked into ingest, so it works the same
   * on whichever instance records, whoever wrote the event.
   */
  private async openFaults(): Promise<Map<string, { id: string; raisedAt: number }>> {
    const plants = [...new Set([...this.recordings.values()].filter((r) => r.mode === 'event').map((r) => r.plantId))];
    const found = new Map<string, { id: string; raisedAt: number }>();
    if (plants.length === 0) return found;
    const now = new Date(this.deps.now()).toISOString();
    const after = new Date(this.deps.now() - CAMERA_LIMITS.postRollSeconds * 1000).toISOString();
    const rows = await query<{ id: string; plant_id: string; raised_at: Date | string }>(
      this.deps.db,
      sql`select distinct on (plant_id) id, plant_id, raised_at from device_event
        where plant_id in ${inList(plants)} and level = 'fault' and raised_at <= ${now}::timestamptz
          and (cleared_at is null or cleared_at > ${after}::timestamptz)
        order by plant_id, raised_at desc`,
    );
    for (const r of rows) found.set(r.plant_id, { id: r.id, raisedAt: new Date(r.raised_at).getTime() });
    return found;
  }
}

const inList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
