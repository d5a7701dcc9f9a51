import type { NotificationRuleBody, NotificationSettings } from '@heliograph/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { notificationApi, notificationKeys } from './api';
import { PlantRules } from './PlantRules';
import { PushButton } from './PushButton';
import { RuleForm } from './RuleForm';
import { Webhooks } from './Webhooks';
import './notifications.css';

/**
 * /edit/notifications — alarm notifications (issue 15; spec §2.3 "notifications … device alarm, push"): which
 * alarms reach the user and how (the notice centre always; e-mail, web push, SMS), quiet hours in their time
 * zone, a plant's own rule, this browser's push permission, and for those who manage the company, its webhooks.
 */
export default function NotificationSettingsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { held } = usePermissions();
  const settings = useQuery({ queryKey: notificationKeys.settings, queryFn: notificationApi.settings });
  const store = (next: NotificationSettings) => queryClient.setQueryData(notificationKeys.settings, next);

  if (settings.isLoading)
    return (
      <div className="hg-page-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (!settings.data)
    return (
      <LoadFailed
        card
        title={t('notifications.loadFailed')}
        retry={settings.refetch}
        retryText={t('notifications.retry')}
      />
    );
  const data = settings.data;

  return (
    <div className="hg-notify">
      <section className="hg-page-card" aria-labelledby="notify-title">
        <h1 id="notify-title" className="hg-notify-title">
          {t('notifications.title')}
        </h1>
        <p className="hg-notify-hint">{t('notifications.hint')}</p>
        <h2 className="hg-notify-heading">{t('notifications.defaultRule')}</h2>
        <RuleForm
          rule={data.default}
          testId="notify-default-form"
          onSave={async (body: NotificationRuleBody) => {
            store(await notificationApi.saveDefault(body));
            void message.success(t('notifications.saved'));
          }}
        />
      </section>
      <section className="hg-page-card" aria-labelledby="notify-plants">
        <h2 id="notify-plants" className="hg-notify-heading">
          {t('notifications.plantRules')}
        </h2>
        <p className="hg-notify-hint">{t('notifications.plantRulesHint')}</p>
        <PlantRules
          plants={data.plants}
          fallback={data.default}
          onSave={async (id, body) => store(await notificationApi.savePlant(id, body))}
          onDrop={async (id) => store(await notificationApi.dropPlant(id))}
        />
      </section>
      <section className="hg-page-card" aria-labelledby="notify-push">
        <h2 id="notify-push" className="hg-notify-heading">
          {t('notifications.push')}
        </h2>
        <p className="hg-notify-hint">{t('notifications.pushHint')}</p>
        <PushButton count={data.pushSubscriptions} onChange={() => void settings.refetch()} />
      </section>
      {held.has('company.info') ? (
        <section className="hg-page-card" aria-labelledby="notify-hooks">
          <h2 id="notify-hooks" className="hg-notify-heading">
            {t('notifications.webhooks')}
          </h2>
          <p className="hg-notify-hint">{t('notifications.webhooksHint')}</p>
          <Webhooks />
        </section>
      ) : null}
    </div>
  );
}
