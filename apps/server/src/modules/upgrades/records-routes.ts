import type { Lang, SheetWord, UpgradeRow, UpgradeStep } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { sendXlsx, word, type Cell } from '../../xlsx/write.js';
import { downloadUpgradeRecords, listUpgradeRecords } from './records.js';

/** The sheet's word for a device kind, an upgrade's state and a step (MESSAGES[lang].sheetWords). */
const KIND_WORD: Record<UpgradeRow['kind'], SheetWord> = {
  gateway: 'kindGateway',
  inverter: 'kindInverter',
  battery: 'kindBattery',
  lora: 'kindLora',
  meter: 'kindMeter',
  switch: 'kindSwitch',
};
const STATE_WORD: Record<UpgradeRow['state'], SheetWord> = {
  waiting: 'upgradeWaiting',
  queued: 'upgradeQueued',
  running: 'upgradeRunning',
  succeeded: 'upgradeSucceeded',
  failed: 'upgradeFailed',
  cancelled: 'upgradeCancelled',
  cancelFailed: 'upgradeCancelFailed',
};
const STEP_WORD: Record<UpgradeStep, SheetWord> = {
  sendingCode: 'stepSendingCode',
  sendingFile: 'stepSendingFile',
  downloadOk: 'stepDownloadOk',
  downloadFailed: 'stepDownloadFailed',
  upgradeOk: 'stepUpgradeOk',
  upgradeFailed: 'stepUpgradeFailed',
};

/** A time in UTC as YYYY-MM-DD HH:mm:ss: the records span plants in many time zones, so the sheet says UTC. */
const utc = (ms: number | null): string | null =>
  ms === null ? null : new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** The cells of the download, in the order of its headings. */
function sheetRows(rows: readonly UpgradeRow[], lang: Lang): Cell[][] {
  return rows.map((r) => [
    r.sn,
    word(KIND_WORD[r.kind], lang),
    r.model,
    r.plant?.name ?? '',
    r.fromVersion ?? '',
    r.toVersion,
    word(STATE_WORD[r.state], lang),
    r.error ?? '',
    r.wave,
    r.operator,
    utc(r.createdAt),
    utc(r.startedAt),
    utc(r.finishedAt),
    // The steps the device reported, each with when the console heard it, in one cell.
    r.steps.map((s) => `${word(STEP_WORD[s.step], lang)} ${utc(s.at) ?? ''}`).join('; '),
  ]);
}

/**
 * The maintenance log's upgrade records (spec §2.2 log/uphold, issue 13 point 6): the list with its filters
 * and the same rows as an .xlsx. A company sees its own devices' upgrades, a platform administrator all of
 * them (POLICIES.upgrade); the menu permission is the log's.
 */
export function upgradeRecordRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'upgrades');
    const { db } = deps;
    const records = { access: 'logger.upgrade.record', scope: 'company' } as const;

    route(
      'GET /upgrade/records',
      {
        config: records,
        summary: 'Upgrade records, newest first (device kind, state, search, started between, rollout; pages)',
      },
      async (req) => ok(req, await listUpgradeRecords(db, requireAuth(req.auth), req.query)),
    );

    route(
      'GET /upgrade/records/download',
      { config: records, summary: 'The upgrade records (same filters, the newest 10,000) as .xlsx' },
      async (req, reply) => {
        // The page and size of the query are the list's; the download takes the filters only.
        const rows = await downloadUpgradeRecords(db, requireAuth(req.auth), req.query);
        return sendXlsx(reply, {
          name: 'upgrade-records',
          lang: req.lang,
          headings: [
            'sn',
            'upgradeKind',
            'model',
            'plant',
            'upgradeFrom',
            'upgradeTo',
            'upgradeState',
            'upgradeError',
            'upgradeWave',
            'upgradeOperator',
            'upgradeCreated',
            'upgradeStarted',
            'upgradeFinished',
            'upgradeSteps',
          ],
          rows: sheetRows(rows, req.lang),
        });
      },
    );
  };
}
