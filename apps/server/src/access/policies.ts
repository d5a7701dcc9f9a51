import { sql, type SQL } from 'drizzle-orm';
import type { ErrorKey } from '@heliograph/shared';
import { configTemplate, deviceProfile } from '../db/schema.js';
import type { AuthContext, ViewLinkScope } from '../http/context.js';

/**
 * The tenancy rules (DESIGN §4 "Tenancy"), one place for all of them. Each resource has a policy: the SQL
 * condition on its table alias that keeps the rows a caller may see (`read`) or change and command (`write`,
 * always a subset of `read`), and the "does not exist" answer for a row outside it. A row the caller may not
 * see is answered exactly like one that does not exist, so another tenant's keys give nothing away.
 *
 * A future resource (companies, customers, agents) adds a `Policy` here and a finder in finders.ts; routes
 * reach its rows only through them.
 */
export interface Policy {
  /** The table and the alias its conditions are written against, e.g. `plant p`. */
  from: SQL;
  read(auth: AuthContext): SQL;
  write(auth: AuthContext): SQL;
  /** The answer for a row outside the policy (or none at all). */
  missing: ErrorKey;
}

/** Roles whose plants come from shares or ownership, not from a company. */
const PERSONAL_ROLES: ReadonlySet<string> = new Set(['plant_owner', 'visitor', 'maintainer']);

/**
 * A role that works for its company as a whole: staff (built-in or the company's own roles), agents' and
 * installers' accounts (their keys decide the actions). Not customers: a customer sees only what it owns.
 */
export function isCompanyRole(auth: AuthContext): boolean {
  return (
    auth.role !== 'platform_admin' &&
    auth.role !== 'internal_employee' &&
    auth.role !== 'customer' &&
    !PERSONAL_ROLES.has(auth.role) &&
    auth.companyId !== null
  );
}

/**
 * A company role's rows by their company column (`column`, e.g. `p.company_id`): its company's and those of
 * the companies that appointed its company agent (all of them for reading, those at level `operate` for
 * writing). The served companies come with the caller (`AuthContext.agentFor`), so the common case stays
 * `company_id = $1`, which the planner estimates exactly.
 */
