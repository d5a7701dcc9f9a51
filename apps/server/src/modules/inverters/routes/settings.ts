import { settingsConflicts, settingsProblems } from '@heliograph/shared';
import { requireAuth } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { inverterTarget, sendCommand } from '../../commands/device-command.js';
import { answeredBlocks, decodeSettings, settingReads, settingWrites } from '../protocol-form.js';
import { settingsError } from '../settings-fields.js';
import { inverterToChange, tag, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** The settings form of the inverter’s protocol, and reading and writing the settings on the device. */
export function registerSettings(app: InverterApp, { inverters, commands }: InverterRouteDeps): void {
  const route = contractRoutes(app, tag);
  const setting = { access: 'inverter.setting', scope: 'company' } as const;
  route(
    'GET /inverter/:sn/setting/form',
    {
      config: setting,
      summary: 'The settings form of the inverter’s protocol (601 when it has none), with the last known values',
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const inv = await inverters.target(auth, req.params.sn);
      const fields = await inverters.fields(inv, req.lang);
      const writable = await inverters.target(auth, req.params.sn, { write: true }).then(
        () => true,
        () => false,
      );
      const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
      return ok(req, { protocol: inv.protocol, fields, values: known, writable });
    },
  );

  route(
    'POST /inverter/:sn/setting-read',
    { config: setting, summary: 'Read the settings from the device (command settingsRead)' },
    async (req) => {
      const { caller, inv } = await inverterToChange(inverters, req);
      const fields = await inverters.fields(inv, req.lang);
      const form = await inverters.dataForm(inv);
      inverters.assertAllowed(inv, 'settings');
      const keys = fields.map((f) => f.key);
      // A data protocol's device is asked for register blocks, which the columns decode.
      const order = {
        type: 'settingsRead',
        params: form ? { keys, reads: settingReads(form) } : { keys },
        operation: 'inverter.settingsRead',
      } as const;
      const outcome = await sendCommand(commands, caller, inverterTarget(inv), order);
      const answered =
        outcome.status !== 'succeeded' || !outcome.result
          ? {}
          : form
            ? decodeSettings(form, answeredBlocks(outcome.result), req.lang)
            : outcome.result;
      const known = new Set(keys);
      const values = Object.fromEntries(Object.entries(answered).filter(([k]) => known.has(k)));
      if (Object.keys(values).length > 0) await inverters.rememberSettings(inv, values);
      return ok(req, { ...outcome, values });
    },
  );

  route(
    'POST /inverter/:sn/setting-write',
    {
      config: setting,
      summary: 'Write settings to the device (command settingsWrite); each value checked against the form',
    },
    async (req) => {
      const { caller, inv } = await inverterToChange(inverters, req);
      const fields = await inverters.fields(inv, req.lang);
      const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
      const problems = settingsProblems(fields, req.body.values);
      if (problems.length > 0) throw settingsError(problems);
      const conflicts = settingsConflicts(req.body.values, known);
      if (conflicts.length > 0) throw settingsError(conflicts);
      // A data protocol's values are encoded into the column's registers; one that does not encode exactly is refused.
      const form = await inverters.dataForm(inv);
      const encoded = form ? settingWrites(form, req.body.values) : null;
      if (encoded && 'problems' in encoded) throw settingsError(encoded.problems);
      inverters.assertAllowed(inv, 'settings');
      const { values } = req.body;
      const order = {
        type: 'settingsWrite',
        params: encoded ? { values, writes: encoded.writes } : values,
        operation: 'inverter.settingsWrite',
        oldValue: Object.fromEntries(Object.keys(values).map((k) => [k, known[k] ?? null])),
        newValue: values,
      } as const;
      const save = () => inverters.rememberSettings(inv, values);
      return ok(req, await sendCommand(commands, caller, inverterTarget(inv), order, save));
    },
  );
}
