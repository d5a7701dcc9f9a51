import { defineConfig, devices } from '@playwright/test';

// The specs drive Debian's Chromium (never a downloaded browser) against a real server on a fresh
// database with known demo passwords.
const PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_DEMO_PASSWORD = 'Demo2026pass';

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // .ci/run runs the specs in two shards side by side, each with a server of its own (E2E_PORT), so each
  // shard reports to a file and keeps its traces in a folder of its own.
  reporter: process.env.CI ? [['line'], ['json', { outputFile: process.env.E2E_JSON ?? '.ci-out/e2e.json' }]] : 'list',
  outputDir: process.env.E2E_OUT ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The console honours prefers-reduced-motion (no zooming menus or sliding drawers), so a click never
    // lands on a menu that is still moving into place.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf .e2e-data-${PORT} && npm run start -w @heliograph/server`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: `.e2e-data-${PORT}`,
      DEMO_PASSWORD: E2E_DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      // Mosquitto holds 1883 on CI machines; the embedded broker takes another port.
      MQTT_PORT: process.env.E2E_MQTT_PORT ?? '18830',
      // A small fleet with a week of history that reports every 10 s, so a spec sees figures change.
      FLEET_SIZE: '6',
      BACKFILL_DAYS: '7',
      SIMULATE_INTERVAL: '10',
      // Upgrades flash in 5 % of the usual 20–60 s and never fail, so e2e/upgrade.spec.ts sees one through.
      SIMULATE_UPGRADE_PERCENT_TIME: '5',
      SIMULATE_UPGRADE_FAIL_PERCENT: '0',
      // Short-lived access tokens, so a spec can watch one expire and be refreshed unnoticed.
      ACCESS_TOKEN_TTL: '8',
      // A region with one peer, so the personal settings' region tab lists somewhere to move to (no move is
      // ever started against it: e2e/account.spec.ts only opens the list).
      REGION: 'eu',
      REGIONS: 'cn=https://cn.heliograph.example',
      REGION_SECRET: 'e2e-only-shared-secret-of-the-regions-0123',
      // Parallel runs (one per feature being built) each build the web app into a folder of their own.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
