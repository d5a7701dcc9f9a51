import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_CODES } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/rows.js';
import {
  appUser,
  authSession,
  company,
  configTemplate,
  companyManual,
  customer,
  customerType,
  device,
  deviceCommand,
  deviceEvent,
  passkey,
  firmware,
  firmwareGrant,
  firmwareLabel,
  gatewayMessage,
  webhook,
  message as messageTable,
  display as displayTable,
  displayPlant as displayPlantTable,
  viewLink as viewLinkTable,
  light as lightTable,
  camera as cameraTable,
  cameraChannel as cameraChannelTable,
  storageSpace as storageSpaceTable,
  plantLayout,
  reportConfig,
  smartRule,
  reportExport,
  role,
  rolePermission,
  upgrade,
  upgradeRollout,
  vendorKey,
} from '../db/schema.js';
import { DATABASE_FILES } from '../modules/files/store.js';
import { provisionPlant } from '../modules/plants/provision.js';
import { STORAGE_PLANT_FIELDS } from '../test/plant-fields.js';
import { ACCOUNTS, TestApp } from '../test/harness.js';
import { eq } from 'drizzle-orm';
import { fill, sample, type OpenApiDocument, type Operation, type Schema } from '../test/openapi-walk.js';

/**
 * The tenancy sweep: every /api/v1 route of the OpenAPI document that takes a key (a plant id, a serial number,
 * a template, command or user id) in its path, query or body is called with Sunrise Energy's real keys as the
 * administrator of another company, and — for writes — as Sunrise's own visitor. Each must answer "does not
 * exist" (or, for the visitor, "no permission") and change nothing in the database. The route list comes from
 * the document, so a new route is swept without touching this file; a key this file cannot fill fails the test
 * until it is mapped below or the route is opted out with a reason.
 */

/** The answers that mean "does not exist": the envelope's 404 and each module's own not-found code. */
const NOT_FOUND = new Set<number>([
  ERROR_CODES.notFound,
  ERROR_CODES.plantNotFound,
  ERROR_CODES.inverterNotFound,
  ERROR_CODES.gatewayNotFound,
  ERROR_CODES.batteryNotFound,
]);

/** A parameter name that names a row: it must be mapped to one of Sunrise's keys below. */
const KEYISH = /^(id|ids|sn|sns|target|device)$|(Id|Ids|Sn|Sns)$/;

/**
 * Routes that take a key but are not swept, each with why. Creation routes take a serial number that must be
 * new (serials are unique across the platform, so an existing one is refused as a duplicate by design).
 */
