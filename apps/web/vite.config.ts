import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The build version label of spec §2.2: "V" + yyMMdd of the build date (UTC), e.g. V251104. */
function buildVersion(date: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `V${two(date.getUTCFullYear() % 100)}${two(date.getUTCMonth() + 1)}${two(date.getUTCDate())}`;
}

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(buildVersion(new Date())),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // packages/shared is plain definitions (constants, tables, zod schemas): whatever the console does not
        // use of it, such as the server's message tables and wire schemas, stays out of the bundle.
        moduleSideEffects: [{ test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          // What the first page needs goes in one chunk; code that only lazily loaded pages share (forms,
          // dropdowns, the shell) stays in their chunks instead of being hoisted into the start-up path.
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
