import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { ACTION_KINDS } from '@heliograph/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmRowAction,
  ListPage,
  ListToolbar,
  RowAction,
  listEmpty,
  listPagination,
  useListState,
  useWide,
  type ListSpec,
} from '../../components/list';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { PlantSelect } from '../device-common/PlantSelect';
import { ruleApi, ruleKeys, type RuleRow, type RuleRun } from './api';
import { RuleEditor } from './RuleEditor';
import { actionText, conditionText, triggerText } from './summary';
import './rules.css';

type Filter = 'plantId' | 'enabled' | 'action';
const SPEC: ListSpec<Filter, never> = {
  filters: { plantId: 'text', enabled: ['true', 'false'], action: ACTION_KINDS },
  defaultSize: 10,
};

/** A list seen a moment ago is shown at once when the page is opened again, and refreshed behind it. */
const CACHED_MS = 5 * 60_000;

/**
 * /intelligence/list — smart rules (spec §2.2, smart.rule): the rules of the caller's plants with their trigger
 * and actions in words, an enabled switch, the last run and its outcome, search, plant, state and action
 * filters, pages; the editor, delete after a confirmation and each rule's run log. docs/smart-rules.md.
 */
export default function RulesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = useWide();
  const { message } = App.useApp();
  const { held } = usePermissions();
  const mayEdit = held.has('smart.rule.edit');
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [editor, setEditor] = useState<{ editing: RuleRow | null } | null>(null);
  const [log, setLog] = useState<RuleRow | null>(null);
  const q = {
    q: state.search,
    plantId: state.filters.plantId,
    enabled: state.filters.enabled === undefined ? undefined : state.filters.enabled === 'true',
    action: state.filters.action as (typeof ACTION_KINDS)[number] | undefined,
    page: state.page,
    size: state.size,
  };
  const list = useQuery({
    queryKey: ruleKeys.list(q),
    queryFn: () => ruleApi.list(q),
    placeholderData: keepPreviousData,
    staleTime: CACHED_MS,
    gcTime: 2 * CACHED_MS,
  });
  const changed = () => void queryClient.invalidateQueries({ queryKey: ruleKeys.all });
  const enable = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => ruleApi.enable(id, enabled),
    onSuccess: (r) => {
      void message.success(
        r.enabled ? t('rules.enabledNow', { name: r.name }) : t('rules.disabledNow', { name: r.name }),
      );
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => ruleApi.remove(id),
    onSuccess: () => {
      void message.success(t('rules.deleted'));
      changed();
    },
  });

  const columns: ColumnsType<RuleRow> = [
    {
      title: t('rules.name'),
      dataIndex: 'name',
      render: (name: string, r) => (
        <div>
          <bdi className="hg-rule-name">{name}</bdi>
          {!wide && (
            <div className="hg-rule-sub">
              <bdi>{r.plantName}</bdi>
            </div>
          )}
        </div>
      ),
    },
    { title: t('rules.plant'), dataIndex: 'plantName', responsive: ['md'], render: (p: string) => <bdi>{p}</bdi> },
    {
      title: t('rules.trigger'),
      key: 'trigger',
      render: (_: unknown, r) => (
        <div>
          <div>{triggerText(t, r.trigger)}</div>
          {r.conditions.length > 0 && (
            <div className="hg-rule-sub">
              {t('rules.onlyIf', { conditions: r.conditions.map((c) => conditionText(t, c)).join(' · ') })}
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('rules.does'),
      key: 'actions',
      responsive: ['lg'],
      render: (_: unknown, r) => (
        <ul className="hg-rule-actions">
          {r.actions.map((a, i) => (
            <li key={i}>{actionText(t, a)}</li>
          ))}
        </ul>
      ),
    },
    {
      title: t('rules.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (on: boolean, r) => (
        <Switch
          checked={on}
          disabled={!r.writable}
          loading={enable.isPending && enable.variables.id === r.id}
          onChange={(enabled) => enable.mutate({ id: r.id, enabled })}
          aria-label={t('rules.enableNamed', { name: r.name })}
          data-testid="rule-enable"
        />
      ),
    },
    {
      title: t('rules.lastRun'),
      key: 'lastRun',
      responsive: ['sm'],
      render: (_: unknown, r) => <LastRun run={r.lastRun} />,
    },
    {
      title: t('rules.rowActions'),
      key: 'row',
      width: wide ? 250 : 110,
      render: (_: unknown, r) => (
        <Space size={0} wrap>
          <RowAction
            wide={wide}
            icon={<HistoryOutlined />}
            label={t('rules.runs')}
            aria-label={t('rules.runsNamed', { name: r.name })}
            onClick={() => setLog(r)}
            data-testid="rule-runs"
          />
          {r.writable && (
            <RowAction
              wide={wide}
              icon={<EditOutlined />}
              label={t('rules.edit')}
              aria-label={t('rules.editNamed', { name: r.name })}
              onClick={() => setEditor({ editing: r })}
              data-testid="rule-edit"
            />
          )}
          {r.writable && (
            <ConfirmRowAction
              wide={wide}
              danger
              icon={<DeleteOutlined />}
              label={t('rules.delete')}
              aria-label={t('rules.deleteNamed', { name: r.name })}
              data-testid="rule-delete"
              confirm={{
                title: t('rules.deleteTitle', { name: r.name }),
                content: t('rules.deleteBody'),
                okText: t('rules.delete'),
                cancelText: t('rules.cancel'),
                onOk: () => remove.mutateAsync(r.id),
              }}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <ListPage
      titleId="rules-title"
      title={t('page.rules')}
      hint={t('rules.hint')}
      className="hg-rules"
      data-testid="rules-page"
      actions={
        mayEdit ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditor({ editing: null })}
            data-testid="rule-create"
          >
            {t('rules.create')}
          </Button>
        ) : null
      }
    >
      <ListToolbar
        search={state.search}
        onSearch={(s) => update({ search: s })}
        searchPlaceholder={t('rules.searchPlaceholder')}
        searchLabel={t('rules.search')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            <PlantSelect
              value={state.filters.plantId}
              onChange={(plantId) => update({ filters: { plantId } })}
              testId="rules-plant"
            />
            <Select
              allowClear
              style={{ minWidth: 150 }}
              placeholder={t('rules.anyState')}
              aria-label={t('rules.stateFilter')}
              value={state.filters.enabled}
              onChange={(enabled?: string) => update({ filters: { enabled } })}
              options={[
                { value: 'true', label: t('rules.onlyEnabled') },
                { value: 'false', label: t('rules.onlyDisabled') },
              ]}
            />
            <Select
              allowClear
              style={{ minWidth: 170 }}
              placeholder={t('rules.anyAction')}
              aria-label={t('rules.actionFilter')}
              value={state.filters.action}
              onChange={(action?: string) => update({ filters: { action } })}
              options={ACTION_KINDS.map((k) => ({ value: k, label: t(`rules.actionKinds.${k}`) }))}
            />
          </>
        }
      />
      {list.isError && !list.data ? (
        <LoadFailed title={t('rules.loadFailed')} retry={list.refetch} retryText={t('rules.retry')} />
      ) : (
        <Table<RuleRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isLoading}
          scroll={{ x: wide ? 1000 : 360 }}
          pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
          locale={listEmpty(narrowed, t('rules.noMatch'), t('rules.none'))}
          data-testid="rules-table"
        />
      )}
      {editor && <RuleEditor open editing={editor.editing} onClose={() => setEditor(null)} />}
      <RunLog rule={log} onClose={() => setLog(null)} />
    </ListPage>
  );
}

function LastRun({ run }: { run: RuleRun | null }): React.JSX.Element {
  const { t, i18n } = useTranslation();
  if (!run) return <Typography.Text type="secondary">{t('rules.never')}</Typography.Text>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(run.firedAt);
  return (
    <div data-testid="rule-last-run" data-status={run.status}>
      <div className="hg-rule-sub">{when}</div>
      <RunStatus status={run.status} />
    </div>
  );
}

function RunStatus({ status }: { status: RuleRun['status'] }): React.JSX.Element {
  const { t } = useTranslation();
  const color = status === 'succeeded' ? 'success' : status === 'failed' ? 'error' : 'processing';
  return <Tag color={color}>{t(`rules.status.${status}`)}</Tag>;
}

function RunLog({ rule, onClose }: { rule: RuleRow | null; onClose: () => void }): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const wide = useWide();
  const [page, setPage] = useState(1);
  const size = 20;
  const runs = useQuery({
    queryKey: ruleKeys.runs(rule?.id ?? '', page),
    queryFn: () => ruleApi.runs(rule?.id ?? '', page, size),
    enabled: rule !== null,
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const columns: ColumnsType<RuleRun> = [
    { title: t('rules.firedAt'), dataIndex: 'firedAt', width: 170, render: (ms: number) => fmt.format(ms) },
    { title: t('rules.cause'), dataIndex: 'detail', responsive: ['md'], render: (d: string) => <bdi>{d}</bdi> },
    {
      title: t('rules.outcomes'),
      dataIndex: 'outcomes',
      render: (outcomes: RuleRun['outcomes'], r) => (
        <div>
          <RunStatus status={r.status} />
          <ul className="hg-rule-actions">
            {outcomes.map((o, i) => (
              <li key={i} data-testid="rule-outcome" data-status={o.status}>
                {t(`rules.actionKinds.${o.kind}`)} <bdi>{o.target}</bdi>: {t(`rules.outcome.${o.status}`)}
                {o.reason ? ` (${o.reason})` : ''}
              </li>
            ))}
          </ul>
        </div>
      ),
    },
    {
      title: t('rules.duration'),
      dataIndex: 'durationMs',
      width: 100,
      responsive: ['md'],
      render: (ms: number | null) => (ms === null ? '—' : t('rules.ms', { ms })),
    },
  ];
  return (
    <Drawer
      open={rule !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      title={rule ? t('rules.runsTitle', { name: rule.name }) : ''}
      size={wide ? 'large' : 'default'}
      data-testid="rule-run-log"
    >
      {runs.isError && !runs.data ? (
        <LoadFailed title={t('rules.loadFailed')} retry={runs.refetch} retryText={t('rules.retry')} />
      ) : (
        <Table<RuleRun>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={runs.data?.rows ?? []}
          loading={runs.isLoading}
          pagination={{
            current: page,
            pageSize: size,
            total: runs.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          locale={listEmpty(false, '', t('rules.noRuns'))}
          data-testid="rule-runs-table"
        />
      )}
    </Drawer>
  );
}
