import { DeleteOutlined, EditOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { REPORT_PERIODS, type ReportPeriod } from '@heliograph/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Empty, Grid, Pagination, Radio, Space, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDisplay } from '../../components/chart/useDisplay';
import { ListToolbar, listPagination, useListState, type ListSpec } from '../../components/list';
import { LoadFailed } from '../device-common/LoadFailed';
import { reportApi, reportKeys, type ReportConfig } from './api';
import { ConfigDialog } from './ConfigDialog';
import { PICKER, anchorDate, defaultAnchor } from './period';
import { ReportTable } from './ReportTable';
import './reports.css';

const SPEC: ListSpec<never, never> = { defaultSize: 10 };

/** The page of a config's report. */
export const reportPath = (c: Pick<ReportConfig, 'id' | 'name'>) =>
  `/workdata/reportinfo/${c.id}/${encodeURIComponent(c.name)}`;

/**
 * /workdata/list — plant reports (spec §2.2, workdata.view): the user's saved report configs (search, pages,
 * create, edit, delete after a confirmation, open a report) and the report list over every plant they may
 * see for a day, month or year.
 */
export default function ReportsPage(): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <section className="hg-page-card hg-reports" aria-labelledby="reports-title" data-testid="reports-page">
      <header className="hg-page-header">
        <div>
          <h1 id="reports-title" className="hg-page-title">
            {t('page.reports')}
          </h1>
          <p className="hg-page-hint">{t('reports.hint')}</p>
        </div>
      </header>
      <Tabs
        items={[
          { key: 'configs', label: t('reports.tabConfigs'), children: <ConfigList /> },
          { key: 'plants', label: t('reports.tabPlants'), children: <PlantReports /> },
        ]}
      />
    </section>
  );
}

function ConfigList(): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const { state, update, reset, narrowed } = useListState(SPEC);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<{ editing: ReportConfig | null } | null>(null);
  const list = useQuery({
    queryKey: reportKeys.configs(state.search, state.page, state.size),
    queryFn: () => reportApi.configs(state.search, state.page, state.size),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => reportApi.remove(id),
    onSuccess: () => {
      void message.success(t('reports.deleted'));
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
    },
  });

  const columns: ColumnsType<ReportConfig> = [
    {
      title: t('reports.name'),
      dataIndex: 'name',
      render: (name: string, c) => (
        <Link to={reportPath(c)} data-testid="report-open">
          <bdi>{name}</bdi>
        </Link>
      ),
    },
    {
      title: t('reports.period'),
      dataIndex: 'period',
      width: 120,
      render: (p: ReportPeriod) => <Tag>{t(`reports.periods.${p}`)}</Tag>,
    },
    {
      title: t('reports.plants'),
      dataIndex: 'plantIds',
      width: 140,
      responsive: ['md'],
      render: (ids: string[]) =>
        ids.length === 0 ? t('reports.allPlants') : t('reports.plantCount', { count: ids.length }),
    },
    {
      title: t('reports.schedule'),
      dataIndex: 'schedule',
      width: 130,
      responsive: ['md'],
      render: (s: ReportConfig['schedule']) => t(`reports.schedules.${s}`),
    },
    {
      title: t('reports.actions'),
      key: 'actions',
      width: wide ? 260 : 130,
      render: (_: unknown, c) => (
        <Space size={0} wrap>
          <Link to={reportPath(c)} aria-label={t('reports.openNamed', { name: c.name })}>
            <Button type="link" icon={<FileTextOutlined />} tabIndex={-1}>
              {wide && t('reports.open')}
            </Button>
          </Link>
          <Button
            type="link"
            icon={<EditOutlined />}
            aria-label={t('reports.editNamed', { name: c.name })}
            onClick={() => setDialog({ editing: c })}
            data-testid="report-edit"
          >
            {wide && t('reports.edit')}
          </Button>
          <Button
            type="link"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('reports.deleteNamed', { name: c.name })}
            data-testid="report-delete"
            onClick={() =>
              modal.confirm({
                title: t('reports.deleteTitle', { name: c.name }),
                content: t('reports.deleteBody'),
                okText: t('reports.delete'),
                okButtonProps: { danger: true },
                cancelText: t('reports.cancel'),
                onOk: () => remove.mutateAsync(c.id),
              })
            }
          >
            {wide && t('reports.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed title={t('reports.loadFailed')} retry={list.refetch} retryText={t('reports.retry')} />;

  return (
    <>
      <div className="hg-reports-bar">
        <ListToolbar
          search={state.search}
          onSearch={(q) => update({ search: q })}
          searchPlaceholder={t('reports.searchPlaceholder')}
          searchLabel={t('reports.search')}
          narrowed={narrowed}
          onReset={reset}
        />
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ editing: null })}
          data-testid="report-create"
        >
          {t('reports.create')}
        </Button>
      </div>
      <Table<ReportConfig>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isLoading}
        scroll={{ x: wide ? 800 : 420 }}
        pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
        data-testid="report-configs"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={narrowed ? t('reports.noMatch') : t('reports.none')}
            />
          ),
        }}
      />
      <ConfigDialog editing={dialog?.editing ?? null} open={dialog !== null} onClose={() => setDialog(null)} />
    </>
  );
}

function PlantReports(): React.JSX.Element {
  const { t } = useTranslation();
  const { locale } = useDisplay();
  const [period, setPeriod] = useState<ReportPeriod>('monthly');
  const [date, setDate] = useState(() => defaultAnchor('monthly'));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const size = 20;
  const list = useQuery({
    queryKey: reportKeys.list(period, date, search, page, size),
    queryFn: () => reportApi.list(period, date, search, page, size),
    placeholderData: keepPreviousData,
  });
  if (list.isError && !list.data)
    return <LoadFailed title={t('reports.loadFailed')} retry={list.refetch} retryText={t('reports.retry')} />;
  return (
    <>
      <div className="hg-reports-bar">
        <Radio.Group
          optionType="button"
          value={period}
          aria-label={t('reports.period')}
          onChange={(e) => {
            const next = e.target.value as ReportPeriod;
            setPeriod(next);
            setDate(defaultAnchor(next));
            setPage(1);
          }}
          options={REPORT_PERIODS.map((p) => ({ value: p, label: t(`reports.periods.${p}`) }))}
        />
        <DatePicker
          picker={PICKER[period].picker}
          value={anchorDate(period, date)}
          allowClear={false}
          aria-label={t('reports.date')}
          onChange={(d) => {
            if (d) setDate(d.format(PICKER[period].format));
            setPage(1);
          }}
        />
        <ListToolbar
          search={search}
          onSearch={(q) => {
            setSearch(q);
            setPage(1);
          }}
          searchPlaceholder={t('reports.plantSearch')}
          searchLabel={t('reports.plantSearch')}
          narrowed={search !== ''}
          onReset={() => setSearch('')}
        />
      </div>
      <ReportTable
        rows={list.data?.rows ?? []}
        figures={['pv', 'income', 'specificYield', 'performanceRatio', 'availability', 'co2', 'lastYear']}
        device={false}
        locale={locale}
        loading={list.isLoading}
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reports.noPlants')} />}
        testId="report-plant-list"
        labelledBy="reports-title"
      />
      <Pagination
        className="hg-reports-pages"
        {...listPagination(
          { page, size, total: list.data?.total ?? 0, update: (p) => setPage(p.page ?? 1), simple: true },
          t,
        )}
      />
    </>
  );
}
