import { brokerContracts } from './broker.js';
import { eventContracts } from './events.js';
// Gateways, AC switches, lora and commands:
import { acSwitchContracts } from './ac-switches.js';
import { commandContracts } from './commands.js';
import { gatewayContracts } from './gateways.js';
import { loraContracts } from './lora.js';
import { acenterContracts } from './acenter.js';
// Plants, plant admin, layouts, weather, live, messages, permissions (contracts-plants):
import { layoutContracts } from './layouts.js';
import { miscContracts } from './misc.js';
import { plantAdminContracts } from './plant-admin.js';
import { plantContracts } from './plants.js';
import { weatherContracts } from './weather.js';
// contracts-devices: inverters, devices, meters, batteries, auth, users, config templates
import { authContracts } from './auth.js';
import { batteryContracts } from './batteries.js';
import { configTemplateContracts } from './config-templates.js';
import { customerContracts } from './customers.js';
import { deviceContracts } from './devices.js';
import { inverterContracts } from './inverters.js';
import { meterContracts } from './meters.js';
import { userContracts } from './users.js';
import { migrationContracts } from './migration.js';
import { mfaContracts } from './mfa.js';
import { passkeyContracts } from './passkeys.js';
import { roleContracts } from './roles.js';
import { staffContracts } from './staff.js';
// Issue 12, companies, agents, audit:
import { companyContracts } from './companies.js';
import { firmwareContracts } from './firmware.js';
import { upgradeContracts } from './upgrades.js';
// Issue 14: console versions
import { versionContracts } from './versions.js';
import { protocolContracts } from './protocols.js';
import { deviceProfileContracts } from './device-profiles.js';
// Issue 14: the communication log
import { commLogContracts } from './comm-log.js';
import { debugLogContracts } from './debug-log.js';
import { gatewayLogContracts } from './gateway-log.js';
// Issue 14: plant-level parameter pages
import { plantSettingContracts } from './plant-settings.js';
// Issue 15 items 5–6: alarm notifications
import { notificationContracts } from './notifications.js';
// Issue 15: notice centre, bulletins, maintenance notices
import { noticeContracts } from './notices.js';
// Issue 16: plant reports
import { reportContracts } from './reports.js';
// Issue 16 points 4–5: large screens and view links
import { displayContracts } from './displays.js';
// Issue 17: dynamic prices and the optimiser's plan
import { smartContracts } from './smart.js';
// Issue 17 point 5: smart rules
import { smartRuleContracts } from './smart-rules.js';
// Issue 18: cameras, live view, recordings and storage spaces
import { cameraContracts } from './cameras.js';

export * from './cameras.js';
export * from './route.js';
export * from './paging.js';
export * from './events.js';
export * from './broker.js';
// Gateways, AC switches, lora and commands:
export * from './ac-switches.js';
export * from './commands.js';
export * from './gateways.js';
export * from './lora.js';
export * from './acenter.js';
// Plants, plant admin, layouts, weather, live, messages, permissions (contracts-plants):
export * from './layouts.js';
export * from './misc.js';
export * from './plant-admin.js';
export * from './plants.js';
export * from './weather.js';
// contracts-devices
export * from './empty.js';
export * from './device-list.js';
export * from './devices.js';
export * from './inverters.js';
export * from './meters.js';
export * from './batteries.js';
export * from './auth.js';
export * from './users.js';
export * from './config-templates.js';
export * from './migration.js';
export * from './mfa.js';
export * from './passkeys.js';
export * from './roles.js';
export * from './staff.js';
export * from './customers.js';
export * from './companies.js';
export * from './firmware.js';
export * from './upgrades.js';
export * from './versions.js';
export * from './protocols.js';
export * from './device-profiles.js';
export * from './comm-log.js';
export * from './debug-log.js';
export * from './gateway-log.js';
export * from './plant-settings.js';
export * from './notifications.js';
export * from './notices.js';
export * from './reports.js';
export * from './displays.js';
export * from './smart.js';
export * from './smart-rules.js';

/**
 * The route table of /api/v1: every call's contract under its `METHOD /path` key. The server's routes take
 * their schemas from here (a route whose answer is not the table's fails at start-up), and the web's calls are
 * typed from it, so a changed answer breaks the build on both sides. Add a feature's table here.
 */
export const API = {
  ...eventContracts,
  ...brokerContracts,
  // Gateways, AC switches, lora and commands:
  ...acSwitchContracts,
  ...commandContracts,
  ...gatewayContracts,
  ...loraContracts,
  ...acenterContracts,
  // Plants, plant admin, layouts, weather, live, messages, permissions (contracts-plants):
  ...plantContracts,
  ...plantAdminContracts,
  ...layoutContracts,
  ...miscContracts,
  ...weatherContracts,
  // contracts-devices
  ...deviceContracts,
  ...inverterContracts,
  ...meterContracts,
  ...batteryContracts,
  ...authContracts,
  ...userContracts,
  ...configTemplateContracts,
  ...migrationContracts,
  ...mfaContracts,
  ...passkeyContracts,
  ...roleContracts,
  ...staffContracts,
  ...customerContracts,
  ...companyContracts,
  ...firmwareContracts,
  ...upgradeContracts,
  ...versionContracts,
  ...protocolContracts,
  ...deviceProfileContracts,
  ...commLogContracts,
  ...debugLogContracts,
  ...gatewayLogContracts,
  ...plantSettingContracts,
  ...notificationContracts,
  ...noticeContracts,
  ...reportContracts,
  ...displayContracts,
  ...smartContracts,
  ...smartRuleContracts,
  ...cameraContracts,
};

export type ApiRoute = keyof typeof API;
