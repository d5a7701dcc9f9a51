// @ts-check
/**
 * Builds what `npm start` runs, each part only when its sources changed since the last build (build-stamp.mjs):
 *
 * - server: packages/shared, packages/modbus, apps/simulator and apps/server compiled by esbuild, file by file,
 *   into each one's dist/ (same layout as src/, so paths relative to a module stay right); node runs them with
 *   the `heliograph-dist` condition, which points the workspace packages' exports at dist/.
 * - web: the console built by Vite into WEB_DIST (default apps/web/dist). It is built aside and moved in,
 *   index.html last, keeping the previous build's assets, so a running server serves the new build at once and
 *   a page opened before it still finds its chunks.
 *
 * Usage: node scripts/build.mjs [server] [web] [--force]   (no part named: both)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { hashInputs, isCurrent, readStamp, writeStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const STAMP = '.build-stamp';
/** Inputs of every part: the lock file (a dependency changed) and this script (the way of building changed). */
const COMMON = ['package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];

/** The workspaces the server runs from, in dependency order. */
const SERVER_PACKAGES = ['packages/shared', 'packages/modbus', 'apps/simulator', 'apps/server'];

/** @param {string} dir */
function sourceFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) out.push(...sourceFiles(file));
    else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) out.push(file);
  }
  return out;
}

async function buildServer() {
  const esbuild = await import('esbuild');
  for (const pkg of SERVER_PACKAGES) {
    const dir = path.join(root, pkg);
    rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
    await esbuild.build({
      entryPoints: sourceFiles(path.join(dir, 'src')),
      outdir: path.join(dir, 'dist'),
      outbase: path.join(dir, 'src'),
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
    });
  }
}

/** @param {string} outDir */
function buildWeb(outDir) {
  const webDir = path.join(root, 'apps/web');
  const require = createRequire(path.join(webDir, 'package.json'));
  const vite = path.join(path.dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  const staging = path.join(outDir, '.next');
  rmSync(staging, { recursive: true, force: true });
  const run = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', staging, '--emptyOutDir', '--logLevel', 'error'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error(`vite build failed (exit ${run.status})`);

  // Assets first, index.html last: until it is replaced, the old one names old assets, which stay.
  const previous = readStamp(path.join(outDir, STAMP))?.assets ?? [];
  /** @param {string} rel */
  const move = (rel) => {
    const from = path.join(staging, rel);
    if (statSync(from).isDirectory()) {
      mkdirSync(path.join(outDir, rel), { recursive: true });
      for (const name of readdirSync(from)) move(path.join(rel, name));
    } else if (rel !== 'index.html') {
      renameSync(from, path.join(outDir, rel));
    }
  };
  const assets = existsSync(path.join(staging, 'assets')) ? readdirSync(path.join(staging, 'assets')) : [];
  for (const name of readdirSync(staging)) move(name);
  renameSync(path.join(staging, 'index.html'), path.join(outDir, 'index.html'));
  rmSync(staging, { recursive: true, force: true });
  // Assets of builds before the previous one have no open page left to need them.
  const keep = new Set([...assets, ...previous]);
  const assetsDir = path.join(outDir, 'assets');
  if (existsSync(assetsDir)) {
    for (const name of readdirSync(assetsDir)) if (!keep.has(name)) rmSync(path.join(assetsDir, name));
  }
  return assets;
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const named = args.filter((a) => !a.startsWith('--'));
const parts = named.length > 0 ? named : ['server', 'web'];

// WEB_DIST as the server reads it: relative to where `npm start` was typed.
const cwd = process.env.INIT_CWD ?? process.cwd();
const webDist = process.env.WEB_DIST ? path.resolve(cwd, process.env.WEB_DIST) : path.join(root, 'apps/web/dist');

for (const part of parts) {
  const started = performance.now();
  if (part === 'server') {
    const inputs = hashInputs(root, [...COMMON, ...SERVER_PACKAGES.flatMap((p) => [`${p}/src`, `${p}/package.json`])]);
    const stampFile = path.join(root, 'apps/server/dist', STAMP);
    const outputs = [
      ...SERVER_PACKAGES.slice(0, 3).map((p) => path.join(root, p, 'dist/index.js')),
      path.join(root, 'apps/server/dist/main.js'),
    ];
    if (!force && isCurrent({ stampFile, inputs, outputs })) continue;
    process.stdout.write('Building the server …\n');
    await buildServer();
    writeStamp(stampFile, { inputs });
  } else if (part === 'web') {
    const web = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];
    const inputs = hashInputs(root, [
      ...COMMON,
      ...web.map((f) => `apps/web/${f}`),
      'packages/shared/src',
      'packages/shared/package.json',
    ]);
    const stampFile = path.join(webDist, STAMP);
    if (!force && isCurrent({ stampFile, inputs, outputs: [path.join(webDist, 'index.html')] })) continue;
    process.stdout.write(`Building the console into ${path.relative(cwd, webDist) || '.'} …\n`);
    mkdirSync(webDist, { recursive: true });
    const assets = buildWeb(webDist);
    writeStamp(stampFile, { inputs, assets });
  } else {
    process.stderr.write(`unknown part "${part}": server or web\n`);
    process.exit(2);
  }
  process.stdout.write(`Built the ${part} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
