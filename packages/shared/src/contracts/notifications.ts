import { z } from 'zod';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';
import { emptyAnswer } from './empty.js';

/**
 * Alarm notifications (issue 15 items 5–6): who is told of a device event opening or closing, through which
 * channels, and the company's webhooks with their delivery log. docs/notifications.md describes the channels
 * and the job model.
 */

/** What an alarm is about, as a user chooses to hear of it: a fault, a warning, or a device gone offline. */
export const NOTIFY_SEVERITIES = ['fault', 'warning', 'offline'] as const;
export type NotifySeverity = (typeof NOTIFY_SEVERITIES)[number];

/** The channels a user may choose besides the notice centre, which always gets every alarm of a chosen severity. */
export const NOTIFY_CHANNELS = ['email', 'push', 'sms'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFICATION_LIMITS = {
  /** One digest per user and channel at most this often: a flapping alarm becomes one mail, not fifty. */
  digestMinutes: 5,
  /** Webhook attempts before a delivery is logged failed (backoff 30 s, 1, 2, 4 … minutes). */
  webhookAttempts: 6,
  webhookBackoffMs: 30_000,
  /** Webhooks per company. */
  webhooksPerCompany: 10,
  webhookUrlMax: 500,
  webhookSecretMin: 16,
  webhookSecretMax: 128,
} as const;

/** HH:MM, 00:00–23:59. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** An IANA time zone the server's Intl knows (quiet hours are read in it). */
const timeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone');

/** One rule: which alarms, which channels, when to hold back. */
export const notificationRule = z.object({
  severities: z.array(z.enum(NOTIFY_SEVERITIES)).max(NOTIFY_SEVERITIES.length),
  channels: z.array(z.enum(NOTIFY_CHANNELS)).max(NOTIFY_CHANNELS.length),
  /** Quiet hours (both or neither): mail, push and SMS wait until they end; the notice centre does not. */
  quietStart: clock.nullable(),
  quietEnd: clock.nullable(),
  timeZone,
});
export type NotificationRule = z.infer<typeof notificationRule>;

/** A plant's own rule, overriding the user's default for that plant. */
export const plantNotificationRule = notificationRule.extend({ plantId: z.string(), plantName: z.string() });
export type PlantNotificationRule = z.infer<typeof plantNotificationRule>;

export const notificationSettings = z.object({
  /** The caller's default (a built-in one until they save theirs). */
  default: notificationRule,
  plants: z.array(plantNotificationRule),
  /** Whether the server can send web push (VAPID keys exist) and the browser subscriptions the caller has. */
  pushSubscriptions: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationRuleBody = notificationRule.refine((r) => (r.quietStart === null) === (r.quietEnd === null), {
  message: 'quiet hours need both a start and an end',
  path: ['quietEnd'],
});
export type NotificationRuleBody = z.infer<typeof notificationRuleBody>;

/** The public VAPID key a browser subscribes with. */
export const pushKey = z.object({ publicKey: z.string() });

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url().max(1000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const pushUnsubscribeBody = z.object({ endpoint: z.string().max(1000) });

/** A company webhook as the console shows it: its secret never leaves the server, only whether it is set. */
export const webhookRow = z.object({
  id: z.string(),
  url: z.string(),
  enabled: z.boolean(),
  createdAt: z.number().int(),
  /** Deliveries of the last 24 hours that failed for good. */
  failed24h: z.number().int(),
});
export type WebhookRow = z.infer<typeof webhookRow>;

const webhookUrl = z.url({ protocol: /^https?$/ }).max(NOTIFICATION_LIMITS.webhookUrlMax);

export const webhookBody = z.object({
  url: webhookUrl,
  /** The HMAC-SHA256 key of X-Heliograph-Signature; write-only. */
  secret: z.string().min(NOTIFICATION_LIMITS.webhookSecretMin).max(NOTIFICATION_LIMITS.webhookSecretMax),
  enabled: z.boolean().default(true),
});
export type WebhookBody = z.input<typeof webhookBody>;

/** An edit: a secret left out keeps the one stored. */
export const webhookEditBody = z.object({
  url: webhookUrl,
  secret: z.string().min(NOTIFICATION_LIMITS.webhookSecretMin).max(NOTIFICATION_LIMITS.webhookSecretMax).optional(),
  enabled: z.boolean(),
});
export type WebhookEditBody = z.input<typeof webhookEditBody>;

export const DELIVERY_STATES = ['pending', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const webhookDeliveryRow = z.object({
  id: z.string(),
  /** `open` or `close` of the event. */
  transition: z.enum(['open', 'close']),
  code: z.string(),
  level: z.string(),
  deviceSn: z.string(),
  plantName: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.number().int(),
  /** When it was delivered (sent) or will be tried next (pending); null when it failed for good. */
  at: z.number().int().nullable(),
});
export type WebhookDeliveryRow = z.infer<typeof webhookDeliveryRow>;

export const webhookDeliveriesQuery = z.object({
  state: z.enum(DELIVERY_STATES).optional(),
  ...pageQuery,
});
/** The log's filters as the console sends them (the output type: the coerced numbers as numbers). */
export type WebhookDeliveriesQuery = Partial<z.output<typeof webhookDeliveriesQuery>>;

export const notificationContracts = contracts({
  /** The caller's notification rules: the default and each plant's own. */
  'GET /notification/settings': { answer: notificationSettings },
  /** Save the caller's default rule. */
  'POST /notification/settings': { body: notificationRuleBody, answer: notificationSettings },
  /** Save the caller's rule for one plant they can see. */
  'POST /notification/settings/plant/:id': { body: notificationRuleBody, answer: notificationSettings },
  /** Drop the plant's own rule: the default applies again. */
  'DELETE /notification/settings/plant/:id': { answer: notificationSettings },
  /** The server's public VAPID key for a browser's push subscription. */
  'GET /notification/push/key': { answer: pushKey },
  'POST /notification/push/subscribe': { body: pushSubscriptionBody, answer: emptyAnswer },
  'POST /notification/push/unsubscribe': { body: pushUnsubscribeBody, answer: emptyAnswer },
  /** The caller's company's webhooks. */
  'GET /notification/webhooks': { answer: z.array(webhookRow) },
  'POST /notification/webhooks': { body: webhookBody, answer: webhookRow },
  'POST /notification/webhook/:id': { body: webhookEditBody, answer: webhookRow },
  'DELETE /notification/webhook/:id': { answer: emptyAnswer },
  /** A webhook's delivery log, newest first. */
  'GET /notification/webhook/:id/deliveries': { query: webhookDeliveriesQuery, answer: pageOf(webhookDeliveryRow) },
});
