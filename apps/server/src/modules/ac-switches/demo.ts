import type { PlantDef } from '@heliograph/simulator';
import type { Db } from '../../db/client.js';
import { linkLoraChildren } from '../lora/children.js';

/** The demo fleet's smart AC switch and lora master node (with three child nodes), on its first plant. */
export const DEMO_SWITCH_SN = 'SW10000001';
export const DEMO_LORA_MASTER_SN = 'LM10000001';
const LORA_CHILDREN = ['LN10000011', 'LN10000012', 'LN10000013'];
/** A sub-meter and a switch on the master too, for its meter and switch realtime views. */
const LORA_METER = 'LE10000014';
const LORA_SWITCH = 'LS10000015';

/**
 * Adds them to the first plant's definition before it is provisioned: each connects on its own, so each is
 * a gateway of the plant whose first device has its serial number; the simulator runs them like gateways.
 */
export function addDemoSmartDevices(plants: PlantDef[]): void {
  const first = plants[0];
  if (!first) return;
  first.gateways.push(
    {
      sn: DEMO_SWITCH_SN,
      model: 'HG-ACS-1',
      firmware: 'ACS-1.2.0',
      devices: [{ sn: DEMO_SWITCH_SN, kind: 'switch', model: 'HG-ACS-1', phases: 1, protocol: 'metrics' }],
    },
    {
      sn: DEMO_LORA_MASTER_SN,
      model: 'HG-LM-1',
      firmware: 'LM-2.0.3',
      devices: [
        { sn: DEMO_LORA_MASTER_SN, kind: 'lora', model: 'HG-LM-1', protocol: 'metrics' },
        ...LORA_CHILDREN.map((sn) => ({ sn, kind: 'lora' as const, model: 'HG-LN-1', protocol: 'metrics' as const })),
        { sn: LORA_METER, kind: 'meter', model: 'HG-LEM-1', phases: 1, protocol: 'metrics' },
        { sn: LORA_SWITCH, kind: 'switch', model: 'HG-LSW-1', phases: 1, protocol: 'metrics' },
      ],
    },
  );
}

/** After provisioning: the child nodes hang under their master. */
export async function linkDemoSmartDevices(db: Db): Promise<void> {
  await linkLoraChildren(db, DEMO_LORA_MASTER_SN, [...LORA_CHILDREN, LORA_METER, LORA_SWITCH]);
}
