import { sql } from 'drizzle-orm';
import {
  NOTIFICATION_LIMITS,
  type NotificationRule,
  type NotificationRuleBody,
  type NotificationSettings,
  type PushSubscriptionBody,
  type WebhookDeliveryRow,
  type WebhookRow,
  type webhookBody,
  type webhookDeliveriesQuery,
  type webhookEditBody,
} from '@heliograph/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import { notificationRule, pushSubscription, webhook } from '../../db/schema.js';
import { findPlant } from '../../access/finders.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { DEFAULT_RULE } from './rules.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface RuleRow {
  plant_key: string;
  plant_name: string | null;
  severities: unknown;
  channels: unknown;
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
}

const ruleOf = (r: RuleRow): NotificationRule => ({
  severities: r.severities as NotificationRule['severities'],
  channels: r.channels as NotificationRule['channels'],
  quietStart: r.quiet_start,
  quietEnd: r.quiet_end,
  timeZone: r.time_zone,
});

/** The caller's notification rules, their browsers' push subscriptions and their company's webhooks. */
export class NotificationService {
  constructor(private readonly db: Db) {}

  async settings(auth: AuthContext): Promise<NotificationSettings> {
    // A plant's rule is listed while the caller still sees the plant (a share taken back hides it).
    const rows = await query<RuleRow>(
      this.db,
      sql`select r.plant_key, p.name as plant_name, r.severities, r.channels, r.quiet_start, r.quiet_end, r.time_zone
        from notification_rule r left join plant p on r.plant_key <> '' and p.id::text = r.plant_key
        where r.user_id = ${auth.userId} order by p.name`,
    );
    const own = rows.find((r) => r.plant_key === '');
    const plants: NotificationSettings['plants'] = [];
    for (const r of rows) {
      if (r.plant_key === '' || !r.plant_name) continue;
      const visible = await findPlant(this.db, auth, r.plant_key).then(
        () => true,
        () => false,
      );
      if (visible) plants.push({ ...ruleOf(r), plantId: r.plant_key, plantName: r.plant_name });
    }
    const [subs] = await query<{ n: unknown }>(
      this.db,
      sql`select count(*) as n from push_subscription where user_id = ${auth.userId}`,
    );
    return { default: own ? ruleOf(own) : DEFAULT_RULE, plants, pushSubscriptions: Number(subs?.n ?? 0) };
  }

  /** Saves the caller's default rule (plantId undefined) or their rule for a plant they can see (700 otherwise). */
  async save(auth: AuthContext, body: NotificationRuleBody, plantId?: string): Promise<NotificationSettings> {
    if (plantId !== undefined) await findPlant(this.db, auth, plantId);
    const values = {
      severities: [...new Set(body.severities)],
      channels: [...new Set(body.channels)],
      quietStart: body.quietStart,
      quietEnd: body.quietEnd,
      timeZone: body.timeZone,
      updatedAt: new Date(),
    };
    await this.db
      .insert(notificationRule)
      .values({ userId: auth.userId, plantKey: plantId ?? '', ...values })
      .onConflictDoUpdate({ target: [notificationRule.userId, notificationRule.plantKey], set: values });
    return this.settings(auth);
  }

  async dropPlantRule(auth: AuthContext, plantId: string): Promise<NotificationSettings> {
    await findPlant(this.db, auth, plantId);
    await this.db.execute(sql`delete from notification_rule where user_id = ${auth.userId} and plant_key = ${plantId}`);
    return this.settings(auth);
  }

  /** A browser allowed push: kept for the caller (a browser that was someone else's is now theirs). */
  async subscribe(auth: AuthContext, body: PushSubscriptionBody): Promise<null> {
    await this.db
      .insert(pushSubscription)
      .values({ userId: auth.userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: { userId: auth.userId, p256dh: body.keys.p256dh, auth: body.keys.auth },
      });
    return null;
  }

  async unsubscribe(auth: AuthContext, endpoint: string): Promise<null> {
    await this.db.execute(sql`delete from push_subscription where user_id = ${auth.userId} and endpoint = ${endpoint}`);
    return null;
  }

  // --- Company webhooks: the caller's company's only; another company's is "does not exist" (404).

