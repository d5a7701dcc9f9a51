import { z } from 'zod';
import { LANGUAGES, type Lang } from '../languages.js';
import {
  BULLETIN_AUDIENCES,
  BULLETIN_STATUSES,
  MAINTENANCE_SCOPES,
  NOTICE_KINDS,
  NOTICE_LIMITS,
  type BulletinType,
} from '../notices.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/**
 * The notice centre, system bulletins and maintenance notices (issue 15 items 1–4; spec §2.2 notice,
 * system-bulletin, system-bulletin/protocol, §3, §4 "Notice display in the shell", §7 "Notices and messages").
 */

/** A text in each console language; English is required and a language left empty falls back to it. */
const langText = (max: number) => {
  const one = z.string().trim().max(max);
  const other = one.default('');
  return z.object({ cn: other, en: one.min(1), vi: other, po: other, de: other, es: other, he: other, pt: other });
};
const langAnswer = z.object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string()])) as Record<Lang, z.ZodString>);
export type LangText = Record<Lang, string>;

/** The text of a language, falling back to English. */
export function inLanguage(text: Partial<Record<Lang, string>>, lang: Lang): string {
  return text[lang]?.trim() || text.en || '';
}

/** A redirect address: empty, or an http(s) address, or a path of the console. */
const address = z
  .string()
  .trim()
  .max(NOTICE_LIMITS.urlMax)
  .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\/\S+$/i.test(v));

/** One row of the caller's notice centre, whatever keeps it. */
export const noticeItem = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** MESSAGE_TYPE (packages/shared/src/notices.ts); a maintenance notice keeps its own type (1 upgrade, 2 maintenance). */
  type: z.number().int(),
  title: z.string(),
  content: z.string(),
  plantId: z.string().nullable(),
  deviceSn: z.string().nullable(),
  url: z.string().nullable(),
  /** A maintenance notice's window, which the console fills into its text (spec §4). */
  startAt: z.number().nullable(),
  endAt: z.number().nullable(),
  read: z.boolean(),
  createdAt: z.number(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

export const noticeListQuery = z.object({
  /** One MESSAGE_TYPE; absent: every type. */
  type: z.coerce.number().int().min(1).max(7).optional(),
  /** '0' unread only, '1' read only. */
  read: z.enum(['0', '1']).optional(),
  q: z.string().trim().max(64).optional(),
  ...pageQuery,
});
export type NoticeListQuery = z.input<typeof noticeListQuery>;

export const noticeRef = z.object({ id: z.uuid(), kind: z.enum(NOTICE_KINDS) });
export type NoticeRef = z.infer<typeof noticeRef>;

const oneNotice = z.object({ notice: noticeItem.nullable() });

/** A moment in ms since 1970, up to the year 9999 (a larger number is no date at all). */
const moment = z.number().int().min(0).max(253_402_300_799_999);

// ---- System bulletins (platform administrators; permission system.notice) ----

export const bulletinBody = z.object({
  type: z.union([z.literal(5), z.literal(6), z.literal(7)]),
  theme: langText(NOTICE_LIMITS.titleMax),
  content: langText(NOTICE_LIMITS.contentMax),
  audience: z.enum(BULLETIN_AUDIENCES),
  /** Company ids (audience companies) or customer account ids (audience customers). */
  receivers: z.array(z.uuid()).max(NOTICE_LIMITS.receiversMax).default([]),
  version: z.string().trim().max(NOTICE_LIMITS.versionMax).default(''),
  announcer: z.string().trim().max(NOTICE_LIMITS.announcerMax).default(''),
  /** When it shows (ms); null: at publication. */
  releaseAt: moment.nullable().default(null),
  url: address.default(''),
});
export type BulletinInput = z.input<typeof bulletinBody>;

export const bulletin = z.object({
  id: z.string(),
  type: z.number().int(),
  theme: langAnswer,
  content: langAnswer,
  /** Theme and content in the caller's language, with the English fallback. */
  title: z.string(),
  text: z.string(),
  audience: z.enum(BULLETIN_AUDIENCES),
  receivers: z.array(z.string()),
  /** The receivers' names (company names or customer account names), in the order of `receivers`. */
  receiverNames: z.array(z.string()),
  version: z.string(),
  announcer: z.string(),
  releaseAt: z.number().nullable(),
  url: z.string(),
  status: z.enum(BULLETIN_STATUSES),
  createdAt: z.number(),
});
export type Bulletin = z.infer<typeof bulletin>;

/** A bulletin as the public /announcement page shows it. */
export const publicBulletin = z.object({
  id: z.string(),
  type: z.number().int(),
  title: z.string(),
  text: z.string(),
  version: z.string(),
  announcer: z.string(),
  releaseAt: z.number(),
  url: z.string(),
});
export type PublicBulletin = z.infer<typeof publicBulletin>;

/** Who may receive a bulletin or notice: the companies and customer accounts a platform administrator picks. */
export const receiverOption = z.object({ id: z.string(), name: z.string(), company: z.string().nullable() });
export type ReceiverOption = z.infer<typeof receiverOption>;

// ---- Maintenance notices (permission notice.pointNotice.list) ----

export const maintenanceBody = z.object({
  /** 1 upgrade, 2 maintenance (spec §4). */
  type: z.number().int().min(1).max(2),
  title: langText(NOTICE_LIMITS.titleMax),
  content: langText(NOTICE_LIMITS.contentMax),
  startAt: moment,
  endAt: moment,
  effectiveAt: moment,
  scope: z.enum(MAINTENANCE_SCOPES),
  region: z.string().trim().max(16).default(''),
  companyIds: z.array(z.uuid()).max(NOTICE_LIMITS.receiversMax).default([]),
  url: address.default(''),
});
export type MaintenanceInput = z.input<typeof maintenanceBody>;
export type MaintenanceValues = z.infer<typeof maintenanceBody>;

export const maintenanceNotice = z.object({
  id: z.string(),
  type: z.number().int(),
  title: langAnswer,
  content: langAnswer,
  titleText: z.string(),
  contentText: z.string(),
  startAt: z.number(),
  endAt: z.number(),
  effectiveAt: z.number(),
  scope: z.enum(MAINTENANCE_SCOPES),
  region: z.string(),
  companyIds: z.array(z.string()),
  companyNames: z.array(z.string()),
  url: z.string(),
  /** MAINTENANCE_STATUS: 0 unpublished, 1 publishing, 2 invalid. */
  status: z.number().int(),
  createdAt: z.number(),
});
export type MaintenanceNotice = z.infer<typeof maintenanceNotice>;

const adminListQuery = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.string().trim().max(16).optional(),
  ...pageQuery,
});