const OPT_OUT: Record<string, string> = {
  'POST /api/v1/acSwitch/create':
    'registers a new switch: the serial is the new row, and a serial already registered anywhere is refused as a duplicate (serials are global)',
  'POST /api/v1/gateways/import':
    'registers a new gateway: the serial is the new row, and a serial already registered anywhere is refused as a duplicate (serials are global)',
  'POST /api/v1/companies/{id}':
    'platform administrators only (scope platform): every company role is refused 403 before any row is read; companies.test.ts shows it changes nothing',
  'POST /api/v1/mfa/passkey':
    'registers a new passkey: the credential id in the body is the new row, and one already registered anywhere is refused as a duplicate (credential ids are global; passkey.test.ts)',
  'POST /api/v1/anonymous/checkCode/return/token':
    'anonymous: the sign-in challenge decides whose account, and a passkey of any other account is refused (passkey.test.ts)',
  ...Object.fromEntries(
    [
      'POST /api/v1/firmware/{firmwareId}',
      'POST /api/v1/firmware/{firmwareId}/enabled',
      'POST /api/v1/firmware/{firmwareId}/released',
      'POST /api/v1/firmware/{firmwareId}/delete',
      'GET /api/v1/firmware/{firmwareId}/grants',
      'POST /api/v1/firmware/{firmwareId}/grant',
      'POST /api/v1/firmware/{firmwareId}/revoke',
      'POST /api/v1/firmware/label',
      'POST /api/v1/firmware/label/{labelId}/delete',
      'POST /api/v1/firmware/vendorKey/{vendorKeyId}/revoke',
    ].map((route) => [
      route,
      'the firmware library is the platform’s to manage (scope platform): every company role is refused 403 before any row is read, whatever the key; firmware.test.ts shows a company administrator changes nothing',
    ]),
  ),
  ...Object.fromEntries(
    ['GET /api/v1/version/{id}', 'POST /api/v1/version/{id}/delete', 'POST /api/v1/version/{id}/acknowledge'].map(
      (route) => [
        route,
        'console versions are the platform’s, not a company’s: every signed-in account reads the same versions, deleting is scope platform (403 to every company role) and an acknowledgement is the caller’s own row; versions/versions.test.ts shows a company administrator publishes and deletes nothing',
      ],
    ),
  ),
  ...Object.fromEntries(
    [
      'GET /api/v1/protocol/check',
      'GET /api/v1/protocol/configs',
      'GET /api/v1/protocol/config/check',
      'GET /api/v1/protocol/config/versions',
      'POST /api/v1/protocol/config',
      'POST /api/v1/protocol/configs/{configId}',
      'POST /api/v1/protocol/configs/{configId}/delete',
      'GET /api/v1/protocol/columns',
      'POST /api/v1/protocol/config/{configId}/column',
      'POST /api/v1/protocol/columns/{columnId}',
      'POST /api/v1/protocol/columns/{columnId}/delete',
      'GET /api/v1/protocol/fullData/download',
      'POST /api/v1/protocol/fullData/import',
      'POST /api/v1/protocol/decodeMessage',
      'POST /api/v1/protocol/discover/scan',
      'POST /api/v1/protocol/discover/save',
      'GET /api/v1/protocol/push/status',
      'POST /api/v1/protocol/push/{protocolId}',
      'GET /api/v1/protocol/{protocolId}',
      'POST /api/v1/protocol/{protocolId}',
      'POST /api/v1/protocol/{protocolId}/delete',
    ].map((route) => [
      route,
      'protocols are platform data with no company of their own (no company-private protocol exists): every route is scope platform, so every company role, of any company, is refused 403 before any row is read, whatever the key; protocols.test.ts shows a company administrator and another company read nothing and change nothing',
    ]),
  ),
  ...Object.fromEntries(
    [
      'POST /api/v1/device/profile/{id}',
      'POST /api/v1/device/profile/{id}/delete',
      'POST /api/v1/device/profile/{id}/file',
      'GET /api/v1/device/profile/{id}/file/{fileId}',
      'POST /api/v1/device/profile/{id}/file/{fileId}/delete',
    ].map((route) => [
      route,
      'device configuration profiles need system.management, which only platform administrators hold: every company role is refused 403 before any row is read, whatever the key; device-profiles/profiles.test.ts shows a company’s profile "does not exist" to a platform administrator and nothing of it changes',
    ]),
  ),
  ...Object.fromEntries(
    ['POST /api/v1/chart/param/custom', 'POST /api/v1/equip/custom/param/export'].map((route) => [
      route,
      'the caller’s own chart choice (chart_params is the caller’s row, spec §3): anyone who may see the device may keep one, Sunrise’s visitor included, so the visitor’s write is allowed by design; another company gets "does not exist" before anything is read or kept (devices/protocol-chart.test.ts, protocols/catalogue.test.ts)',
    ]),
  ),
  ...Object.fromEntries(
    ['POST /api/v1/notification/settings/plant/{id}', 'DELETE /api/v1/notification/settings/plant/{id}'].map(
      (route) => [
        route,
        'the caller’s own notification rule for a plant they can see: Sunrise’s visitor sees the sweep plant (it is shared with them) and may choose how they are told of its alarms, which writes their own row; another company is answered 700 and writes nothing (notifications/notifications.test.ts)',
      ],
    ),
  ),
  ...Object.fromEntries(
    [
      'POST /api/v1/ss/notices/{id}',
      'POST /api/v1/ss/notices/{id}/publish',
      'POST /api/v1/ss/notices/{id}/withdraw',
      'POST /api/v1/ssPointNotice',
      'POST /api/v1/ssPointNotice/{id}',
      'POST /api/v1/ssPointNotice/{id}/status',
    ].map((route) => [
      route,
      'bulletins and maintenance notices are the platform’s (scope platform, permissions system.notice and notice.pointNotice.list that only platform administrators hold): every company role is refused 403 before any row is read; bulletins/notices.test.ts shows a company administrator writes nothing and a bulletin or notice for some companies or customers reaches no one else',
    ]),
  ),
  'GET /api/v1/upgrade/image/{upgradeId}':
    'open by design (the gateway downloads without a user): the token of the upgrade’s signed manifest is the authority, and without it every upgrade id answers 404 (upgrades/upgrades.test.ts)',
  'GET /api/v1/anonymous/logo/{id}':
    'public by design (the sign-in page shows logos without a token); it serves files of kind logo only, never a manual or avatar (companies.test.ts)',
};
/** Names that look like keys but name no tenant's row, with why. */
const NOT_TENANT_KEYS: Record<string, string> = {
  keyId: 'the id of the server key a password is encrypted with, the same for every caller',
  codeId: 'a verification-code challenge handed to an anonymous caller, not a row of any company',
  stationId: 'a station’s id at the third-party weather service, not a row of the console (the plant is the key)',
};

/** A panel on the roof grid wired to Sunrise's inverter. */
const PANEL = {
  id: 'p1',
  x: 0,
  y: 0,
  inclination: 30,
  azimuth: 180,
  ratedW: 400,
  string: 'S1',
  number: 1,
  inverterSn: 'SWINV01',
  input: 1,
};

/** Bodies whose rules go beyond what the document spells out: valid values, so the call reaches the lookup. */
const SWEEP_RULE = {
  name: 'Sweep rule',
  enabled: false,
  trigger: { kind: 'schedule', at: null, everyMinutes: 5, weekdays: [1] },
  conditions: [],
  actions: [{ kind: 'notify', message: 'Sweep', to: 'owner' }],
  cooldownMinutes: 0,
};

const BODIES: Record<string, Record<string, unknown>> = {
  // A plant of its own with no owner yet, given Sunrise's gateway (and its real key) to bind.
  'POST /api/v1/plant': { ownerAccount: undefined },
  'POST /api/v1/inverter/config/template/{id}': { protocol: 'metrics', values: { activePowerLimit: 70 } },
  // A valid edit of a webhook (an http(s) address, a secret of 16 characters or more) reaches the lookup.
  'POST /api/v1/notification/webhook/{id}': {
    url: 'https://hooks.example/other',
    secret: 'another-sweep-secret-02',
    enabled: false,
  },
  'POST /api/v1/acSwitch/setting/{sn}/set': { phases: [{ maxCurrentA: 16, overVoltageV: 260, underVoltageV: 180 }] },
  'POST /api/v1/acSwitch/{sn}/timingTask': { tasks: [{ repeat: true, action: 'on', days: [1], time: '08:00' }] },
  'POST /api/v1/acSwitch/{sn}/socRule': { onAtSoc: 80, offAtSoc: 20 },
  'POST /api/v1/inverter/{sn}/debug': { code: '03', address: '0001', count: 1 },
  'POST /api/v1/plant/{id}/layout/physical': { panels: [PANEL] },
  'POST /api/v1/plant/{id}/physical/layout': { panels: [PANEL] },
  // A display of listed plants names Sunrise's plant, which another company may not list.
  'POST /api/v1/fullscreen/add': { allPlants: false, style: 'single' },
  'POST /api/v1/fullscreen/display/{id}': { allPlants: false, style: 'single' },
  // A valid rule on Sunrise's plant (a notification needs no device), so the plant's lookup is what refuses.
  'POST /api/v1/smart/rule/create': SWEEP_RULE,
  'POST /api/v1/smart/rule/update': SWEEP_RULE,
};

