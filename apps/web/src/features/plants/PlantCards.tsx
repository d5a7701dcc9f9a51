import { Empty, Pagination, Spin, type TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PlantListRow } from '../../api/plants';
import { formatCapacity, formatEnergy, formatPower } from '../../components/plant/figures';
import { overviewPath } from '../../components/plant/overviewPath';
import { PlantActions } from './PlantActions';
import { PlantStatusTag } from '../../components/plant/PlantStatusTag';
import { useFigureLocale } from '../../components/plant/useFigureLocale';
import { Quantity } from '../../components/Quantity';

export interface PlantCardsProps {
  rows: PlantListRow[];
  loading: boolean;
  pagination: TablePaginationConfig;
  empty: React.ReactNode;
}

/** The plant list as cards (phones, or by choice): the card's name opens the overview, ⋯ holds the actions. */
export function PlantCards({ rows, loading, pagination, empty }: PlantCardsProps): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const { current = 1, pageSize = 10, total = 0, onChange, showTotal } = pagination;
  return (
    <Spin spinning={loading}>
      {rows.length === 0 ? (
        <div className="hg-plant-cards-empty">{empty ?? <Empty />}</div>
      ) : (
        <ul className="hg-plant-cards" data-testid="plant-cards">
          {rows.map((p) => (
            <li key={p.id} className="hg-plant-card" data-testid="plant-card" data-status={p.status}>
              <span className="hg-plant-card-head">
                <Link to={overviewPath(p)} className="hg-plant-card-name" data-testid="plant-link">
                  {p.name}
                </Link>
                <span className="hg-plant-card-tools">
                  <PlantStatusTag status={p.status} />
                  <PlantActions plant={p} />
                </span>
              </span>
              <span className="hg-plant-card-sub">
                <bdi>{t(`plants.type.${p.type}`)}</bdi> · <bdi>{p.address}</bdi>
              </span>
              <span className="hg-plant-card-figures">
                <span>
                  <span className="hg-plant-card-label">{t('plants.power')}</span>
                  <Quantity className="hg-plant-card-value">{formatPower(p.powerW, locale)}</Quantity>
                </span>
                <span>
                  <span className="hg-plant-card-label">{t('plants.todayEnergy')}</span>
                  <Quantity className="hg-plant-card-value">{formatEnergy(p.todayKwh, locale)}</Quantity>
                </span>
                <span>
                  <span className="hg-plant-card-label">{t('plants.capacity')}</span>
                  <Quantity className="hg-plant-card-value">{formatCapacity(p.capacityKw, locale)}</Quantity>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {total > pageSize ? (
        <Pagination
          className="hg-plant-cards-pager"
          simple
          current={current}
          pageSize={pageSize}
          total={total}
          onChange={(p, s) => onChange?.(p, s)}
        />
      ) : null}
      <p className="hg-plant-cards-total" data-testid="plant-total">
        {showTotal?.(total, [0, 0])}
      </p>
    </Spin>
  );
}
