import { sql, type SQL } from 'drizzle-orm';
import { MESSAGE_TYPE, type Lang, type NoticeItem, type NoticeKind, type NoticeRef } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { containing, query, toMs } from '../../db/rows.js';
import { AppError } from '../../http/errors.js';
import { bulletinReaches, maintenanceReaches, type Reader } from '../bulletins/audience.js';

interface Row {
  id: string;
  kind: NoticeKind;
  type: number;
  title: string;
  content: string;
  plant_id: string | null;
  device_sn: string | null;
  url: string | null;
  start_at: unknown;
  end_at: unknown;
  read: boolean;
  created_at: unknown;
}

const toItem = (r: Row): NoticeItem => ({
  id: r.id,
  kind: r.kind,
  type: Number(r.type),
  title: r.title ?? '',
  content: r.content ?? '',
  plantId: r.plant_id,
  deviceSn: r.device_sn,
  url: r.url,
  startAt: r.start_at == null ? null : toMs(r.start_at),
  endAt: r.end_at == null ? null : toMs(r.end_at),
  read: Boolean(r.read),
  createdAt: toMs(r.created_at),
});

const inLang = (column: string, lang: Lang): SQL =>
  sql`coalesce(nullif(${sql.raw(column)}->>${lang}::text, ''), ${sql.raw(column)}->>'en', '')`;

/**
 * Every row of the caller's notice centre as one relation: their own messages, the bulletins and the maintenance
 * notices addressed to them, each with its read state. Bulletins and notices are not copied per user (a bulletin
 * to everyone would be 10,000+ rows): they are joined to the reader's `notice_read` rows.
 */
function inbox(r: Reader, lang: Lang, opts: { currentMaintenance?: boolean } = {}): SQL {
  return sql`(
    select m.id::text as id, 'message' as kind, m.type, m.title, m.content, m.plant_id::text as plant_id,
      m.device_sn, m.url, null::timestamptz as start_at, null::timestamptz as end_at,
      m.read_at is not null as read, m.created_at
    from message m where m.user_id = ${r.userId}
    union all
    select b.id::text, 'bulletin', b.type, ${inLang('b.theme', lang)}, ${inLang('b.content', lang)}, null, null,
      nullif(b.url, ''), null, null, rb.user_id is not null, b.release_at
    from bulletin b left join notice_read rb on rb.notice_id = b.id and rb.user_id = ${r.userId}
    where ${bulletinReaches(r)}
    union all
    select n.id::text, 'maintenance', n.type, ${inLang('n.title', lang)}, ${inLang('n.content', lang)}, null, null,
      nullif(n.url, ''), n.start_at, n.end_at, rn.user_id is not null, n.effective_at
    from maintenance_notice n left join notice_read rn on rn.notice_id = n.id and rn.user_id = ${r.userId}
    where ${maintenanceReaches(r, { current: opts.currentMaintenance })}
  ) x`;
}

export interface InboxFilter {
  type?: number;
  read?: boolean;
  q?: string;
  kind?: NoticeKind;
}

