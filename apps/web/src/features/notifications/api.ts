import type {
  NotificationRuleBody,
  PushSubscriptionBody,
  WebhookBody,
  WebhookDeliveriesQuery,
  WebhookEditBody,
} from '@heliograph/shared';
import { call } from '../../api/call';

/** Alarm notification calls (contract in packages/shared/src/contracts/notifications.ts). */
export const notificationApi = {
  settings: () => call('GET /notification/settings', {}),
  saveDefault: (body: NotificationRuleBody) => call('POST /notification/settings', { body }),
  savePlant: (id: string, body: NotificationRuleBody) =>
    call('POST /notification/settings/plant/:id', { params: { id }, body }),
  dropPlant: (id: string) => call('DELETE /notification/settings/plant/:id', { params: { id } }),
  pushKey: () => call('GET /notification/push/key', {}),
  subscribe: (body: PushSubscriptionBody) => call('POST /notification/push/subscribe', { body }),
  unsubscribe: (endpoint: string) => call('POST /notification/push/unsubscribe', { body: { endpoint } }),
  plants: (keyword: string) => call('GET /plants', { query: { ...(keyword ? { keyword } : {}), page: 1, size: 20 } }),
  webhooks: () => call('GET /notification/webhooks', {}),
  addWebhook: (body: WebhookBody) => call('POST /notification/webhooks', { body }),
  editWebhook: (id: string, body: WebhookEditBody) => call('POST /notification/webhook/:id', { params: { id }, body }),
  removeWebhook: (id: string) => call('DELETE /notification/webhook/:id', { params: { id } }),
  deliveries: (id: string, query: WebhookDeliveriesQuery) =>
    call('GET /notification/webhook/:id/deliveries', { params: { id }, query }),
};

export const notificationKeys = {
  settings: ['notifications', 'settings'] as const,
  plants: (q: string) => ['notifications', 'plants', q] as const,
  webhooks: ['notifications', 'webhooks'] as const,
  deliveries: (id: string, q: WebhookDeliveriesQuery) => ['notifications', 'deliveries', id, q] as const,
};
