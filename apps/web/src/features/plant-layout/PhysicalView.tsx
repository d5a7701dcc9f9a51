import {
  ERROR_CODES,
  LAYOUT,
  type PhysicalPanel,
  type MicroPanelPower,
  type PhysicalLayoutAnswer,
} from '@heliograph/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Popconfirm, Skeleton, Space, Tag, Tooltip } from 'antd';
import {
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { layoutApi, layoutKeys } from './api';
import { PanelEditor } from './PanelEditor';
import { addPanel, editPanels, fieldOfPath, gridSize, removePanels, samePanels, stringMates } from './physicalModel';
import { RoofGrid } from './RoofGrid';
import { useUnsavedWarning } from './useUnsavedWarning';
import type { LayoutViewProps } from './layoutView';
import { LoadFailed } from './LoadFailed';

const LIVE_REFRESH_MS = 30_000;
const ZOOMS = [32, 40, 48, 56, 64, 72] as const;

type PhysicalViewProps = LayoutViewProps & { compact: boolean };

/** The physical view: loads the layout and hands it to the editor (fresh after every save). */
export function PhysicalView(props: PhysicalViewProps): React.JSX.Element {
  const layout = useQuery({
    queryKey: layoutKeys.physical(props.plantId),
    queryFn: () => layoutApi.physical(props.plantId),
    refetchOnWindowFocus: false,
  });
  if (layout.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (layout.isError) return <LoadFailed onRetry={() => void layout.refetch()} />;
  return <PhysicalEditor key={`${layout.data.saved}-${layout.data.updatedAt}`} initial={layout.data} {...props} />;
}

function PhysicalEditor({
  plantId,
  canEdit,
  locale,
  compact,
  initial,
}: PhysicalViewProps & { initial: PhysicalLayoutAnswer }): React.JSX.Element {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [panels, setPanels] = useState<PhysicalPanel[]>(initial.panels);
  const [selection, setSelection] = useState<Set<string>>(new Set());
  const [zoom, setZoom] = useState<number>(compact ? 1 : 3);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<{ text: string; panels: Set<string> } | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const readOnly = !canEdit;
  const dirty = !samePanels(panels, initial.panels);
  useUnsavedWarning(dirty);

  const micro = useQuery({
    queryKey: layoutKeys.micro(plantId),
    queryFn: () => layoutApi.microPanels(plantId),
    enabled: initial.micro,
    refetchInterval: LIVE_REFRESH_MS,
  });
  const live = useMemo(
    () => new Map<string, MicroPanelPower>((micro.data?.panels ?? []).map((p) => [p.id, p])),
    [micro.data],
  );
  const size = gridSize(panels);
  const cell = ZOOMS[zoom] ?? 48;
  const chosen = panels.filter((p) => selection.has(p.id));
  const atLimit = panels.length >= LAYOUT.maxPanels;

  const change = (next: PhysicalPanel[], note: string) => {
    setPanels(next);
    setStatus(note);
    setProblem(null);
  };

  const save = useMutation({
    mutationFn: () => layoutApi.savePhysical(plantId, panels),
    onSuccess: (data) => {
      void message.success(t('plantLayout.physical.saved'));
      queryClient.setQueryData(layoutKeys.physical(plantId), data);
      void queryClient.invalidateQueries({ queryKey: ['plant', plantId, 'layout'] });
    },
    onError: (e) => {
      if (!(e instanceof ApiError)) return;
      if (e.code === ERROR_CODES.panelLimit) setProblem({ text: e.message, panels: new Set() });
      else if (e.code === ERROR_CODES.validation) {
        const bad = new Set<string>();
        for (const f of e.fields) {
          const { panelId } = fieldOfPath(f.field, panels);
          if (panelId) bad.add(panelId);
        }
        setProblem({
          text: t('plantLayout.physical.invalid', { n: bad.size }),
          panels: bad,
        });
        setSelection(bad);
      }
    },
  });

  const remove = () => {
    const n = selection.size;
    change(removePanels(panels, selection), t('plantLayout.physical.removed', { n }));
    setSelection(new Set());
    setConfirmRemove(false);
  };

  return (
    <section className="hg-pl" aria-labelledby="hg-pl-title">
      <div className="hg-layout-toolbar">
        <h2 id="hg-pl-title" className="hg-layout-section-title">
          {t('plantLayout.physical.title')}
        </h2>
        <Tag color={atLimit ? 'orange' : 'default'} data-testid="panel-count">
          {t('plantLayout.physical.count', { n: panels.length, max: LAYOUT.maxPanels })}
        </Tag>
        {!initial.saved && <Tag color="blue">{t('plantLayout.physical.defaultTag')}</Tag>}
        <Space wrap size="small" className="hg-layout-toolbar-end">
          <Tooltip title={t('plantLayout.physical.zoomOut')}>
            <Button
              size="small"
              icon={<ZoomOutOutlined />}
              aria-label={t('plantLayout.physical.zoomOut')}
              disabled={zoom === 0}
              onClick={() => setZoom((z) => Math.max(0, z - 1))}
            />
          </Tooltip>
          <Tooltip title={t('plantLayout.physical.zoomIn')}>
            <Button
              size="small"
              icon={<ZoomInOutlined />}
              aria-label={t('plantLayout.physical.zoomIn')}
              disabled={zoom === ZOOMS.length - 1}
              onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            />
          </Tooltip>
          <Button size="small" onClick={() => setSelection(new Set(panels.map((p) => p.id)))}>
            {t('plantLayout.physical.selectAll')}
          </Button>
          <Button
            size="small"
            disabled={selection.size === 0}
            onClick={() => setSelection(stringMates(panels, selection))}
          >
            {t('plantLayout.physical.selectStrings')}
          </Button>
          {!readOnly && (
            <>
              <Tooltip title={atLimit ? t('plantLayout.physical.limitReached', { max: LAYOUT.maxPanels }) : undefined}>
                <Button
                  size="small"
                  icon={<PlusOutlined />}
                  disabled={atLimit}
                  data-testid="panel-add"
                  onClick={() => {
                    const next = addPanel(panels, size.cols, chosen[0]);
                    if (!next) return;
                    const added = next[next.length - 1];
                    change(next, t('plantLayout.physical.added', { n: added?.number }));
                    if (added) setSelection(new Set([added.id]));
                  }}
                >
                  {t('plantLayout.physical.add')}
                </Button>
              </Tooltip>
              <Popconfirm
                open={confirmRemove}
                onOpenChange={(open) => setConfirmRemove(open && selection.size > 0)}
                title={t('plantLayout.physical.removeConfirm', { n: selection.size })}
                okText={t('plantLayout.physical.remove')}
                okButtonProps={{ danger: true }}
                cancelText={t('plantLayout.cancel')}
                onConfirm={remove}
              >
                <Button size="small" danger icon={<DeleteOutlined />} disabled={selection.size === 0}>
                  {t('plantLayout.physical.remove')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('plantLayout.physical.discardConfirm')}
                okText={t('plantLayout.physical.discard')}
                cancelText={t('plantLayout.cancel')}
                disabled={!dirty}
                onConfirm={() => {
                  change(initial.panels, t('plantLayout.physical.discarded'));
                  setSelection(new Set());
                }}
              >
                <Button size="small" icon={<UndoOutlined />} disabled={!dirty}>
                  {t('plantLayout.physical.discard')}
                </Button>
              </Popconfirm>
              <Button
                type="primary"
                size="small"
                icon={<SaveOutlined />}
                disabled={!dirty}
                loading={save.isPending}
                data-testid="layout-save"
                onClick={() => save.mutate()}
              >
                {t('plantLayout.physical.save')}
              </Button>
            </>
          )}
        </Space>
      </div>
      {dirty && !readOnly && (
        <Alert
          type="warning"
          showIcon
          className="hg-layout-alert"
          title={t('plantLayout.physical.unsaved')}
          data-testid="layout-unsaved"
        />
      )}
      {problem && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="hg-layout-alert"
          title={problem.text}
          data-testid="layout-error"
          closable
          onClose={() => setProblem(null)}
        />
      )}
      {readOnly && <Alert type="info" showIcon className="hg-layout-alert" title={t('plantLayout.readOnly')} />}
      <p id="hg-roof-help" className="hg-layout-hint">
        {readOnly ? t('plantLayout.physical.helpReadOnly') : t('plantLayout.physical.help')}
      </p>
      <div className="hg-pl-body">
        <div className="hg-roof-scroll" data-testid="roof-scroll">
          {panels.length === 0 ? (
            <Empty description={t('plantLayout.physical.empty')} />
          ) : (
            <RoofGrid
              panels={panels}
              size={size}
              cell={cell}
              selection={selection}
              live={live}
              invalid={problem?.panels ?? new Set()}
              readOnly={readOnly}
              locale={locale}
              onSelect={setSelection}
              onMove={(next, moved) => {
                const first = next.find((p) => p.id === moved[0]);
                change(
                  next,
                  t('plantLayout.physical.moved', {
                    n: moved.length,
                    col: (first?.x ?? 0) + 1,
                    row: (first?.y ?? 0) + 1,
                  }),
                );
              }}
              onRemoveRequest={() => setConfirmRemove(true)}
              onBlocked={() => setStatus(t('plantLayout.physical.blocked'))}
            />
          )}
        </div>
        <aside className="hg-pl-side" aria-label={t('plantLayout.editor.title')}>
          <PanelEditor
            chosen={chosen}
            live={live}
            readOnly={readOnly}
            locale={locale}
            onApply={(edit, wholeStrings) => {
              const next = editPanels(panels, selection, edit, wholeStrings);
              change(
                next,
                t('plantLayout.physical.edited', {
                  n: wholeStrings ? stringMates(panels, selection).size : selection.size,
                }),
              );
            }}
          />
          {initial.micro ? (
            <p className="hg-layout-hint">
              {micro.data?.ts
                ? t('plantLayout.physical.liveAt', {
                    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(micro.data.ts),
                  })
                : t('plantLayout.physical.liveNone')}
            </p>
          ) : (
            <p className="hg-layout-hint">{t('plantLayout.physical.notMicro')}</p>
          )}
        </aside>
      </div>
      <div className="hg-visually-hidden" role="status" aria-live="polite" data-testid="layout-status">
        {status}
      </div>
    </section>
  );
}
