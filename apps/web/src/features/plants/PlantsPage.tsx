import { Button, Empty, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PHONE_QUERY, useMediaQuery } from '../../shell/useMediaQuery';
import { PlantCards } from './PlantCards';
import { PlantTable } from './PlantTable';
import { usePlantList } from './usePlantList';
import './plants.css';

/**
 * /plants — for now a plain list of the caller's plants (search, pages, current figures), each leading to its
 * overview. The full My Plants page (map, status statistics, filters) grows here later.
 */
export default function PlantsPage(): React.JSX.Element {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const { page, size, keyword, query, update } = usePlantList();
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;

  const empty = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={keyword ? t('plants.noMatch', { keyword }) : t('plants.none')}
      data-testid="plants-empty"
    />
  );

  const View = isPhone ? PlantCards : PlantTable;
  return (
    <section className="hg-page-card hg-plants" aria-labelledby="plants-title">
      <header className="hg-plants-header">
        <div>
          <h1 id="plants-title" className="hg-plants-title">
            {t('page.plants')}
          </h1>
          <p className="hg-plants-hint">{t('plants.hint')}</p>
        </div>
        <Input.Search
          key={keyword}
          className="hg-plants-search"
          defaultValue={keyword}
          placeholder={t('plants.searchPlaceholder')}
          aria-label={t('plants.search')}
          enterButton={t('plants.search')}
          allowClear
          maxLength={64}
          onSearch={(value) => update({ keyword: value.trim(), page: 1 })}
          data-testid="plants-search"
        />
      </header>
      {query.isError && !query.data ? (
        <Result
          status="warning"
          title={<h2 className="hg-result-title">{t('plants.loadFailed')}</h2>}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <View
          rows={rows}
          total={total}
          page={page}
          size={size}
          loading={query.isFetching && (query.isPlaceholderData || !query.data)}
          onPage={(p, s) => update({ page: p, size: s })}
          empty={query.isLoading ? null : empty}
        />
      )}
    </section>
  );
}
