import { ERROR_CODES, type LayoutPeriod, type LogicalNode, type PhysicalPanel } from '@heliograph/shared';
import { api } from '../../api/client';

/** The layout calls of spec §7 (apps/server/src/modules/layouts/routes.ts). */

export interface LayoutInverterInfo {
  sn: string;
  micro: boolean;
  inputs: number;
  pvW: number;
}

export interface PhysicalAnswer {
  panels: PhysicalPanel[];
  saved: boolean;
  updatedAt: number | null;
  micro: boolean;
  inverters: LayoutInverterInfo[];
}

export interface LogicalArrangement {
  collapsed: string[];
  saved: boolean;
}

export interface MicroPanelPower {
  id: string;
  inverterSn: string;
  input: number;
  powerW: number | null;
  voltageV: number | null;
  currentA: number | null;
  efficiency: number | null;
}

const plant = (id: string) => `/api/v1/plant/${encodeURIComponent(id)}`;

export const layoutApi = {
  physical: (id: string) => api.get<PhysicalAnswer>(`${plant(id)}/physical/layout`),
  /** The page shows the panel-limit and field errors itself, next to what caused them. */
  savePhysical: (id: string, panels: PhysicalPanel[]) =>
    api.post<PhysicalAnswer>(
      `${plant(id)}/physical/layout`,
      { panels },
      {
        tolerate: [ERROR_CODES.panelLimit, ERROR_CODES.validation],
      },
    ),
  logical: (id: string) => api.get<LogicalArrangement>(`${plant(id)}/layout/logical`),
  saveLogical: (id: string, collapsed: string[]) =>
    api.post<LogicalArrangement>(`${plant(id)}/layout/logical`, { collapsed }),
  tree: (id: string, period: LayoutPeriod) => api.get<LogicalNode[]>(`${plant(id)}/logical/layout/${period}`),
  microPanels: (id: string) =>
    api.get<{ ts: number | null; panels: MicroPanelPower[] }>(`${plant(id)}/physical/layout/micro/panel`),
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
