import { BellOutlined } from '@ant-design/icons';
import { Alert, App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notificationApi } from './api';

/** The service worker that shows pushed alarms (apps/web/public/notify-sw.js). */
const WORKER = '/notify-sw.js';

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const supported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/**
 * "Allow alarms in this browser": registers the service worker, asks the browser's permission, subscribes
 * with the server's VAPID key and hands the subscription to the server. `count` is how many browsers the
 * user has allowed so far.
 */
export function PushButton({ count, onChange }: { count: number; onChange: () => void }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);

  if (!supported()) return <Alert type="info" showIcon title={t('notifications.pushUnsupported')} />;

  const allow = async () => {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        void message.warning(t('notifications.pushDenied'));
        return;
      }
      const reg = await navigator.serviceWorker.register(WORKER);
      await navigator.serviceWorker.ready;
      const { publicKey } = await notificationApi.pushKey();
      const sub =
        (await reg.pushManager.getSubscription()) ??
        (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      const json = sub.toJSON();
      await notificationApi.subscribe({
        endpoint: sub.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      });
      void message.success(t('notifications.pushOn'));
      onChange();
    } catch {
      void message.error(t('notifications.pushFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hg-notify-push">
      <Typography.Text type="secondary">{t('notifications.pushCount', { count })}</Typography.Text>
      <Button icon={<BellOutlined />} onClick={() => void allow()} loading={busy} data-testid="push-allow">
        {t('notifications.pushAllow')}
      </Button>
    </div>
  );
}
