import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Skeleton, Tabs } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { plantApi, plantKeys } from '../../api/plants';
import { PRODUCT_NAME } from '../../kit/brand';
import { usePermissions } from '../../kit/permissions';
import { useDisplay } from '../../components/chart/useDisplay';
import { overviewPath } from '../../components/plant/overviewPath';
import { LogicalView } from './LogicalView';
import { PhysicalView } from './PhysicalView';
import './plant-layout.css';
import { PlantNotLoaded } from '../../components/plant/PlantNotLoaded';

type View = 'logical' | 'physical';

/**
 * plants/layout/:id — the plant's panel layouts (spec §2.3): the logical tree and the physical roof grid.
 * The open view is kept in the address (?view=physical) so a reload or a shared link opens the same one.
 */
export default function PlantLayoutPage(): React.JSX.Element {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const display = useDisplay();
  const { held } = usePermissions();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'physical' ? 'physical' : 'logical';
  const summary = useQuery({
    queryKey: plantKeys.summary(id),
    queryFn: () => plantApi.summary(id),
    enabled: id !== '',
  });
  const canEdit = held.has('station.edit');

  const name = summary.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${t('page.plantLayout')} · ${PRODUCT_NAME}`;
  }, [name, t]);

  if (summary.isPending) {
    return (
      <div className="hg-layout-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (summary.isError) {
    return <PlantNotLoaded texts="plantLayout" testId="layout-not-found" onRetry={() => void summary.refetch()} />;
  }
  const plant = summary.data;
  const viewProps = { plantId: plant.id, canEdit, locale: display.locale };
  return (
    <div className="hg-layout-page" data-testid="plant-layout">
      <header className="hg-layout-header">
        <Breadcrumb
          items={[
            { title: <Link to="/plants">{t('page.plants')}</Link> },
            { title: <Link to={overviewPath(plant)}>{plant.name}</Link> },
            { title: t('page.plantLayout') },
          ]}
        />
        <h1 className="hg-layout-title">{t('plantLayout.title', { name: plant.name })}</h1>
      </header>
      <Tabs
        activeKey={view}
        onChange={(key) => setParams(key === 'logical' ? {} : { view: key }, { replace: true })}
        items={[
          {
            key: 'logical',
            label: t('plantLayout.tabs.logical'),
            children: <LogicalView {...viewProps} rtl={display.rtl} />,
          },
          {
            key: 'physical',
            label: <span data-testid="tab-physical">{t('plantLayout.tabs.physical')}</span>,
            children: <PhysicalView {...viewProps} compact={display.compact} />,
          },
        ]}
      />
    </div>
  );
}
