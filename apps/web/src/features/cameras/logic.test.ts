import { describe, expect, it } from 'vitest';
import type { CameraRow, StorageSpaceRow } from '@heliograph/shared';
import {
  cameraAddBody,
  cameraEditBody,
  cameraFormOf,
  channelTiles,
  clampPage,
  gridColumns,
  keyboardMove,
  pageCount,
  pageOf,
  parseGridSize,
  passwordProblem,
  placeSpans,
  playbackPlaylist,
  playFrom,
  pointerFraction,
  portAfterKindChange,
  recordedAt,
  renewEveryMs,
  storageBody,
  storageFormOf,
  testTarget,
  tilesOnPage,
  timeAtFraction,
  timelineMarks,
  timelineWindow,
  formatSize,
  tokenNeedsRenewal,
  usedPercent,
  type CameraFormValues,
} from './logic';

const camera = (over: Partial<CameraRow> & { id: string; name: string; n?: number }): CameraRow => ({
  plantId: 'p1',
  plantName: 'Plant',
  kind: 'hikvision',
  host: '10.0.0.2',
  port: 554,
  path: '',
  onvifPort: 80,
  username: 'admin',
  hasPassword: true,
  channels: Array.from({ length: over.n ?? 1 }, (_, i) => ({ id: `${over.id}-c${i + 1}`, number: i + 1, name: '' })),
  recording: 'off',
  storageSpaceId: null,
  state: 'online',
  stateAt: null,
  createdAt: 0,
  ...over,
});

