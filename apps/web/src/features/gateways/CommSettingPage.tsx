import { ArrowLeftOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Result, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePermissions } from '../../kit/permissions';
import { OperationLogTable } from '../device-common/OperationLogTable';
import { OnlineTag } from '../device-common/OnlineTag';
import { gatewayApi, gatewayKeys, gatewayPath, LIST_PATH } from './gatewayApi';
import { useDescribeOperation } from './GatewayDetailPage';
import { GatewaySettingsCard } from './GatewaySettingsCard';
import '../device-common/storage.css';

/** Picks a gateway by serial, alias or plant; the choice goes to the address (?sn=). */
function GatewayPicker({ onPick }: { onPick: (sn: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const q = useQuery({
    queryKey: gatewayKeys.list({ page: 1, size: 20, q: search || undefined }),
    queryFn: () => gatewayApi.list({ page: 1, size: 20, q: search || undefined }),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={{ width: '100%', maxWidth: 360 }}
      placeholder={t('gateways.searchPlaceholder')}
      aria-label={t('gateways.commSetting.pick')}
      loading={q.isFetching}
      options={(q.data?.rows ?? []).map((g) => ({ value: g.sn, label: g.alias ? `${g.alias} · ${g.sn}` : g.sn }))}
      onChange={(v: string) => onPick(v)}
      data-testid="comm-setting-pick"
    />
  );
}

/** /device/comm-setting?sn=… — the communication settings of one gateway, with the same controls as its page. */
export default function CommSettingPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { held } = usePermissions();
  const describe = useDescribeOperation();
  const sn = (params.get('sn') ?? '').trim();
  const detail = useQuery({
    queryKey: gatewayKeys.detail(sn),
    queryFn: () => gatewayApi.info(sn),
    enabled: !!sn,
    retry: false,
  });
  const gw = detail.data;
  const missing = detail.error instanceof ApiError && detail.error.code > 0;
  return (
    <div className="hg-storage-detail" data-testid="comm-setting">
      <section className="hg-page-card" aria-labelledby="comm-setting-title">
        <Link to={sn ? gatewayPath(sn) : LIST_PATH} className="hg-storage-back">
          <ArrowLeftOutlined className="hg-flip-rtl" /> {t('batteries.common.back')}
        </Link>
        <h1 id="comm-setting-title" className="hg-page-title hg-storage-title">
          {t('page.commSetting')}
        </h1>
        {gw ? (
          <p>
            {gw.alias ? `${gw.alias} · ${gw.sn}` : gw.sn} <OnlineTag online={gw.online} />
          </p>
        ) : null}
        <p className="hg-page-hint">{t('gateways.commSetting.hint')}</p>
        <GatewayPicker onPick={(v) => setParams({ sn: v })} />
      </section>
      {!sn ? (
        <section className="hg-page-card">
          <Empty description={t('gateways.commSetting.pick')} />
        </section>
      ) : detail.isLoading ? (
        <section className="hg-page-card" aria-busy="true">
          <Skeleton active paragraph={{ rows: 4 }} />
        </section>
      ) : !gw ? (
        <section className="hg-page-card">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? t('batteries.common.notFound') : t('batteries.common.loadFailed')}
            extra={!missing && <Button onClick={() => void detail.refetch()}>{t('batteries.common.retry')}</Button>}
          />
        </section>
      ) : (
        <>
          {!gw.online ? (
            <Alert type="warning" showIcon title={t('gateways.offlineNote')} data-testid="gateway-offline" />
          ) : null}
          <GatewaySettingsCard key={gw.sn} gw={gw} canEdit={held.has('gateway.control')} />
          <section className="hg-page-card">
            <h2 className="hg-page-title hg-storage-title">{t('deviceCommon.log.title')}</h2>
            <OperationLogTable target={gw.sn} describe={describe} />
          </section>
        </>
      )}
    </div>
  );
}