/** Reads left out of the control call only, with why (they are still swept as the other company). */
/**
 * POST routes that only view (a viewer's hold on a live stream): swept as another company like any route, but
 * not as Sunrise's visitor, who may watch the cameras of a plant shared with them (key camera.view).
 */
const VIEW_POSTS: Record<string, string> = {
  'POST /api/v1/camera/watch/{channelId}': 'opens a viewer’s hold (camera.view), changes no row',
  'POST /api/v1/camera/unwatch/{channelId}': 'ends a viewer’s hold (camera.view), changes no row',
};

const NO_CONTROL: Record<string, string> = {
  'GET /api/v1/live/plant/{id}': 'an event stream: the administrator would open a stream that never ends',
  'GET /api/v1/fullscreen/display/{id}/live': 'an event stream: the administrator would open a stream that never ends',
  'GET /api/v1/camera/live/{channelId}/{file}':
    'no live stream runs in the sweep (cameras/stream/live.test.ts reads a playlist as Sunrise’s administrator)',
  'GET /api/v1/plant/{id}/picture':
    'the sweep plant has no picture uploaded (plant-admin/picture.test.ts reads one back)',
  'GET /api/v1/user/{userId}/avatar':
    'the sweep user has no avatar uploaded (users/avatar.test.ts reads one back as a member of the same company)',
};
// The server-to-server routes of account migration (/internal/migration/*) are not swept: they exist only when
// REGION, REGIONS and REGION_SECRET are set (not here), have no caller company, and are guarded by an HMAC of
// the body with the shared secret instead (migration/signature.test.ts refuses a stale or wrong signature).

const SWEEP_KEY = 'SWEEPKEY2026';

/** Plausible values for fields whose rules the document does not spell out (a valid body reaches the lookup). */
const PLAUSIBLE: Record<string, unknown> = {
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  commissionedOn: '2025-01-01',
  latitude: 52.5,
  longitude: 13.4,
  name: 'Sweep',
  alias: 'Sweep',
  // The other company's own administrator: a plausible account for it, so only the key can be refused.
  account: 'boss@rival.example',
  ownerAccount: 'boss@rival.example',
  password: 'Sweep2026gw',
  // The gateway's real registration key: even holding it, another company cannot reach Sunrise's gateway.
  key: SWEEP_KEY,
  registrationKey: SWEEP_KEY,
  phone: '',
  contactPhone: '',
  host: 'example.com',
  port: 1883,
};

interface Keys {
  plantId: string;
  gateway: string;
  inverter: string;
  battery: string;
  batteryId: string;
  meter: string;
  weather: string;
  acSwitch: string;
  lora: string;
  templateId: string;
  commandId: string;
  userId: string;
  /** A live sign-in of Sunrise's staff member. */
  sessionId: string;
  roleId: string;
  /** The demo customer of Sunrise and one of its customer types (demo/customers.ts). */
  customerId: string;
  customerTypeId: string;
  companyId: string;
  manualId: string;
  /** A passkey of Sunrise's staff member (modules/mfa): the routes that take one are the caller's own. */
  passkeyId: string;
  /** A firmware of the platform authorised to Sunrise, and a label of the library. */
  firmwareId: string;
  labelId: string;
  /** A staged upgrade rollout of Sunrise's (modules/upgrades). */
  rolloutId: string;
  /** A message of Sunrise's gateway in the communication log (modules/comm-log). */
  messageId: string;
  /** An alarm webhook of Sunrise's (modules/notifications). */
  webhookId: string;
  /** A message in the notice centre of Sunrise's plant owner (modules/messages). */
  noticeId: string;
  /** A report config of Sunrise's administrator and a finished export of it (modules/reports). */
  reportConfigId: string;
  reportExportId: string;
  /** A large-screen display of Sunrise's showing the sweep plant (modules/displays). */
  displayId: string;
  /** An embed link of the sweep plant (modules/displays). */
  embedId: string;
  /** A smart rule of the sweep plant (modules/smart-rules). */
  ruleId: string;
  /** A bulb of Sunrise's bound to the sweep plant, and a realtime share of its lora master (application centre). */
  lightId: string;
  loraShareId: string;
  /** A camera of the sweep plant, its channel, and the storage space it records into (modules/cameras). */
  cameraId: string;
  channelId: string;
  storageSpaceId: string;
}

