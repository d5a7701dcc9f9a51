import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { plantApi } from '../../api/plants';

/** Narrows a device or event list to one plant, searching the caller's plants by name as they type. */
export function PlantSelect({
  value,
  onChange,
  testId,
  placeholder,
}: {
  value: string | undefined;
  onChange: (plantId: string | undefined) => void;
  testId: string;
  /** What the empty choice says; "all plants" (a filter) by default. */
  placeholder?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const plants = useQuery({
    queryKey: ['plant-select', search],
    queryFn: () => plantApi.list({ page: 1, size: 50, keyword: search || undefined }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return (
    <Select
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      style={{ minWidth: 200 }}
      value={value}
      placeholder={placeholder ?? t('events.allPlants')}
      aria-label={t('batteries.common.plant')}
      data-testid={testId}
      loading={plants.isFetching}
      onChange={(v?: string) => onChange(v)}
      options={(plants.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name }))}
      notFoundContent={t('events.noPlant')}
    />
  );
}
