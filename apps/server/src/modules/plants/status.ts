import { sql } from 'drizzle-orm';

/**
 * The moment a device counts as offline when nothing newer arrives: three missed upload intervals after its
 * latest reading. Aliases `g` (gateway) and `dl` (device_latest).
 */
const offlineAtSql = sql`(dl.ts + (3 * g.upload_interval_s) * interval '1 second')`;

/**
 * Device status (spec §4) as SQL over aliases `d` (device), `g` (gateway), `dl` (device_latest):
 * offline after three missed upload intervals without a reading, then fault or warning while such an
 * event is open, normal otherwise.
 */
export const deviceStatusSql = sql`case
  when dl.ts is null or ${offlineAtSql} < now() then 'offline'
  when exists (select 1 from device_event e where e.device_id = d.id and e.cleared_at is null and e.level = 'fault') then 'fault'
  when exists (select 1 from device_event e where e.device_id = d.id and e.cleared_at is null and e.level = 'warning') then 'warning'
  else 'normal' end`;

/**
 * One device's status as its own pages and lists show it: "upgrading" while an upgrade of it is sent and not
 * finished, or waits for its gateway to come online (spec §4 lists it among the device states; the readings
 * alone cannot tell); a later wave of a staged rollout (`queued`) is not upgrading yet. The plant roll-ups keep
 * `deviceStatusSql`: an upgrade does not change how a plant is doing. Aliases `d`, `g`, `dl`.
 */
export const deviceStatusOwnSql = sql`case
  when exists (select 1 from upgrade u where u.device_id = d.id and u.state in ('running', 'waiting')) then 'upgrading'
  else ${deviceStatusSql} end`;

/**
 * The devices of plant `p` with their status (`st`) and the moment they go offline (`offline_at`), as `ds`.
 * `offset 0` keeps the subquery whole: flattened, each aggregate over `st` would evaluate the status (and its
 * event lookups) again.
 */
const plantDevicesSql = sql`(select ${deviceStatusSql} as st, ${offlineAtSql} as offline_at
  from device d join gateway g on g.id = d.gateway_id
  left join device_latest dl on dl.device_id = d.id where d.plant_id = p.id offset 0) ds`;

/**
 * Plant status from its devices: offline when none reports, fault when any device is in fault, warning
 * when any warns or some are offline, normal otherwise. An aggregate over `ds`.
 */
const plantStatusOfDevicesSql = sql`case
    when count(*) = 0 or bool_and(ds.st = 'offline') then 'offline'
    when bool_or(ds.st = 'fault') then 'fault'
    when bool_or(ds.st in ('warning', 'offline')) then 'warning'
    else 'normal' end`;

/** The status of plant `p` now, as a scalar subquery. */
export const plantStatusSql = sql`(select ${plantStatusOfDevicesSql} from ${plantDevicesSql})`;

/**
 * The status of plant `p` now (`status`) and until when it holds without new data (`status_until`): the
 * first moment one of its online devices would go offline; null when none is online (only new data, an
 * event or a changed device can change it then). A subquery for a lateral join.
 */
export const plantStatusUntilSql = sql`(select ${plantStatusOfDevicesSql} as status,
    min(ds.offline_at) filter (where ds.st <> 'offline') as status_until
  from ${plantDevicesSql})`;
