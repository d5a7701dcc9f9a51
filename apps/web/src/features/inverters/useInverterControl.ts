import { useQuery } from '@tanstack/react-query';
import { inverterActionBlock, type InverterAction, type InverterActionBlock } from '@heliograph/shared';
import { api } from '../../api/client';
import { usePermissions } from '../../kit/permissions';

export interface InverterControl {
  writable: boolean;
  status: string;
  state: number | null;
  protocol: string;
  settings: boolean;
}

export const controlKey = (sn: string) => ['inverter', sn, 'control'] as const;

/**
 * What the person may do with the inverter now: their permission keys, whether the plant is theirs to change
 * (a visitor or guest share is read-only), and the state rule the server also applies (packages/shared).
 * `why` is the reason a button is disabled, as a catalogue key.
 */
export function useInverterControl(sn: string) {
  const { held } = usePermissions();
  const query = useQuery({
    queryKey: controlKey(sn),
    queryFn: () => api.get<InverterControl>(`/api/v1/inverter/${encodeURIComponent(sn)}/control`),
    refetchInterval: 30_000,
  });
  const c = query.data;
  const permitted: Record<InverterAction | 'alias' | 'delete', boolean> = {
    boot: held.has('inverter.control'),
    shutdown: held.has('inverter.control'),
    alias: held.has('inverter.control'),
    delete: held.has('inverter.delete'),
    debug: held.has('inverter.debug'),
    settings: held.has('inverter.setting'),
    ivScan: held.has('inverter.control'),
  };
  const why = (action: InverterAction | 'alias' | 'delete'): string | null => {
    if (!c) return 'inverters.why.loading';
    if (!permitted[action] || !c.writable) return 'inverters.why.readOnly';
    if (action === 'alias' || action === 'delete') return null;
    if (action === 'settings' && !c.settings) return 'inverters.why.noSettings';
    const block: InverterActionBlock | null = inverterActionBlock(action, c);
    return block ? `inverters.why.${block}` : null;
  };
  return { control: c, query, permitted, why };
}
