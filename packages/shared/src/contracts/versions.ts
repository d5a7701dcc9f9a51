import { z } from 'zod';
import { compareFirmwareVersions, firmwareVersionProblem } from '../firmware.js';
import { LANGUAGES, type Lang } from '../languages.js';
import type { FieldRule } from '../messages/index.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * Console versions (issue 14 item 7; spec §2.2 management/versions and /systemupdate, §3 "Latest version",
 * §4 version dialog, §7 "Versions"): platform administrators publish a version number with release notes in
 * the eight console languages; every signed-in user reads the timeline, and the shell shows the newest
 * version once per user in the version dialog.
 */
export const VERSION_LIMITS = {
  /** Same as firmware versions (firmware.ts): letters, digits, dashes, underscores, dots. */
  versionMax: 32,
  notesMax: 4000,
} as const;

/**
 * The running console's version, shown in the shell's footer and answered by GET version/latest. It is the
 * root package.json's version (versions.test.ts fails when the two differ), so a release changes both.
 */
export const CONSOLE_VERSION = '0.1.0';

const note = z.string().trim().max(VERSION_LIMITS.notesMax);

/** Release notes per console language. English is required; a language left empty falls back to English. */
export const versionNotes = z.object({
  cn: note.default(''),
  en: note.min(1),
  vi: note.default(''),
  po: note.default(''),
  de: note.default(''),
  es: note.default(''),
  he: note.default(''),
  pt: note.default(''),
});
export type VersionNotes = z.infer<typeof versionNotes>;

export const versionBody = z.object({
  version: z.string().trim().min(1).max(VERSION_LIMITS.versionMax),
  notes: versionNotes,
});
export type VersionInput = z.input<typeof versionBody>;

/** A console version (spec §3 "Latest version": version, content), with every language's notes. */
export const consoleVersion = z.object({
  id: z.string(),
  version: z.string(),
  /** The notes in the caller's language (`lan`), or English where that language has none. */
  content: z.string(),
  notes: z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<Lang, z.ZodString>),
  publishedAt: z.number(),
  /** The publishing administrator's nickname; null once that account is gone. */
  publishedBy: z.string().nullable(),
});
export type ConsoleVersion = z.infer<typeof consoleVersion>;

/** The notes of a language, falling back to English. */
export function versionContent(notes: Record<Lang, string>, lang: Lang): string {
  return notes[lang].trim() || notes.en;
}

/** The version number's field rule (null when it is well formed): the firmware rule of spec §5. */
export function consoleVersionProblem(version: string): FieldRule | null {
  return firmwareVersionProblem(version);
}

/** Whether `version` is newer than `than` (spec §5: "must not duplicate or be below the current one"). */
export function isNewerVersion(version: string, than: string): boolean {
  return compareFirmwareVersions(version, than) > 0;
}

export const versionCheck = z.object({
  /** True when the shell should show the version dialog for `version`. */
  show: z.boolean(),
  version: consoleVersion.nullable(),
});
export type VersionCheck = z.infer<typeof versionCheck>;

export const versionLatest = z.object({
  /** The version of the console that answered (CONSOLE_VERSION of the server). */
  running: z.string(),
  /** The newest published version, null while none is. */
  latest: consoleVersion.nullable(),
});
export type VersionLatest = z.infer<typeof versionLatest>;

export const versionContracts = contracts({
  'GET /versions': {
    query: z.object({ q: z.string().max(64).optional(), ...pageQuery }),
    answer: pageOf(consoleVersion),
  },
  'POST /version': { body: versionBody, answer: consoleVersion },
  'POST /version/:id/delete': { answer: emptyAnswer },
  'GET /version/:id': { answer: consoleVersion },
  'GET /version': {
    query: z.object({ version: z.string().trim().min(1).max(VERSION_LIMITS.versionMax) }),
    answer: consoleVersion,
  },
  'GET /version/timeline': { query: z.object(pageQuery), answer: pageOf(consoleVersion) },
  'GET /version/latest': { answer: versionLatest },
  'GET /version/check': { answer: versionCheck },
  'POST /version/:id/acknowledge': { answer: emptyAnswer },
});
