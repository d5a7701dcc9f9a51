import { Empty, Pagination, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCapacity, formatEnergy, formatPower } from './figures';
import { overviewPath } from './overviewPath';
import type { PlantListViewProps } from './PlantTable';
import { PlantStatusTag } from './PlantStatusTag';
import { useFigureLocale } from './useFigureLocale';

/** The plant list as cards (phones): each whole card opens the plant's overview. */
export function PlantCards({ rows, total, page, size, loading, onPage, empty }: PlantListViewProps): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  return (
    <Spin spinning={loading}>
      {rows.length === 0 ? (
        <div className="hg-plant-cards-empty">{empty ?? <Empty />}</div>
      ) : (
        <ul className="hg-plant-cards" data-testid="plant-cards">
          {rows.map((p) => (
            <li key={p.id}>
              <Link to={overviewPath(p)} className="hg-plant-card" data-testid="plant-link">
                <span className="hg-plant-card-head">
                  <span className="hg-plant-card-name">{p.name}</span>
                  <PlantStatusTag status={p.status} />
                </span>
                <span className="hg-plant-card-sub">
                  <bdi>{t(`plants.type.${p.type}`)}</bdi> · <bdi>{p.address}</bdi>
                </span>
                <span className="hg-plant-card-figures">
                  <span>
                    <span className="hg-plant-card-label">{t('plants.power')}</span>
                    <span className="hg-plant-card-value">{formatPower(p.powerW, locale)}</span>
                  </span>
                  <span>
                    <span className="hg-plant-card-label">{t('plants.todayEnergy')}</span>
                    <span className="hg-plant-card-value">{formatEnergy(p.todayKwh, locale)}</span>
                  </span>
                  <span>
                    <span className="hg-plant-card-label">{t('plants.capacity')}</span>
                    <span className="hg-plant-card-value">{formatCapacity(p.capacityKw, locale)}</span>
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > size ? (
        <Pagination
          className="hg-plant-cards-pager"
          simple
          current={page}
          pageSize={size}
          total={total}
          onChange={(p) => onPage(p, size)}
        />
      ) : null}
      <p className="hg-plant-cards-total">{t('plants.total', { n: String(total) })}</p>
    </Spin>
  );
}
