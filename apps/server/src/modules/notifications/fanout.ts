import { sql } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  MESSAGE_TYPE,
  mailText,
  parseLang,
  type Lang,
  type NotificationRule,
  type NotifyChannel,
  type NotifySeverity,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import { notificationDelivery } from '../../db/schema.js';
import type { MessageBus } from '../mqtt/bus.js';
import { postMessages, type NewMessage } from '../messages/post.js';
import { DEFAULT_RULE, quietUntil, severityOf } from './rules.js';

/** What every channel says about one event that opened or closed (the delivery row's payload). */
export interface AlarmFacts {
  eventId: string;
  transition: 'open' | 'close';
  code: string;
  level: string;
  severity: NotifySeverity;
  message: string | null;
  deviceSn: string;
  plantId: string | null;
  plantName: string | null;
  /** When it opened or closed (Unix ms). */
  at: number;
}

/** Jobs one claim takes: a burst of 10,000 events goes out in bounded transactions, a few hundred at a time. */
export const JOB_BATCH = 200;
/** Delivery rows one INSERT writes (about 30 ms on PGlite; 500 took 300–400 ms under load). */
const INSERT_SLICE = 100;
/** How long a claim is an instance's: after that (it died mid-way), another instance takes the jobs again. */
export const LEASE_MS = 60_000;

const iso = (ms: number) => new Date(ms).toISOString();
/** Ids read from the database as a Postgres array literal (uuids and numbers: nothing to escape). */
export const idArray = (ids: readonly (string | number)[]): string => `{${ids.join(',')}}`;

interface JobRow {
  job_id: string | number;
  transition: 'open' | 'close';
  event_id: string;
  code: string;
  level: string;
  message: string | null;
  raised_at: unknown;
  cleared_at: unknown;
  device_sn: string;
  plant_id: string | null;
  plant_name: string | null;
  company_id: string | null;
}

interface WatcherRow {
  plant_id: string;
  user_id: string;
  language: string;
  plant_key: string | null;
  severities: unknown;
  channels: unknown;
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string | null;
}

interface Watcher {
  userId: string;
  lang: Lang;
  rule: NotificationRule;
}

/** The words of an alarm in one language: the notice centre's title and a digest's line. */
export function alarmLine(f: AlarmFacts, lang: Lang): string {
  const level =
    f.severity === 'fault'
      ? mailText('levelFault', lang)
      : f.severity === 'warning'
        ? mailText('levelWarning', lang)
        : mailText('levelOffline', lang);
  return mailText(f.transition === 'open' ? 'alarmOpen' : 'alarmClose', lang, {
    level,
    plant: f.plantName ?? mailText('noPlant', lang),
    code: f.code,
    device: f.deviceSn,
  });
}

/**
 * Claims a batch of jobs (events that opened or closed) and fans each out: a message in the notice centre of
 * every watcher whose rule asks for its severity, a delivery row per further channel they chose, and one per
 * enabled webhook of the plant's company. Every write is idempotent (a message's `source`, a delivery's unique
 * key), so a batch taken again after a lease ran out repeats nothing; the job is marked done last. Answers how
 * many jobs it took.
 */
/** An event older than this when it reaches the server tells no person (only webhooks). */
export const STALE_MS = 24 * 60 * 60_000;

