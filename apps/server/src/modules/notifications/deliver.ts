import { sql } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { mailText, NOTIFICATION_LIMITS, parseLang, type Lang } from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import type { Mailer } from '../../mail/mailer.js';
import { alarmLine, idArray, LEASE_MS, type AlarmFacts } from './fanout.js';
import type { PushTransport } from './push.js';
import type { SmsSender } from './sms.js';
import { postWebhook, webhookBodyOf } from './webhook-post.js';

export interface DeliverDeps {
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  push: PushTransport | undefined;
  sms: SmsSender;
  now: () => number;
  /** Lets the console's requests go first between bounded writes (Foreground.turn); a plain yield if unset. */
  turn?: () => Promise<void>;
}

/** Deliveries one claim takes. */
export const DELIVERY_BATCH = 500;
/**
 * Rows one state change writes at once. On embedded PGlite a statement holds the event loop while it runs:
 * marking a 10,000-alarm digest sent in one statement stalled it for 0.8 s, 250 rows take tens of ms.
 */
export const WRITE_SLICE = 250;

/** A turn of the event loop, so sockets are polled between bounded writes. */
const yieldTurn = (): Promise<void> => nextTurn();

/** Runs `write` over `ids` a slice at a time, letting other work in between. */
async function inSlices(
  ids: readonly string[],
  write: (slice: readonly string[]) => Promise<unknown>,
  turn: () => Promise<void> = yieldTurn,
): Promise<void> {
  for (let i = 0; i < ids.length; i += WRITE_SLICE) {
    if (i > 0) await turn();
    await write(ids.slice(i, i + WRITE_SLICE));
  }
}
/** Webhook POSTs in flight at once per instance: a slow receiver cannot hold up the rest for long. */
const WEBHOOK_CONCURRENCY = 8;

const iso = (ms: number) => new Date(ms).toISOString();

interface Claimed {
  id: string;
  channel: 'email' | 'push' | 'sms' | 'webhook';
  target: string;
  payload: AlarmFacts;
  attempts: number;
  created_at: unknown;
}

/** The wait before attempt n+1 (n ≥ 1): 30 s, 1 min, 2 min, 4 min … */
export const backoffMs = (attempts: number): number =>
  NOTIFICATION_LIMITS.webhookBackoffMs * 2 ** Math.max(0, attempts - 1);

/** Leases due deliveries of some channels (FOR UPDATE SKIP LOCKED: instances never take the same row). */
async function claim(db: Db, channels: readonly string[], now: number, limit: number): Promise<Claimed[]> {
  return query<Claimed>(
    db,
    sql`update notification_delivery set claimed_until = ${iso(now + LEASE_MS)}::timestamptz
      where id in (
        select id from notification_delivery
        where state = 'pending' and channel = any(${`{${channels.join(',')}}`}::text[])
          and next_at <= ${iso(now)}::timestamptz
          and (claimed_until is null or claimed_until < ${iso(now)}::timestamptz)
        order by target, created_at limit ${limit}
        for update skip locked)
      returning id, channel, target, payload, attempts, created_at`,
  );
}

async function markSent(db: Db, ids: readonly string[], now: number, turn?: () => Promise<void>): Promise<void> {
  await inSlices(
    ids,
    (slice) =>
      db.execute(sql`update notification_delivery set state = 'sent', sent_at = ${iso(now)}::timestamptz,
      attempts = attempts + 1, last_error = null, claimed_until = null
    where id = any(${idArray(slice)}::uuid[])`),
    turn,
  );
}

/** A failed attempt: tried again after the backoff, or failed for good after the last attempt. */
async function markFailed(
  db: Db,
  ids: readonly string[],
  attempts: number,
  error: string,
  now: number,
  turn?: () => Promise<void>,
): Promise<void> {
  const last = attempts + 1 >= NOTIFICATION_LIMITS.webhookAttempts;
  await inSlices(
    ids,
    (slice) =>
      db.execute(sql`update notification_delivery set attempts = attempts + 1, last_error = ${error.slice(0, 500)},
      state = ${last ? 'failed' : 'pending'}, next_at = ${iso(now + backoffMs(attempts + 1))}::timestamptz,
      claimed_until = null
    where id = any(${idArray(slice)}::uuid[])`),
    turn,
  );
}

