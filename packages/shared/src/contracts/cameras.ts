import { z } from 'zod';
import {
  CAMERA_KINDS,
  CAMERA_LIMITS,
  CAMERA_STATES,
  ONVIF_DEFAULT_PORT,
  RECORDING_MODES,
  SIMULATED_CAMERA_KIND,
  STORAGE_KINDS,
} from '../cameras.js';
import type { FieldRule } from '../messages/index.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Cameras, their channels, live view, recordings and storage spaces (issue 18; apps/server/src/modules/cameras,
 * apps/web/src/features/cameras, docs/cameras.md). A camera's password and a bucket's secret key are kept
 * sealed at rest and never answered: rows say only whether one is set.
 */

const rule = (r: FieldRule) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : r),
});

const ALL_KINDS = [...CAMERA_KINDS, SIMULATED_CAMERA_KIND] as const;

export const cameraChannel = z.object({
  id: z.string(),
  /** From 1, as the camera or NVR numbers it. */
  number: z.number().int(),
  name: z.string(),
});
export type CameraChannel = z.infer<typeof cameraChannel>;

export const cameraRow = z.object({
  id: z.string(),
  plantId: z.string(),
  plantName: z.string(),
  kind: z.enum(ALL_KINDS),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  /** The RTSP path of a generic camera ({ch} replaced per channel); '' for the makers' fixed patterns. */
  path: z.string(),
  /** Kind onvif: the port of its ONVIF web service, which names the stream's address. */
  onvifPort: z.number().int(),
  username: z.string(),
  /** Whether a password is kept; the password itself never leaves the server. */
  hasPassword: z.boolean(),
  channels: z.array(cameraChannel),
  recording: z.enum(RECORDING_MODES),
  storageSpaceId: z.string().nullable(),
  state: z.enum(CAMERA_STATES),
  /** When `state` was last found, ms. */
  stateAt: z.number().nullable(),
  createdAt: z.number(),
});
export type CameraRow = z.infer<typeof cameraRow>;

const cameraName = z
  .string(rule('required'))
  .trim()
  .min(CAMERA_LIMITS.nameMin, rule('required'))
  .max(CAMERA_LIMITS.nameMax, rule('tooLong'));
const cameraPassword = z
  .string(rule('cameraPassword'))
  .min(CAMERA_LIMITS.passwordMin, rule('cameraPassword'))
  .max(CAMERA_LIMITS.passwordMax, rule('cameraPassword'));

const cameraFields = {
  kind: z.enum(CAMERA_KINDS, rule('invalid')),
  name: cameraName,
  host: z.string(rule('required')).trim().min(1, rule('required')).max(CAMERA_LIMITS.hostMax, rule('cameraHost')),
  port: z.number(rule('cameraPort')).int(rule('cameraPort')).min(1, rule('cameraPort')).max(65535, rule('cameraPort')),
  path: z.string().trim().max(CAMERA_LIMITS.pathMax, rule('tooLong')).default(''),
  onvifPort: z
    .number(rule('cameraPort'))
    .int(rule('cameraPort'))
    .min(1, rule('cameraPort'))
    .max(65535, rule('cameraPort'))
    .default(ONVIF_DEFAULT_PORT),
  username: z.string().trim().max(CAMERA_LIMITS.userMax, rule('tooLong')).default(''),
  channels: z
    .number(rule('cameraChannels'))
    .int(rule('cameraChannels'))
    .min(CAMERA_LIMITS.channelsMin, rule('cameraChannels'))
    .max(CAMERA_LIMITS.channelsMax, rule('cameraChannels')),
  recording: z.enum(RECORDING_MODES, rule('invalid')).default('off'),
  storageSpaceId: z.uuid(rule('invalid')).nullable().default(null),
};

/** Adding a camera: the password is required (4–20, spec §5). */
export const cameraAddBody = z.object({
  plantId: z.uuid(rule('invalid')),
  ...cameraFields,
  password: cameraPassword,
});
export type CameraAddBody = z.infer<typeof cameraAddBody>;

/** Editing: a password left out or blank (the form's empty field) keeps the kept one. */
export const cameraEditBody = z.object({
  ...cameraFields,
  password: z.union([z.literal(''), cameraPassword], rule('cameraPassword')).optional(),
});
export type CameraEditBody = z.infer<typeof cameraEditBody>;

export const cameraFilters = z.object({
  plantId: z.uuid().optional(),
  q: z.string().trim().max(64).optional(),
});

