import { ERROR_CODES, type LayoutPeriod, type PhysicalPanel } from '@heliograph/shared';
import { call } from '../../api/call';

/** The layout calls of spec §7; their answers are the contracts of packages/shared/src/contracts/layouts.ts. */
export const layoutApi = {
  physical: (id: string) => call('GET /plant/:id/physical/layout', { params: { id } }),
  /** The page shows the panel-limit and field errors itself, next to what caused them. */
  savePhysical: (id: string, panels: PhysicalPanel[]) =>
    call(
      'POST /plant/:id/physical/layout',
      { params: { id }, body: { panels } },
      { tolerate: [ERROR_CODES.panelLimit, ERROR_CODES.validation] },
    ),
  logical: (id: string) => call('GET /plant/:id/layout/logical', { params: { id } }),
  saveLogical: (id: string, collapsed: string[]) =>
    call('POST /plant/:id/layout/logical', { params: { id }, body: { collapsed } }),
  tree: (id: string, period: LayoutPeriod) => call('GET /plant/:id/logical/layout/:period', { params: { id, period } }),
  microPanels: (id: string) => call('GET /plant/:id/physical/layout/micro/panel', { params: { id } }),
};

/**
 * Live figures sit under ['plant', id] so the plant's live stream refreshes them; the saved arrangements do
 * not, so a refresh never pulls an arrangement from under someone editing it.
 */
export const layoutKeys = {
  physical: (id: string) => ['plantLayout', id, 'physical'] as const,
  logical: (id: string) => ['plantLayout', id, 'logical'] as const,
  tree: (id: string, period: LayoutPeriod) => ['plant', id, 'layout', 'tree', period] as const,
  micro: (id: string) => ['plant', id, 'layout', 'micro'] as const,
};