export const noticeContracts = contracts({
  // The caller's notice centre (scope self).
  'GET /messageTd/messages': { query: noticeListQuery, answer: pageOf(noticeItem) },
  'POST /messageTd/readMessage': { body: noticeRef, answer: emptyAnswer },
  'POST /messageTd/readMessageBatch': {
    body: z.object({ items: z.array(noticeRef).min(1).max(NOTICE_LIMITS.batchMax) }),
    answer: emptyAnswer,
  },
  'POST /messageTd/readAll': { answer: z.object({ marked: z.number().int() }) },
  /** The newest unread bulletin: the shell's bottom-right toast (spec §4). */
  'GET /getLastUnReadNotice': { answer: oneNotice },
  /** The oldest unread migration notice (2) or system notice tip (4): the shell's dialog (spec §4). */
  'GET /messageTd/popup': { answer: oneNotice },
  /** The maintenance notices in effect for the caller now (the shell's banner). */
  'GET /ssPointNotice/current': { answer: z.object({ notices: z.array(noticeItem) }) },
  /** Server-sent events: `messages` whenever the caller's unread count may have changed. */
  'GET /live/messages': { answer: null },
  // System bulletins.
  'GET /ss/notices': { query: adminListQuery, answer: pageOf(bulletin) },
  'POST /ss/notices': { body: bulletinBody, answer: bulletin },
  'POST /ss/notices/:id': { body: bulletinBody, answer: bulletin },
  'POST /ss/notices/:id/publish': { answer: bulletin },
  'POST /ss/notices/:id/withdraw': { answer: bulletin },
  'GET /ss/notices/receivers': {
    query: z.object({ audience: z.enum(['companies', 'customers']), q: z.string().trim().max(64).optional() }),
    answer: z.array(receiverOption),
  },
  /** Public bulletins (audience everyone), for /announcement without signing in. */
  'GET /anonymous/announcements': {
    query: z.object({ lan: z.string().max(16).optional(), ...pageQuery }),
    answer: pageOf(publicBulletin),
  },
  // Maintenance notices.
  'GET /ssPointNotice/list': { query: adminListQuery, answer: pageOf(maintenanceNotice) },
  'POST /ssPointNotice': { body: maintenanceBody, answer: maintenanceNotice },
  'POST /ssPointNotice/:id': { body: maintenanceBody, answer: maintenanceNotice },
  'POST /ssPointNotice/:id/status': {
    body: z.object({ status: z.union([z.literal(1), z.literal(2)]) }),
    answer: maintenanceNotice,
  },
});

/** The toast's title key by bulletin type (spec §4): 5 announcement, 6 notification, 7 theme, else a default. */
export function bulletinTitleKey(type: number): 'announcement' | 'notification' | 'theme' | 'default' {
  const byType: Record<BulletinType, 'announcement' | 'notification' | 'theme'> = {
    5: 'announcement',
    6: 'notification',
    7: 'theme',
  };
  return byType[type as BulletinType] ?? 'default';
}