/** What a connection test found, and what it says failed. */
export const cameraTestResult = z.object({
  state: z.enum(CAMERA_STATES),
  checkedAt: z.number(),
  /** The video the camera sends, when it answered. */
  video: z.object({ codec: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
});
export type CameraTestResult = z.infer<typeof cameraTestResult>;

/**
 * A viewer's hold on one channel's live stream. The stream starts at the first hold and stops when the last one
 * ends or lapses (no renewal within `leaseSeconds`). `playlist` is the HLS address below /api/v1.
 */
export const liveWatch = z.object({
  viewerId: z.string(),
  playlist: z.string(),
  leaseSeconds: z.number().int(),
  state: z.enum(CAMERA_STATES),
});
export type LiveWatch = z.infer<typeof liveWatch>;

/** One stretch of kept video of a channel, for the playback timeline. */
export const recordingSpan = z.object({
  from: z.number(),
  to: z.number(),
  /** The event that caused an event-triggered recording, if any. */
  eventId: z.string().nullable(),
});
export type RecordingSpan = z.infer<typeof recordingSpan>;

export const storageSpaceRow = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(STORAGE_KINDS),
  /** The folder of a folder space; '' for a bucket. */
  folder: z.string(),
  /** A bucket's address; the secret key is never answered. */
  s3: z
    .object({
      endpoint: z.string(),
      bucket: z.string(),
      region: z.string(),
      prefix: z.string(),
      accessKey: z.string(),
      hasSecret: z.boolean(),
    })
    .nullable(),
  capacityGb: z.number(),
  retentionDays: z.number().int(),
  usedBytes: z.number(),
  cameras: z.number().int(),
  createdAt: z.number(),
});
export type StorageSpaceRow = z.infer<typeof storageSpaceRow>;

const s3Body = z.object({
  endpoint: z.url(rule('invalid')),
  bucket: z.string(rule('required')).trim().min(3, rule('required')).max(63, rule('tooLong')),
  region: z.string().trim().max(32, rule('tooLong')).default('us-east-1'),
  prefix: z.string().trim().max(128, rule('tooLong')).default(''),
  accessKey: z.string(rule('required')).trim().min(1, rule('required')).max(128, rule('tooLong')),
  /** Required when adding; left out on edit keeps the kept one. */
  secretKey: z.string().min(1, rule('required')).max(256, rule('tooLong')).optional(),
});

export const storageSpaceBody = z.object({
  name: z.string(rule('required')).trim().min(1, rule('required')).max(CAMERA_LIMITS.spaceNameMax, rule('tooLong')),
  kind: z.enum(STORAGE_KINDS, rule('invalid')),
  /** A folder space's folder, relative to the server's video folder (VIDEO_DIR); no `..`. */
  folder: z.string().trim().max(256, rule('tooLong')).default(''),
  s3: s3Body.nullable().default(null),
  capacityGb: z
    .number(rule('storageCapacity'))
    .min(CAMERA_LIMITS.capacityGbMin, rule('storageCapacity'))
    .max(CAMERA_LIMITS.capacityGbMax, rule('storageCapacity')),
  retentionDays: z
    .number(rule('storageRetention'))
    .int(rule('storageRetention'))
    .min(CAMERA_LIMITS.retentionDaysMin, rule('storageRetention'))
    .max(CAMERA_LIMITS.retentionDaysMax, rule('storageRetention')),
});
export type StorageSpaceBody = z.infer<typeof storageSpaceBody>;

// ---- camstream: playback query (issue 18 point 3) ----

/**
 * Which recorded stretch a playback playlist covers: from `from` (ms) for up to `seconds`. Only the playlist
 * (index.m3u8) reads them; a segment (`<segmentId>.ts`) is named by its id alone.
 */
export const playbackQuery = z.object({
  from: z.coerce.number(rule('invalid')).min(0, rule('invalid')).optional(),
  seconds: z.coerce
    .number(rule('invalid'))
    .int(rule('invalid'))
    .min(1, rule('invalid'))
    .max(3600, rule('invalid'))
    .default(600),
});
export type PlaybackQuery = z.infer<typeof playbackQuery>;

// ---- end camstream ----

export const cameraContracts = contracts({
  'GET /camera/list': { query: cameraFilters.extend(pageQuery), answer: pageOf(cameraRow) },
  'GET /camera/:id': { answer: cameraRow },
  'POST /camera/add': { body: cameraAddBody, answer: cameraRow },
  'POST /camera/edit/:id': { body: cameraEditBody, answer: cameraRow },
  'POST /camera/delete/:id': { answer: z.null() },
  /** Tests the kept camera and stores what it found as its state. */
  'POST /camera/test/:id': { answer: cameraTestResult },
  /** Tests a camera from the form before it is saved. */
  'POST /camera/probe': { body: cameraAddBody, answer: cameraTestResult },
  /** Opens or renews a hold on a channel's live stream (`viewerId` renews). */
  'POST /camera/watch/:channelId': {
    body: z.object({ viewerId: z.string().max(64).optional(), quality: z.enum(['main', 'sub']).default('sub') }),
    answer: liveWatch,
  },
  'POST /camera/unwatch/:channelId': { body: z.object({ viewerId: z.string().max(64) }), answer: z.null() },
  /** The live HLS playlist and segments (not JSON). */
  'GET /camera/live/:channelId/:file': { answer: null },
  'GET /camera/recordings/:channelId': {
    query: z.object({ from: z.coerce.number(), to: z.coerce.number() }),
    answer: z.array(recordingSpan),
  },
  /** A recorded stretch as an HLS playlist from `from` (ms) for up to `seconds`, and its segments. */
  'GET /camera/playback/:channelId/:file': { query: playbackQuery, answer: null },
  'GET /storage-space/list': { answer: z.array(storageSpaceRow) },
  'POST /storage-space/add': { body: storageSpaceBody, answer: storageSpaceRow },
  'POST /storage-space/edit/:id': { body: storageSpaceBody, answer: storageSpaceRow },
  'POST /storage-space/delete/:id': { answer: z.null() },
});
