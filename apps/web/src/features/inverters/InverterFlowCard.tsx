import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { CardError } from '../plant-overview';
import { EnergyFlowDiagram } from '../plant-overview';
import { buildFlowModel } from '../plant-overview';
import { inverterApi } from './api';

/**
 * The inverter's own energy flow (spec §7 "flow"), drawn with the plant overview's diagram: PV into the
 * inverter, its battery when it is a hybrid, grid and home from the gateway's meter — or, with no meter, its
 * AC output going to the grid, which the hint under the drawing says.
 */
export function InverterFlowCard({ sn }: { sn: string }): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const q = useQuery({
    queryKey: ['inverter', sn, 'flow'],
    queryFn: () => inverterApi.flow(sn),
    refetchInterval: 60_000,
  });
  const d = q.data;
  const hasBattery = d !== undefined && (d.powerW.battery !== null || d.powerW.soc !== null);
  const model = d
    ? buildFlowModel(
        { ts: d.ts, flow: d.flow, powerW: d.powerW, capacityKw: Math.max(1, (d.ratedW ?? 0) / 1000) },
        hasBattery ? 'storage_dc' : 'grid',
      )
    : null;

  return (
    <section className="hg-inv-flow" aria-labelledby="inv-flow-title" data-testid="inverter-flow">
      <h3 id="inv-flow-title" className="hg-inv-subtitle">
        {t('inverters.flow.title')}
      </h3>
      {model && d ? (
        <>
          <EnergyFlowDiagram model={model} rtl={i18n.dir() === 'rtl'} locale={i18n.language} />
          <p className="hg-inv-hint" data-testid="inverter-flow-source">
            {d.meter ? t('inverters.flow.fromMeter') : t('inverters.flow.noMeter')}
          </p>
        </>
      ) : q.isError ? (
        <CardError onRetry={() => void q.refetch()} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </section>
  );
}
