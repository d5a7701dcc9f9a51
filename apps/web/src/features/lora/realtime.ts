import { METRICS, type LoraRealtimeNode, type LoraRealtimeView } from '@heliograph/shared';

/** The three public realtime views of a master node and their addresses (spec §2.1). */
export const REALTIME_PATHS: Readonly<Record<LoraRealtimeView, string>> = {
  all: '/lora-realtime',
  meter: '/lora-meter-realtime',
  switch: '/lora-switch-realtime',
};

export const REALTIME_VIEWS = Object.keys(REALTIME_PATHS) as LoraRealtimeView[];

/** Which view an address shows (the page serves all three). */
export function realtimeViewOf(pathname: string): LoraRealtimeView {
  return REALTIME_VIEWS.find((v) => REALTIME_PATHS[v] === pathname.replace(/\/+$/, '')) ?? 'all';
}

/** The public address of a view with a share link's token. */
export function realtimeUrl(view: LoraRealtimeView, token: string, origin = ''): string {
  return `${origin}${REALTIME_PATHS[view]}?${new URLSearchParams({ token }).toString()}`;
}

/** The figures shown first, in this order; any other a node reports follows by name. */
const PREFERRED = ['on', 'p', 'ph1_p', 'ph1_v', 'ph1_i', 'freq', 'p_grid', 'p_load', 'leakage_ma', 'rssi'];

/** The columns of the nodes' readings: every metric any node reported, in a stable order. */
export function metricColumns(nodes: readonly LoraRealtimeNode[]): string[] {
  const keys = new Set(nodes.flatMap((n) => Object.keys(n.metrics)));
  const rank = (k: string) => {
    const i = PREFERRED.indexOf(k);
    return i === -1 ? PREFERRED.length : i;
  };
  return [...keys].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** A metric's unit from the shared catalogue (by the node's kind, then any kind), or ''. */
export function unitOf(kind: string, key: string): string {
  const table = METRICS as Record<string, Record<string, string>>;
  const own = table[kind]?.[key];
  if (own !== undefined) return own;
  if (/^ph\d+_v$/.test(key)) return 'V';
  if (/^ph\d+_i$/.test(key)) return 'A';
  if (/^ph\d+_p$/.test(key)) return 'W';
  for (const metrics of Object.values(table)) if (metrics[key] !== undefined) return metrics[key];
  return '';
}
