// @ts-check
/**
 * Whether a build is still current: a build writes a stamp holding a hash of everything it was made from, and
 * `npm start` builds again only when that hash changes (or what the build wrote is gone).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} Stamp
 * @property {string} inputs hash of the build's input files
 * @property {string[]} [assets] files of the web build under assets/ (the next build keeps them for open pages)
 */

/** Tests and generated folders do not change what a build produces. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'testing', 'test']);
const TEST_FILE = /\.test\.tsx?$/;

/**
 * Every input file under `entries` (files or folders, relative to `root`), as sorted relative paths with '/'.
 * @param {string} root
 * @param {readonly string[]} entries
 * @returns {string[]}
 */
export function listInputs(root, entries) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} rel */
  const visit = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isDirectory()) {
      for (const name of readdirSync(abs)) {
        if (SKIPPED_DIRS.has(name)) continue;
        visit(path.join(rel, name));
      }
    } else if (!TEST_FILE.test(rel)) {
      files.push(rel.split(path.sep).join('/'));
    }
  };
  for (const entry of entries) visit(entry);
  return [...new Set(files)].sort();
}

/**
 * One hash over the names and contents of the input files.
 * @param {string} root
 * @param {readonly string[]} entries
 * @returns {string}
 */
export function hashInputs(root, entries) {
  const hash = createHash('sha256');
  for (const file of listInputs(root, entries)) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/**
 * @param {string} file
 * @returns {Stamp | undefined}
 */
export function readStamp(file) {
  try {
    const stamp = JSON.parse(readFileSync(file, 'utf8'));
    return typeof stamp?.inputs === 'string' ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} file
 * @param {Stamp} stamp
 */
export function writeStamp(file, stamp) {
  writeFileSync(file, JSON.stringify(stamp) + '\n');
}

/**
 * True when the stamp says the build was made from exactly these inputs and everything it wrote is still there.
 * @param {{ stampFile: string, inputs: string, outputs: readonly string[] }} build
 * @returns {boolean}
 */
export function isCurrent({ stampFile, inputs, outputs }) {
  return readStamp(stampFile)?.inputs === inputs && outputs.every((f) => existsSync(f));
}
