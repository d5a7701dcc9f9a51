import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { apiGet } from './api';
import { sendAsGateway, type DemoGateway } from './gateway';
import { DEMO, expect, signIn, test } from './support';

/**
 * Cameras (issue 18): the demo administrator opens a plant with simulated cameras and sees the first tile play,
 * its clock overlay advancing (the video's time moves and two frames drawn a few seconds apart differ); then a
 * fault on that plant makes its event-recording camera keep the minute before and what follows, and the
 * recording plays back from the plant's timeline.
 */

const SLOW = { timeout: 30_000 };
const PORT = Number(process.env.E2E_PORT ?? 8090);

interface CameraRow {
  id: string;
  plantId: string;
  plantName: string;
  kind: string;
  name: string;
  recording: string;
  channels: { id: string; number: number; name: string }[];
}
interface Span {
  from: number;
  to: number;
}

/** Moves within the console without reloading it (a reload during a token refresh could end the session). */
async function go(page: Page, to: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
}

/** The demo's camera that records around faults (the demo seed gives the largest plant one). */
async function eventCamera(page: Page): Promise<CameraRow> {
  const list = await apiGet<{ rows: CameraRow[] }>(page, '/api/v1/camera/list?page=1&size=100');
  const cam = list.rows.find((r) => r.kind === 'simulated' && r.recording === 'event');
  if (!cam) throw new Error('the demo has no simulated camera that records on events');
  return cam;
}

/** A gateway of a plant (by name) with an inverter, from the fleet file the e2e server writes. */
function gatewayOf(plantName: string): DemoGateway {
  const root = path.join(import.meta.dirname, '..');
  const file = [root, path.join(root, 'apps', 'server')]
    .map((dir) => path.join(dir, `.e2e-data-${PORT}`, 'fleet.json'))
    .find((f) => existsSync(f));
  if (!file) throw new Error(`no fleet.json of the e2e server on port ${PORT}`);
  const fleet = JSON.parse(readFileSync(file, 'utf8')) as {
    plants: { name: string; gateways: { sn: string; devices: { sn: string; kind: string }[] }[] }[];
    credentials: Record<string, string>;
  };
  const plant = fleet.plants.find((p) => p.name === plantName);
  for (const gw of plant?.gateways ?? []) {
    const device = gw.devices.find((d) => d.kind === 'inverter');
    if (device) return { plant: plantName, sn: gw.sn, password: fleet.credentials[gw.sn] ?? '', device: device.sn };
  }
  throw new Error(`the plant ${plantName} has no gateway with an inverter`);
}

const currentTime = (video: Locator): Promise<number> => video.evaluate((v: HTMLVideoElement) => v.currentTime);

/** The picture the video shows now, drawn to a canvas: its pixels' grey levels. */
const frame = (video: Locator): Promise<number[]> =>
  video.evaluate((v: HTMLVideoElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext('2d');
    if (!ctx || v.videoWidth === 0) return [];
    // The clock is at the top left of the picture: that corner, scaled down, is compared.
    ctx.drawImage(v, 0, 0, v.videoWidth / 2, v.videoHeight / 2, 0, 0, 160, 90);
    const { data } = ctx.getImageData(0, 0, 160, 90);
    const grey: number[] = [];
    for (let i = 0; i < data.length; i += 4) grey.push(((data[i] ?? 0) + (data[i + 1] ?? 0) + (data[i + 2] ?? 0)) / 3);
    return grey;
  });

const differing = (a: number[], b: number[]): number => a.filter((g, i) => Math.abs(g - (b[i] ?? 0)) > 40).length;

