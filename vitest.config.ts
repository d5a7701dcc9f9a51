import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its tests beside its code (DESIGN §4).
export default defineConfig({
  test: {
    // API tests each boot an app on a fresh in-memory database; two test files at a time fit two cores.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
      { test: { name: 'modbus', include: ['packages/modbus/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Each file boots its own app on its own database, so files share nothing but loaded modules: not
          // re-importing the server for each of ~100 files saves a few seconds a file (import 22 s against about
          // 5 s a file isolated, measured 2026-11-27), in both CI layers.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      { test: { name: 'simulator', include: ['apps/simulator/src/**/*.test.ts'], testTimeout: 60_000 } },
      // Component tests (.test.tsx, in happy-dom) mount antd, which takes seconds on a busy machine.
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], testTimeout: 30_000 } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
    ],
  },
});