/** Sunrise's key for a parameter of a route, or undefined when this file does not know the name. */
function keyFor(k: Keys, path: string, where: 'path' | 'query' | 'body', name: string): string | string[] | undefined {
  const family = /^\/api\/v1\/([A-Za-z-]+)/.exec(path)?.[1] ?? '';
  const serialOf = (): string => {
    // logger/* are the gateways' own logs (spec: a gateway is a data logger).
    if (
      family.startsWith('gateway') ||
      family === 'logger' ||
      path === '/api/v1/plant' ||
      path === '/api/v1/plant/{id}/gateway'
    )
      return k.gateway;
    if (family === 'acSwitch') return k.acSwitch;
    if (family === 'masterNode') return k.lora;
    if (family.startsWith('weather')) return k.weather;
    if (family.startsWith('batter')) return k.battery;
    if (family.startsWith('meter')) return k.meter;
    if (family.startsWith('inverter')) return k.inverter;
    // The upgrade calls (/equip/:sn/…) take any kind: Sunrise's inverter.
    if (family === 'equip') return k.inverter;
    // A device's chart parameters (?kind=inverter&sn=): Sunrise's inverter.
    if (family === 'chart') return k.inverter;
    return '';
  };
  // The parameters whose name alone says which key they take.
  const byName: Record<string, string> = {
    plantId: k.plantId,
    userId: k.userId,
    sessionId: k.sessionId,
    roleId: k.roleId,
    companyId: k.companyId,
    agentCompanyId: k.companyId,
    batterySn: k.battery,
    inverterSn: k.inverter,
    target: k.gateway,
    device: k.inverter,
    rolloutId: k.rolloutId,
    channelId: k.channelId,
    storageSpaceId: k.storageSpaceId,
  };
  // A channel's live and recorded HLS: the playlist; a watch's viewer is any name.
  if (path.startsWith('/api/v1/camera/') && name === 'file') return 'index.m3u8';
  if (path.startsWith('/api/v1/camera/') && name === 'viewerId') return 'sweep-viewer';
  if (Object.hasOwn(byName, name)) return byName[name];
  // A display's listed plants (modules/displays): Sunrise's plant.
  if (path.startsWith('/api/v1/fullscreen/') && name === 'plantIds') return [k.plantId];
  // A device embed link names Sunrise's inverter.
  if (path.startsWith('/api/v1/fullscreen/') && name === 'sn') return k.inverter;
  // Customers and their types (modules/customers): the ids in their paths and bodies.
  if (path.startsWith('/api/v1/customer') || path.startsWith('/api/v1/role/')) {
    const customers: Record<string, string | string[]> = {
      customerId: k.customerId,
      typeId: k.customerTypeId,
      parentId: k.customerTypeId,
      plantIds: [k.plantId],
      id: path.startsWith('/api/v1/customerType/') ? k.customerTypeId : k.customerId,
    };
    if (Object.hasOwn(customers, name)) return customers[name];
  }
  // A report config names Sunrise's plants (modules/reports).
  if (path.startsWith('/api/v1/plant/report/config') && name === 'plantIds') return [k.plantId];
  // The firmware library (modules/firmware): a firmware authorised to Sunrise, and a label; the upgrade calls
  // (/equip/…) install that firmware.
  if (path.startsWith('/api/v1/firmware') || path.startsWith('/api/v1/equip')) {
    const firmware: Record<string, string> = { firmwareId: k.firmwareId, labelId: k.labelId, parentId: k.labelId };
    if (Object.hasOwn(firmware, name)) return firmware[name];
  }
  switch (name) {
    case 'sn':
      return serialOf() || undefined;
    case 'sns':
      // A template is applied to inverters; the switch batch routes take switches.
      if (path.startsWith('/api/v1/inverter/config/template/')) return where === 'query' ? k.inverter : [k.inverter];
      // A plant's parameter pages write to the plant's devices: Sunrise's inverter (modules/plant-settings).
      if (path.startsWith('/api/v1/plant/{id}/setting/')) return [k.inverter];
      return where === 'query' ? serialOf() : [serialOf()];
    case 'id':
      if (path.startsWith('/api/v1/command/')) return k.commandId;
      if (path.startsWith('/api/v1/mfa/passkey/')) return k.passkeyId;
      if (path.startsWith('/api/v1/company/manual/')) return k.manualId;
      if (path.startsWith('/api/v1/inverter/config/template/')) return k.templateId;
      if (path.startsWith('/api/v1/battery/{id}')) return k.batteryId;
      if (path === '/api/v1/inverter/{sn}/debug/reply') return k.commandId;
      if (path === '/api/v1/gateway/{sn}/message/{id}') return k.messageId;
      if (path.startsWith('/api/v1/notification/webhook/')) return k.webhookId;
      if (path.startsWith('/api/v1/messageTd/')) return k.noticeId;
      if (path.startsWith('/api/v1/plant/report/config/')) return k.reportConfigId;
      if (path.startsWith('/api/v1/plant/report/export/')) return k.reportExportId;
      if (path.startsWith('/api/v1/fullscreen/display/')) return k.displayId;
      if (path.startsWith('/api/v1/fullscreen/embed/')) return k.embedId;
      if (path.startsWith('/api/v1/smart/rule')) return k.ruleId;
      if (path.startsWith('/api/v1/light/')) return k.lightId;
      if (path.startsWith('/api/v1/camera/')) return k.cameraId;
      if (path.startsWith('/api/v1/storage-space/')) return k.storageSpaceId;
      if (path.startsWith('/api/v1/masterNode/share/')) return k.loraShareId;
      if (path.startsWith('/api/v1/plant') || path.startsWith('/api/v1/live/plant/')) return k.plantId;
      // A plant's battery plan (modules/smart).
      if (path.startsWith('/api/v1/smart/plan/')) return k.plantId;
      return undefined;
    default:
      return undefined;
  }
}

interface Planned {
  route: string;
  method: string;
  url: string;
  query: Record<string, string>;
  body: unknown;
  /** Keyed only by optional query filters: an empty answer is as good as "does not exist". */
  filterOnly: boolean;
}

