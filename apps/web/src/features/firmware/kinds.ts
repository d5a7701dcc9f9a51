import type { FirmwareKind, PermissionKey } from '@heliograph/shared';

/** The firmware menu's pages (spec §2.2 firmware/gate, inv, batt, mastnode, meter, switch) and their kinds. */
export const KIND_OF_PATH: Readonly<Record<string, FirmwareKind>> = {
  '/firmware/gate': 'gateway',
  '/firmware/inv': 'inverter',
  '/firmware/batt': 'battery',
  '/firmware/mastnode': 'lora',
  '/firmware/meter': 'meter',
  '/firmware/switch': 'switch',
};

/** Each kind's page permission: a role may see inverter firmware and not gateway firmware. */
export const VIEW_PERMISSION: Readonly<Record<FirmwareKind, PermissionKey>> = {
  gateway: 'firmware.gateway.view',
  inverter: 'firmware.inverter.view',
  battery: 'firmware.battery.view',
  lora: 'firmware.main.node.view',
  meter: 'firmware.meter.view',
  switch: 'firmware.switch.view',
};

/** Each kind's page title (the shell's catalogue names the menu's pages). */
export const PAGE_TITLE: Readonly<Record<FirmwareKind, string>> = {
  gateway: 'page.firmwareGateway',
  inverter: 'page.firmwareInverter',
  battery: 'page.firmwareBattery',
  lora: 'page.firmwareLora',
  meter: 'page.firmwareMeter',
  switch: 'page.firmwareSwitch',
};
