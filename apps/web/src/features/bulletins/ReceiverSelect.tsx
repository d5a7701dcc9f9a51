import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bulletinApi, bulletinKeys } from './api';

/** Picks companies or customer accounts by name, searched on the server (50 at a time). */
export function ReceiverSelect({
  audience,
  value,
  onChange,
  initialNames,
  testId,
}: {
  audience: 'companies' | 'customers';
  value?: string[];
  onChange?: (v: string[]) => void;
  /** Names of the ids already chosen (an edited bulletin), so they show before any search. */
  initialNames?: Record<string, string>;
  testId?: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const found = useQuery({
    queryKey: bulletinKeys.receivers(audience, q),
    queryFn: () => bulletinApi.receivers(audience, q),
    staleTime: 30_000,
  });
  const options = new Map<string, string>(Object.entries(initialNames ?? {}));
  for (const r of found.data ?? []) options.set(r.id, r.company ? `${r.name} (${r.company})` : r.name);
  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setQ }}
      value={value}
      onChange={onChange}
      loading={found.isFetching}
      placeholder={audience === 'companies' ? t('bulletins.pickCompanies') : t('bulletins.pickCustomers')}
      aria-label={audience === 'companies' ? t('bulletins.pickCompanies') : t('bulletins.pickCustomers')}
      options={[...options].map(([id, label]) => ({ value: id, label }))}
      data-testid={testId}
    />
  );
}
