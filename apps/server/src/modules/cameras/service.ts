import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import {
  CAMERA_KINDS,
  CAMERA_STATES,
  RECORDING_MODES,
  SIMULATED_CAMERA_KIND,
  type AnyCameraKind,
  type CameraAddBody,
  type CameraEditBody,
  type CameraRow,
  type CameraState,
  type CameraTestResult,
} from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import { findPlant } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { containing, query, toMs } from '../../db/rows.js';
import { camera, cameraChannel } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { SecretBox } from '../auth/secret-box.js';
import { recordOperation } from '../commands/operation-log.js';
import { findCamera, type CameraRecord } from './finders.js';
import { FFMPEG_MISSING } from './ffmpeg.js';
import { FFPROBE_MISSING_DETAIL, probeCamera, type ProbeTarget } from './probe.js';
import type { Caller } from './spaces.js';

/** How a connection test reaches a camera (probe.ts with ffprobe; tests may answer themselves). */
export type Prober = (target: ProbeTarget) => Promise<{ result: CameraTestResult; detail: string | null }>;

export interface CameraServiceDeps {
  db: Db;
  box: SecretBox;
  now: () => number;
  ffprobePath: string;
  log?: FastifyBaseLogger;
  /** Replaces the ffprobe connection test (tests). */
  prober?: Prober;
}

interface RawCamera {
  id: string;
  plant_id: string;
  plant_name: string;
  kind: string;
  name: string;
  host: string;
  port: unknown;
  path: string;
  onvif_port: unknown;
  username: string;
  has_password: boolean;
  recording: string;
  storage_space_id: string | null;
  state: string;
  state_at: unknown;
  created_at: unknown;
}

const columns = sql`c.id, c.plant_id, p.name as plant_name, c.kind, c.name, c.host, c.port, c.path, c.onvif_port, c.username,
  c.password_cipher <> '' as has_password, c.recording, c.storage_space_id, c.state, c.state_at, c.created_at`;

const KINDS: readonly string[] = [...CAMERA_KINDS, SIMULATED_CAMERA_KIND];
const kindOf = (k: string): AnyCameraKind => (KINDS.includes(k) ? (k as AnyCameraKind) : 'rtsp');
const stateOf = (s: string): CameraState => CAMERA_STATES.find((x) => x === s) ?? 'unknown';
const recordingOf = (r: string): CameraRow['recording'] => RECORDING_MODES.find((x) => x === r) ?? 'off';

/**
 * A host name (letters, digits, dots, dashes, underscores), an IPv4 address or an IPv6 address (with an optional
 * zone): what goes between `@` and `:port` of the RTSP address. Anything else (`/`, `@`, `?`, spaces) would
 * change which address the server connects to, or where the credentials go.
 */
export function isCameraHost(host: string): boolean {
  if (/^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_])?$/.test(host)) return true;
  const v6 = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return v6.includes(':') && /^[0-9A-Fa-f:.]+(?:%[A-Za-z0-9_.-]+)?$/.test(v6);
}

function checkHost(host: string): void {
  if (!isCameraHost(host)) throw new ValidationError([{ field: 'host', rule: 'cameraHost' }]);
}

/** A camera's columns as the add and edit forms give them (the password already sealed). */
function cameraColumns(body: CameraAddBody | CameraEditBody, passwordCipher: string) {
  return {
    kind: body.kind,
    name: body.name,
    host: body.host,
    port: body.port,
    path: body.path,
    onvifPort: body.onvifPort,
    username: body.username,
    passwordCipher,
    recording: body.recording,
    storageSpaceId: body.storageSpaceId,
  };
}

/** The name a new channel gets (the user renames it on the camera page). */
export const channelName = (n: number): string => `Channel ${n}`;

/** What the logs may say of a camera: everything but the password (only whether it changed). */
function audited(b: CameraAddBody | CameraEditBody | CameraRecord, channels: number) {
  return {
    kind: b.kind,
    name: b.name,
    host: b.host,
    port: b.port,
    path: b.path,
    onvifPort: b.onvifPort,
    username: b.username,
    channels,
    recording: b.recording,
    storageSpaceId: b.storageSpaceId,
  };
}

/**
 * Cameras on plants (issue 18 point 1): add, edit, remove, and a connection test that says what failed. A camera
 * follows its plant (`POLICIES.camera`): whoever may see the plant sees its cameras, whoever may change the plant
 * (with camera.edit) changes them; another company's camera is "does not exist". The password is sealed at rest
 * (SecretBox) and never answered, logged or put in an error.
 */
export class CameraService {
  constructor(private readonly d: CameraServiceDeps) {}

