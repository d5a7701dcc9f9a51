import type { CameraAddBody, CameraEditBody, StorageSpaceBody } from '@heliograph/shared';
import { call } from '../../api/call';

/** The camera pages' calls (contracts in packages/shared/src/contracts/cameras.ts). */
export const cameraKeys = {
  all: ['cameras'] as const,
  plant: (plantId: string) => ['cameras', 'plant', plantId] as const,
  list: (q: string, page: number, size: number) => ['cameras', 'list', q, page, size] as const,
  recordings: (channelId: string, from: number, to: number) => ['cameras', 'recordings', channelId, from, to] as const,
  spaces: ['storage-spaces'] as const,
};

/** A plant has few cameras; one page of this size holds them all. */
const PLANT_PAGE = 100;

export const cameraApi = {
  ofPlant: (plantId: string) => call('GET /camera/list', { query: { plantId, page: 1, size: PLANT_PAGE } }),
  list: (q: string, page: number, size: number) =>
    call('GET /camera/list', { query: { ...(q ? { q } : {}), page, size } }),
  add: (body: CameraAddBody) => call('POST /camera/add', { body }, { silent: true }),
  edit: (id: string, body: CameraEditBody) => call('POST /camera/edit/:id', { params: { id }, body }, { silent: true }),
  remove: (id: string) => call('POST /camera/delete/:id', { params: { id } }),
  test: (id: string) => call('POST /camera/test/:id', { params: { id } }),
  probe: (body: CameraAddBody) => call('POST /camera/probe', { body }, { silent: true }),
  /** Silent: a tile says itself what went wrong. */
  watch: (channelId: string, quality: 'main' | 'sub', viewerId?: string) =>
    call(
      'POST /camera/watch/:channelId',
      { params: { channelId }, body: { quality, ...(viewerId ? { viewerId } : {}) } },
      { silent: true },
    ),
  unwatch: (channelId: string, viewerId: string) =>
    call(
      'POST /camera/unwatch/:channelId',
      { params: { channelId }, body: { viewerId } },
      { quiet: true, silent: true },
    ),
  recordings: (channelId: string, from: number, to: number) =>
    call('GET /camera/recordings/:channelId', { params: { channelId }, query: { from, to } }),
  spaces: (silent = false) => call('GET /storage-space/list', {}, { silent }),
  addSpace: (body: StorageSpaceBody) => call('POST /storage-space/add', { body }, { silent: true }),
  editSpace: (id: string, body: StorageSpaceBody) =>
    call('POST /storage-space/edit/:id', { params: { id }, body }, { silent: true }),
  removeSpace: (id: string) => call('POST /storage-space/delete/:id', { params: { id } }),
};
