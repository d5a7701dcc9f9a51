/**
 * The kinds of message a user's notice centre holds (spec §3 "Notice", §4 "Notice display in the shell").
 * The numbers are the spec's where it gives one: 1 maintenance (upgrade), 2 migration notice, 4 system notice
 * tip, 5/6/7 bulletins (announcement, notification, theme). 3 is ours: a device alarm opened or closed.
 */
export const MESSAGE_TYPE = {
  maintenance: 1,
  migration: 2,
  alarm: 3,
  systemNotice: 4,
  announcement: 5,
  notification: 6,
  theme: 7,
} as const;

export type MessageType = (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE];

/** Where a row of the notice centre is kept: a user's own message, a bulletin or a maintenance notice. */
export const NOTICE_KINDS = ['message', 'bulletin', 'maintenance'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The bulletin types of spec §4 (the toast's title): 5 announcement, 6 notification, 7 theme. */
export const BULLETIN_TYPES = [MESSAGE_TYPE.announcement, MESSAGE_TYPE.notification, MESSAGE_TYPE.theme] as const;
export type BulletinType = (typeof BULLETIN_TYPES)[number];

/** Who receives a bulletin: everyone (also shown on the public /announcement page), some companies, some customers. */
export const BULLETIN_AUDIENCES = ['all', 'companies', 'customers'] as const;
export type BulletinAudience = (typeof BULLETIN_AUDIENCES)[number];

/** A bulletin is written (draft), published (shown from its release time) or withdrawn (shown nowhere). */
export const BULLETIN_STATUSES = ['draft', 'published', 'withdrawn'] as const;
export type BulletinStatus = (typeof BULLETIN_STATUSES)[number];

/** Spec §4: a maintenance notice is unpublished (0), publishing (1, public) or invalid (2, shown nowhere). */
export const MAINTENANCE_STATUS = { unpublished: 0, publishing: 1, invalid: 2 } as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUS)[keyof typeof MAINTENANCE_STATUS];

/** Spec §4: a maintenance notice of type 1 is labelled "upgrade", any other type "maintenance". */
export const MAINTENANCE_TYPE = { upgrade: 1, maintenance: 2 } as const;

/** Which places a maintenance notice reaches: every account, this deployment's region (REGION), some companies. */
export const MAINTENANCE_SCOPES = ['all', 'region', 'companies'] as const;
export type MaintenanceScope = (typeof MAINTENANCE_SCOPES)[number];

export const NOTICE_LIMITS = {
  /** Spec §5 and §9: bulletin content at most 2000 characters (per language). */
  contentMax: 2000,
  titleMax: 100,
  versionMax: 32,
  announcerMax: 64,
  urlMax: 500,
  /** Companies or customers one bulletin or notice names. */
  receiversMax: 1000,
  /** Rows one readMessageBatch marks. */
  batchMax: 100,
  /** Spec §9: the notification dialog is 680 px wide (the other reading, 700, is not taken). */
  dialogWidthPx: 680,
} as const;

/**
 * The maintenance notice's time rule (spec §5): its effective time must not be earlier than its start, and its
 * start must be before its end. Answers the field and rule key of the first problem, or null.
 */
export function maintenanceTimeProblem(t: {
  startAt: number;
  endAt: number;
  effectiveAt: number;
}): { field: 'effectiveAt' | 'endAt'; rule: 'noticeEffectiveBeforeStart' | 'noticeStartAfterEnd' } | null {
  if (t.startAt >= t.endAt) return { field: 'endAt', rule: 'noticeStartAfterEnd' };
  if (t.effectiveAt < t.startAt) return { field: 'effectiveAt', rule: 'noticeEffectiveBeforeStart' };
  return null;
}