  private async rows(where: SQL, page?: { page: number; size: number }): Promise<CameraRow[]> {
    const limit = page ? sql`limit ${page.size} offset ${(page.page - 1) * page.size}` : sql``;
    const raw = await query<RawCamera>(
      this.d.db,
      sql`select ${columns} from camera c join plant p on p.id = c.plant_id where ${where}
        order by p.name, c.name, c.id ${limit}`,
    );
    if (raw.length === 0) return [];
    const ids = sql.join(
      raw.map((r) => sql`${r.id}`),
      sql`, `,
    );
    const channels = await query<{ id: string; camera_id: string; number: unknown; name: string }>(
      this.d.db,
      sql`select id, camera_id, number, name from camera_channel where camera_id in (${ids}) order by number`,
    );
    return raw.map((r) => ({
      id: r.id,
      plantId: r.plant_id,
      plantName: r.plant_name,
      kind: kindOf(r.kind),
      name: r.name,
      host: r.host,
      port: Number(r.port),
      path: r.path,
      onvifPort: Number(r.onvif_port),
      username: r.username,
      hasPassword: Boolean(r.has_password),
      channels: channels
        .filter((ch) => ch.camera_id === r.id)
        .map((ch) => ({ id: ch.id, number: Number(ch.number), name: ch.name })),
      recording: recordingOf(r.recording),
      storageSpaceId: r.storage_space_id,
      state: stateOf(r.state),
      stateAt: r.state_at ? toMs(r.state_at) : null,
      createdAt: toMs(r.created_at),
    }));
  }

  /** Cameras of one plant or of every plant the caller may see, searched by name or address, by pages. */
  async list(
    auth: AuthContext,
    q: { plantId?: string; q?: string },
    page: { page: number; size: number },
  ): Promise<{ total: number; rows: CameraRow[] }> {
    const parts: SQL[] = [scopeCondition(auth, 'camera')];
    if (q.plantId) parts.push(sql`c.plant_id = ${q.plantId}`);
    if (q.q) {
      const like = containing(q.q);
      parts.push(sql`(c.name ilike ${like} or c.host ilike ${like})`);
    }
    const where = sql.join(parts, sql` and `);
    const [n] = await query<{ n: unknown }>(
      this.d.db,
      sql`select count(*) as n from camera c join plant p on p.id = c.plant_id where ${where}`,
    );
    return { total: Number(n?.n ?? 0), rows: await this.rows(where, page) };
  }

  async get(auth: AuthContext, id: string): Promise<CameraRow> {
    const { camera: c } = await findCamera(this.d.db, auth, id);
    const [row] = await this.rows(sql`c.id = ${c.id}`);
    if (!row) throw new AppError('notFound');
    return row;
  }

  /**
   * The recording rules beyond the body's shape: a storage space of the camera's company (another's is not
   * valid, whether or not it exists), and one at all when the camera records.
   */
  private async checkSpace(
    tx: Pick<Db, 'execute'>,
    companyId: string,
    b: Pick<CameraAddBody, 'recording' | 'storageSpaceId'>,
  ): Promise<void> {
    if (b.storageSpaceId) {
      // `for share`: a deletion of this space waits for this change (and then sees the camera recording into it).
      const [space] = await query<{ id: string }>(
        tx,
        sql`select id from storage_space where id = ${b.storageSpaceId} and company_id = ${companyId} for share`,
      );
      if (!space) throw new ValidationError([{ field: 'storageSpaceId', rule: 'invalid' }]);
    } else if (b.recording !== 'off') {
      throw new ValidationError([{ field: 'storageSpaceId', rule: 'required' }]);
    }
  }

  /** A plant the caller may change, with its company (a camera belongs to a company's plant). */
  private async writablePlant(auth: AuthContext, plantId: string) {
    const p = await findPlant<{ id: string; company_id: string | null }>(this.d.db, auth, plantId, {
      write: true,
      select: sql`p.id, p.company_id`,
    });
    if (!p.company_id) throw new AppError('plantNotFound');
    return { id: p.id, companyId: p.company_id };
  }

  async add(caller: Caller, body: CameraAddBody): Promise<CameraRow> {
    checkHost(body.host);
    const p = await this.writablePlant(caller.auth, body.plantId);
    const passwordCipher = await this.d.box.seal(body.password);
    const now = new Date(this.d.now());
    const id = await this.d.db.transaction(async (tx) => {
      await this.checkSpace(tx, p.companyId, body);
      const [made] = await tx
        .insert(camera)
        .values({
          companyId: p.companyId,
          plantId: p.id,
          ...cameraColumns(body, passwordCipher),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: camera.id });
      if (!made) throw new AppError('serverError');
      await tx.insert(cameraChannel).values(
        Array.from({ length: body.channels }, (_, i) => ({
          cameraId: made.id,
          number: i + 1,
          name: channelName(i + 1),
        })),
      );
      const logged = audited(body, body.channels);
      await recordOperation(tx, {
        ...caller,
        target: made.id,
        plantId: p.id,
        operation: 'camera.add',
        newValue: logged,
        result: 'succeeded',
      });
      await recordAudit(tx, caller.auth, caller.ip, {
        action: 'camera.create',
        targetKind: 'camera',
        targetId: made.id,
        newValue: logged,
        companyId: p.companyId,
      });
      return made.id;
    });
    return this.get(caller.auth, id);
  }

