import { LIMITS } from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Result, Select, Skeleton, Tag, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { DayChartCard } from './DayChartCard';
import type { ChartLine } from './dayChart';
import type { DayPoint } from './deviceApi';
import {
  chartParamKeys,
  fetchChosenParams,
  fetchOfferedParams,
  fetchParamDay,
  saveChosenParams,
} from './chartParamsApi';
import { keptChoice, PARAM_COLORS, paramTextKey, sameChoice, shownUnit, type ChartKind } from './customParams';
import './customParams.css';

const MAX = LIMITS.chartCustomParams;
const asPoints = (p: DayPoint[]) => p;

/**
 * A device's custom chart (spec §3, §9): up to six of the (at most 30) parameters its kind offers, drawn for
 * a day of the plant's calendar. The choice is the reader's own view setting, kept per user and device kind
 * (per protocol for a device bound to one, whose chart offers its protocol's realtime columns), so anyone who
 * may see the device may choose (visitors too). The chart follows the select at once; Save
 * keeps the choice for the next visit and for every device of the kind.
 */
export function CustomParamsCard({ kind, sn, tz }: { kind: ChartKind; sn: string; tz: string }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const offered = useQuery({
    queryKey: chartParamKeys.offered(kind, sn),
    queryFn: () => fetchOfferedParams(kind, sn),
  });
  const chosen = useQuery({
    queryKey: chartParamKeys.chosen(kind, sn),
    queryFn: () => fetchChosenParams(kind, sn),
  });
  const saved = useMemo(
    () => (offered.data && chosen.data ? keptChoice(chosen.data, offered.data) : null),
    [offered.data, chosen.data],
  );
  // What the select holds: the saved choice until the reader changes it (and again once it is saved).
  const [draft, setDraft] = useState<string[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const picked = useMemo(() => draft ?? saved ?? [], [draft, saved]);

  // A bound device's columns come with their description in the reader's language; built-in metrics are named here.
  const labelOf = useMemo(
    () => new Map((offered.data ?? []).flatMap((p) => (p.label ? [[p.key, p.label] as const] : []))),
    [offered.data],
  );
  const name = useCallback(
    (key: string) => {
      const label = labelOf.get(key);
      if (label) return label;
      const text = paramTextKey(key);
      return t(text.key, { n: text.n, defaultValue: key });
    },
    [t, labelOf],
  );
  const unitOf = useMemo(() => new Map((offered.data ?? []).map((p) => [p.key, p.unit])), [offered.data]);
  const options = useMemo(
    () =>
      (offered.data ?? []).map((p) => ({
        value: p.key,
        label: p.unit ? `${name(p.key)} (${shownUnit(p.unit)})` : name(p.key),
      })),
    [offered.data, name],
  );
  const lines: ChartLine[] = useMemo(
    () =>
      picked.map((key, i) => ({
        key,
        label: name(key),
        unit: shownUnit(unitOf.get(key) ?? ''),
        color: PARAM_COLORS[i % PARAM_COLORS.length] ?? PARAM_COLORS[0],
      })),
    [picked, name, unitOf],
  );

  const save = useMutation({
    mutationFn: (params: string[]) => saveChosenParams(kind, params, sn),
    onSuccess: (kept) => {
      setRefusal(null);
      queryClient.setQueryData(chartParamKeys.chosen(kind, sn), kept);
      setDraft(null);
      void message.success(t('deviceCommon.customChart.saved'));
    },
    // A refusal (more than six, or one not offered) is said in the server's words; other faults were toasted.
    onError: (err) => setRefusal(err instanceof ApiError && !err.notified ? err.message : null),
  });

  const load = useCallback((date: string | undefined) => fetchParamDay(kind, sn, date, picked), [kind, sn, picked]);
  const dirty = draft !== null && saved !== null && !sameChoice(draft, saved);
  const title = t('deviceCommon.customChart.title');

  if (offered.isError || chosen.isError)
    return (
      <Card title={title} size="small" data-testid="custom-params">
        <Result
          status="warning"
          subTitle={t('deviceCommon.customChart.loadFailed')}
          extra={
            <Button
              onClick={() => {
                void offered.refetch();
                void chosen.refetch();
              }}
            >
              {t('deviceCommon.customChart.retry')}
            </Button>
          }
        />
      </Card>
    );

  const ready = saved !== null;
  return (
    <DayChartCard
      title={title}
      queryKey={chartParamKeys.day(kind, sn, picked)}
      load={load}
      points={asPoints}
      lines={lines}
      tz={tz}
      testId="custom-params"
      idle={
        !ready ? (
          <Skeleton active title={false} paragraph={{ rows: 4 }} />
        ) : picked.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('deviceCommon.customChart.empty', { max: MAX })}
            data-testid="custom-params-empty"
          />
        ) : undefined
      }
    >
      <div className="hg-custom-params" data-testid="custom-params-form" data-chosen={picked.join(',')}>
        <div className="hg-custom-params-row">
          <Select<string[]>
            mode="multiple"
            className="hg-custom-params-select"
            value={picked}
            onChange={(next) => {
              setDraft(next.slice(0, MAX));
              setRefusal(null);
            }}
            options={options}
            maxCount={MAX}
            showSearch={{ optionFilterProp: 'label' }}
            allowClear
            loading={!ready}
            disabled={!ready}
            status={refusal ? 'error' : undefined}
            placeholder={t('deviceCommon.customChart.placeholder', { max: MAX })}
            aria-label={t('deviceCommon.customChart.select')}
            data-testid="custom-params-select"
          />
          <Button
            type="primary"
            onClick={() => save.mutate(picked)}
            loading={save.isPending}
            disabled={!ready || !dirty || picked.length === 0}
            data-testid="custom-params-save"
          >
            {t('deviceCommon.customChart.save')}
          </Button>
          {dirty && picked.length > 0 ? (
            <Tag color="warning" data-testid="custom-params-unsaved">
              {t('deviceCommon.customChart.unsaved')}
            </Tag>
          ) : null}
        </div>
        <Typography.Text type="secondary" className="hg-custom-params-hint">
          {t('deviceCommon.customChart.limit', { max: MAX, total: options.length })}
        </Typography.Text>
        {refusal ? (
          <Typography.Text
            type="danger"
            role="alert"
            className="hg-custom-params-hint"
            data-testid="custom-params-error"
          >
            {refusal}
          </Typography.Text>
        ) : null}
      </div>
    </DayChartCard>
  );
}