function where(f: InboxFilter): SQL {
  const parts: SQL[] = [sql`true`];
  // A maintenance notice keeps its own type (1 upgrade, 2 maintenance); in the filter it is MESSAGE_TYPE 1.
  if (f.type !== undefined)
    parts.push(
      f.type === MESSAGE_TYPE.maintenance
        ? sql`(x.kind = 'maintenance' or (x.kind <> 'maintenance' and x.type = ${f.type}))`
        : sql`(x.kind <> 'maintenance' and x.type = ${f.type})`,
    );
  if (f.read !== undefined) parts.push(sql`x.read = ${f.read}`);
  if (f.kind) parts.push(sql`x.kind = ${f.kind}`);
  if (f.q) {
    const like = containing(f.q);
    parts.push(sql`(x.title ilike ${like} or x.content ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

/** A page of the caller's notice centre, newest first. */
export async function listInbox(
  db: Db,
  r: Reader,
  lang: Lang,
  f: InboxFilter,
  page: number,
  size: number,
): Promise<{ total: number; rows: NoticeItem[] }> {
  const [count] = await query<{ n: unknown }>(db, sql`select count(*) as n from ${inbox(r, lang)} where ${where(f)}`);
  const rows = await query<Row>(
    db,
    sql`select * from ${inbox(r, lang)} where ${where(f)}
      order by x.created_at desc, x.id desc limit ${size} offset ${(page - 1) * size}`,
  );
  return { total: Number(count?.n ?? 0), rows: rows.map(toItem) };
}

/** How many of the caller's notices are unread: the shell's badge. */
export async function unreadCount(db: Db, r: Reader): Promise<number> {
  const [row] = await query<{ n: unknown }>(db, sql`select count(*) as n from ${inbox(r, 'en')} where x.read = false`);
  return Number(row?.n ?? 0);
}

/** The first unread notice matching, in the given order (the shell's toast and dialogs). */
export async function firstUnread(
  db: Db,
  r: Reader,
  lang: Lang,
  f: InboxFilter & { types?: readonly number[] },
  order: 'newest' | 'oldest',
): Promise<NoticeItem | null> {
  const types = f.types?.length
    ? sql` and x.type in (${sql.join(
        f.types.map((t) => sql`${t}`),
        sql`, `,
      )})`
    : sql``;
  const [row] = await query<Row>(
    db,
    sql`select * from ${inbox(r, lang)} where ${where({ ...f, read: false })}${types}
      order by x.created_at ${order === 'newest' ? sql`desc` : sql`asc`} limit 1`,
  );
  return row ? toItem(row) : null;
}

/** The maintenance notices in effect for the caller now (publishing, effective, not ended). */
export async function currentMaintenance(db: Db, r: Reader, lang: Lang): Promise<NoticeItem[]> {
  const rows = await query<Row>(
    db,
    sql`select * from ${inbox(r, lang, { currentMaintenance: true })} where x.kind = 'maintenance'
      order by x.start_at asc`,
  );
  return rows.map(toItem);
}

/**
 * Marks notices read for the caller. Every reference is checked first: one that is not the caller's message, or
 * a bulletin or notice not addressed to them, answers "does not exist" and nothing is marked.
 */
export async function markRead(db: Db, r: Reader, refs: readonly NoticeRef[]): Promise<void> {
  const ids = (kind: NoticeKind) => [...new Set(refs.filter((x) => x.kind === kind).map((x) => x.id))];
  const messages = ids('message');
  const bulletins = ids('bulletin');
  const notices = ids('maintenance');
  const list = (values: string[]) =>
    sql.join(
      values.map((v) => sql`${v}::uuid`),
      sql`, `,
    );
  const found = async (q: SQL) => Number((await query<{ n: unknown }>(db, q))[0]?.n ?? 0);
  if (messages.length > 0) {
    const n = await found(
      sql`select count(*) as n from message m where m.user_id = ${r.userId} and m.id in (${list(messages)})`,
    );
    if (n !== messages.length) throw new AppError('notFound');
  }
  if (bulletins.length > 0) {
    const n = await found(
      sql`select count(*) as n from bulletin b where b.id in (${list(bulletins)}) and ${bulletinReaches(r)}`,
    );
    if (n !== bulletins.length) throw new AppError('notFound');
  }
  if (notices.length > 0) {
    const n = await found(
      sql`select count(*) as n from maintenance_notice n where n.id in (${list(notices)}) and ${maintenanceReaches(r)}`,
    );
    if (n !== notices.length) throw new AppError('notFound');
  }
  const now = new Date(r.now).toISOString();
  await db.transaction(async (tx) => {
    if (messages.length > 0)
      await tx.execute(
        sql`update message set read_at = ${now}::timestamptz
          where user_id = ${r.userId} and read_at is null and id in (${list(messages)})`,
      );
    const shared = [...bulletins, ...notices];
    if (shared.length > 0)
      await tx.execute(
        sql`insert into notice_read (user_id, notice_id, read_at)
          select ${r.userId}::uuid, v.id, ${now}::timestamptz from unnest(array[${list(shared)}]) as v(id)
          on conflict do nothing`,
      );
  });
}

/** Marks every notice of the caller read (spec §4 "mark all read"); answers how many were unread. */
export async function markAllRead(db: Db, r: Reader): Promise<number> {
  const now = new Date(r.now).toISOString();
  return db.transaction(async (tx) => {
    const m = await query<{ id: string }>(
      tx,
      sql`update message set read_at = ${now}::timestamptz where user_id = ${r.userId} and read_at is null returning id`,
    );
    const b = await query<{ notice_id: string }>(
      tx,
      sql`insert into notice_read (user_id, notice_id, read_at)
        select ${r.userId}::uuid, b.id, ${now}::timestamptz from bulletin b where ${bulletinReaches(r)}
        on conflict do nothing returning notice_id`,
    );
    const n = await query<{ notice_id: string }>(
      tx,
      sql`insert into notice_read (user_id, notice_id, read_at)
        select ${r.userId}::uuid, n.id, ${now}::timestamptz from maintenance_notice n where ${maintenanceReaches(r)}
        on conflict do nothing returning notice_id`,
    );
    return m.length + b.length + n.length;
  });
}
