import { LineChartOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Popconfirm, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { IvMpptCurve } from '@heliograph/shared';
import { Quantity } from '../../components/Quantity';
import { CommandOutcomeTag } from '../device-common/CommandStatusTag';
import { useCommand } from '../device-common/useCommand';
import { LazyEChart } from '../../components/chart/LazyEChart';
import { useDisplay } from '../../components/chart/useDisplay';
import { inverterApi, inverterKeys, type IvScanOutcome } from './api';
import { powerText, readingText } from './figures';
import { ivChartOption, ivHasCurrent, weakInputs } from './ivChart';
import { useInverterControl } from './useInverterControl';

/** The last scan of this inverter in this browser tab, kept while the person looks at other tabs. */
interface LastScan {
  outcome: IvScanOutcome;
  at: number;
}

/**
 * PV I-V curve scan (spec §7 pvIVRealtime): on request the inverter sweeps each MPPT input with panels and
 * answers its current–voltage curve; the card draws I–V and P–V lines per input on one chart and lists the
 * key points (Voc, Isc, Vmp, Imp, Pmax). A scan moves the inverter off its maximum power point for a few
 * seconds, so it is a confirmed command like boot and shutdown, refused in the same states.
 */
export function IvCurveCard({ sn }: { sn: string }): React.JSX.Element {
  const { t } = useTranslation();
  const display = useDisplay();
  const queryClient = useQueryClient();
  const { why } = useInverterControl(sn);
  const blocked = why('ivScan');
  const last = useQuery<LastScan | null>({
    queryKey: inverterKeys.iv(sn),
    queryFn: () => Promise.resolve(null),
    enabled: false,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
  const send = useCommand<void>(sn, async () => {
    const outcome = await inverterApi.ivScan(sn);
    queryClient.setQueryData<LastScan>(inverterKeys.iv(sn), { outcome, at: Date.now() });
    return outcome;
  });
  const scan = last.data ?? null;
  const mppts = scan?.outcome.status === 'succeeded' ? scan.outcome.iv?.mppts : undefined;

  const option = useMemo(
    () =>
      mppts
        ? ivChartOption(mppts, {
            rtl: display.rtl,
            compact: display.compact,
            text: {
              name: (n, curve) => t(curve === 'iv' ? 'inverters.iv.ivLine' : 'inverters.iv.pvLine', { n }),
              number: (v, digits) =>
                new Intl.NumberFormat(display.locale, {
                  minimumFractionDigits: digits,
                  maximumFractionDigits: digits,
                }).format(v),
            },
          })
        : null,
    [mppts, display.rtl, display.compact, display.locale, t],
  );

  const locale = display.locale;
  const columns: ColumnsType<IvMpptCurve> = [
    {
      title: t('inverters.iv.input'),
      dataIndex: 'index',
      render: (n: number) => t('inverters.mpptN', { n }),
    },
    ...(
      [
        ['voc', 'V'],
        ['isc', 'A'],
        ['vmp', 'V'],
        ['imp', 'A'],
      ] as const
    ).map(([key, unit]) => ({
      title: t(`inverters.iv.${key}`),
      key,
      align: 'end' as const,
      render: (_: unknown, m: IvMpptCurve) => <Quantity>{readingText(m[key], unit, locale)}</Quantity>,
    })),
    {
      title: t('inverters.iv.pmax'),
      key: 'pmax',
      align: 'end',
      render: (_: unknown, m) => <Quantity>{powerText(m.pmax, locale)}</Quantity>,
    },
  ];

  const weak = mppts ? weakInputs(mppts) : [];
  let body: React.ReactNode;
  if (!scan)
    body = (
      <Empty
        className="hg-inv-chart-empty"
        description={t(send.isPending ? 'inverters.iv.scanning' : 'inverters.iv.none')}
        data-testid="iv-empty"
      />
    );
  else if (scan.outcome.status === 'failed')
    body = (
      <Alert
        type="error"
        showIcon
        data-testid="iv-error"
        message={
          scan.outcome.error
            ? t('inverters.iv.failedBecause', { reason: scan.outcome.error })
            : t('inverters.iv.failed')
        }
      />
    );
  else if (scan.outcome.status !== 'succeeded')
    body = <Alert type="warning" showIcon data-testid="iv-error" message={t('inverters.iv.timedOut')} />;
  else if (!mppts || !option)
    body = <Alert type="warning" showIcon data-testid="iv-error" message={t('inverters.iv.unreadable')} />;
  else
    body = (
      <>
        {!ivHasCurrent(mppts) && (
          <Alert type="info" showIcon className="hg-inv-alert" message={t('inverters.iv.dark')} data-testid="iv-dark" />
        )}
        {weak.length > 0 && (
          <Alert
            type="warning"
            showIcon
            className="hg-inv-alert"
            data-testid="iv-weak"
            message={t('inverters.iv.weak', {
              inputs: weak.map((n) => t('inverters.mpptN', { n })).join(', '),
            })}
          />
        )}
        <LazyEChart
          option={option}
          height={display.compact ? 300 : 360}
          label={t('inverters.iv.chartLabel')}
          locale={display.chartLocale}
          testId="iv-chart"
          points={mppts.reduce((n, m) => n + m.points.length, 0)}
        />
        <Table<IvMpptCurve>
          rowKey="index"
          size="small"
          className="hg-inv-iv-table"
          columns={columns}
          dataSource={mppts}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="iv-table"
        />
        <p className="hg-inv-hint hg-inv-iv-legend">{t('inverters.iv.legend')}</p>
      </>
    );

  return (
    <Card size="small" className="hg-inv-iv" data-testid="iv-card" title={t('inverters.iv.title')}>
      <p className="hg-inv-hint">{t('inverters.iv.hint')}</p>
      {blocked && <Alert type="info" showIcon message={t(blocked)} className="hg-inv-alert" />}
      {/* In the body rather than the card's head, so that on a phone the button never runs off the card. */}
      <div className="hg-inv-iv-actions">
        <Popconfirm
          title={t('inverters.iv.confirmTitle')}
          description={<div className="hg-inv-iv-confirm">{t('inverters.iv.confirmBody')}</div>}
          okText={t('inverters.iv.scan')}
          okButtonProps={{ 'data-testid': 'iv-scan-confirm' }}
          cancelText={t('inverters.cancel')}
          onConfirm={() => send.mutate()}
          disabled={!!blocked || send.isPending}
        >
          <Button
            type="primary"
            icon={<LineChartOutlined />}
            disabled={!!blocked}
            loading={send.isPending}
            data-testid="iv-scan"
          >
            {t('inverters.iv.scan')}
          </Button>
        </Popconfirm>
        <CommandOutcomeTag pending={send.isPending} status={scan?.outcome.status} />
        {scan && (
          <span className="hg-inv-hint hg-inv-iv-at">
            {t('inverters.iv.scannedAt')} <Quantity>{dayjs(scan.at).format('YYYY-MM-DD HH:mm:ss')}</Quantity>
          </span>
        )}
      </div>
      {/* A refusal (offline 1201, a state that forbids it 1210) arrives as the server's translated message. */}
      {send.error && !send.isPending && (
        <Alert type="error" showIcon message={send.error.message} className="hg-inv-alert" data-testid="iv-refused" />
      )}
      {body}
    </Card>
  );
}
