import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Grid, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_FAMILIES } from '@heliograph/shared';
import { ListToolbar, listPagination, useListState, useScrollRegion, type ListSpec } from '../../components/list';
import { Quantity } from '../../components/Quantity';
import { usePermissions } from '../../kit/permissions';
import { LoadFailed } from '../device-common/LoadFailed';
import { companyApi, companyKeys, type AuditFamily, type AuditRow } from './api';
import { formatTime } from '../../components/fileFormat';
import './company.css';

type Filter = 'family' | 'target' | 'from' | 'to' | 'company';
const SPEC: ListSpec<Filter, never> = {
  defaultSize: 20,
  filters: { family: AUDIT_FAMILIES, target: 'text', from: 'number', to: 'number', company: 'text' },
};

/** Secrets never reach the log; anything that looks like one is masked all the same before it is shown. */
const SECRET = /password|secret|token|code/i;

/** A value of the log as a reader sees it: text as is, nothing as a dash, anything else as compact JSON. */
function shown(key: string, v: unknown): string {
  if (SECRET.test(key)) return '••••';
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function asRecord(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

const LOGO_URL = /^\/api\/v1\/anonymous\/logo\/[0-9a-f-]{36}$/;

/** One value: a logo as its picture, a level in words, anything else as text. */
function Value({ name, value, old }: { name: string; value: unknown; old?: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const className = old ? 'hg-audit-old' : undefined;
  if (typeof value === 'string' && LOGO_URL.test(value))
    return (
      <img
        className={old ? 'hg-audit-logo hg-audit-logo-old' : 'hg-audit-logo'}
        src={value}
        alt={t('company.field_' + name, { defaultValue: name })}
        height={24}
      />
    );
  if (name === 'level' && (value === 'view' || value === 'operate'))
    return <span className={className}>{t(`company.level_${value}`)}</span>;
  return <bdi className={className}>{shown(name, value)}</bdi>;
}

/** Old → new per field: a removed value struck through, the new one after it. */
function Change({ row }: { row: AuditRow }): React.JSX.Element {
  const { t } = useTranslation();
  const before = asRecord(row.oldValue) ?? (row.oldValue == null ? {} : { value: row.oldValue });
  const after = asRecord(row.newValue) ?? (row.newValue == null ? {} : { value: row.newValue });
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (keys.length === 0) return <span className="hg-muted">—</span>;
  return (
    <dl className="hg-audit-change">
      {keys.map((k) => (
        <div key={k} style={{ display: 'contents' }}>
          <dt>{t(`company.field_${k}`, { defaultValue: k })}</dt>
          <dd>
            {k in before ? (
              <>
                <Value name={k} value={before[k]} old />
                {k in after ? <span aria-hidden="true"> → </span> : null}
              </>
            ) : null}
            {k in after ? <Value name={k} value={after[k]} /> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /enterprise/audit — every administrative change of the company (issue 12 point 11): who, what, the old and
 * the new value, from where and when (in the viewer's time zone), newest first, filtered by kind of change,
 * actor, target and time. Platform administrators may pick a company.
 */
export default function AuditLogPage(): React.JSX.Element {
  const { t } = useTranslation();
  // The rows hold no control: the part of the table that scrolls sideways takes the focus itself.
  const tableBox = useScrollRegion('audit-title');
  const wide = Grid.useBreakpoint().md ?? true;
  const { held } = usePermissions();
  const platform = held.has('company.list');
  const { state, update, reset, narrowed } = useListState(SPEC);
  const [companySearch, setCompanySearch] = useState('');
  const f = state.filters;
  const setTarget = (value: string) => {
    if (value.trim() !== (f.target ?? '')) update({ filters: { target: value.trim() } });
  };
  const filters = {
    family: f.family as AuditFamily | undefined,
    actor: state.search || undefined,
    target: f.target || undefined,
    from: f.from ? Number(f.from) : undefined,
    to: f.to ? Number(f.to) : undefined,
    companyId: platform ? f.company || undefined : undefined,
    page: state.page,
    size: state.size,
  };
  const list = useQuery({
    queryKey: companyKeys.audit(filters),
    queryFn: () => companyApi.audit(filters),
    placeholderData: keepPreviousData,
  });
  const companies = useQuery({
    queryKey: companyKeys.companies(companySearch, 1, 20),
    queryFn: () => companyApi.companies(companySearch, 1, 20),
    enabled: platform,
  });

  const actionLabel = (action: string) => {
    const family = action.split('.')[0] ?? action;
    return t(`company.act_${action.replace('.', '_')}`, {
      defaultValue: `${t(`company.family_${family}`, { defaultValue: family })}: ${action}`,
    });
  };

  const columns: ColumnsType<AuditRow> = [
    {
      title: t('company.auditTime'),
      dataIndex: 'at',
      width: 170,
      render: (v: number) => <Quantity>{formatTime(v)}</Quantity>,
    },
    {
      title: t('company.auditActor'),
      key: 'actor',
      width: 200,
      render: (_: unknown, r) =>
        r.actor ? (
          <span>
            {r.actor.nickname}
            <br />
            <bdi className="hg-muted">{r.actor.account}</bdi>
          </span>
        ) : (
          <span className="hg-muted">{t('company.auditSystem')}</span>
        ),
    },
    {
      title: t('company.auditAction'),
      dataIndex: 'action',
      width: 200,
      render: (a: string) => <Tag>{actionLabel(a)}</Tag>,
    },
    {
      title: t('company.auditTarget'),
      key: 'target',
      width: 180,
      responsive: ['lg'],
      render: (_: unknown, r) => (
        <span>
          {t(`company.kind_${r.targetKind}`, { defaultValue: r.targetKind })}
          <br />
          <bdi className="hg-muted" title={r.targetId}>
            {r.targetId.length > 13 ? `${r.targetId.slice(0, 8)}…` : r.targetId}
          </bdi>
        </span>
      ),
    },
    { title: t('company.auditChange'), key: 'change', render: (_: unknown, r) => <Change row={r} /> },
    {
      title: t('company.auditIp'),
      dataIndex: 'ip',
      width: 130,
      responsive: ['md'],
      render: (v: string) => <Quantity>{v || '—'}</Quantity>,
    },
  ];

  if (list.isError && !list.data)
    return <LoadFailed card title={t('company.auditFailed')} retry={list.refetch} retryText={t('company.retry')} />;

  const range: [Dayjs | null, Dayjs | null] = [
    f.from ? dayjs(Number(f.from)) : null,
    f.to ? dayjs(Number(f.to)) : null,
  ];
  return (
    <section className="hg-page-card" aria-labelledby="audit-title" data-testid="company-audit">
      <header className="hg-page-header">
        <div>
          <h1 id="audit-title" className="hg-page-title">
            {t('page.auditLog')}
          </h1>
          <p className="hg-page-hint">{t('company.auditHint')}</p>
        </div>
      </header>
      <ListToolbar
        search={state.search}
        onSearch={(q) => update({ search: q })}
        searchPlaceholder={t('company.auditActorSearch')}
        searchLabel={t('company.auditActorSearch')}
        narrowed={narrowed}
        onReset={reset}
        filters={
          <>
            {platform ? (
              <Select
                showSearch={{ filterOption: false, onSearch: setCompanySearch }}
                allowClear
                placeholder={t('company.auditAllCompanies')}
                aria-label={t('company.auditCompany')}
                value={f.company || undefined}
                onChange={(v?: string) => update({ filters: { company: v ?? '' } })}
                options={(companies.data?.rows ?? []).map((c) => ({ value: c.id, label: c.name }))}
                style={{ minWidth: 200 }}
                data-testid="audit-company"
              />
            ) : null}
            <Select
              allowClear
              placeholder={t('company.auditAllFamilies')}
              aria-label={t('company.auditFamily')}
              value={f.family || undefined}
              onChange={(v?: string) => update({ filters: { family: v ?? '' } })}
              options={AUDIT_FAMILIES.map((fam) => ({ value: fam, label: t(`company.family_${fam}`) }))}
              style={{ minWidth: 170 }}
              data-testid="audit-family"
            />
            <Input
              allowClear
              placeholder={t('company.auditTargetSearch')}
              aria-label={t('company.auditTargetSearch')}
              defaultValue={f.target}
              onPressEnter={(e) => setTarget(e.currentTarget.value)}
              onBlur={(e) => setTarget(e.currentTarget.value)}
              style={{ width: 180 }}
            />
            <DatePicker.RangePicker
              value={range}
              allowEmpty={[true, true]}
              aria-label={t('company.auditRange')}
              onChange={(v) =>
                update({
                  filters: {
                    from: v?.[0] ? String(v[0].startOf('day').valueOf()) : '',
                    to: v?.[1] ? String(v[1].endOf('day').valueOf()) : '',
                  },
                })
              }
            />
          </>
        }
      />
      <div ref={tableBox}>
        <Table<AuditRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.rows ?? []}
          loading={list.isLoading}
          scroll={{ x: wide ? 1000 : 760 }}
          pagination={listPagination({ page: state.page, size: state.size, total: list.data?.total ?? 0, update }, t)}
          data-testid="audit-table"
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={narrowed ? t('company.auditNoMatch') : t('company.auditNone')}
              />
            ),
          }}
        />
      </div>
    </section>
  );
}
