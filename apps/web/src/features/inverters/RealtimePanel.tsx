import { Quantity } from '../../components/Quantity';
import { InverterFlowCard } from './InverterFlowCard';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import type { DeviceDetail as InverterDetail, IndexedRow } from '@heliograph/shared';
import { inverterApi } from './api';
import { energyText, powerText, readingText } from './figures';

const STATE_KEYS: Record<number, string> = {
  1: 'off',
  2: 'sleeping',
  3: 'starting',
  4: 'mppt',
  5: 'throttled',
  6: 'shuttingDown',
  7: 'fault',
  8: 'standby',
};

function IndexedTable({
  rows,
  loading,
  label,
  indexTitle,
  testId,
}: {
  rows: IndexedRow[] | undefined;
  loading: boolean;
  label: string;
  indexTitle: (i: number) => string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const columns: ColumnsType<IndexedRow> = [
    { title: label, dataIndex: 'index', key: 'index', render: (i: number) => indexTitle(i) },
    {
      title: t('inverters.voltage'),
      key: 'v',
      align: 'end',
      render: (_: unknown, r) => <Quantity>{readingText(r.values.v, 'V', locale)}</Quantity>,
    },
    {
      title: t('inverters.current'),
      key: 'i',
      align: 'end',
      render: (_: unknown, r) => <Quantity>{readingText(r.values.i, 'A', locale)}</Quantity>,
    },
    {
      title: t('inverters.powerShort'),
      key: 'p',
      align: 'end',
      render: (_: unknown, r) => <Quantity>{powerText(r.values.p, locale)}</Quantity>,
    },
  ];
  return (
    <Table<IndexedRow>
      rowKey="index"
      size="small"
      columns={columns}
      dataSource={rows ?? []}
      loading={loading}
      pagination={false}
      data-testid={testId}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inverters.noReadings')} /> }}
    />
  );
}

/** Realtime view: the inverter's identity and headline readings, DC input per MPPT and AC output per phase. */
export function RealtimePanel({ inverter }: { inverter: InverterDetail }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { sn, metrics: m } = inverter;
  const input = useQuery({
    queryKey: ['inverter', sn, 'input'],
    queryFn: () => inverterApi.input(sn),
    refetchInterval: 60_000,
  });
  const output = useQuery({
    queryKey: ['inverter', sn, 'output'],
    queryFn: () => inverterApi.output(sn),
    refetchInterval: 60_000,
  });
  const state = m.state === null || m.state === undefined ? null : STATE_KEYS[m.state];

  return (
    <div className="hg-inv-realtime">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2, lg: 3 }}
        className="hg-inv-desc"
        items={[
          { key: 'sn', label: t('inverters.sn'), children: sn },
          { key: 'alias', label: t('inverters.alias'), children: inverter.alias ?? '--' },
          { key: 'status', label: t('inverters.status'), children: <PlantStatusTag status={inverter.status} /> },
          {
            key: 'state',
            label: t('inverters.state'),
            children: state ? t(`inverters.states.${state}`) : '--',
          },
          {
            key: 'plant',
            label: t('inverters.plant'),
            children:
              inverter.plantId && inverter.plantName ? (
                <Link to={`/plants/overview/${inverter.plantId}/1`}>{inverter.plantName}</Link>
              ) : (
                '--'
              ),
          },
          { key: 'gateway', label: t('inverters.gateway'), children: inverter.gatewaySn },
          { key: 'brand', label: t('inverters.brand'), children: inverter.brand || '--' },
          { key: 'model', label: t('inverters.model'), children: inverter.model || '--' },
          { key: 'firmware', label: t('inverters.firmware'), children: inverter.firmware || '--' },
          {
            key: 'rated',
            label: t('inverters.rated'),
            children: <Quantity>{powerText(inverter.ratedW, locale)}</Quantity>,
          },
          { key: 'protocol', label: t('inverters.protocol'), children: inverter.protocol },
          { key: 'acPower', label: t('inverters.acPower'), children: <Quantity>{powerText(m.p_ac, locale)}</Quantity> },
          { key: 'pvPower', label: t('inverters.pvPower'), children: <Quantity>{powerText(m.p_pv, locale)}</Quantity> },
          {
            key: 'freq',
            label: t('inverters.frequency'),
            children: <Quantity>{readingText(m.freq, 'Hz', locale)}</Quantity>,
          },
          {
            key: 'temp',
            label: t('inverters.temperature'),
            children: <Quantity>{readingText(m.temp, '°C', locale)}</Quantity>,
          },
          {
            key: 'total',
            label: t('inverters.total'),
            children: <Quantity>{energyText(m.e_ac_total ?? m.e_pv_total, locale)}</Quantity>,
          },
          {
            key: 'lastSeen',
            label: t('inverters.lastSeen'),
            children: (
              <Quantity>{inverter.lastSeen ? dayjs(inverter.lastSeen).format('YYYY-MM-DD HH:mm:ss') : '--'}</Quantity>
            ),
          },
          { key: 'id', label: t('inverters.deviceId'), children: <span className="hg-inv-mono">{inverter.id}</span> },
        ]}
      />
      <InverterFlowCard sn={sn} />
      <div className="hg-inv-tables">
        {[
          { key: 'input', rows: input, title: t('inverters.input'), label: t('inverters.mppt'), n: 'inverters.mpptN' },
          {
            key: 'output',
            rows: output,
            title: t('inverters.output'),
            label: t('inverters.phase'),
            n: 'inverters.phaseN',
          },
        ].map((table) => (
          <section key={table.key} aria-labelledby={`inv-${table.key}-title`}>
            <h3 id={`inv-${table.key}-title`} className="hg-inv-subtitle">
              {table.title}
            </h3>
            <IndexedTable
              rows={table.rows.data}
              loading={table.rows.isLoading}
              label={table.label}
              indexTitle={(i) => t(table.n, { n: i })}
              testId={`inverter-${table.key}`}
            />
          </section>
        ))}
      </div>
    </div>
  );
}