test.describe('cameras', () => {
  test('a plant’s first simulated camera plays live, its clock advancing', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO.company_admin);
    const cam = await eventCamera(page);

    // The way a user goes: Devices → Cameras, then the plant.
    await go(page, '/device/camera');
    await expect(page.getByTestId('cameras-index')).toBeVisible(SLOW);
    await page.getByTestId('camera-plant-link').filter({ hasText: cam.plantName }).first().click();
    await expect(page).toHaveURL(new RegExp(`/plants/cameras/${cam.plantId}`));
    await expect(page.getByTestId('camera-grid')).toBeVisible(SLOW);

    const tile = page.getByTestId('camera-tile').first();
    await expect(tile).toContainText(cam.channels[0]?.name ?? cam.name);
    const video = tile.getByTestId('camera-video');
    // Playing: the video's clock moves on…
    await expect.poll(() => currentTime(video), { timeout: 45_000 }).toBeGreaterThan(0.5);
    const t0 = await currentTime(video);
    await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThan(t0 + 1.5);
    await expect(tile.getByTestId('camera-tile-state')).toHaveText('Online');
    // …and so does the picture: the clock overlay changes from one second to the next.
    const first = await frame(video);
    expect(first.length).toBeGreaterThan(0);
    await page.waitForTimeout(2_500);
    const second = await frame(video);
    expect(differing(first, second)).toBeGreaterThan(50);

    // Full screen plays the main stream; Escape goes back to the grid.
    await tile.getByTestId('camera-tile-full').click();
    const full = page.getByTestId('camera-full');
    await expect(full).toBeVisible();
    await expect
      .poll(() => currentTime(full.getByTestId('camera-full-video')), { timeout: 45_000 })
      .toBeGreaterThan(0.5);
    await page.keyboard.press('Escape');
    await expect(full).toBeHidden();
    await expect(page.getByTestId('camera-grid')).toBeVisible();
  });

  test('a fault records the minute before it, which plays back from the timeline', async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO.company_admin);
    const cam = await eventCamera(page);
    const channel = cam.channels[0];
    if (!channel) throw new Error('the event camera has no channel');
    const gw = gatewayOf(cam.plantName);

    // A fault on the plant: the camera stores the minute it kept before, and records on while the fault is open.
    const id = `e2e-cam-${Date.now()}`;
    await sendAsGateway(gw, { id, code: 'F778', state: 'raised' }, 'E2E camera fault');
    const recorded = async (): Promise<number> => {
      const now = Date.now();
      const spans = await apiGet<Span[]>(
        page,
        `/api/v1/camera/recordings/${channel.id}?from=${now - 3_600_000}&to=${now}`,
      );
      return spans.reduce((sum, s) => sum + (s.to - s.from), 0);
    };
    try {
      await expect.poll(recorded, { timeout: 100_000, intervals: [5_000] }).toBeGreaterThanOrEqual(60_000);
    } finally {
      // Cleared, so the plant is not left in fault for the specs after this one.
      await sendAsGateway(gw, { id: `${id}-clear`, code: 'F778', state: 'cleared' }, 'E2E camera fault');
    }

    // From the live grid's tile to its recordings, then the recorded stretch from the timeline.
    await go(page, `/plants/cameras/${cam.plantId}`);
    const tile = page.locator(`[data-testid="camera-tile"][data-channel="${channel.id}"]`);
    await expect(tile).toBeVisible(SLOW);
    await tile.getByRole('link', { name: /Recordings of/ }).click();
    await expect(page.getByTestId('camera-playback')).toBeVisible(SLOW);
    await expect(page.getByTestId('camera-span').first()).toBeVisible(SLOW);

    // The timeline is a slider: Home, then Enter plays from the first recording after the day's start.
    const timeline = page.getByTestId('camera-timeline');
    await timeline.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const video = page.getByTestId('camera-playback-video');
    await expect.poll(() => currentTime(video), { timeout: 45_000 }).toBeGreaterThan(0.5);
    const t0 = await currentTime(video);
    await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThan(t0 + 1.5);
    await expect(page.getByTestId('camera-recorded-at')).toContainText(/Recorded at \d{2}:\d{2}:\d{2}/);
  });

  test('screenshots: grid, full screen, playback and storage spaces, in English and Hebrew, desktop and phone', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO.company_admin);
    const cam = await eventCamera(page);
    const channel = cam.channels[0];
    if (!channel) throw new Error('the event camera has no channel');
    const playing = async (video: Locator): Promise<void> => {
      await expect.poll(() => currentTime(video), { timeout: 45_000 }).toBeGreaterThan(0.5);
    };
    const shoot = async (name: string, lang: string): Promise<void> => {
      for (const [w, h] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        // A click may have scrolled the page: a full-page shot is taken from the top, with the top bar there.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForTimeout(800);
        await page.screenshot({ path: `docs/screenshots/cameras-${name}${lang}-${w}.png`, fullPage: name !== 'full' });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    };
    for (const lang of ['', '-he']) {
      if (lang) {
        await page.getByTestId('language-switcher').click();
        await page.getByTestId('language-option-he').click();
        await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      }
      await go(page, `/plants/cameras/${cam.plantId}`);
      await expect(page.getByTestId('camera-grid')).toBeVisible(SLOW);
      for (const v of await page.getByTestId('camera-video').all()) await playing(v);
      await shoot('grid', lang);

      if (!lang) {
        // Managing: the drawer of the plant's cameras and the add form, whose test asks for the password first.
        await page.getByTestId('camera-manage').click();
        await expect(page.getByTestId('camera-manage-list')).toContainText(cam.name);
        await page.getByTestId('camera-add').click();
        const form = page.getByRole('dialog', { name: 'Add a camera' });
        await form.getByTestId('camera-name').fill('Gate');
        await form.getByTestId('camera-host').fill('192.168.1.64');
        await form.getByTestId('camera-test').click();
        await expect(form).toContainText("Enter the camera's password to test it.");
        await page.screenshot({ path: 'docs/screenshots/cameras-form-1440.png' });
        await form.getByRole('button', { name: 'Cancel' }).click();
        await expect(form).toBeHidden();
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('camera-manage-list')).toBeHidden();
      }
      await page.getByTestId('camera-tile-full').first().click();
      await playing(page.getByTestId('camera-full-video'));
      await shoot('full', lang);
      await page.keyboard.press('Escape');

      await go(page, `/plants/cameras/${cam.plantId}/playback/${channel.id}`);
      await expect(page.getByTestId('camera-span-play').first()).toBeVisible(SLOW);
      await page.getByTestId('camera-span-play').first().click();
      await playing(page.getByTestId('camera-playback-video'));
      // Zoomed to the hour, where the recorded minutes are wide enough to see.
      await page.getByTestId('camera-timeline-zoom').locator('.ant-segmented-item').nth(1).click();
      await expect(page.getByTestId('camera-span').first()).toBeVisible();
      await shoot('playback', lang);
      await page.getByTestId('camera-timeline-zoom').locator('.ant-segmented-item').nth(0).click();

      await go(page, '/enterprise/storage');
      await expect(page.getByTestId('storage-spaces')).toContainText('Demo recordings', SLOW);
      await shoot('storage', lang);
    }
  });
});