  private company(auth: AuthContext): string {
    if (!auth.companyId) throw new AppError('notFound');
    return auth.companyId;
  }

  async webhooks(auth: AuthContext, now: number): Promise<WebhookRow[]> {
    const rows = await query<{ id: string; url: string; enabled: boolean; created_at: unknown; failed: unknown }>(
      this.db,
      sql`select w.id, w.url, w.enabled, w.created_at,
          (select count(*) from notification_delivery d where d.channel = 'webhook' and d.target = w.id
            and d.state = 'failed' and d.created_at > ${new Date(now - 86_400_000).toISOString()}::timestamptz) as failed
        from webhook w where w.company_id = ${this.company(auth)} order by w.created_at, w.id`,
    );
    return rows.map((r) => ({
      id: r.id,
      url: r.url,
      enabled: r.enabled,
      createdAt: toMs(r.created_at),
      failed24h: Number(r.failed),
    }));
  }

  private async findWebhook(auth: AuthContext, id: string, now: number): Promise<WebhookRow> {
    if (!UUID.test(id)) throw new AppError('notFound');
    const row = (await this.webhooks(auth, now)).find((w) => w.id === id);
    if (!row) throw new AppError('notFound');
    return row;
  }

  async addWebhook(auth: AuthContext, body: z.output<typeof webhookBody>, now: number): Promise<WebhookRow> {
    const companyId = this.company(auth);
    const existing = await this.webhooks(auth, now);
    if (existing.length >= NOTIFICATION_LIMITS.webhooksPerCompany)
      throw new ValidationError([{ field: 'url', rule: 'webhooksMax' }]);
    const [row] = await this.db
      .insert(webhook)
      .values({ companyId, url: body.url, secret: body.secret, enabled: body.enabled })
      .returning({ id: webhook.id });
    return this.findWebhook(auth, row?.id ?? '', now);
  }

  async editWebhook(
    auth: AuthContext,
    id: string,
    body: z.output<typeof webhookEditBody>,
    now: number,
  ): Promise<WebhookRow> {
    await this.findWebhook(auth, id, now);
    await this.db.execute(
      sql`update webhook set url = ${body.url}, enabled = ${body.enabled},
        secret = coalesce(${body.secret ?? null}, secret) where id = ${id}`,
    );
    return this.findWebhook(auth, id, now);
  }

  async removeWebhook(auth: AuthContext, id: string, now: number): Promise<null> {
    await this.findWebhook(auth, id, now);
    await this.db.execute(sql`delete from webhook where id = ${id}`);
    return null;
  }

  async deliveries(
    auth: AuthContext,
    id: string,
    q: z.output<typeof webhookDeliveriesQuery>,
    now: number,
  ): Promise<{ total: number; rows: WebhookDeliveryRow[] }> {
    await this.findWebhook(auth, id, now);
    const where = sql`d.channel = 'webhook' and d.target = ${id} ${q.state ? sql`and d.state = ${q.state}` : sql``}`;
    const [count] = await query<{ n: unknown }>(
      this.db,
      sql`select count(*) as n from notification_delivery d where ${where}`,
    );
    const rows = await query<{
      id: string;
      transition: 'open' | 'close';
      payload: { code: string; level: string; deviceSn: string; plantName: string | null };
      state: WebhookDeliveryRow['state'];
      attempts: number;
      last_error: string | null;
      created_at: unknown;
      sent_at: unknown;
      next_at: unknown;
    }>(
      this.db,
      sql`select d.id, d.transition, d.payload, d.state, d.attempts, d.last_error, d.created_at, d.sent_at, d.next_at
        from notification_delivery d where ${where}
        order by d.created_at desc, d.id limit ${q.size} offset ${(q.page - 1) * q.size}`,
    );
    return {
      total: Number(count?.n ?? 0),
      rows: rows.map((r) => ({
        id: r.id,
        transition: r.transition,
        code: r.payload.code,
        level: r.payload.level,
        deviceSn: r.payload.deviceSn,
        plantName: r.payload.plantName,
        state: r.state,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: toMs(r.created_at),
        at: r.state === 'sent' ? toMs(r.sent_at) : r.state === 'pending' ? toMs(r.next_at) : null,
      })),
    };
  }
}
