import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchBatteries } from './batterySettingApi';

interface Props {
  value?: string;
  onPick: (sn: string) => void;
}

/** Pick a battery by typing part of its serial number, alias, plant or gateway; the server does the search. */
export function BatteryPicker({ value, onPick }: Props): React.JSX.Element {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['batteries', 'picker', keyword],
    queryFn: () => searchBatteries(keyword),
    staleTime: 30_000,
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim().slice(0, 64)) }}
      className="hg-bset-picker"
      value={value}
      placeholder={t('batterySetting.pickPlaceholder')}
      aria-label={t('batterySetting.pickLabel')}
      onChange={(sn: string) => onPick(sn)}
      loading={q.isFetching}
      notFoundContent={q.isError ? t('batterySetting.searchFailed') : t('batterySetting.noBattery')}
      data-testid="battery-picker"
      options={(q.data?.rows ?? []).map((b) => ({
        value: b.sn,
        label: [b.alias ? `${b.alias} · ${b.sn}` : b.sn, b.plantName].filter(Boolean).join(' — '),
      }))}
    />
  );
}