/** Gives up on deliveries that cannot be made (no address, webhook removed): failed at once, with why. */
async function markUndeliverable(
  db: Db,
  ids: readonly string[],
  error: string,
  turn?: () => Promise<void>,
): Promise<void> {
  await inSlices(
    ids,
    (slice) =>
      db.execute(sql`update notification_delivery set state = 'failed', last_error = ${error},
      attempts = attempts + 1, claimed_until = null where id = any(${idArray(slice)}::uuid[])`),
    turn,
  );
}

/**
 * E-mail, web push and SMS go as digests: every due delivery of one user on one channel in one message, and
 * at most one message per user and channel every NOTIFICATION_LIMITS.digestMinutes (what comes meanwhile
 * waits for the end of the window and goes together). Answers how many deliveries it handled.
 */
export async function sendDigests(deps: DeliverDeps): Promise<number> {
  const { db, turn } = deps;
  const now = deps.now();
  const rows = await claim(db, ['email', 'push', 'sms'], now, DELIVERY_BATCH);
  if (rows.length === 0) return 0;
  const groups = new Map<string, Claimed[]>();
  for (const r of rows) {
    const key = `${r.channel}/${r.target}`;
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  const users = await query<{ id: string; email: string; phone: string; language: string }>(
    db,
    sql`select id, email, phone, language from app_user where id = any(${idArray([...new Set(rows.map((r) => r.target))])}::uuid[])`,
  );
  const userOf = new Map(users.map((u) => [u.id, u]));
  const windowMs = NOTIFICATION_LIMITS.digestMinutes * 60_000;

  for (const list of groups.values()) {
    const first = list[0];
    if (!first) continue;
    const { channel, target } = first;
    const ids = list.map((r) => r.id);
    const user = userOf.get(target);
    if (!user) {
      await markUndeliverable(db, ids, 'user removed', turn);
      continue;
    }
    // One message per window: the window's later alarms wait for its end and go together.
    const [last] = await query<{ last_at: unknown }>(
      db,
      sql`select last_at from notification_digest where user_id = ${target} and channel = ${channel}`,
    );
    const openAt = last ? toMs(last.last_at) + windowMs : now;
    if (openAt > now) {
      await inSlices(
        ids,
        (slice) =>
          db.execute(sql`update notification_delivery set next_at = ${iso(openAt)}::timestamptz, claimed_until = null
        where id = any(${idArray(slice)}::uuid[])`),
        turn,
      );
      continue;
    }
    // The rest of this user's due alarms on the channel (beyond this claim's batch) go in the same digest,
    // claimed a batch at a time: a region offline is tens of thousands of rows for one administrator.
    for (;;) {
      const more = await query<Claimed>(
        db,
        sql`update notification_delivery set claimed_until = ${iso(now + LEASE_MS)}::timestamptz
          where id in (
            select id from notification_delivery
            where state = 'pending' and channel = ${channel} and target = ${target}
              and next_at <= ${iso(now)}::timestamptz
              and (claimed_until is null or claimed_until < ${iso(now)}::timestamptz)
            limit ${DELIVERY_BATCH}
            for update skip locked)
          returning id, channel, target, payload, attempts, created_at`,
      );
      for (const r of more) {
        list.push(r);
        ids.push(r.id);
      }
      if (more.length < DELIVERY_BATCH) break;
      await (turn ?? yieldTurn)();
    }
    const lang = parseLang(user.language);
    const facts = list.map((r) => r.payload).sort((a, b) => a.at - b.at);
    try {
      if (channel === 'email') {
        if (!user.email) {
          await markUndeliverable(db, ids, 'no e-mail address', turn);
          continue;
        }
        await deps.mailer.send({ to: user.email, ...digestMail(facts, lang) });
      } else if (channel === 'sms') {
        if (!user.phone) {
          await markUndeliverable(db, ids, 'no phone number', turn);
          continue;
        }
        await deps.sms.send(user.phone, digestText(facts, lang));
      } else {
        const sent = await sendPush(deps, target, facts, lang);
        if (!sent) {
          await markUndeliverable(db, ids, deps.push ? 'no browser subscribed' : 'web push not available', turn);
          continue;
        }
      }
    } catch (err) {
      deps.log.warn({ err, channel, target }, 'notification digest not sent');
      await markFailed(db, ids, Math.max(...list.map((r) => r.attempts)), errorText(err), now, turn);
      continue;
    }
    await markSent(db, ids, now, turn);
    await db.execute(sql`insert into notification_digest (user_id, channel, last_at)
      values (${target}, ${channel}, ${iso(now)}::timestamptz)
      on conflict (user_id, channel) do update set last_at = excluded.last_at`);
  }
  return rows.length;
}

function digestMail(facts: readonly AlarmFacts[], lang: Lang): { subject: string; text: string } {
  const lines = facts.map((f) => alarmLine(f, lang));
  if (lines.length === 1) return { subject: lines[0] ?? '', text: digestText(facts, lang) };
  return { subject: mailText('digestSubject', lang, { count: String(lines.length) }), text: digestText(facts, lang) };
}

/** Alarms a digest lists one by one; the rest are counted (a region offline is thousands). */
const DIGEST_LINES = 50;

function digestText(facts: readonly AlarmFacts[], lang: Lang): string {
  const lines = facts
    .slice(0, DIGEST_LINES)
    .map((f) => `- ${new Date(f.at).toISOString().slice(0, 16).replace('T', ' ')} UTC  ${alarmLine(f, lang)}`);
  if (facts.length > DIGEST_LINES)
    lines.push(mailText('digestMore', lang, { count: String(facts.length - DIGEST_LINES) }));
  return [mailText('digestIntro', lang), '', ...lines].join('\n');
}

/** Sends the digest to every browser the user allowed; forgets those their push service says are gone. */
async function sendPush(deps: DeliverDeps, userId: string, facts: readonly AlarmFacts[], lang: Lang): Promise<boolean> {
  if (!deps.push) return false;
  const subs = await query<{ id: string; endpoint: string; p256dh: string; auth: string }>(
    deps.db,
    sql`select id, endpoint, p256dh, auth from push_subscription where user_id = ${userId}`,
  );
  if (subs.length === 0) return false;
  const lastFact = facts[facts.length - 1];
  const payload = JSON.stringify({
    title:
      facts.length === 1 && lastFact
        ? alarmLine(lastFact, lang)
        : mailText('digestSubject', lang, { count: String(facts.length) }),
    body: facts.map((f) => alarmLine(f, lang)).join('\n'),
    url: '/notice',
  });
  let reached = 0;
  let lastError: unknown;
  for (const s of subs) {
    try {
      const { gone } = await deps.push.send(s, payload);
      if (gone) await deps.db.execute(sql`delete from push_subscription where id = ${s.id}`);
      else reached++;
    } catch (err) {
      lastError = err;
    }
  }
  if (reached === 0 && lastError) throw lastError;
  return reached > 0;
}

/** What went wrong, with its cause (fetch says only "fetch failed"; the cause says ENOTFOUND, ECONNREFUSED …). */
function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ((err.cause as Error & { code?: string }).code ?? err.cause.message) : '';
  return cause ? `${err.message} (${cause})` : err.message;
}