  /**
   * Changes a camera. A password left out (or blank) keeps the kept one, also when the kind, address, port, path
   * or user change: the form never has the old one to send back. `channels` grows or shrinks the list from the
   * end, so the channels that stay keep their ids (and their recordings).
   */
  async edit(caller: Caller, id: string, body: CameraEditBody): Promise<CameraRow> {
    checkHost(body.host);
    const { camera: old, plant } = await findCamera(this.d.db, caller.auth, id, { write: true });
    const companyId = plant.companyId ?? old.companyId;
    const passwordCipher =
      body.password !== undefined && body.password !== '' ? await this.d.box.seal(body.password) : old.passwordCipher;
    const before = await this.d.db
      .select({ id: cameraChannel.id, number: cameraChannel.number })
      .from(cameraChannel)
      .where(eq(cameraChannel.cameraId, old.id));
    await this.d.db.transaction(async (tx) => {
      await this.checkSpace(tx, companyId, body);
      await tx
        .update(camera)
        .set({ ...cameraColumns(body, passwordCipher), updatedAt: new Date(this.d.now()) })
        .where(eq(camera.id, old.id));
      await tx
        .delete(cameraChannel)
        .where(and(eq(cameraChannel.cameraId, old.id), gt(cameraChannel.number, body.channels)));
      const have = new Set(before.map((c) => c.number));
      const missing = Array.from({ length: body.channels }, (_, i) => i + 1).filter((n) => !have.has(n));
      if (missing.length > 0) {
        await tx
          .insert(cameraChannel)
          .values(missing.map((n) => ({ cameraId: old.id, number: n, name: channelName(n) })))
          .onConflictDoNothing();
      }
      const oldValue = audited(old, before.length);
      const newValue = { ...audited(body, body.channels), passwordChanged: passwordCipher !== old.passwordCipher };
      await recordOperation(tx, {
        ...caller,
        target: old.id,
        plantId: old.plantId,
        operation: 'camera.edit',
        oldValue,
        newValue,
        result: 'succeeded',
      });
      await recordAudit(tx, caller.auth, caller.ip, {
        action: 'camera.update',
        targetKind: 'camera',
        targetId: old.id,
        oldValue,
        newValue,
        companyId,
      });
    });
    return this.get(caller.auth, old.id);
  }

  /** Removes a camera with its channels; their recordings' rows go with them (cascade). */
  async remove(caller: Caller, id: string): Promise<void> {
    const { camera: old, plant } = await findCamera(this.d.db, caller.auth, id, { write: true });
    const channels = await this.d.db
      .select({ id: cameraChannel.id })
      .from(cameraChannel)
      .where(eq(cameraChannel.cameraId, old.id));
    await this.d.db.transaction(async (tx) => {
      await tx.delete(camera).where(eq(camera.id, old.id));
      const oldValue = audited(old, channels.length);
      await recordOperation(tx, {
        ...caller,
        target: old.id,
        plantId: old.plantId,
        operation: 'camera.delete',
        oldValue,
        result: 'succeeded',
      });
      await recordAudit(tx, caller.auth, caller.ip, {
        action: 'camera.delete',
        targetKind: 'camera',
        targetId: old.id,
        oldValue,
        companyId: plant.companyId ?? old.companyId,
      });
    });
  }

  /** Whether the log has said that ffprobe is missing (once is enough: every test would say it again). */
  private toldMissing = false;

  private async probe(target: ProbeTarget) {
    const answer = await (this.d.prober
      ? this.d.prober(target)
      : probeCamera(target, { ffprobePath: this.d.ffprobePath, now: this.d.now }));
    if (answer.detail === FFPROBE_MISSING_DETAIL) {
      if (!this.toldMissing) this.d.log?.warn(FFMPEG_MISSING(this.d.ffprobePath));
      this.toldMissing = true;
      return { ...answer, detail: null };
    }
    return answer;
  }

  /** Tests the kept camera (its first channel) and keeps what it found as the camera's state. */
  async test(caller: Caller, id: string): Promise<CameraTestResult> {
    const { camera: c } = await findCamera(this.d.db, caller.auth, id, { write: true });
    const password = await this.d.box.open(c.passwordCipher);
    const { result, detail } = await this.probe({ ...c, kind: kindOf(c.kind), password });
    // The log line names the camera by id, never by its address with credentials; `detail` is scrubbed.
    if (detail) this.d.log?.info({ camera: c.id, state: result.state, detail }, 'camera connection test failed');
    await this.d.db.transaction(async (tx) => {
      await tx
        .update(camera)
        .set({ state: result.state, stateAt: new Date(result.checkedAt) })
        .where(eq(camera.id, c.id));
      await recordOperation(tx, {
        ...caller,
        target: c.id,
        plantId: c.plantId,
        operation: 'camera.test',
        newValue: { state: result.state, video: result.video },
        result: result.state === 'online' ? 'succeeded' : 'failed',
      });
    });
    return result;
  }

  /** Tests a camera from the form before it is saved, on a plant the caller may change; nothing is kept. */
  async probeUnsaved(auth: AuthContext, body: CameraAddBody): Promise<CameraTestResult> {
    await this.writablePlant(auth, body.plantId);
    checkHost(body.host);
    const { result, detail } = await this.probe({ ...body, password: body.password });
    if (detail) this.d.log?.info({ plant: body.plantId, state: result.state, detail }, 'camera probe failed');
    return result;
  }
}
