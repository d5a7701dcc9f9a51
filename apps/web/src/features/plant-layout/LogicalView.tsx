import { LAYOUT_PERIODS, nestLogicalNodes, type LayoutPeriod } from '@heliograph/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Segmented, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BandLegend } from './BandLegend';
import { layoutApi, layoutKeys } from './api';
import { LoadFailed } from './LoadFailed';
import { LogicalTree } from './LogicalTree';
import type { LayoutViewProps } from './layoutView';
import { defaultCollapsed } from './treeModel';

const REFRESH_MS = 60_000;

/** The logical view: the plant's tree for a period, folded as saved, with the colour legend. */
export function LogicalView({ plantId, canEdit, rtl, locale }: LayoutViewProps & { rtl: boolean }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<LayoutPeriod>('day');
  const tree = useQuery({
    queryKey: layoutKeys.tree(plantId, period),
    queryFn: () => layoutApi.tree(plantId, period),
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const arrangement = useQuery({ queryKey: layoutKeys.logical(plantId), queryFn: () => layoutApi.logical(plantId) });
  const roots = useMemo(() => nestLogicalNodes(tree.data ?? []), [tree.data]);
  const [edited, setEdited] = useState<Set<string> | null>(null);
  const initial = useMemo(
    () => new Set(arrangement.data?.saved ? arrangement.data.collapsed : defaultCollapsed(roots)),
    [arrangement.data, roots],
  );
  const collapsed = edited ?? initial;
  const save = useMutation({
    mutationFn: (ids: string[]) => layoutApi.saveLogical(plantId, ids),
    onSuccess: (data) => {
      queryClient.setQueryData(layoutKeys.logical(plantId), data);
      setEdited(null);
      void message.success(t('plantLayout.logical.saved'));
    },
  });

  const toggle = (id: string) => {
    const next = new Set(collapsed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setEdited(next);
  };
  const allParents = (tree.data ?? []).filter((n) => (tree.data ?? []).some((c) => c.parentId === n.id && n.parentId));

  return (
    <section className="hg-lt" aria-labelledby="hg-lt-title">
      <div className="hg-layout-toolbar">
        <h2 id="hg-lt-title" className="hg-layout-section-title">
          {t('plantLayout.logical.title')}
        </h2>
        <Segmented
          aria-label={t('plantLayout.logical.period')}
          data-testid="layout-period"
          value={period}
          onChange={(v) => setPeriod(v as LayoutPeriod)}
          options={LAYOUT_PERIODS.map((p) => ({ value: p, label: t(`plantLayout.period.${p}`) }))}
        />
        <Space wrap size="small" className="hg-layout-toolbar-end">
          <Button size="small" onClick={() => setEdited(new Set())}>
            {t('plantLayout.logical.expandAll')}
          </Button>
          <Button size="small" onClick={() => setEdited(new Set(allParents.map((n) => n.id)))}>
            {t('plantLayout.logical.collapseAll')}
          </Button>
          {canEdit && (
            <Button
              size="small"
              type={edited ? 'primary' : 'default'}
              disabled={!edited}
              loading={save.isPending}
              onClick={() => save.mutate([...collapsed])}
            >
              {t('plantLayout.logical.saveFolding')}
            </Button>
          )}
        </Space>
      </div>
      <p className="hg-layout-hint">{t('plantLayout.logical.hint')}</p>
      {tree.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : tree.isError ? (
        <LoadFailed onRetry={() => void tree.refetch()} />
      ) : roots.length === 0 || roots.every((r) => r.children.length === 0) ? (
        <Empty description={t('plantLayout.logical.empty')} />
      ) : (
        <div className="hg-lt-scroll" aria-busy={tree.isFetching}>
          <LogicalTree roots={roots} collapsed={collapsed} onToggle={toggle} rtl={rtl} locale={locale} />
        </div>
      )}
      <BandLegend />
    </section>
  );
}
