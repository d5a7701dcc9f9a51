import { CloudServerOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Result, Select, Skeleton, Steps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MigrationStatus } from '@heliograph/shared';
import { call } from '../../api/call';
import { fetchMigrationStatus, MIGRATION_KEY } from './migrationApi';

const ACTIVE = new Set(['submitted', 'in_progress']);

/** Moving the account to another region (spec §4): the peers, the request, and where it stands. */
export function MigrationTab({ readOnly }: { readOnly: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [region, setRegion] = useState<string | undefined>();
  const { data, isLoading, isError, refetch } = useQuery({
    queryKey: MIGRATION_KEY,
    queryFn: fetchMigrationStatus,
    refetchOnMount: 'always',
    // While it moves, the page follows it.
    refetchInterval: (q) => (ACTIVE.has(q.state.data?.migration?.status ?? '') ? 5000 : false),
  });

  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError || !data) {
    return (
      <Result
        status="warning"
        title={t('accountPersonal.migration.loadFailed')}
        extra={<Button onClick={() => void refetch()}>{t('accountPersonal.retry')}</Button>}
      />
    );
  }
  if (!data.enabled) {
    return <Alert type="info" showIcon title={t('accountPersonal.migration.off')} data-testid="migration-off" />;
  }

  const m = data.migration;
  const incoming = m && m.toRegion === data.region ? m : null;
  const outgoing = m && m.toRegion !== data.region ? m : null;
  const busy = outgoing && ACTIVE.has(outgoing.status) ? outgoing : null;

  function ask(): void {
    if (!region) return;
    modal.confirm({
      title: t('accountPersonal.migration.confirmTitle', { region: regionName(region) }),
      content: t('accountPersonal.migration.confirm'),
      okText: t('accountPersonal.migration.submit'),
      cancelText: t('accountPersonal.cancel'),
      onOk: async () => {
        const next = await call('POST /user/migrate', { body: { region } });
        queryClient.setQueryData<MigrationStatus>(MIGRATION_KEY, next);
      },
    });
  }

  function regionName(code: string): string {
    return t(`accountPersonal.migration.regions.${code}`, { defaultValue: code.toUpperCase() });
  }

  return (
    <div className="hg-account-migration" data-testid="migration">
      <p className="hg-account-hint">
        {t('accountPersonal.migration.hint', { region: regionName(data.region ?? '') })}
      </p>
      {outgoing ? (
        <Steps
          className="hg-account-migration-steps"
          size="small"
          current={outgoing.status === 'submitted' ? 0 : outgoing.status === 'in_progress' ? 1 : 2}
          status={outgoing.status === 'failed' ? 'error' : outgoing.status === 'migrated' ? 'finish' : 'process'}
          items={[
            { title: t('accountPersonal.migration.state.submitted') },
            { title: t('accountPersonal.migration.state.in_progress') },
            {
              title:
                outgoing.status === 'failed'
                  ? t('accountPersonal.migration.state.failed')
                  : t('accountPersonal.migration.state.migrated'),
            },
          ]}
        />
      ) : null}
      {outgoing?.status === 'failed' ? (
        <Alert type="error" showIcon title={t('accountPersonal.migration.failed')} className="hg-account-alert" />
      ) : null}
      {incoming ? (
        <Alert
          type="success"
          showIcon
          title={t('accountPersonal.migration.arrived', { region: regionName(incoming.fromRegion) })}
          className="hg-account-alert"
        />
      ) : null}
      {data.refusal ? (
        <Alert
          type="warning"
          showIcon
          title={t(`accountPersonal.migration.refusal.${data.refusal}`)}
          className="hg-account-alert"
          data-testid="migration-refusal"
        />
      ) : busy ? (
        <Alert
          type="info"
          showIcon
          title={t('accountPersonal.migration.moving', { region: regionName(busy.toRegion) })}
          className="hg-account-alert"
        />
      ) : (
        <Form layout="vertical" className="hg-account-migration-form" onFinish={ask}>
          <Form.Item label={t('accountPersonal.migration.target')} htmlFor="migration-region">
            <Select
              id="migration-region"
              value={region}
              onChange={setRegion}
              disabled={readOnly || data.peers.length === 0}
              placeholder={t('accountPersonal.migration.choose')}
              options={data.peers.map((p) => ({ value: p.region, label: `${regionName(p.region)} — ${p.url}` }))}
              data-testid="migration-region"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<CloudServerOutlined />}
            disabled={readOnly || !region}
            data-testid="migration-submit"
          >
            {t('accountPersonal.migration.submit')}
          </Button>
        </Form>
      )}
    </div>
  );
}
