import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { INTL_LOCALE } from '@heliograph/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { currentLang } from '../../i18n';
import { dictApi, dictKeys } from './api';
import { DictTable, type DictRow } from './DictTable';
import './dictionaries.css';

const TABS = ['currencies', 'timezones', 'plantTypes', 'protocols', 'inverterKinds'] as const;
type Tab = (typeof TABS)[number];

/** "UTC+05:30", "UTC−03:00", "UTC+00:00": a zone's current offset as the user reads it. */
export function utcOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `UTC${sign}${hh}:${mm}`;
}

/**
 * A zone's generic name in the user's language ("Central European Time", "中欧时间"), from the browser's
 * Intl data; the zone's id where the browser has no name for it (it then answers "GMT+1" or the like).
 */
export function zoneName(id: string, locale: string): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone: id, timeZoneName: 'longGeneric' })
      .formatToParts(0)
      .find((p) => p.type === 'timeZoneName')
      ?.value.replace(/[\u200e\u200f\u061c]/g, '');
    return part && !/^(GMT|UTC)([+−-]|$)/.test(part) ? part : id.replaceAll('_', ' ');
  } catch {
    return id.replaceAll('_', ' ');
  }
}

/**
 * /management/dictionaries — the dictionaries the console uses (spec §2.3 "Management: … dictionaries", §7
 * GET dict/*): currencies, time zones, plant types, device protocols and inverter kinds, one tab each, read
 * only. Every one of them is a rule written once in packages/shared (ISO 4217 codes, the runtime's IANA
 * zones, the spec's plant types and inverter kinds, the protocols the server decodes), which the forms and the
 * server check against: editing them here would let a plant carry a value the code cannot handle, and the
 * spec names no call that changes one. docs/dictionaries.md says so.
 */
export default function DictionariesPage(): React.JSX.Element {
  const { t } = useTranslation();
  const lang = currentLang();
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((k) => k === params.get('tab')) ?? 'currencies';
  const open = (key: string): void => setParams(key === 'currencies' ? {} : { tab: key }, { replace: true });

  // Only the open tab's dictionary is fetched; each is cached for the session once read.
  const currencies = useQuery({
    queryKey: dictKeys.currencies,
    queryFn: dictApi.currencies,
    enabled: tab === 'currencies',
    staleTime: Infinity,
  });
  const timezones = useQuery({
    queryKey: dictKeys.timezones,
    queryFn: dictApi.timezones,
    enabled: tab === 'timezones',
    staleTime: Infinity,
  });
  const plantTypes = useQuery({
    queryKey: dictKeys.plantTypes,
    queryFn: dictApi.plantTypes,
    enabled: tab === 'plantTypes',
    staleTime: Infinity,
  });
  const protocols = useQuery({
    queryKey: dictKeys.protocols,
    queryFn: dictApi.protocols,
    enabled: tab === 'protocols',
    staleTime: Infinity,
  });
  const inverterKinds = useQuery({
    queryKey: dictKeys.inverterKinds,
    queryFn: dictApi.inverterKinds,
    enabled: tab === 'inverterKinds',
    staleTime: Infinity,
  });

  const rows: Record<Tab, DictRow[] | undefined> = {
    currencies: currencies.data,
    timezones: timezones.data?.map((z) => ({
      code: z.id,
      name: zoneName(z.id, INTL_LOCALE[lang]),
      detail: utcOffset(z.offsetMinutes),
    })),
    plantTypes: plantTypes.data?.map((p) => ({ code: p.value, name: t(`dictionaries.plantType.${p.value}`) })),
    protocols: protocols.data?.map((p) => ({
      code: p.value,
      name: t(`dictionaries.protocol.${p.value}`, { defaultValue: p.value }),
      detail: p.settings ? t('dictionaries.yes') : t('dictionaries.no'),
    })),
    inverterKinds: inverterKinds.data?.map((k) => ({ code: k.value, name: t(`dictionaries.inverterKind.${k.value}`) })),
  };
  const queries = { currencies, timezones, plantTypes, protocols, inverterKinds };
  const detailTitle: Partial<Record<Tab, string>> = {
    timezones: t('dictionaries.offset'),
    protocols: t('dictionaries.settingsForm'),
  };

  return (
    <section className="hg-page-card" aria-labelledby="dictionaries-title" data-testid="dictionaries">
      <header className="hg-page-header">
        <div>
          <h1 id="dictionaries-title" className="hg-page-title">
            {t('page.dictionaries')}
          </h1>
          <p className="hg-page-hint">{t('dictionaries.hint')}</p>
        </div>
      </header>
      <Tabs
        activeKey={tab}
        onChange={open}
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`tab-${key}`}>{t(`dictionaries.tabs.${key}`)}</span>,
          children: (
            <DictTable
              id={key}
              rows={rows[key]}
              loading={queries[key].isLoading}
              failed={queries[key].isError}
              retry={() => void queries[key].refetch()}
              detailTitle={detailTitle[key]}
              searchPlaceholder={t(`dictionaries.search.${key}`)}
            />
          ),
        }))}
      />
    </section>
  );
}
