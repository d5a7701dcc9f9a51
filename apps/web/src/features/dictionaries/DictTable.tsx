import { Empty, Grid, Input, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../device-common/LoadFailed';

/** One entry of a dictionary as the page shows it: its code, its name in the user's language, a detail. */
export interface DictRow {
  code: string;
  name: string;
  /** A third column (a time zone's UTC offset, whether a protocol has a settings form). */
  detail?: string;
}

interface Props {
  /** Which dictionary (test ids, the search box's name). */
  id: string;
  rows: DictRow[] | undefined;
  loading: boolean;
  failed: boolean;
  retry: () => void;
  detailTitle?: string;
  searchPlaceholder: string;
}

const PAGE_SIZES = [10, 20, 50, 100];

/**
 * A read-only dictionary: a search over code and name (in part, any case) and a paged table. The rows are
 * few (at most a few hundred time zones), so they are searched and paged in the browser.
 */
export function DictTable({
  id,
  rows,
  loading,
  failed,
  retry,
  detailTitle,
  searchPlaceholder,
}: Props): React.JSX.Element {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().md ?? true;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(10);
  const needle = search.trim().toLowerCase();
  const shown = useMemo(
    () =>
      (rows ?? []).filter(
        (r) =>
          !needle ||
          r.code.toLowerCase().includes(needle) ||
          r.name.toLowerCase().includes(needle) ||
          (r.detail ?? '').toLowerCase().includes(needle),
      ),
    [rows, needle],
  );

  if (failed && !rows)
    return <LoadFailed title={t('dictionaries.loadFailed')} retry={retry} retryText={t('dictionaries.retry')} />;

  const columns: ColumnsType<DictRow> = [
    {
      title: t('dictionaries.code'),
      dataIndex: 'code',
      width: wide ? 220 : 120,
      render: (c: string) => (
        <code className="hg-dict-code">
          {/* A phone may break a zone id after its slashes (Africa/ Addis_Ababa), not inside a word. */}
          <bdi>
            {c.split('/').map((part, i) => (
              <Fragment key={i}>
                {i > 0 && (
                  <>
                    /<wbr />
                  </>
                )}
                {part}
              </Fragment>
            ))}
          </bdi>
        </code>
      ),
    },
    { title: t('dictionaries.name'), dataIndex: 'name' },
    ...(detailTitle
      ? [
          {
            title: detailTitle,
            dataIndex: 'detail',
            width: wide ? 200 : 96,
            render: (d: string) => <bdi>{d}</bdi>,
          },
        ]
      : []),
  ];

  return (
    <div className="hg-dict" data-testid={`dict-${id}`}>
      <Input.Search
        allowClear
        className="hg-dict-search"
        value={search}
        placeholder={searchPlaceholder}
        aria-label={searchPlaceholder}
        maxLength={64}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        data-testid={`dict-${id}-search`}
      />
      <Table<DictRow>
        rowKey="code"
        size={wide ? 'middle' : 'small'}
        // On a phone the columns keep their widths and long codes wrap, so the name keeps room.
        tableLayout={wide ? undefined : 'fixed'}
        columns={columns}
        dataSource={shown}
        loading={loading}
        pagination={{
          current: page,
          pageSize: size,
          total: shown.length,
          showSizeChanger: wide,
          simple: !wide,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => t('listKit.total', { n: n.toLocaleString() }),
          locale: { page_size: t('listKit.pageSize') },
          onChange: (p, s) => {
            if (s !== size) {
              setSize(s);
              setPage(1);
            } else setPage(p);
          },
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={needle ? t('dictionaries.noMatch') : t('dictionaries.none')}
            />
          ),
        }}
        data-testid={`dict-${id}-table`}
      />
    </div>
  );
}
