/**
 * Cameras and storage spaces (spec §3 "Camera device and channels; storage space", §5 camera password 4–20,
 * §9 "Up to 10 video storage spaces; 9 camera device kinds supported"). One table of the kinds the console
 * can pull video from, and the limits both sides check.
 *
 * The RTSP paths are the makers' documented URL patterns (public integration notes of each maker and of
 * ONVIF Profile S); `{ch}` is the channel number from 1, `{ch0}` from 0, `{stream}` 1 for the main stream and
 * 2 for the sub stream. The console pulls the sub stream for live grids and the main stream full screen.
 */

export interface CameraKindInfo {
  /** The default RTSP port. */
  port: number;
  /** The path after rtsp://host:port, with {ch}, {ch0} and {stream}. */
  path: string;
  /** Whether the path comes from ONVIF's GetStreamUri rather than a fixed pattern. */
  onvif?: true;
}

/** The port of a camera's ONVIF web service when nobody changed it (HTTP). */
export const ONVIF_DEFAULT_PORT = 80;

export const CAMERA_KINDS = [
  'rtsp',
  'onvif',
  'hikvision',
  'dahua',
  'uniview',
  'axis',
  'hanwha',
  'reolink',
  'tplink',
] as const;
export type CameraKind = (typeof CAMERA_KINDS)[number];

export const CAMERA_KIND_INFO: Record<CameraKind, CameraKindInfo> = {
  // Generic RTSP: the path is the camera's own, typed by the user into `path`.
  rtsp: { port: 554, path: '' },
  // ONVIF: the media service names the stream (GetStreamUri); the fallback, when the service does not answer,
  // is the common Profile S path.
  onvif: { port: 554, path: '/onvif{ch}/media.smp', onvif: true },
  hikvision: { port: 554, path: '/Streaming/Channels/{ch}0{stream}' },
  dahua: { port: 554, path: '/cam/realmonitor?channel={ch}&subtype={stream0}' },
  uniview: { port: 554, path: '/unicast/c{ch}/s{stream0}/live' },
  axis: { port: 554, path: '/axis-media/media.amp?camera={ch}&resolution={axisRes}' },
  hanwha: { port: 554, path: '/{ch0}/profile{stream}/media.smp' },
  reolink: { port: 554, path: '/h264Preview_{ch2}_{streamName}' },
  tplink: { port: 554, path: '/stream{stream}' },
};

/**
 * The demo fleet's cameras: a test pattern with a clock, made by ffmpeg on the server (issue 18 point 4). Not a
 * kind a user can choose (the nine above are); the demo seed and the tests make them.
 */
export const SIMULATED_CAMERA_KIND = 'simulated' as const;
export type AnyCameraKind = CameraKind | typeof SIMULATED_CAMERA_KIND;

export const CAMERA_LIMITS = {
  nameMin: 1,
  nameMax: 32,
  passwordMin: 4,
  passwordMax: 20,
  userMax: 64,
  hostMax: 253,
  pathMax: 256,
  channelsMin: 1,
  channelsMax: 64,
  /** Cameras in one plant's grid: 1, 4 or 9 at a time. */
  gridSizes: [1, 4, 9] as const,
  /** Storage spaces per company (spec §9). */
  spacesMax: 10,
  spaceNameMax: 32,
  /** Capacity of a space in GB, and how many days it keeps. */
  capacityGbMin: 1,
  capacityGbMax: 100_000,
  retentionDaysMin: 1,
  retentionDaysMax: 365,
  /** An event-triggered recording starts this long before the event (issue 18 point 3). */
  preRollSeconds: 60,
  /** …and runs on this long after the event closes, or from its opening when it stays open. */
  postRollSeconds: 300,
} as const;

/** How a camera records: never, all the time, or around its plant's faults. */
export const RECORDING_MODES = ['off', 'continuous', 'event'] as const;
export type RecordingMode = (typeof RECORDING_MODES)[number];

/** Where a space keeps its files: a folder on the server, or an S3-compatible bucket. */
export const STORAGE_KINDS = ['folder', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** What the last connection test or stream attempt found (issue 18 point 1: say what failed). */
export const CAMERA_STATES = ['unknown', 'online', 'unreachable', 'wrongPassword', 'noStream'] as const;
export type CameraState = (typeof CAMERA_STATES)[number];

export type StreamQuality = 'main' | 'sub';

/**
 * The RTSP path of one channel of a camera of a fixed-pattern kind. For `rtsp` the user's own path is used as
 * typed, with {ch} still replaced so one pattern serves every channel of an NVR.
 */
export function cameraPath(kind: CameraKind, channel: number, quality: StreamQuality, own?: string): string {
  const pattern = kind === 'rtsp' || (own !== undefined && own !== '') ? (own ?? '') : CAMERA_KIND_INFO[kind].path;
  const stream = quality === 'main' ? 1 : 2;
  const vars: Record<string, string> = {
    ch: String(channel),
    ch0: String(channel - 1),
    ch2: String(channel).padStart(2, '0'),
    stream: String(stream),
    stream0: String(stream - 1),
    streamName: quality === 'main' ? 'main' : 'sub',
    axisRes: quality === 'main' ? '1920x1080' : '640x360',
  };
  const path = pattern.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  return path === '' || path.startsWith('/') ? path : `/${path}`;
}

/** Whether a camera password fits spec §5 (4–20 characters). */
export const isCameraPassword = (v: string): boolean =>
  v.length >= CAMERA_LIMITS.passwordMin && v.length <= CAMERA_LIMITS.passwordMax;
