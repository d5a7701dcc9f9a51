import {
  CAMERA_KIND_INFO,
  CAMERA_KINDS,
  ONVIF_DEFAULT_PORT,
  CAMERA_LIMITS,
  isCameraPassword,
  type CameraAddBody,
  type CameraEditBody,
  type CameraKind,
  type CameraRow,
  type CameraState,
  type CameraTestResult,
  type RecordingMode,
  type RecordingSpan,
  type StorageKind,
  type StorageSpaceBody,
  type StorageSpaceRow,
} from '@heliograph/shared';

/**
 * The camera pages' rules as plain functions (grid paging, the playback timeline, the camera and storage-space
 * forms), so they are tested without a browser or a server.
 */

// ---------------------------------------------------------------------------------------------------------
// Live grid

export type GridSize = (typeof CAMERA_LIMITS.gridSizes)[number];
export const GRID_SIZES: readonly GridSize[] = CAMERA_LIMITS.gridSizes;
export const GRID_STORAGE_KEY = 'hg.cameras.grid';
const DEFAULT_GRID: GridSize = 4;

/** The remembered grid size, or 4 when nothing (or nonsense) was kept. */
export function parseGridSize(raw: string | null | undefined): GridSize {
  const n = Number(raw);
  return GRID_SIZES.find((s) => s === n) ?? DEFAULT_GRID;
}

/** One channel of one camera: what a tile of the grid plays. */
export interface ChannelTile {
  channelId: string;
  cameraId: string;
  cameraName: string;
  /** The channel's own name, or the camera's with the channel number when the camera has several. */
  label: string;
  number: number;
  state: CameraState;
}

/** Every channel of a plant's cameras, in the order the cameras and their channels are numbered. */
export function channelTiles(cameras: readonly CameraRow[]): ChannelTile[] {
  const out: ChannelTile[] = [];
  const sorted = [...cameras].sort((a, b) => a.name.localeCompare(b.name) || a.createdAt - b.createdAt);
  for (const cam of sorted) {
    const channels = [...cam.channels].sort((a, b) => a.number - b.number);
    for (const ch of channels) {
      const own = ch.name.trim();
      const label = own !== '' && own !== cam.name ? own : channels.length > 1 ? `${cam.name} ${ch.number}` : cam.name;
      out.push({
        channelId: ch.id,
        cameraId: cam.id,
        cameraName: cam.name,
        label,
        number: ch.number,
        state: cam.state,
      });
    }
  }
  return out;
}

/** Pages of `size` tiles (at least one page, so an empty plant still has page 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/** A page number kept inside 1…pageCount (a camera removed, or a larger grid chosen, can shorten the run). */
export function clampPage(page: number, total: number, size: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(pageCount(total, size), Math.max(1, Math.trunc(page)));
}

/** The tiles page `page` (from 1) of a grid of `size` shows. */
export function tilesOnPage<T>(items: readonly T[], size: number, page: number): T[] {
  const p = clampPage(page, items.length, size);
  return items.slice((p - 1) * size, p * size);
}

/** Where a channel's recordings are played back. */
export function playbackPath(plantId: string, channelId: string): string {
  return `/plants/cameras/${encodeURIComponent(plantId)}/playback/${encodeURIComponent(channelId)}`;
}

/** A plant's live cameras page. */
export function camerasPath(plantId: string): string {
  return `/plants/cameras/${encodeURIComponent(plantId)}`;
}

/** The page a channel is on, so going back from full screen lands where it was. */
export function pageOf(items: readonly ChannelTile[], channelId: string, size: number): number {
  const i = items.findIndex((t) => t.channelId === channelId);
  return i < 0 ? 1 : Math.floor(i / size) + 1;
}

/** Columns of the grid: 1, 2 or 3, and always 1 on a phone. */
export function gridColumns(size: GridSize, phone: boolean): number {
  if (phone) return 1;
  return size === 1 ? 1 : size === 4 ? 2 : 3;
}

/** A hold on a live stream lapses after `leaseSeconds`: renew it at half that, never more often than 1 s. */
export function renewEveryMs(leaseSeconds: number): number {
  return Math.max(1000, Math.round((leaseSeconds * 1000) / 2));
}

/** The tag colour of a camera state. */
export function stateColor(state: CameraState): string {
  switch (state) {
    case 'online':
      return 'green';
    case 'unreachable':
      return 'red';
    case 'wrongPassword':
      return 'orange';
    case 'noStream':
      return 'volcano';
    default:
      return 'default';
  }
}