/**
 * Webhooks: each due delivery POSTed on its own (machines read them, not people), signed; a failure is tried
 * again with exponential backoff and logged failed after the last attempt. Answers how many it handled.
 */
export async function sendWebhooks(deps: DeliverDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const rows = await claim(db, ['webhook'], now, DELIVERY_BATCH);
  if (rows.length === 0) return 0;
  const hooks = await query<{ id: string; url: string; secret: string; enabled: boolean }>(
    db,
    sql`select id, url, secret, enabled from webhook where id = any(${idArray([...new Set(rows.map((r) => r.target))])}::uuid[])`,
  );
  const hookOf = new Map(hooks.map((h) => [h.id, h]));
  let next = 0;
  const worker = async () => {
    for (let r = rows[next++]; r; r = rows[next++]) {
      const hook = hookOf.get(r.target);
      if (!hook || !hook.enabled) {
        await markUndeliverable(db, [r.id], hook ? 'webhook disabled' : 'webhook removed');
        continue;
      }
      try {
        await postWebhook(hook.url, hook.secret, r.id, webhookBodyOf(r.id, r.payload, now));
        await markSent(db, [r.id], now);
      } catch (err) {
        await markFailed(db, [r.id], r.attempts, errorText(err), now);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WEBHOOK_CONCURRENCY, rows.length) }, worker));
  return rows.length;
}
