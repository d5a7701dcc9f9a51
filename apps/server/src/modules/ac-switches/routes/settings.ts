import { eq } from 'drizzle-orm';
import { gateway } from '../../../db/schema.js';
import { requireAuth, type AuthContext } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { recordChange } from '../../commands/operation-log.js';
import { findReachableUser } from '../../users/repository.js';
import { setConnPassword } from '../../gateways/own-gateway.js';
import { findSwitch } from '../queries.js';
import { tag, view, control, type SwitchApp, type SwitchDeps, switchToChange } from '../schemas.js';
import { saveSettings, batteryOfPlant } from '../settings-store.js';

/**
 * What the console keeps for a switch and logs: limits, the SOC rule, the associated user, the server
 * address and the connection password.
 */
export function registerSettings(app: SwitchApp, { db }: SwitchDeps): void {
  const route = contractRoutes(app, tag);
  route(
    'GET /acSwitch/setting/:sn/read',
    { config: view, summary: 'Per-phase limits and the leakage current limit' },
    async (req) => ok(req, (await findSwitch(db, requireAuth(req.auth), req.params.sn)).settings.limits),
  );

  route(
    'POST /acSwitch/setting/:sn/set',
    { config: control, summary: 'Set per-phase limits and the leakage current limit' },
    async (req) => {
      const { auth, sw } = await switchToChange(db, req, req.params.sn);
      await saveSettings(db, auth, req.ip, sw, { limits: req.body }, 'switch.limits');
      return ok(req, null);
    },
  );

  route(
    'POST /acSwitch/:sn/socRule',
    { config: control, summary: 'The SOC-based cycle rule: on at one battery SOC, off at a lower one' },
    async (req) => {
      const { auth, sw } = await switchToChange(db, req, req.params.sn);
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
  route(
    'POST /acSwitch/:sn/updateAssociateUser',
    { config: control, summary: 'The account the switch is associated with (empty clears it)' },
    async (req) => {
      await associate(requireAuth(req.auth), req.ip, [req.params.sn], req.body.account);
      return ok(req, null);
    },
  );
  route(
    'POST /acSwitch/updateAssociateUser/batch',
    { config: control, summary: 'Associate several switches with one account (all or none)' },
    async (req) => {
      await associate(requireAuth(req.auth), req.ip, req.body.sns, req.body.account);
      return ok(req, null);
    },
  );

  const setServer = async (auth: AuthContext, ip: string, sns: string[], host: string, port: number) => {
    const switches = await Promise.all(sns.map((sn) => findSwitch(db, auth, sn, { write: true })));
    for (const sw of switches) {
      await db.update(gateway).set({ serverAddress: host, serverPort: port }).where(eq(gateway.id, sw.gatewayId));
      await recordChange(db, auth, ip, sw, 'switch.serverAddress', {
        oldValue: sw.serverAddress ? `${sw.serverAddress}:${sw.serverPort ?? ''}` : null,
        newValue: `${host}:${port}`,
      });
    }
  };
  route(
    'POST /acSwitch/:sn/updateServerAddr',
    { config: control, summary: 'The server address and port the switch reports to' },
    async (req) => {
      await setServer(requireAuth(req.auth), req.ip, [req.params.sn], req.body.host, req.body.port);
      return ok(req, null);
    },
  );
  route(
    'POST /acSwitch/updateServerAddr/batch',
    { config: control, summary: 'One server address for several switches (all or none)' },
    async (req) => {
      await setServer(requireAuth(req.auth), req.ip, req.body.sns, req.body.host, req.body.port);
      return ok(req, null);
    },
  );

  route(
    'POST /acSwitch/:sn/connPassword',
    { config: control, summary: 'Set a new connection password (8–24, capitals, lower case and digits; kept hashed)' },
    async (req) => {
      const { caller, sw } = await switchToChange(db, req, req.params.sn);
      await setConnPassword(db, caller, sw, req.body.password, 'switch.connPassword');
      return ok(req, null);
    },
  );
}