export async function fanOutBatch(deps: {
  db: Db;
  bus?: MessageBus | undefined;
  now: () => number;
  turn?: () => Promise<void>;
}): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const claimed = await query<{ id: string | number }>(
    db,
    sql`update notification_job set claimed_until = ${iso(now + LEASE_MS)}::timestamptz
      where id in (
        select id from notification_job
        where done_at is null and (claimed_until is null or claimed_until < ${iso(now)}::timestamptz)
        order by id limit ${JOB_BATCH}
        for update skip locked)
      returning id`,
  );
  if (claimed.length === 0) return 0;
  const jobIds = claimed.map((r) => r.id);

  const jobs = await query<JobRow>(
    db,
    sql`select j.id as job_id, j.transition, e.id as event_id, e.code, e.level, e.message, e.raised_at, e.cleared_at,
        d.sn as device_sn, p.id as plant_id, p.name as plant_name, p.company_id
      from notification_job j
        join device_event e on e.id = j.event_id
        join device d on d.id = e.device_id
        left join plant p on p.id = e.plant_id and p.deleted_at is null
      where j.id = any(${idArray(jobIds)}::bigint[])`,
  );

  const plantIds = [...new Set(jobs.flatMap((j) => (j.plant_id ? [j.plant_id] : [])))];
  const watchers = await watchersOf(db, plantIds);
  const companyIds = [...new Set(jobs.flatMap((j) => (j.company_id ? [j.company_id] : [])))];
  const hooks = companyIds.length
    ? await query<{ id: string; company_id: string }>(
        db,
        sql`select id, company_id from webhook where enabled and company_id = any(${idArray(companyIds)}::uuid[])`,
      )
    : [];

  const messages: NewMessage[] = [];
  const deliveries: (typeof notificationDelivery.$inferInsert)[] = [];
  for (const j of jobs) {
    const severity = severityOf(j.level, j.code);
    if (!severity) continue;
    const facts: AlarmFacts = {
      eventId: j.event_id,
      transition: j.transition,
      code: j.code,
      level: j.level,
      severity,
      message: j.message,
      deviceSn: j.device_sn,
      plantId: j.plant_id,
      plantName: j.plant_name,
      at: toMs(j.transition === 'open' ? j.raised_at : (j.cleared_at ?? j.raised_at)),
    };
    const source = `event:${j.event_id}:${j.transition}`;
    // History a gateway uploads late (a backfill, a week offline) is not news to people: the event list has
    // it, and nobody is woken for a fault of last Tuesday. Webhooks still get it: machines want every event.
    const stale = now - facts.at > STALE_MS;
    for (const w of stale ? [] : (j.plant_id && watchers.get(j.plant_id)) || []) {
      if (!w.rule.severities.includes(severity)) continue;
      messages.push({
        userId: w.userId,
        type: MESSAGE_TYPE.alarm,
        title: alarmLine(facts, w.lang),
        content: j.message ?? '',
        ...(j.plant_id ? { plantId: j.plant_id } : {}),
        deviceSn: j.device_sn,
        source,
      });
      // Quiet hours hold the other channels back until they end; the notice centre shows it at once.
      const at = quietUntil(w.rule, now) ?? now;
      for (const channel of new Set<NotifyChannel>(w.rule.channels)) {
        deliveries.push({
          channel,
          target: w.userId,
          eventId: j.event_id,
          transition: j.transition,
          payload: facts,
          nextAt: new Date(at),
        });
      }
    }
    for (const h of hooks) {
      if (h.company_id !== j.company_id) continue;
      deliveries.push({
        channel: 'webhook',
        target: h.id,
        eventId: j.event_id,
        transition: j.transition,
        payload: facts,
        nextAt: new Date(now),
      });
    }
  }

  const turn = deps.turn ?? ((): Promise<void> => nextTurn());
  await postMessages({ db, bus: deps.bus, turn }, messages);
  // Bounded statements with a turn between: on PGlite each one holds the event loop while it runs.
  for (let i = 0; i < deliveries.length; i += INSERT_SLICE) {
    if (i > 0) await turn();
    await db
      .insert(notificationDelivery)
      .values(deliveries.slice(i, i + INSERT_SLICE))
      .onConflictDoNothing();
  }
  await db.execute(
    sql`update notification_job set done_at = ${iso(now)}::timestamptz where id = any(${idArray(jobIds)}::bigint[])`,
  );
  return claimed.length;
}

/**
 * Who watches each plant: its owner, its installer, its company's administrators (the named one and every
 * account of the built-in administrator role), the users it is shared with,
 * and the company's own staff who saved a rule for it (never a customer of the company, who sees only their
 * own plants). Each with the rule that applies: the plant's own, else their default, else DEFAULT_RULE.
 */
async function watchersOf(db: Db, plantIds: readonly string[]): Promise<Map<string, Watcher[]>> {
  const byPlant = new Map<string, Watcher[]>();
  if (plantIds.length === 0) return byPlant;
  const ids = sql`${idArray(plantIds)}::uuid[]`;
  const rows = await query<WatcherRow>(
    db,
    sql`select w.plant_id, u.id as user_id, u.language, r.plant_key, r.severities, r.channels, r.quiet_start,
        r.quiet_end, r.time_zone
      from (
        select id as plant_id, owner_id as user_id from plant where id = any(${ids}) and owner_id is not null
        union select id, installer_id from plant where id = any(${ids}) and installer_id is not null
        union select p.id, c.admin_id from plant p join company c on c.id = p.company_id
          where p.id = any(${ids}) and c.admin_id is not null
        union select p.id, u.id from plant p
          join app_user u on u.company_id = p.company_id
          join role ro on ro.id = u.role_id and ro.key = 'company_admin' and ro.company_id is null
          where p.id = any(${ids})
        union select plant_id, user_id from plant_share where plant_id = any(${ids})
        union select p.id, u.id from plant p
          join notification_rule nr on nr.plant_key = p.id::text
          join app_user u on u.id = nr.user_id and u.company_id = p.company_id
          join role ro on ro.id = u.role_id
          where p.id = any(${ids}) and ro.key <> 'customer' and coalesce(ro.base, '') <> 'customer'
      ) w
      join app_user u on u.id = w.user_id and not u.disabled
      left join notification_rule r on r.user_id = u.id and r.plant_key in (w.plant_id::text, '')`,
  );
  const chosen = new Map<string, { row: WatcherRow; plantRule: boolean }>();
  for (const r of rows) {
    const key = `${r.plant_id}/${r.user_id}`;
    const plantRule = r.plant_key !== null && r.plant_key !== '';
    const had = chosen.get(key);
    if (!had || (plantRule && !had.plantRule)) chosen.set(key, { row: r, plantRule });
  }
  for (const { row } of chosen.values()) {
    const rule: NotificationRule =
      row.plant_key === null
        ? DEFAULT_RULE
        : {
            severities: row.severities as NotificationRule['severities'],
            channels: row.channels as NotificationRule['channels'],
            quietStart: row.quiet_start,
            quietEnd: row.quiet_end,
            timeZone: row.time_zone ?? 'UTC',
          };
    const list = byPlant.get(row.plant_id) ?? [];
    list.push({ userId: row.user_id, lang: parseLang(row.language), rule });
    byPlant.set(row.plant_id, list);
  }
  return byPlant;
}
