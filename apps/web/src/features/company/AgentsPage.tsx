import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Grid, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { AGENT_LEVELS, fieldMessage, isValidEmail } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { applyServerErrors, setFieldError } from '../../api/formErrors';
import { Quantity } from '../../components/Quantity';
import { currentLang } from '../../i18n';
import { LoadFailed } from '../device-common/LoadFailed';
import { companyApi, companyKeys, type AgentLevel, type AgentRow, type ServedRow } from './api';
import { formatTime } from '../../components/fileFormat';
import './company.css';

interface AppointValues {
  account: string;
  level: AgentLevel;
}

function AppointForm(): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AppointValues>();
  const appoint = useMutation({
    mutationFn: (v: AppointValues) => companyApi.appoint({ account: v.account.trim().toLowerCase(), level: v.level }),
    onSuccess: (row) => {
      void message.success(t('company.agentAppointed', { name: row.companyName }));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: companyKeys.agents });
    },
    onError: (err) => {
      if (!(err instanceof ApiError) || err.notified) return;
      // 105, 900–903 and 202 are about the account named.
      if (err.code === 4) applyServerErrors(form, err, ['account', 'level']);
      else setFieldError(form, 'account', err.message);
    },
  });
  return (
    <Form<AppointValues>
      form={form}
      layout="vertical"
      className="hg-agents-form"
      aria-label={t('company.appointTitle')}
      initialValues={{ account: '', level: 'view' }}
      onFinish={(v) => appoint.mutate(v)}
    >
      <Form.Item
        name="account"
        label={t('company.agentAccount')}
        extra={t('company.agentAccountHint')}
        className="hg-agents-account"
        rules={[
          { required: true, whitespace: true, message: fieldMessage('required', lang) },
          {
            validator: (_r, v: string | undefined) =>
              !v?.trim() || isValidEmail(v.trim().toLowerCase())
                ? Promise.resolve()
                : Promise.reject(new Error(fieldMessage('email', lang))),
          },
        ]}
      >
        <Input type="email" autoComplete="off" dir="ltr" className="hg-ltr" data-testid="agent-account" />
      </Form.Item>
      <Form.Item name="level" label={t('company.agentLevel')}>
        <Select
          style={{ minWidth: 170 }}
          options={AGENT_LEVELS.map((l) => ({ value: l, label: t(`company.level_${l}`) }))}
          aria-label={t('company.agentLevel')}
        />
      </Form.Item>
      <Form.Item label={<span aria-hidden="true">&nbsp;</span>}>
        <Button
          type="primary"
          htmlType="submit"
          icon={<UserAddOutlined />}
          loading={appoint.isPending}
          data-testid="agent-appoint"
        >
          {t('company.appoint')}
        </Button>
      </Form.Item>
    </Form>
  );
}

/**
 * /enterprise/agents — the companies that service this company's plants (spec §6): appoint one by its
 * administrator's account, set what it may do (view or operate), revoke it after a confirmation; below, the
 * companies this company serves as agent, read-only.
 */
export default function AgentsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const agents = useQuery({ queryKey: companyKeys.agents, queryFn: companyApi.agents });
  const served = useQuery({ queryKey: companyKeys.served, queryFn: companyApi.served });
  const setLevel = useMutation({
    mutationFn: ({ id, level }: { id: string; level: AgentLevel }) => companyApi.setLevel(id, level),
    onSuccess: () => {
      void message.success(t('company.levelSaved'));
      void queryClient.invalidateQueries({ queryKey: companyKeys.agents });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => companyApi.revoke(id),
    onSuccess: () => {
      void message.success(t('company.agentRevoked'));
      void queryClient.invalidateQueries({ queryKey: companyKeys.agents });
    },
  });

  const columns: ColumnsType<AgentRow> = [
    { title: t('company.agentCompany'), dataIndex: 'companyName', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('company.agentAdmin'),
      key: 'admin',
      responsive: ['sm'],
      render: (_: unknown, r) => (
        <span>
          {r.nickname} <bdi className="hg-muted">({r.account})</bdi>
        </span>
      ),
    },
    {
      title: t('company.agentLevel'),
      dataIndex: 'level',
      width: 190,
      render: (level: AgentLevel, r) => (
        <Select<AgentLevel>
          value={level}
          style={{ width: '100%' }}
          aria-label={t('company.levelFor', { name: r.companyName })}
          options={AGENT_LEVELS.map((l) => ({ value: l, label: t(`company.level_${l}`) }))}
          onChange={(next) => setLevel.mutate({ id: r.companyId, level: next })}
        />
      ),
    },
    {
      title: t('company.since'),
      dataIndex: 'since',
      width: 180,
      responsive: ['md'],
      render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
    },
    {
      title: t('company.actions'),
      key: 'actions',
      width: wide ? 130 : 60,
      render: (_: unknown, r) => (
        <Button
          type="link"
          danger
          icon={<DeleteOutlined />}
          aria-label={t('company.revokeNamed', { name: r.companyName })}
          data-testid={`agent-revoke-${r.companyName}`}
          onClick={() =>
            modal.confirm({
              title: t('company.revokeTitle', { name: r.companyName }),
              content: t('company.revokeBody'),
              okText: t('company.revoke'),
              okButtonProps: { danger: true },
              cancelText: t('company.cancel'),
              onOk: () => revoke.mutateAsync(r.companyId),
            })
          }
        >
          {wide && t('company.revoke')}
        </Button>
      ),
    },
  ];

  const servedColumns: ColumnsType<ServedRow> = [
    { title: t('company.servedCompany'), dataIndex: 'companyName', render: (v: string) => <strong>{v}</strong> },
    {
      title: t('company.agentLevel'),
      dataIndex: 'level',
      width: 170,
      render: (l: AgentLevel) => <Tag color={l === 'operate' ? 'gold' : 'cyan'}>{t(`company.level_${l}`)}</Tag>,
    },
    {
      title: t('company.since'),
      dataIndex: 'since',
      width: 180,
      render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
    },
  ];

  if (agents.isError && !agents.data)
    return <LoadFailed card title={t('company.agentsFailed')} retry={agents.refetch} retryText={t('company.retry')} />;

  return (
    <div className="hg-company" data-testid="company-agents">
      <section className="hg-page-card" aria-labelledby="agents-title">
        <header className="hg-page-header">
          <div>
            <h1 id="agents-title" className="hg-page-title">
              {t('page.agents')}
            </h1>
            <p className="hg-page-hint">{t('company.agentsHint')}</p>
          </div>
        </header>
        <AppointForm />
        <Table<AgentRow>
          rowKey="companyId"
          columns={columns}
          dataSource={agents.data ?? []}
          loading={agents.isLoading}
          pagination={false}
          scroll={{ x: wide ? undefined : 420 }}
          data-testid="agents-table"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.agentsNone')} /> }}
        />
      </section>
      <section className="hg-page-card" aria-labelledby="served-title">
        <h2 id="served-title" className="hg-company-section-title">
          {t('company.servedTitle')}
        </h2>
        <p className="hg-page-hint">{t('company.servedHint')}</p>
        {served.isError && !served.data ? (
          <LoadFailed title={t('company.agentsFailed')} retry={served.refetch} retryText={t('company.retry')} />
        ) : (
          <Table<ServedRow>
            rowKey="companyId"
            columns={servedColumns}
            dataSource={served.data ?? []}
            loading={served.isLoading}
            pagination={false}
            data-testid="served-table"
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.servedNone')} /> }}
          />
        )}
      </section>
    </div>
  );
}
