import { sql } from 'drizzle-orm';

/**
 * Device status (spec §4) as SQL over aliases `d` (device), `g` (gateway), `dl` (device_latest):
 * offline after three missed upload intervals without a reading, then fault or warning while such an
 * event is open, normal otherwise.
 */
export const deviceStatusSql = sql`case
  when dl.ts is null or dl.ts < now() - (3 * g.upload_interval_s) * interval '1 second' then 'offline'
  when exists (select 1 from device_event e where e.device_id = d.id and e.cleared_at is null and e.level = 'fault') then 'fault'
  when exists (select 1 from device_event e where e.device_id = d.id and e.cleared_at is null and e.level = 'warning') then 'warning'
  else 'normal' end`;

/**
 * Plant status from its devices: offline when none reports, fault when any device is in fault, warning
 * when any warns or some are offline, normal otherwise. Alias `p` is the plant.
 */
export const plantStatusSql = sql`(select case
    when count(*) = 0 or bool_and(st = 'offline') then 'offline'
    when bool_or(st = 'fault') then 'fault'
    when bool_or(st in ('warning', 'offline')) then 'warning'
    else 'normal' end
  from (select ${deviceStatusSql} as st from device d join gateway g on g.id = d.gateway_id
        left join device_latest dl on dl.device_id = d.id where d.plant_id = p.id) ds)`;
