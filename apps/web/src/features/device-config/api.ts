import { ERROR_CODES, type DeviceProfileInput } from '@heliograph/shared';
import { call, routeUrl } from '../../api/call';

/** Device configuration profile calls (contracts in packages/shared/src/contracts/device-profiles.ts). */
export type { DeviceProfile, DeviceProfileFile } from '@heliograph/shared';

export const profileKeys = { all: ['deviceProfiles'] as const };

/** The form shows these under its field instead of a toast. */
const NAME = { tolerate: [ERROR_CODES.validation, ERROR_CODES.profileNameExists] };
/** An upload's refusal is told next to the profile's files. */
const FILE = { tolerate: [ERROR_CODES.validation, ERROR_CODES.profileFileLimit] };

export const profileApi = {
  list: () => call('GET /device/profiles'),
  create: (body: DeviceProfileInput) => call('POST /device/profile', { body }, NAME),
  rename: (id: string, body: DeviceProfileInput) => call('POST /device/profile/:id', { params: { id }, body }, NAME),
  remove: (id: string) => call('POST /device/profile/:id/delete', { params: { id } }),
  upload: (id: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call('POST /device/profile/:id/file', { params: { id }, form }, FILE);
  },
  removeFile: (id: string, fileId: string) =>
    call('POST /device/profile/:id/file/:fileId/delete', { params: { id, fileId } }),
  fileUrl: (id: string, fileId: string) => routeUrl('GET /device/profile/:id/file/:fileId', { id, fileId }),
};
