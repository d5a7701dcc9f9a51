import { API } from '@heliograph/shared';
import { eq } from 'drizzle-orm';
import { gateway } from '../../../db/schema.js';
import { requireAuth, type AuthContext } from '../../../http/context.js';
import { answers } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { snParams } from '../../../http/params.js';
import { AppError } from '../../../http/errors.js';
import { recordOperation } from '../../commands/operation-log.js';
import { findReachableUser } from '../../users/repository.js';
import { callerOf } from '../../commands/device-command.js';
import { setConnPassword } from '../../gateways/own-gateway.js';
import { findSwitch } from '../queries.js';
import { tags, view, control, type SwitchApp, type SwitchDeps } from '../schemas.js';
import { saveSettings, batteryOfPlant } from '../settings-store.js';

/**
 * What the console keeps for a switch and logs: limits, the SOC rule, the associated user, the server
 * address and the connection password.
 */
export function registerSettings(app: SwitchApp, { db }: SwitchDeps): void {
  app.get(
    '/acSwitch/setting/:sn/read',
    {
      config: view,
      schema: {
        tags,
        summary: 'Per-phase limits and the leakage current limit',
        params: snParams,
        response: answers('GET /acSwitch/setting/:sn/read'),
      },
    },
    async (req) => ok(req, (await findSwitch(db, requireAuth(req.auth), req.params.sn)).settings.limits),
  );

  app.post(
    '/acSwitch/setting/:sn/set',
    {
      config: control,
      schema: {
        tags,
        summary: 'Set per-phase limits and the leakage current limit',
        params: snParams,
        body: API['POST /acSwitch/setting/:sn/set'].body,
        response: answers('POST /acSwitch/setting/:sn/set'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const sw = await findSwitch(db, auth, req.params.sn, { write: true });
      await saveSettings(db, auth, req.ip, sw, { limits: req.body }, 'switch.limits');
      return ok(req, null);
    },
  );

  app.post(
    '/acSwitch/:sn/socRule',
    {
      config: control,
      schema: {
        tags,
        summary: 'The SOC-based cycle rule: on at one battery SOC, off at a lower one',
        params: snParams,
        body: API['POST /acSwitch/:sn/socRule'].body,
        response: answers('POST /acSwitch/:sn/socRule'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const sw = await findSwitch(db, auth, req.params.sn, { write: true });
      // The battery must be one of the switch's plant.
      if (req.body.batterySn && !(sw.plantId && (await batteryOfPlant(db, req.body.batterySn, sw.plantId))))
        throw new AppError('batteryNotFound');
      await saveSettings(db, auth, req.ip, sw, { socRule: req.body }, 'switch.socRule');
      return ok(req, null);
    },
  );

  const associate = async (auth: AuthContext, ip: string, sns: string[], account: string): Promise<void> => {
    // Empty clears the association; another company's account is answered like an unknown one (105).
    const user = account ? await findReachableUser(db, auth, account) : { id: null };
    if (!user) throw new AppError('accountNotRegistered');
    const switches = await Promise.all(sns.map((sn) => findSwitch(db, auth, sn, { write: true })));
    for (const sw of switches) {
      await db.update(gateway).set({ customerId: user.id }).where(eq(gateway.id, sw.gatewayId));
      await saveSettings(db, auth, ip, sw, { associatedUserId: user.id }, 'switch.associatedUser');
    }
  };
  app.post(
    '/acSwitch/:sn/updateAssociateUser',
    {
      config: control,
      schema: {
        tags,
        summary: 'The account the switch is associated with (empty clears it)',
        params: snParams,
        body: API['POST /acSwitch/:sn/updateAssociateUser'].body,
        response: answers('POST /acSwitch/:sn/updateAssociateUser'),
      },
    },
    async (req) => {
      await associate(requireAuth(req.auth), req.ip, [req.params.sn], req.body.account);
      return ok(req, null);
    },
  );
  app.post(
    '/acSwitch/updateAssociateUser/batch',
    {
      config: control,
      schema: {
        tags,
        summary: 'Associate several switches with one account (all or none)',
        body: API['POST /acSwitch/updateAssociateUser/batch'].body,
        response: answers('POST /acSwitch/updateAssociateUser/batch'),
      },
    },
    async (req) => {
      await associate(requireAuth(req.auth), req.ip, req.body.sns, req.body.account);
      return ok(req, null);
    },
  );

  const setServer = async (auth: AuthContext, ip: string, sns: string[], host: string, port: number) => {
    const switches = await Promise.all(sns.map((sn) => findSwitch(db, auth, sn, { write: true })));
    for (const sw of switches) {
      await db.update(gateway).set({ serverAddress: host, serverPort: port }).where(eq(gateway.id, sw.gatewayId));
      await recordOperation(db, {
        auth,
        ip,
        target: sw.sn,
        plantId: sw.plantId,
        operation: 'switch.serverAddress',
        oldValue: sw.serverAddress ? `${sw.serverAddress}:${sw.serverPort ?? ''}` : null,
        newValue: `${host}:${port}`,
        result: 'succeeded',
      });
    }
  };
  app.post(
    '/acSwitch/:sn/updateServerAddr',
    {
      config: control,
      schema: {
        tags,
        summary: 'The server address and port the switch reports to',
        params: snParams,
        body: API['POST /acSwitch/:sn/updateServerAddr'].body,
        response: answers('POST /acSwitch/:sn/updateServerAddr'),
      },
    },
    async (req) => {
      await setServer(requireAuth(req.auth), req.ip, [req.params.sn], req.body.host, req.body.port);
      return ok(req, null);
    },
  );
  app.post(
    '/acSwitch/updateServerAddr/batch',
    {
      config: control,
      schema: {
        tags,
        summary: 'One server address for several switches (all or none)',
        body: API['POST /acSwitch/updateServerAddr/batch'].body,
        response: answers('POST /acSwitch/updateServerAddr/batch'),
      },
    },
    async (req) => {
      await setServer(requireAuth(req.auth), req.ip, req.body.sns, req.body.host, req.body.port);
      return ok(req, null);
    },
  );

  app.post(
    '/acSwitch/:sn/connPassword',
    {
      config: control,
      schema: {
        tags,
        summary: 'Set a new connection password (8–24, capitals, lower case and digits; kept hashed)',
        params: snParams,
        body: API['POST /acSwitch/:sn/connPassword'].body,
        response: answers('POST /acSwitch/:sn/connPassword'),
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const sw = await findSwitch(db, caller.auth, req.params.sn, { write: true });
      await setConnPassword(db, caller, sw, req.body.password, 'switch.connPassword');
      return ok(req, null);
    },
  );
}