describe('live grid', () => {
  it('remembers 1, 4 or 9 tiles and falls back to 4', () => {
    expect(parseGridSize('9')).toBe(9);
    expect(parseGridSize('1')).toBe(1);
    expect(parseGridSize('16')).toBe(4);
    expect(parseGridSize(null)).toBe(4);
  });

  it('lists every channel of every camera, named by camera and channel number when there are several', () => {
    const tiles = channelTiles([camera({ id: 'b', name: 'Roof', n: 2 }), camera({ id: 'a', name: 'Gate' })]);
    expect(tiles.map((t) => t.label)).toEqual(['Gate', 'Roof 1', 'Roof 2']);
    expect(tiles.map((t) => t.channelId)).toEqual(['a-c1', 'b-c1', 'b-c2']);
  });

  it('pages the tiles: 10 channels make 3 pages of 4, the last holding 2', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(pageCount(10, 4)).toBe(3);
    expect(tilesOnPage(items, 4, 1)).toEqual([0, 1, 2, 3]);
    expect(tilesOnPage(items, 4, 3)).toEqual([8, 9]);
    expect(tilesOnPage(items, 9, 2)).toEqual([9]);
    // A larger grid shortens the run: page 3 of 4 becomes the last page of 9.
    expect(clampPage(3, 10, 9)).toBe(2);
    expect(clampPage(0, 10, 4)).toBe(1);
    expect(pageCount(0, 4)).toBe(1);
    expect(tilesOnPage([], 4, 1)).toEqual([]);
  });

  it('finds the page a channel is on, to go back to it from full screen', () => {
    const tiles = channelTiles([camera({ id: 'a', name: 'A', n: 6 })]);
    expect(pageOf(tiles, 'a-c5', 4)).toBe(2);
    expect(pageOf(tiles, 'gone', 4)).toBe(1);
  });

  it('lays 4 tiles in 2 columns and 9 in 3, and everything in one column on a phone', () => {
    expect(gridColumns(4, false)).toBe(2);
    expect(gridColumns(9, false)).toBe(3);
    expect(gridColumns(9, true)).toBe(1);
  });

  it('renews a hold at half its lease', () => {
    expect(renewEveryMs(30)).toBe(15_000);
    expect(renewEveryMs(1)).toBe(1000);
  });

  it('renews an access token that ends within 3 s before hls.js sends it', () => {
    const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`;
    expect(tokenNeedsRenewal(jwt(1000), 998_500)).toBe(true);
    expect(tokenNeedsRenewal(jwt(1000), 990_000)).toBe(false);
    expect(tokenNeedsRenewal('opaque', 0)).toBe(false);
  });
});

describe('playback timeline', () => {
  const day: [number, number] = [1_000_000, 1_000_000 + 86_400_000];
  const at = (h: number, m = 0) => day[0] + h * 3_600_000 + m * 60_000;

  it('places recorded spans as percentages of the day, merged where segments touch', () => {
    const blocks = placeSpans(
      [
        { from: at(12), to: at(12, 1), eventId: null },
        { from: at(6), to: at(9), eventId: 'e1' },
        { from: at(12, 1), to: at(18), eventId: null },
      ],
      ...day,
    );
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toMatchObject({ from: at(6), to: at(9), eventId: 'e1', startPct: 25, widthPct: 12.5 });
    expect(blocks[1]).toMatchObject({ from: at(12), to: at(18), startPct: 50, widthPct: 25 });
  });

  it('clips spans to the day and keeps a minute visible', () => {
    const blocks = placeSpans(
      [
        { from: day[0] - 3_600_000, to: at(1), eventId: null },
        { from: at(20), to: at(20, 1), eventId: null },
        { from: day[1] + 5, to: day[1] + 10, eventId: null },
      ],
      ...day,
    );
    expect(blocks.map((b) => b.from)).toEqual([day[0], at(20)]);
    expect(blocks[1]!.widthPct).toBeGreaterThanOrEqual(0.25);
  });

  it('turns a click into an instant, mirrored in right-to-left pages', () => {
    expect(pointerFraction(150, 100, 200, false)).toBe(0.25);
    expect(pointerFraction(150, 100, 200, true)).toBe(0.75);
    expect(pointerFraction(900, 100, 200, false)).toBe(1);
    expect(timeAtFraction(0.5, ...day)).toBe(at(12));
  });

  it('plays from a recorded point, or from the next recording after a gap, up to its end', () => {
    const blocks = placeSpans(
      [
        { from: at(6), to: at(9), eventId: null },
        { from: at(12), to: at(12, 1), eventId: null },
      ],
      ...day,
    );
    expect(playFrom(at(7), blocks)).toEqual({ from: at(7), seconds: 3600 });
    expect(playFrom(at(10), blocks)).toEqual({ from: at(12), seconds: 60 });
    expect(playFrom(at(13), blocks)).toBeNull();
    expect(playbackPlaylist('c 1', at(12), 60)).toBe(`camera/playback/c%201/index.m3u8?from=${at(12)}&seconds=60`);
  });

  it('moves the cursor by keyboard: a minute, ten, the day’s ends, mirrored arrows in RTL', () => {
    expect(keyboardMove('ArrowRight', at(12), ...day, false)).toBe(at(12, 1));
    expect(keyboardMove('ArrowRight', at(12), ...day, true)).toBe(at(11, 59));
    expect(keyboardMove('PageDown', at(12), ...day, false)).toBe(at(11, 50));
    expect(keyboardMove('Home', at(12), ...day, false)).toBe(day[0]);
    expect(keyboardMove('ArrowLeft', day[0], ...day, false)).toBe(day[0]);
    expect(keyboardMove('a', at(12), ...day, false)).toBeNull();
  });

  it('zooms the bar to the hour holding the cursor, marked every 10 minutes', () => {
    expect(timelineWindow('day', at(7), ...day)).toEqual(day);
    expect(timelineWindow('hour', at(7, 42), ...day)).toEqual([at(7), at(8)]);
    expect(timelineWindow('hour', day[1] + 5, ...day)).toEqual([at(23), day[1]]);
    expect(timelineMarks(at(7), at(8), 'hour', false)).toHaveLength(7);
    expect(timelineMarks(...day, 'day', true)).toEqual([day[0], at(6), at(12), at(18), day[1]]);
  });

  it('shows the recorded time as the playback start plus the played seconds', () => {
    expect(recordedAt(at(12), 61.5)).toBe(at(12, 1) + 1500);
  });
});

describe('camera form', () => {
  const values: CameraFormValues = {
    kind: 'hikvision',
    name: ' Gate ',
    host: ' 10.0.0.9 ',
    port: 554,
    path: '/ignored',
    username: 'admin',
    password: '',
    channels: 2,
    recording: 'event',
    storageSpaceId: null,
  };

  it('fills the new kind’s default port unless the user typed another', () => {
    expect(portAfterKindChange('hikvision', 'axis', 554)).toBe(554);
    expect(portAfterKindChange('hikvision', 'rtsp', 8554)).toBe(8554);
    expect(portAfterKindChange('hikvision', 'rtsp', null)).toBe(554);
  });

  it('asks a password of 4–20 when adding; a blank one on edit keeps the kept one', () => {
    expect(passwordProblem('', false)).toBe('required');
    expect(passwordProblem('', true)).toBeNull();
    expect(passwordProblem('abc', true)).toBe('length');
    expect(passwordProblem('a'.repeat(21), false)).toBe('length');
    expect(passwordProblem('abcd', false)).toBeNull();
  });

  it('sends the path only for a generic RTSP camera and leaves a blank password out of an edit', () => {
    expect(cameraAddBody('p1', { ...values, password: 'secret1' })).toMatchObject({
      plantId: 'p1',
      name: 'Gate',
      host: '10.0.0.9',
      path: '',
      password: 'secret1',
    });
    expect('password' in cameraEditBody(values)).toBe(false);
    expect(cameraEditBody({ ...values, password: 'newpass' }).password).toBe('newpass');
    expect(cameraEditBody({ ...values, kind: 'rtsp', path: ' /live ' }).path).toBe('/live');
  });

  it('sends the ONVIF port an ONVIF camera was given, and the default for every other kind', () => {
    expect(cameraEditBody({ ...values, kind: 'onvif', onvifPort: 8080 }).onvifPort).toBe(8080);
    expect(cameraEditBody({ ...values, kind: 'onvif' }).onvifPort).toBe(80);
    expect(cameraEditBody({ ...values, kind: 'hikvision', onvifPort: 8080 }).onvifPort).toBe(80);
    expect(cameraFormOf(camera({ id: 'o', name: 'Yard', kind: 'onvif', onvifPort: 8899 })).onvifPort).toBe(8899);
  });

  it('never fills the password of a kept camera', () => {
    const form = cameraFormOf(camera({ id: 'a', name: 'Gate', n: 3 }));
    expect(form.password).toBe('');
    expect(form.channels).toBe(3);
  });

  it('tests the form with its password, the kept camera without one, and asks for one when adding', () => {
    expect(testTarget(false, 'pass')).toBe('probe');
    expect(testTarget(true, '')).toBe('saved');
    expect(testTarget(false, '')).toBe('needPassword');
  });
});

describe('storage spaces', () => {
  const row: StorageSpaceRow = {
    id: 's1',
    name: 'Bucket',
    kind: 's3',
    folder: '',
    s3: {
      endpoint: 'https://s3.example',
      bucket: 'video',
      region: 'eu-1',
      prefix: 'p/',
      accessKey: 'AK',
      hasSecret: true,
    },
    capacityGb: 10,
    retentionDays: 7,
    usedBytes: 5 * 1024 ** 3,
    cameras: 2,
    createdAt: 0,
  };

  it('never fills the secret key and keeps the kept one when left blank', () => {
    const form = storageFormOf(row);
    expect(form.secretKey).toBe('');
    const body = storageBody(form);
    expect(body.s3).toMatchObject({ bucket: 'video', accessKey: 'AK' });
    expect(body.s3 && 'secretKey' in body.s3).toBe(false);
    expect(storageBody({ ...form, secretKey: 'sk' }).s3?.secretKey).toBe('sk');
  });

  it('sends no bucket for a folder space', () => {
    expect(storageBody({ ...storageFormOf(row), kind: 'folder', folder: ' cams ' })).toMatchObject({
      folder: 'cams',
      s3: null,
    });
  });

  it('shows how full a space is, in MB while it holds less than a gigabyte', () => {
    expect(usedPercent(row.usedBytes, row.capacityGb)).toBe(50);
    expect(usedPercent(20 * 1024 ** 3, 10)).toBe(100);
    expect(formatSize(18 * 1024 ** 2, 'en')).toBe('18 MB');
    expect(formatSize(5.26 * 1024 ** 3, 'en')).toBe('5.3 GB');
  });
});