/** Whether a player for this state is worth starting (a wrong password will not start to work by retrying). */
export function isPlayable(state: CameraState): boolean {
  return state === 'online' || state === 'unknown';
}

// ---------------------------------------------------------------------------------------------------------
// Access tokens for hls.js (it fetches playlists and segments itself, with the caller's bearer token)

/** When a JWT access token expires (ms), from its `exp`; null for anything that is not a readable JWT. */
export function tokenExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Whether a token should be renewed before a request leaves: it ends within `marginMs`. */
export function tokenNeedsRenewal(token: string, now: number, marginMs = 3000): boolean {
  const exp = tokenExpiry(token);
  return exp !== null && exp - now < marginMs;
}

// ---------------------------------------------------------------------------------------------------------
// Playback timeline

/** One recorded stretch drawn on the day's bar, as percentages of the day. */
export interface TimelineBlock {
  from: number;
  to: number;
  eventId: string | null;
  startPct: number;
  widthPct: number;
}

/** Narrowest block drawn, so a few seconds of recording are still visible (and clickable) on a day's bar. */
const MIN_WIDTH_PCT = 0.25;

/**
 * The day's recorded spans as blocks on a bar from `dayStart` to `dayEnd`: clipped to the day, sorted, with
 * touching or overlapping spans (segments end to end) merged into one block.
 */
export function placeSpans(spans: readonly RecordingSpan[], dayStart: number, dayEnd: number): TimelineBlock[] {
  const length = dayEnd - dayStart;
  if (length <= 0) return [];
  const clipped = spans
    .map((s) => ({ from: Math.max(s.from, dayStart), to: Math.min(s.to, dayEnd), eventId: s.eventId }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number; eventId: string | null }[] = [];
  for (const s of clipped) {
    const last = merged.at(-1);
    // A second's slack: consecutive segments are cut on whole seconds and can leave a hair between them.
    if (last && s.from <= last.to + 1000) {
      last.to = Math.max(last.to, s.to);
      last.eventId ??= s.eventId;
    } else merged.push({ ...s });
  }
  return merged.map((s) => ({
    ...s,
    startPct: ((s.from - dayStart) / length) * 100,
    widthPct: Math.max(MIN_WIDTH_PCT, ((s.to - s.from) / length) * 100),
  }));
}

/** The instant at a fraction (0…1) of the day's bar. */
export function timeAtFraction(fraction: number, dayStart: number, dayEnd: number): number {
  const f = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return Math.round(dayStart + f * (dayEnd - dayStart));
}

/** The fraction of the bar a pointer at `x` stands for; in a right-to-left page the day runs from the right. */
export function pointerFraction(x: number, left: number, width: number, rtl: boolean): number {
  if (width <= 0) return 0;
  const f = Math.min(1, Math.max(0, (x - left) / width));
  return rtl ? 1 - f : f;
}

/** The longest stretch one playback asks for; a later click plays on. */
export const PLAYBACK_MAX_SECONDS = 3600;

/**
 * What to play for a point on the bar: from the point when it is recorded, else from the start of the next
 * recorded stretch, up to that stretch's end (at most an hour). Null when nothing is recorded after it.
 */
export function playFrom(
  at: number,
  blocks: readonly { from: number; to: number }[],
): { from: number; seconds: number } | null {
  const hit = blocks.find((b) => at >= b.from && at < b.to) ?? blocks.find((b) => b.from > at);
  if (!hit) return null;
  const from = Math.max(at, hit.from);
  const seconds = Math.min(PLAYBACK_MAX_SECONDS, Math.max(1, Math.ceil((hit.to - from) / 1000)));
  return { from, seconds };
}

/** The playlist of a recorded stretch, below /api/v1. */
export function playbackPlaylist(channelId: string, from: number, seconds: number): string {
  return `camera/playback/${encodeURIComponent(channelId)}/index.m3u8?from=${Math.round(from)}&seconds=${Math.round(seconds)}`;
}

const MINUTE = 60_000;

/**
 * Moving the timeline's cursor with the keyboard (it is a slider): arrows a minute, Page Up/Down ten, Home and
 * End the day's ends. In a right-to-left page the right arrow goes back in time, as the bar is mirrored.
 * Null for keys the timeline leaves alone.
 */
export function keyboardMove(key: string, at: number, dayStart: number, dayEnd: number, rtl: boolean): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const back = rtl ? 'ArrowRight' : 'ArrowLeft';
  let next: number;
  switch (key) {
    case forward:
    case 'ArrowUp':
      next = at + MINUTE;
      break;
    case back:
    case 'ArrowDown':
      next = at - MINUTE;
      break;
    case 'PageUp':
      next = at + 10 * MINUTE;
      break;
    case 'PageDown':
      next = at - 10 * MINUTE;
      break;
    case 'Home':
      next = dayStart;
      break;
    case 'End':
      next = dayEnd - 1000;
      break;
    default:
      return null;
  }
  return Math.min(dayEnd - 1000, Math.max(dayStart, next));
}

