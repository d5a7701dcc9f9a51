import { type SwitchInfo } from '@heliograph/shared';
import { eq } from 'drizzle-orm';
import { gateway } from '../../../db/schema.js';
import { requireAuth, type AuthContext } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { callerOf, deviceTarget, sendCommand } from '../../commands/device-command.js';
import { setMeshCheck } from '../../gateways/own-gateway.js';
import { findSwitch } from '../queries.js';
import { tag, view, control, type SwitchApp, type SwitchDeps, switchToChange } from '../schemas.js';
import { mergeSettings } from '../settings-store.js';

/**
 * Commands to the switch (state, on and off, self-check, timers, report frequency, mesh check): each kept
 * by the console only when the switch accepts it.
 */
export function registerCommands(app: SwitchApp, { db, commands }: SwitchDeps): void {
  const route = contractRoutes(app, tag);
  route(
    'GET /acSwitch/:sn/state',
    { config: view, summary: 'Ask the switch for its state (on, turned off locally)' },
    async (req) => {
      const caller = callerOf(req);
      const sw = await findSwitch(db, caller.auth, req.params.sn);
      let { on, localOff } = sw.settings;
      const order = { type: 'settingsRead', operation: 'switch.state' } as const;
      const outcome = await sendCommand(commands, caller, deviceTarget(sw), order, async ({ result }) => {
        if (!result) return;
        on = result.on !== false;
        localOff = result.localOff === true;
        await mergeSettings(db, sw.id, { on, localOff });
      });
      return ok(req, { outcome, on, localOff });
    },
  );

  route(
    'POST /acSwitch/setSwitch',
    { config: control, summary: 'Turn the switch on or off (one turned off locally cannot be turned on remotely)' },
    async (req) => {
      const { caller, sw } = await switchToChange(db, req, req.body.sn);
      const on = req.body.on;
      // Known to be off at the switch itself: refused before anything is sent (spec §4).
      if (on && sw.settings.localOff) throw new AppError('stateForbidsCommand');
      const order = {
        type: on ? 'switchOn' : 'switchOff',
        operation: on ? 'switch.on' : 'switch.off',
        oldValue: sw.on,
        newValue: on,
      } as const;
      const outcome = await sendCommand(commands, caller, deviceTarget(sw), order, () =>
        mergeSettings(db, sw.id, { on, localOff: false }),
      );
      // A switch that answers it is off locally: the console learns so, and refuses "on" from now on.
      if (outcome.status !== 'succeeded' && outcome.error === 'locallyOff')
        await mergeSettings(db, sw.id, { on: false, localOff: true });
      return ok(req, outcome);
    },
  );

  route(
    'POST /acSwitch/:sn/selfCheck',
    { config: control, summary: 'Leakage self-check: the switch cuts power for 10 seconds' },
    async (req) => {
      const { caller, sw } = await switchToChange(db, req, req.params.sn);
      const order = { type: 'selfCheck', operation: 'switch.selfCheck' } as const;
      return ok(req, await sendCommand(commands, caller, deviceTarget(sw), order));
    },
  );

  route(
    'POST /acSwitch/:sn/timingTask',
    {
      config: control,
      summary: 'Replace the timing tasks (single or repeating; at most 10); kept when the switch accepts them',
    },
    async (req) => {
      const { tasks } = req.body;
      const { caller, sw } = await switchToChange(db, req, req.params.sn);
      const order = {
        type: 'timingTask',
        params: { tasks },
        operation: 'switch.timingTask',
        oldValue: sw.settings.timingTasks,
        newValue: tasks,
      } as const;
      const save = () => mergeSettings(db, sw.id, { timingTasks: tasks });
      return ok(req, await sendCommand(commands, caller, deviceTarget(sw), order, save));
    },
  );

  route(
    'POST /acSwitch/:sn/updateFrequency',
    {
      config: control,
      summary: 'Report frequency in minutes (command uploadInterval; kept when the switch accepts it)',
    },
    async (req) => {
      const { minutes } = req.body;
      const { caller, sw } = await switchToChange(db, req, req.params.sn);
      const seconds = minutes * 60;
      // The report frequency is the switch's own gateway's upload interval: the command goes to the gateway.
      const order = {
        type: 'uploadInterval',
        params: { seconds },
        operation: 'switch.reportFrequency',
        oldValue: sw.settings.reportMinutes,
        newValue: minutes,
      } as const;
      const save = async () => {
        await db.update(gateway).set({ uploadIntervalS: seconds }).where(eq(gateway.id, sw.gatewayId));
        await mergeSettings(db, sw.id, { reportMinutes: minutes });
      };
      return ok(req, await sendCommand(commands, caller, { gatewayId: sw.gatewayId }, order, save));
    },
  );

  const meshSet = (auth: AuthContext, ip: string, sw: SwitchInfo, enabled: boolean) =>
    setMeshCheck({ db, commands }, { auth, ip }, sw, enabled, 'switch.meshCheck');
  route('GET /acSwitch/:sn/meshCheck/read', { config: view, summary: 'Whether mesh check is on' }, async (req) =>
    ok(req, { enabled: (await findSwitch(db, requireAuth(req.auth), req.params.sn)).meshCheck }),
  );
  route(
    'POST /acSwitch/:sn/meshCheck/set',
    { config: control, summary: 'Turn mesh check on or off (command meshCheck)' },
    async (req) => {
      const { auth, sw } = await switchToChange(db, req, req.params.sn);
      return ok(req, await meshSet(auth, req.ip, sw, req.body.enabled));
    },
  );
  route(
    'GET /acSwitch/meshCheck/read/batch',
    { config: view, summary: 'Mesh check of several switches (comma-separated serials)' },
    async (req) => {
      const auth = requireAuth(req.auth);
      const switches = await Promise.all(req.query.sns.map((sn) => findSwitch(db, auth, sn)));
      return ok(
        req,
        switches.map((s) => ({ sn: s.sn, enabled: s.meshCheck })),
      );
    },
  );
  route(
    'POST /acSwitch/meshCheck/set/batch',
    {
      config: control,
      summary: 'Mesh check on or off for several switches; each one’s outcome (an offline one fails)',
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const switches = await Promise.all(req.body.sns.map((sn) => findSwitch(db, auth, sn, { write: true })));
      const out = await Promise.all(
        switches.map(async (sw) => {
          try {
            const o = await meshSet(auth, req.ip, sw, req.body.enabled);
            return { sn: sw.sn, status: o.status, error: o.error };
          } catch (e) {
            if (e instanceof AppError) return { sn: sw.sn, status: 'failed', error: e.key };
            throw e;
          }
        }),
      );
      return ok(req, out);
    },
  );
}
