/// <reference types="node" />
import { DATE_SHORTCUTS, DEVICE_STATUSES, FLOW_STATES, PLANT_TYPES } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_ORDER } from '../../api/plants';
import { BAR_FIGURES } from './energyBars';
import { POWER_SERIES } from './daySeries';
import { loadTree, type Tree } from '../../i18n/testCatalogue';

const en = loadTree('en');
const has = (path: string) =>
  typeof path.split('.').reduce<Tree | string | undefined>((n, k) => (typeof n === 'object' ? n[k] : undefined), en) ===
  'string';

describe('keys the overview and plant list build at run time', () => {
  it('names every status, plant type, shortcut, flow state, figure, series and device kind', () => {
    const needed = [
      ...DEVICE_STATUSES.map((s) => `plants.status.${s}`),
      ...PLANT_TYPES.map((p) => `plants.type.${p}`),
      ...DATE_SHORTCUTS.map((s) => `overview.day.shortcut.${s}`),
      ...FLOW_STATES.map((s) => `overview.flow.state.${s}`),
      ...BAR_FIGURES.map((f) => `overview.energy.${f}`),
      ...[...POWER_SERIES, 'soc'].map((s) => `overview.day.series.${s}`),
      ...DEVICE_KIND_ORDER.map((k) => `overview.devices.kind.${k}`),
      ...['connecting', 'live', 'reconnecting', 'off'].flatMap((s) => [`overview.live.${s}`, `overview.live.${s}Hint`]),
      ...['info', 'warning', 'fault'].map((l) => `overview.events.level.${l}`),
      ...['month', 'year', 'total'].map((k) => `overview.energy.tab_${k}`),
      ...['day', 'energy', 'flow', 'devices', 'events'].map((c) => `overview.${c}.title`),
    ];
    expect(needed.filter((k) => !has(k))).toEqual([]);
  });
});