/** The recorded instant shown under the player: where the playback began plus how far the video has played. */
export function recordedAt(from: number, currentTimeSeconds: number): number {
  return from + Math.max(0, currentTimeSeconds) * 1000;
}

export type TimelineZoom = 'day' | 'hour';
const HOUR = 3_600_000;

/**
 * The stretch the bar shows: the whole day, or (zoomed) the hour of the day holding `at`, where a minute of
 * recording is wide enough to click.
 */
export function timelineWindow(zoom: TimelineZoom, at: number, dayStart: number, dayEnd: number): [number, number] {
  if (zoom === 'day') return [dayStart, dayEnd];
  const hours = Math.max(1, Math.ceil((dayEnd - dayStart) / HOUR));
  const index = Math.min(hours - 1, Math.max(0, Math.floor((at - dayStart) / HOUR)));
  const start = dayStart + index * HOUR;
  return [start, Math.min(dayEnd, start + HOUR)];
}

/**
 * Where the bar's marks go (ms): every 3 hours of a day (6 on a phone), or every 10 minutes of an hour (20 on a
 * phone), both ends included.
 */
export function timelineMarks(start: number, end: number, zoom: TimelineZoom, phone: boolean): number[] {
  const step = zoom === 'day' ? (phone ? 6 : 3) * HOUR : (phone ? 20 : 10) * MINUTE;
  const out: number[] = [];
  for (let at = start; at < end; at += step) out.push(at);
  out.push(end);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Camera form

/** The kinds a user may choose, in the shared table's order (the simulated one is the demo's own). */
export const CHOOSABLE_KINDS: readonly CameraKind[] = CAMERA_KINDS;

export function defaultPort(kind: CameraKind): number {
  return CAMERA_KIND_INFO[kind].port;
}

/** Only a generic RTSP camera takes a path; the makers' kinds use their documented pattern. */
export function needsPath(kind: CameraKind): boolean {
  return kind === 'rtsp';
}

/** The port after the kind changes: the new kind's default, unless the user typed a port of their own. */
export function portAfterKindChange(previous: CameraKind, next: CameraKind, port: number | null | undefined): number {
  if (port === null || port === undefined || port === defaultPort(previous)) return defaultPort(next);
  return port;
}

export interface CameraFormValues {
  kind: CameraKind;
  name: string;
  host: string;
  port: number;
  path?: string;
  /** Kind onvif: the port of its ONVIF web service. */
  onvifPort?: number;
  username?: string;
  password?: string;
  channels: number;
  recording: RecordingMode;
  storageSpaceId?: string | null;
}

/** A new camera's form, filled for the most common kind. */
export function emptyCameraForm(): CameraFormValues {
  return {
    kind: 'onvif',
    name: '',
    host: '',
    port: defaultPort('onvif'),
    path: '',
    onvifPort: ONVIF_DEFAULT_PORT,
    username: 'admin',
    password: '',
    channels: 1,
    recording: 'off',
    storageSpaceId: null,
  };
}

/** A kept camera's form. The password is never filled: the server never answers it. */
export function cameraFormOf(row: CameraRow): CameraFormValues {
  const kind = (CAMERA_KINDS as readonly string[]).includes(row.kind) ? (row.kind as CameraKind) : 'rtsp';
  return {
    kind,
    name: row.name,
    host: row.host,
    port: row.port,
    path: row.path,
    onvifPort: row.onvifPort,
    username: row.username,
    password: '',
    channels: Math.max(CAMERA_LIMITS.channelsMin, row.channels.length),
    recording: row.recording,
    storageSpaceId: row.storageSpaceId,
  };
}

/** What the password field says of a value: fine, required (adding), or the wrong length. Blank on edit keeps. */
export function passwordProblem(value: string | undefined, editing: boolean): 'required' | 'length' | null {
  const v = value ?? '';
  if (v === '') return editing ? null : 'required';
  return isCameraPassword(v) ? null : 'length';
}

function commonFields(v: CameraFormValues): Omit<CameraEditBody, 'password'> {
  return {
    kind: v.kind,
    name: v.name.trim(),
    host: v.host.trim(),
    port: Number(v.port),
    path: needsPath(v.kind) ? (v.path ?? '').trim() : '',
    onvifPort: v.kind === 'onvif' ? Number(v.onvifPort ?? ONVIF_DEFAULT_PORT) : ONVIF_DEFAULT_PORT,
    username: (v.username ?? '').trim(),
    channels: Number(v.channels),
    recording: v.recording,
    storageSpaceId: v.storageSpaceId ?? null,
  };
}

export function cameraAddBody(plantId: string, v: CameraFormValues): CameraAddBody {
  return { plantId, ...commonFields(v), password: v.password ?? '' };
}

/** An edit: a blank password is left out, so the kept one stays. */
export function cameraEditBody(v: CameraFormValues): CameraEditBody {
  const password = v.password ?? '';
  return password === '' ? commonFields(v) : { ...commonFields(v), password };
}

/**
 * Which test "Test connection" runs: the form's values (probe) when it has a password to try, otherwise the
 * kept camera's own (a blank password on edit means the kept one, which the browser does not have).
 */
export function testTarget(editing: boolean, password: string | undefined): 'probe' | 'saved' | 'needPassword' {
  if ((password ?? '') !== '') return 'probe';
  return editing ? 'saved' : 'needPassword';
}

/** What a connection test found, as a catalogue key under `cameras.test`. */
export function testResultKey(r: CameraTestResult): string {
  return r.state === 'unknown' ? 'unknownState' : r.state;
}

// ---------------------------------------------------------------------------------------------------------
// Storage spaces

export interface StorageFormValues {
  name: string;
  kind: StorageKind;
  folder?: string;
  endpoint?: string;
  bucket?: string;
  region?: string;
  prefix?: string;
  accessKey?: string;
  secretKey?: string;
  capacityGb: number;
  retentionDays: number;
}

export function emptyStorageForm(): StorageFormValues {
  return { name: '', kind: 'folder', folder: '', region: 'us-east-1', prefix: '', capacityGb: 100, retentionDays: 30 };
}

/** A kept space's form; the secret key is never filled (the server answers only whether one is kept). */
export function storageFormOf(row: StorageSpaceRow): StorageFormValues {
  return {
    name: row.name,
    kind: row.kind,
    folder: row.folder,
    endpoint: row.s3?.endpoint ?? '',
    bucket: row.s3?.bucket ?? '',
    region: row.s3?.region ?? 'us-east-1',
    prefix: row.s3?.prefix ?? '',
    accessKey: row.s3?.accessKey ?? '',
    secretKey: '',
    capacityGb: row.capacityGb,
    retentionDays: row.retentionDays,
  };
}

/** The body of an add or edit: a folder space carries no bucket; a blank secret key on edit keeps the kept one. */
export function storageBody(v: StorageFormValues): StorageSpaceBody {
  const base = {
    name: v.name.trim(),
    kind: v.kind,
    capacityGb: Number(v.capacityGb),
    retentionDays: Number(v.retentionDays),
  };
  if (v.kind === 'folder') return { ...base, folder: (v.folder ?? '').trim(), s3: null };
  const secret = v.secretKey ?? '';
  return {
    ...base,
    folder: '',
    s3: {
      endpoint: (v.endpoint ?? '').trim(),
      bucket: (v.bucket ?? '').trim(),
      region: (v.region ?? '').trim() || 'us-east-1',
      prefix: (v.prefix ?? '').trim(),
      accessKey: (v.accessKey ?? '').trim(),
      ...(secret === '' ? {} : { secretKey: secret }),
    },
  };
}

const GB = 1024 ** 3;

/** How full a space is, 0…100 (over capacity shows as full). */
export function usedPercent(usedBytes: number, capacityGb: number): number {
  if (capacityGb <= 0) return 0;
  return Math.min(100, Math.max(0, (usedBytes / (capacityGb * GB)) * 100));
}

/** A size for "18 MB of 20 GB": MB below a gigabyte (a new space fills slowly), GB with one decimal above. */
export function formatSize(bytes: number, locale: string): string {
  const n = (v: number, digits: number): string =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v);
  if (bytes < GB) return `${n(Math.round(bytes / 1024 ** 2), 0)} MB`;
  return `${n(bytes / GB, 1)} GB`;
}