function companyRows(auth: AuthContext, write: boolean, column: SQL): SQL {
  const served = (auth.agentFor ?? []).filter((a) => !write || a.operate).map((a) => a.companyId);
  if (served.length === 0) return sql`${column} = ${auth.companyId}`;
  return sql`${column} in (${sql.join(
    [auth.companyId, ...served].map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** A company role's plants, on the alias `p`. */
const companyPlants = (auth: AuthContext, write: boolean): SQL => companyRows(auth, write, sql`p.company_id`);

/**
 * The plants of a view link, on the alias `p`: the company's (a display of all plants), the display's listed
 * ones, or the link's one plant — always of the company that made the link and never deleted ones.
 */
function linkPlants(link: ViewLinkScope): SQL {
  const own = sql`p.deleted_at is null and p.company_id = ${link.companyId}`;
  if (link.kind === 'display') {
    if (!link.displayId) return sql`false`;
    return link.allPlants
      ? own
      : sql`${own} and exists (select 1 from display_plant dp where dp.display_id = ${link.displayId} and dp.plant_id = p.id)`;
  }
  return link.plantId ? sql`${own} and p.id = ${link.plantId}` : sql`false`;
}

/**
 * Displays on the alias `ds`: a company's staff its company's (and those of companies it is agent for, reading),
 * platform administrators every one, a display link its own display; nobody else any.
 */
function displayCondition(auth: AuthContext, write: boolean): SQL {
  if (auth.link) return write || !auth.link.displayId ? sql`false` : sql`ds.id = ${auth.link.displayId}`;
  if (auth.role === 'platform_admin') return sql`true`;
  if (!isCompanyRole(auth)) return sql`false`;
  return companyRows(auth, write, sql`ds.company_id`);
}

/**
 * Which plants a caller may see, on the alias `p`. Platform administrators and internal employees see every
 * plant; company roles their company's and those of the companies it is agent for; a customer the plants of
 * its company it owns (never a sibling customer's); a plant owner the plants they own; visitors and
 * maintainers the plants shared to them. Deleted plants are seen by nobody.
 */
function plantRead(auth: AuthContext): SQL {
  const live = sql`p.deleted_at is null`;
  if (auth.link) return linkPlants(auth.link);
  switch (auth.role) {
    case 'platform_admin':
    case 'internal_employee':
      return live;
    case 'plant_owner':
      return sql`${live} and (p.owner_id = ${auth.userId} or exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId}))`;
    case 'visitor':
    case 'maintainer':
      return sql`${live} and exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId})`;
    case 'customer':
      return auth.companyId
        ? sql`${live} and p.company_id = ${auth.companyId} and p.owner_id = ${auth.userId}`
        : sql`false`;
    default:
      return auth.companyId ? sql`${live} and ${companyPlants(auth, false)}` : sql`false`;
  }
}

/**
 * The plants a caller may change or command: a guest share, the visitor role and internal employees are
 * read-only everywhere (spec §6); a maintainer share may operate the plant's devices; an owner or a customer
 * their own plants; company roles their company's and those of companies that appointed them agent at level
 * `operate` (their permission keys still decide which actions).
 */
function plantWrite(auth: AuthContext): SQL {
  const live = sql`p.deleted_at is null`;
  // A view link reads and never writes.
  if (auth.link) return sql`false`;
  const maintained = sql`exists (select 1 from plant_share s where s.plant_id = p.id and s.user_id = ${auth.userId} and s.level = 'maintainer')`;
  switch (auth.role) {
    case 'platform_admin':
      return live;
    case 'visitor':
    case 'internal_employee':
      return sql`false`;
    case 'plant_owner':
      return sql`${live} and (p.owner_id = ${auth.userId} or ${maintained})`;
    case 'maintainer':
      return sql`${live} and ${maintained}`;
    case 'customer':
      return auth.companyId
        ? sql`${live} and p.company_id = ${auth.companyId} and p.owner_id = ${auth.userId}`
        : sql`false`;
    default:
      return auth.companyId ? sql`${live} and ${companyPlants(auth, true)}` : sql`false`;
  }
}

/**
 * Gateways on the alias `g`: a bound gateway follows its plant's rules; an unbound one is stock of its
 * company, seen by that company's staff only.
 */
function gatewayCondition(auth: AuthContext, write: boolean): SQL {
  if (auth.role === 'platform_admin' || (auth.role === 'internal_employee' && !write)) return sql`true`;
  const plants = write ? plantWrite(auth) : plantRead(auth);
  const viaPlant = sql`exists (select 1 from plant p where p.id = g.plant_id and ${plants})`;
  if (!isCompanyRole(auth)) return viaPlant;
  return sql`(g.company_id = ${auth.companyId} or ${viaPlant})`;
}

/**
 * Configuration templates belong to their company; a caller without one (a platform administrator) works on
 * the unassigned ones. Written on the table itself (not an alias) so the query builder can use it too.
 */
function templateCondition(auth: AuthContext): SQL {
  return auth.companyId
    ? sql`${configTemplate.companyId} = ${auth.companyId}`
    : sql`${configTemplate.companyId} is null`;
}

/**
 * Device configuration profiles (issue 14 item 8) belong to their company like templates; a caller without
 * one (a platform administrator) works on the platform's own (company_id null).
 */
function profileCondition(auth: AuthContext): SQL {
  return auth.companyId ? sql`${deviceProfile.companyId} = ${auth.companyId}` : sql`${deviceProfile.companyId} is null`;
}

/**
 * Firmware on the alias `f` (issue 13 point 5): platform administrators and internal employees see the whole
 * library; a company the firmware made for it and what was authorised to it (firmware_grant); nobody else
 * any. Only platform administrators change it.
 */
function firmwareRead(auth: AuthContext): SQL {
  if (auth.role === 'platform_admin' || auth.role === 'internal_employee') return sql`true`;
  if (!auth.companyId) return sql`false`;
  return sql`(f.company_id = ${auth.companyId} or exists (select 1 from firmware_grant fg where fg.firmware_id = f.id and fg.company_id = ${auth.companyId}))`;
}

/**
 * Upgrades (maintenance log records, issue 13 point 6) on the alias `u`. A company role sees the upgrades of
 * its company and of the companies that appointed it agent (at level `operate` for writing), by the record's
 * own `company_id`: so the list is `company_id = $1 order by created_at`, which the index upgrade_company
 * answers without reading other rows. Everyone else follows the device policy through the plant the device
 * was in when it was upgraded (the record's plant, as the log shows it): a customer or owner their own
 * plants, a maintainer the plants shared to them. Internal employees read everything and change nothing.
 */
function upgradeCondition(auth: AuthContext, write: boolean): SQL {
  if (auth.role === 'platform_admin' || (auth.role === 'internal_employee' && !write)) return sql`true`;
  if (isCompanyRole(auth)) return companyRows(auth, write, sql`u.company_id`);
  const plants = write ? plantWrite(auth) : plantRead(auth);
  return sql`exists (select 1 from plant p where p.id = u.plant_id and ${plants})`;
}

/**
 * A company's video storage spaces (issue 18) on the alias `ss`: its own staff's (a company role of the
 * space's company), nobody else's. A space is the company's own configuration, so an agent does not manage the
 * spaces of the companies it serves, and a caller without a company (a platform administrator) has none.
 */
function storageSpaceCondition(auth: AuthContext): SQL {
  if (auth.link || !isCompanyRole(auth)) return sql`false`;
  return sql`ss.company_id = ${auth.companyId}`;
}

export const POLICIES = {
  plant: { from: sql`plant p`, read: plantRead, write: plantWrite, missing: 'plantNotFound' },
  gateway: {
    from: sql`gateway g`,
    read: (auth) => gatewayCondition(auth, false),
    write: (auth) => gatewayCondition(auth, true),
    missing: 'gatewayNotFound',
  },
  /**
   * A device follows its gateway (and so, once bound, its plant): on the alias `d` joined to its gateway
   * `g` (`device d join gateway g on g.id = d.gateway_id`). Each kind answers its own "does not exist".
   */
  device: {
    from: sql`device d join gateway g on g.id = d.gateway_id`,
    // A device's embed link sees that one device of its plant, not the plant's others.
    read: (auth) =>
      auth.link?.kind === 'device'
        ? sql`${gatewayCondition(auth, false)} and d.sn = ${auth.link.deviceSn ?? ''}`
        : auth.link?.kind === 'lora'
          ? // A LoRa realtime share sees its master node and the master's sub-nodes, nothing else of the plant.
            sql`${gatewayCondition(auth, false)} and g.sn = ${auth.link.deviceSn ?? ''}`
          : gatewayCondition(auth, false),
    write: (auth) => gatewayCondition(auth, true),
    missing: 'notFound',
  },
  /** A command follows the gateway it was sent through. */
  command: {
    from: sql`device_command c join gateway g on g.id = c.gateway_id`,
    read: (auth) => gatewayCondition(auth, false),
    write: (auth) => gatewayCondition(auth, true),
    missing: 'notFound',
  },
  template: { from: sql`config_template`, read: templateCondition, write: templateCondition, missing: 'notFound' },
  profile: { from: sql`device_profile`, read: profileCondition, write: profileCondition, missing: 'notFound' },
  firmware: {
    from: sql`firmware f`,
    read: firmwareRead,
    write: (auth) => (auth.role === 'platform_admin' ? sql`true` : sql`false`),
    missing: 'notFound',
  },
  display: {
    from: sql`display ds`,
    read: (auth) => displayCondition(auth, false),
    write: (auth) => displayCondition(auth, true),
    missing: 'notFound',
  },
  upgrade: {
    from: sql`upgrade u`,
    read: (auth) => upgradeCondition(auth, false),
    write: (auth) => upgradeCondition(auth, true),
    missing: 'notFound',
  },
  /** A smart bulb bound to a plant (application centre) follows its plant: on the alias `l` joined to `p`. */
  light: {
    from: sql`light l join plant p on p.id = l.plant_id`,
    read: plantRead,
    write: plantWrite,
    missing: 'notFound',
  },
  /**
   * A saved report config (issue 16) is its owner's alone, whatever their role: a report names plants, and
   * another user of the same company may see fewer. The plants inside are checked again when it runs.
   */
  reportConfig: {
    from: sql`report_config rc`,
    read: (auth) => sql`rc.user_id = ${auth.userId}`,
    write: (auth) => sql`rc.user_id = ${auth.userId}`,
    missing: 'notFound',
  },
  /** A smart rule follows its plant: seen with the plant, changed with the plant's write scope (issue 17). */
  smartRule: {
    from: sql`smart_rule sr join plant p on p.id = sr.plant_id`,
    read: plantRead,
    write: plantWrite,
    missing: 'notFound',
  },
  /**
   * A camera follows its plant (issue 18): seen by whoever may see the plant, changed with the plant's write
   * scope (the permission keys camera.view / camera.edit decide the rest). On the aliases `c` and `p`.
   */
  camera: {
    from: sql`camera c join plant p on p.id = c.plant_id`,
    read: plantRead,
    write: plantWrite,
    missing: 'notFound',
  },
  /** A camera's channel follows its camera, and so its plant: on the aliases `ch`, `c` and `p`. */
  cameraChannel: {
    from: sql`camera_channel ch join camera c on c.id = ch.camera_id join plant p on p.id = c.plant_id`,
    read: plantRead,
    write: plantWrite,
    missing: 'notFound',
  },
  storageSpace: {
    from: sql`storage_space ss`,
    read: storageSpaceCondition,
    write: storageSpaceCondition,
    missing: 'notFound',
  },
  /** A report export follows the user who started it. */
  reportExport: {
    from: sql`report_export rx`,
    read: (auth) => sql`rx.user_id = ${auth.userId}`,
    write: (auth) => sql`rx.user_id = ${auth.userId}`,
    missing: 'notFound',
  },
} satisfies Record<string, Policy>;

export type ResourceKind = keyof typeof POLICIES;

/**
 * The condition that keeps the rows of `kind` a caller may see (or, with `write`, change), for list queries
 * over the policy's alias. A single row is found through a finder (finders.ts) instead.
 */
export function scopeCondition(auth: AuthContext, kind: ResourceKind, opts: { write?: boolean } = {}): SQL {
  const policy: Policy = POLICIES[kind];
  return opts.write ? policy.write(auth) : policy.read(auth);
}

/** The plant columns the disposal rule reads. */
export interface PlantOwnership {
  company_id: string | null;
  owner_id: string | null;
}

/**
 * Managing a plant (delete, transfer) beyond changing it: its owner, its company's staff, a platform
 * administrator. A maintainer share may edit and operate, not dispose of the plant; visitors nothing.
 */
export function managesPlant(auth: AuthContext, p: PlantOwnership): boolean {
  switch (auth.role) {
    case 'platform_admin':
      return true;
    case 'visitor':
    case 'maintainer':
    case 'internal_employee':
      return false;
    case 'plant_owner':
    case 'customer':
      return p.owner_id === auth.userId;
    default:
      return auth.companyId !== null && p.company_id === auth.companyId;
  }
}