/** The call for one route with Sunrise's keys, "no key" when it takes none, or the names it cannot fill. */
function plan(k: Keys, method: string, path: string, op: Operation): Planned | 'no key' | { unknown: string[] } {
  const unknown: string[] = [];
  let keyed = false;
  let requiredKey = false;
  const pathValues: Record<string, string> = {};
  const queryValues: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (p.in === 'header') continue;
    const value = keyFor(k, path, p.in, p.name);
    if (value !== undefined) {
      keyed = true;
      if (p.in === 'path' || p.required) requiredKey = true;
      (p.in === 'path' ? pathValues : queryValues)[p.name] = Array.isArray(value) ? value.join(',') : value;
    } else if (p.in === 'path') {
      if (p.schema?.enum?.length) pathValues[p.name] = String(p.schema.enum[0]);
      else unknown.push(`path ${p.name}`);
    } else if (KEYISH.test(p.name) && !NOT_TENANT_KEYS[p.name]) unknown.push(`query ${p.name}`);
    else if (p.required) queryValues[p.name] = String(PLAUSIBLE[p.name] ?? sample(p.schema));
  }
  const json = op.requestBody?.content['application/json']?.schema;
  let body: unknown = undefined;
  if (json) {
    const out = (sample(json) ?? {}) as Record<string, unknown>;
    // The fields of the body (of its first variant when it has several), and one level down: the fields of a
    // nested object or of the first item of a list of objects (a plant's gateways[].sn).
    const top = json.properties ?? (json.oneOf ?? json.anyOf)?.[0]?.properties ?? {};
    const fillFields = (props: Record<string, Schema>, target: Record<string, unknown>, at: string): void => {
      for (const [name, prop] of Object.entries(props)) {
        const value = keyFor(k, path, 'body', name);
        if (value !== undefined) {
          keyed = true;
          requiredKey = true;
          target[name] = value;
        } else if (KEYISH.test(name) && !NOT_TENANT_KEYS[name]) unknown.push(`body ${at}${name}`);
        else if (name in PLAUSIBLE) target[name] = PLAUSIBLE[name];
        else if (at === '') {
          const inner = prop.type === 'array' ? prop.items : prop;
          const nested = prop.type === 'array' ? (target[name] as unknown[] | undefined)?.[0] : target[name];
          if (inner?.properties && nested && typeof nested === 'object')
            fillFields(inner.properties, nested as Record<string, unknown>, `${name}.`);
        }
      }
    };
    fillFields(top, out, '');
    body = { ...out, ...BODIES[`${method.toUpperCase()} ${path}`] };
  }
  if (unknown.length > 0) return { unknown };
  if (!keyed) return 'no key';
  return {
    route: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    url: fill(path, pathValues),
    query: queryValues,
    body,
    filterOnly: !requiredKey,
  };
}

/** Every table's row count and a hash of its rows: equal before and after means the sweep changed nothing. */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const db = t.database.db;
  const tables = await query<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    // Sessions and rate-limit counters move on every signed-in call; they hold no tenant's data.
    if (CHANGES_ON_EVERY_CALL.has(name)) continue;
    const [row] = await query<{ n: unknown; h: string | null }>(
      db,
      sql`select count(*) as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
        from ${sql.identifier(name)} x`,
    );
    out[name] = `${String(row?.n)} ${row?.h ?? ''}`;
  }
  return out;
}
const CHANGES_ON_EVERY_CALL = new Set(['auth_session', 'rate_limit']);

/** The text of an answer: JSON as sent, a spreadsheet as the text of its cells. */
async function answerText(res: LightMyRequestResponse): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('spreadsheet')) return res.body;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((c) => void cells.push(String(c.text)))));
  return cells.join('\n');
}

function codeOf(res: LightMyRequestResponse): number | undefined {
  try {
    return (JSON.parse(res.body) as { code?: number }).code;
  } catch {
    return undefined;
  }
}

