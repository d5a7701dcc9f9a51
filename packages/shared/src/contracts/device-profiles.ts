import { z } from 'zod';
import { DEVICE_PROFILE_LIMITS } from '../device-profiles.js';
import { emptyAnswer } from './empty.js';
import { contracts } from './route.js';

/**
 * Device configuration profiles (issue 14 item 8; spec §2.3 "Management: … device configuration", §9 "up to 6
 * profiles and 6 config files"). The spec names no calls: these are the console's own.
 */
export const deviceProfileFile = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
  uploadedAt: z.number(),
});
export type DeviceProfileFile = z.infer<typeof deviceProfileFile>;

export const deviceProfile = z.object({
  id: z.string(),
  name: z.string(),
  updatedAt: z.number(),
  /** Oldest first; at most DEVICE_PROFILE_LIMITS.files. */
  files: z.array(deviceProfileFile),
});
export type DeviceProfile = z.infer<typeof deviceProfile>;

export const deviceProfileBody = z.object({
  name: z.string().trim().min(1).max(DEVICE_PROFILE_LIMITS.nameMax),
});
export type DeviceProfileInput = z.input<typeof deviceProfileBody>;

export const deviceProfileContracts = contracts({
  /** Every profile of the caller's company (at most six, so no paging), oldest first. */
  'GET /device/profiles': { answer: z.array(deviceProfile) },
  'POST /device/profile': { body: deviceProfileBody, answer: deviceProfile },
  'POST /device/profile/:id': { body: deviceProfileBody, answer: deviceProfile },
  'POST /device/profile/:id/delete': { answer: emptyAnswer },
  /** Multipart: field "file" (.json, .csv, .xml, .txt, .ini, .cfg or .conf text, at most 1 MB). */
  'POST /device/profile/:id/file': { answer: deviceProfile },
  'GET /device/profile/:id/file/:fileId': { answer: null },
  'POST /device/profile/:id/file/:fileId/delete': { answer: deviceProfile },
});
