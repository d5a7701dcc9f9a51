import { LIMITS } from '@heliograph/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Modal, Select, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommandStatusTag } from '../device-common/CommandStatusTag';
import { inverterApi } from '../inverters';
import { templateApi, type ApplyResult, type ConfigTemplate } from './api';

/**
 * Apply a template to one or several inverters (at most 50, spec §9 batch limit): each gets its own
 * settingsWrite command and the dialog lists how each ended.
 */
export function ApplyDialog({ template, onClose }: { template: ConfigTemplate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sns, setSns] = useState<string[]>([]);
  const [results, setResults] = useState<ApplyResult[] | null>(null);
  useEffect(() => {
    setSns([]);
    setResults(null);
    setSearch('');
  }, [template]);

  const candidates = useQuery({
    queryKey: ['configTemplates', 'candidates', search, template?.model],
    queryFn: () =>
      inverterApi.list({
        page: 1,
        size: 50,
        ...(search ? { q: search } : {}),
        ...(template?.model ? { model: template.model } : {}),
      }),
    enabled: !!template,
  });
  const apply = useMutation({
    mutationFn: () => templateApi.apply(template?.id ?? '', sns),
    onSuccess: setResults,
  });

  const options = (candidates.data?.rows ?? [])
    .filter((r) => r.writable && r.protocol === template?.protocol)
    .map((r) => ({
      value: r.sn,
      label: `${r.sn}${r.alias ? ` · ${r.alias}` : ''}${r.plantName ? ` — ${r.plantName}` : ''}`,
    }));

  return (
    <Modal
      open={!!template}
      title={t('configTemplates.applyTitle', { name: template?.name ?? '' })}
      okText={results ? t('configTemplates.close') : t('configTemplates.apply')}
      cancelText={t('configTemplates.cancel')}
      okButtonProps={{ disabled: !results && sns.length === 0, id: 'apply-confirm' }}
      confirmLoading={apply.isPending}
      onOk={() => (results ? onClose() : apply.mutate())}
      onCancel={onClose}
      width={680}
      destroyOnHidden
      data-testid="apply-dialog"
    >
      {!results ? (
        <>
          <p>{t('configTemplates.applyHint', { max: LIMITS.batchInverterUpgrade })}</p>
          <Select
            mode="multiple"
            className="hg-tpl-pick"
            value={sns}
            onChange={(v: string[]) => setSns(v.slice(0, LIMITS.batchInverterUpgrade))}
            showSearch
            filterOption={false}
            onSearch={setSearch}
            loading={candidates.isFetching}
            options={options}
            placeholder={t('configTemplates.pickInverters')}
            aria-label={t('configTemplates.pickInverters')}
            notFoundContent={candidates.isFetching ? null : t('configTemplates.noCandidates')}
            maxCount={LIMITS.batchInverterUpgrade}
            data-testid="apply-inverters"
          />
          {apply.isPending && (
            <Alert type="info" showIcon className="hg-tpl-alert" message={t('configTemplates.applying')} />
          )}
        </>
      ) : (
        <Table<ApplyResult>
          rowKey="sn"
          size="small"
          pagination={false}
          dataSource={results}
          data-testid="apply-results"
          columns={[
            { title: t('configTemplates.inverter'), dataIndex: 'sn' },
            {
              title: t('configTemplates.result'),
              key: 'status',
              render: (_: unknown, r) =>
                r.status === 'refused' ? (
                  <Tag color="error">{t('configTemplates.refused')}</Tag>
                ) : (
                  <CommandStatusTag status={r.status} />
                ),
            },
            {
              title: t('configTemplates.reason'),
              key: 'reason',
              render: (_: unknown, r) =>
                r.status === 'refused' && r.code !== null
                  ? t(`configTemplates.refusals.${r.code}`, { defaultValue: r.error ?? String(r.code) })
                  : (r.error ?? '--'),
            },
          ]}
        />
      )}
    </Modal>
  );
}