describe('the tenancy sweep', () => {
  const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '1' });
  let k: Keys;
  beforeAll(async () => {
    const db = t.database.db;
    const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    const users = await db.select().from(appUser);
    const idOf = (account: string) => users.find((u) => u.account === account)?.id ?? '';
    // A sign-in of Sunrise's staff member: ending it is the caller's own business only.
    const liveSessionOf = async (userId: string): Promise<string> => {
      await t.tokenFor(ACCOUNTS.staff);
      const [s] = await db.select({ id: authSession.id }).from(authSession).where(eq(authSession.userId, userId));
      return s?.id ?? '';
    };
    // Sunrise's plant, shared with its visitor as a guest (the visitor sees it and may change nothing).
    const { plantId, gatewayIds } = await provisionPlant(db, {
      companyId: sunrise?.id ?? null,
      ownerId: idOf(ACCOUNTS.owner),
      name: 'Sweep plant',
      ...STORAGE_PLANT_FIELDS,
      gateways: [
        {
          sn: 'SWGW01',
          password: 'Sweep2026gw',
          registrationKey: SWEEP_KEY,
          devices: [
            { sn: 'SWINV01', kind: 'inverter', model: 'SIM-HYB-10K', ratedW: 10_000 },
            { sn: 'SWBAT01', kind: 'battery', capacityKwh: 10 },
            { sn: 'SWMTR01', kind: 'meter' },
            { sn: 'SWWS01', kind: 'weather' },
          ],
        },
        // A switch and a lora master connect on their own: a gateway row and a device row with one serial.
        { sn: 'SWSW01', password: 'Sweep2026gw', devices: [{ sn: 'SWSW01', kind: 'switch' }] },
        { sn: 'SWLORA01', password: 'Sweep2026gw', devices: [{ sn: 'SWLORA01', kind: 'lora' }] },
      ],
      sharedWith: [{ userId: idOf(ACCOUNTS.visitor), level: 'guest' }],
    });
    const devices = await db.select().from(device);
    const deviceId = (sn: string) => devices.find((d) => d.sn === sn)?.id ?? '';
    const gatewayId = gatewayIds[0] ?? '';
    const [template] = await db
      .insert(configTemplate)
      .values({ companyId: sunrise?.id ?? null, name: 'Sweep template', values: {} })
      .returning();
    const [command] = await db
      .insert(deviceCommand)
      .values({
        companyId: sunrise?.id ?? null,
        plantId,
        gatewayId,
        deviceId: deviceId('SWINV01'),
        type: 'debug',
        status: 'succeeded',
        expiresAt: new Date(Date.UTC(2026, 0, 1)),
      })
      .returning();
    await db.insert(deviceEvent).values({
      gatewayId,
      gatewayEventId: 'sweep-1',
      deviceId: deviceId('SWINV01'),
      plantId,
      code: 'E001',
      level: 'fault',
      raisedAt: new Date(Date.UTC(2026, 0, 1)),
    });
    await db.insert(plantLayout).values({ plantId, kind: 'physical', data: { panels: [] } });
    // A role of Sunrise's own (enterprise/roles), held by nobody, so even its owner could delete it.
    const [ownRole] = await db
      .insert(role)
      .values({ companyId: sunrise?.id ?? null, key: 'custom:sweep', name: 'Sweep role', base: 'company_staff' })
      .returning();
    await db.insert(rolePermission).values({ roleId: ownRole?.id ?? '', permission: 'station.view' });
    const manualFile = await DATABASE_FILES.put(db, {
      kind: 'manual',
      name: 'sweep.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4 Sweep manual'),
      companyId: sunrise?.id ?? null,
    });
    const [manual] = await db
      .insert(companyManual)
      .values({ companyId: sunrise?.id ?? '', fileId: manualFile.id, title: 'Sweep manual' })
      .returning();
    // A firmware of the platform's, authorised to Sunrise (its administrator reads it; another company may not).
    const [vendor] = await db
      .insert(vendorKey)
      .values({ name: 'Sweep vendor', publicKey: 'sweep', fingerprint: 'sweep' })
      .returning();
    const image = await DATABASE_FILES.put(db, {
      kind: 'firmware',
      name: 'sweep.bin',
      contentType: 'application/octet-stream',
      bytes: Buffer.from('Sweep firmware image'),
    });
    const [label] = await db.insert(firmwareLabel).values({ kind: 'inverter', name: 'Sweep label' }).returning();
    const [fw] = await db
      .insert(firmware)
      .values({
        kind: 'inverter',
        brand: 'Sweep',
        product: 'Sweep firmware',
        softwareVersion: '1.0',
        labelId: label?.id ?? null,
        fileId: image.id,
        fileName: 'sweep.bin',
        size: image.size,
        sha256: image.sha256,
        signature: 'sweep',
        vendorKeyId: vendor?.id ?? '',
      })
      .returning();
    await db.insert(firmwareGrant).values({ firmwareId: fw?.id ?? '', companyId: sunrise?.id ?? '' });
    // A halted staged rollout of Sunrise's: another company may neither resume nor abort it.
    const [rollout] = await db
      .insert(upgradeRollout)
      .values({
        companyId: sunrise?.id ?? null,
        firmwareId: fw?.id ?? null,
        kind: 'inverter',
        state: 'halted',
        wavePercent: 50,
        haltPercent: 20,
        waves: 2,
      })
      .returning();
    k = {
      passkeyId: '',
      plantId,
      gateway: 'SWGW01',
      inverter: 'SWINV01',
      battery: 'SWBAT01',
      batteryId: deviceId('SWBAT01'),
      meter: 'SWMTR01',
      weather: 'SWWS01',
      acSwitch: 'SWSW01',
      lora: 'SWLORA01',
      templateId: template?.id ?? '',
      commandId: command?.id ?? '',
      userId: idOf(ACCOUNTS.staff),
      sessionId: await liveSessionOf(idOf(ACCOUNTS.staff)),
      roleId: ownRole?.id ?? '',
      customerId: (await db.select().from(customer))[0]?.id ?? '',
      customerTypeId: (await db.select().from(customerType).where(eq(customerType.name, 'Retail')))[0]?.id ?? '',
      companyId: sunrise?.id ?? '',
      manualId: manual?.id ?? '',
      firmwareId: fw?.id ?? '',
      labelId: label?.id ?? '',
      rolloutId: rollout?.id ?? '',
      messageId: '',
      webhookId: '',
      noticeId: '',
      reportConfigId: '',
      reportExportId: '',
      displayId: '',
      embedId: '',
      ruleId: '',
      lightId: '',
      loraShareId: '',
      cameraId: '',
      channelId: '',
      storageSpaceId: '',
    };
    // A smart rule of Sunrise's plant: another company neither reads, runs, edits, enables nor deletes it.
    const [rule] = await db
      .insert(smartRule)
      .values({ plantId, name: 'Sweep rule', trigger: SWEEP_RULE.trigger, actions: SWEEP_RULE.actions, enabled: false })
      .returning();
    k.ruleId = rule?.id ?? '';
    // A report config of Sunrise's administrator naming Sunrise's plant, and a finished export of it: another
    // company neither reads, reports, exports, edits nor deletes it, nor downloads the file.
    const [reportCfg] = await db
      .insert(reportConfig)
      .values({
        userId: idOf(ACCOUNTS.admin),
        companyId: sunrise?.id ?? '',
        name: 'Sweep report',
        plantIds: [k.plantId],
        figures: ['pv'],
        period: 'monthly',
      })
      .returning();
    k.reportConfigId = reportCfg?.id ?? '';
    const reportFile = await DATABASE_FILES.put(db, {
      kind: 'report',
      name: 'sweep.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: Buffer.from('sweep'),
      companyId: sunrise?.id ?? null,
      ownerId: idOf(ACCOUNTS.admin),
    });
    const [reportJob] = await db
      .insert(reportExport)
      .values({
        configId: k.reportConfigId,
        userId: idOf(ACCOUNTS.admin),
        format: 'xlsx',
        anchor: '2026-05',
        lang: 'en',
        status: 'done',
        progress: 100,
        fileId: reportFile.id,
        fileName: 'sweep.xlsx',
      })
      .returning();
    k.reportExportId = reportJob?.id ?? '';
    // A display of Sunrise's: another company neither reads, changes, links nor deletes it.
    const [wall] = await db
      .insert(displayTable)
      .values({ companyId: sunrise?.id ?? '', name: 'Sweep wall', style: 'single' })
      .returning();
    await db.insert(displayPlantTable).values({ displayId: wall?.id ?? '', plantId });
    k.displayId = wall?.id ?? '';
    const [embed] = await db
      .insert(viewLinkTable)
      .values({ companyId: sunrise?.id ?? '', kind: 'plant', plantId, tokenHash: 'sweep-embed-hash' })
      .returning();
    k.embedId = embed?.id ?? '';
    // A bulb of Sunrise's on the sweep plant, and a realtime share of its lora master (application centre).
    const [bulb] = await db
      .insert(lightTable)
      .values({
        companyId: sunrise?.id ?? '',
        plantId,
        provider: 'simulated',
        providerDeviceId: 'sim-sweep-1',
        alias: 'Sweep bulb',
        updatedAt: new Date(Date.UTC(2026, 0, 1)),
      })
      .returning();
    k.lightId = bulb?.id ?? '';
    const [loraShare] = await db
      .insert(viewLinkTable)
      .values({
        companyId: sunrise?.id ?? '',
        kind: 'lora',
        plantId,
        deviceSn: 'SWLORA01',
        tokenHash: 'sweep-lora-hash',
      })
      .returning();
    k.loraShareId = loraShare?.id ?? '';
    // A camera of Sunrise's on the sweep plant recording into Sunrise's space: another company neither reads,
    // edits, tests nor deletes either, nor uses the space for a camera of its own.
    const [space] = await db
      .insert(storageSpaceTable)
      .values({
        companyId: sunrise?.id ?? '',
        name: 'Sweep space',
        kind: 'folder',
        folder: 'sweep',
        capacityGb: 1,
        retentionDays: 1,
      })
      .returning();
    k.storageSpaceId = space?.id ?? '';
    const [cam] = await db
      .insert(cameraTable)
      .values({
        companyId: sunrise?.id ?? '',
        plantId,
        // Simulated: a watch in the sweep starts no connection to a camera that is not there.
        kind: 'simulated',
        name: 'Sweep camera',
        host: 'simulated',
        port: 554,
        passwordCipher: 'v1.sweep.sweep.sweep',
        recording: 'continuous',
        storageSpaceId: k.storageSpaceId,
      })
      .returning();
    k.cameraId = cam?.id ?? '';
    const [channel] = await db
      .insert(cameraChannelTable)
      .values({ cameraId: k.cameraId, number: 1, name: 'Sweep channel' })
      .returning();
    k.channelId = channel?.id ?? '';
    // An alarm webhook of Sunrise's: another company neither reads its log nor edits or removes it.
    const [hook] = await db
      .insert(webhook)
      .values({ companyId: sunrise?.id ?? '', url: 'https://hooks.example/sweep', secret: 'sweep-webhook-secret-01' })
      .returning();
    k.webhookId = hook?.id ?? '';
    // An alarm in the notice centre of Sunrise's plant owner: nobody else reads or marks it.
    const [notice] = await db
      .insert(messageTable)
      .values({ userId: idOf(ACCOUNTS.owner), type: 3, title: 'Sweep alarm', source: 'sweep' })
      .returning();
    k.noticeId = notice?.id ?? '';
    // A command sent to Sunrise's gateway, in its communication log: another company reads neither the log
    // nor the message.
    const [message] = await db
      .insert(gatewayMessage)
      .values({
        gatewaySn: 'SWGW01',
        at: new Date(),
        direction: 'down',
        channel: 'down/cmd',
        size: 40,
        summary: { kind: 'command', type: 'boot', device: 'SWINV01' },
        payload: '{"cmdId":"sweep","type":"boot","device":"SWINV01"}',
      })
      .returning();
    k.messageId = String(message?.id ?? '');
    // After the staff member's sign-in above: with a passkey, the password alone no longer signs it in.
    const [key] = await db
      .insert(passkey)
      .values({ id: 'c3dlZXAtcGFzc2tleQ', userId: idOf(ACCOUNTS.staff), publicKey: 'pk', name: 'Sweep passkey' })
      .returning();
    k.passkeyId = key?.id ?? '';
    // An upgrade of Sunrise's inverter in that rollout: another company filtering the maintenance log by the
    // rollout's id finds nothing.
    await db.insert(upgrade).values({
      companyId: sunrise?.id ?? null,
      plantId,
      gatewayId,
      deviceId: deviceId('SWINV01'),
      kind: 'inverter',
      sn: 'SWINV01',
      model: 'SIM-HYB-10K',
      toVersion: '1.0',
      state: 'succeeded',
      rolloutId: rollout?.id ?? null,
      wave: 1,
    });
  });

  it('answers another company and a visitor "does not exist" for every keyed route, and changes nothing', async () => {
    const started = performance.now();
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const rival = await t.otherCompanyToken();
    const visitor = await t.tokenFor(ACCOUNTS.visitor);
    const admin = await t.tokenFor(ACCOUNTS.admin);
    const secrets = [k.plantId, 'Sweep plant', 'SWGW01', 'SWINV01', 'SWBAT01', 'SWMTR01', 'SWWS01', 'SWSW01'];
    secrets.push('SWLORA01', k.templateId, k.commandId, k.userId, 'Sweep template', k.roleId, 'Sweep role');
    secrets.push(k.customerId, k.customerTypeId, 'Bright Bakery');
    secrets.push('Sweep manual', k.manualId, 'Sweep passkey');
    secrets.push('Sweep manual', k.manualId, 'Sweep firmware', k.firmwareId);
    secrets.push(k.webhookId, 'hooks.example/sweep', 'sweep-webhook-secret-01');
    secrets.push(k.cameraId, 'Sweep camera', k.storageSpaceId, 'Sweep space');

    const planned: Planned[] = [];
    const failures: string[] = [];
    const skipped: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/v1')) continue;
      for (const [method, op] of Object.entries(ops)) {
        const route = `${method.toUpperCase()} ${path}`;
        if (OPT_OUT[route]) continue;
        const p = plan(k, method, path, op);
        if (p === 'no key') skipped.push(route);
        else if ('unknown' in p)
          failures.push(`${route}: cannot fill ${p.unknown.join(', ')} (map it in keyFor or opt the route out)`);
        else planned.push(p);
      }
    }

    // Every route named in the lists above still exists: a renamed route cannot keep a stale opt-out.
    const known = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    for (const route of [...Object.keys(OPT_OUT), ...Object.keys(NO_CONTROL), ...Object.keys(BODIES)])
      if (!known.has(route)) failures.push(`${route} is listed in this file but is not a route any more`);

    let calls = 0;
    const send = async (c: Planned, token: string, who: string): Promise<LightMyRequestResponse | undefined> => {
      calls++;
      const answer = t.app.inject({
        method: c.method as 'GET',
        url: c.url,
        query: c.query,
        headers: { authorization: `Bearer ${token}` },
        ...(c.body === undefined ? {} : { payload: c.body as Record<string, unknown> }),
      });
      // A live stream opened for the wrong caller never ends: name it instead of hanging the test.
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          failures.push(`${c.route} as ${who} did not answer (a stream was opened)`);
          resolve(undefined);
        }, 10_000);
      });
      try {
        return await Promise.race([answer, hung]);
      } finally {
        clearTimeout(timer);
      }
    };

    const before = await snapshot(t);
    for (const c of planned) {
      const res = await send(c, rival, 'another company');
      if (!res) continue;
      const code = codeOf(res);
      if (code !== undefined && NOT_FOUND.has(code)) continue;
      if (c.filterOnly && res.statusCode === 200 && (code === undefined || code === 0)) {
        const text = await answerText(res);
        const leaked = secrets.filter((s) => text.includes(s));
        if (leaked.length === 0) continue;
        failures.push(`${c.route} as another company shows Sunrise's ${leaked.join(', ')}`);
        continue;
      }
      failures.push(`${c.route} as another company: HTTP ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    for (const c of planned.filter((p) => p.method !== 'GET' && !VIEW_POSTS[p.route])) {
      const res = await send(c, visitor, "Sunrise's visitor");
      if (!res) continue;
      const code = codeOf(res);
      if (code !== undefined && (NOT_FOUND.has(code) || code === ERROR_CODES.noPermission)) continue;
      failures.push(`${c.route} as Sunrise's visitor: HTTP ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    const after = await snapshot(t);
    for (const [table, was] of Object.entries(before))
      if (after[table] !== was) failures.push(`table ${table} changed: ${was} → ${after[table]}`);

    // The control: Sunrise's own administrator reads every keyed route with the same keys and finds the rows,
    // so the answers above are about who asks, not about keys that do not exist.
    let controls = 0;
    for (const c of planned.filter((p) => p.method === 'GET' && !p.filterOnly && !NO_CONTROL[p.route])) {
      const res = await send(c, admin, "Sunrise's administrator");
      if (!res) continue;
      controls++;
      const code = codeOf(res);
      // Any answer but "does not exist" or a refusal: a read may also say the device is offline.
      if (res.statusCode >= 400 || (code !== undefined && NOT_FOUND.has(code)))
        failures.push(
          `control: ${c.route} as Sunrise's administrator: HTTP ${res.statusCode} ${res.body.slice(0, 160)}`,
        );
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`routes without a key: ${skipped.join('; ')}`);
    console.log(
      `tenancy sweep: ${planned.length} keyed routes (${planned.filter((p) => p.filterOnly).length} keyed only by a list filter), ${calls} calls (${controls} control reads), ${skipped.length} routes without a key, ${Object.keys(OPT_OUT).length} opted out, in ${seconds} s`,
    );
    expect(failures).toEqual([]);
    // Not vacuous: most of the API takes a key, and the control read a good share of it.
    expect(planned.length).toBeGreaterThan(120);
    expect(controls).toBeGreaterThan(50);
  }, 300_000);
});
