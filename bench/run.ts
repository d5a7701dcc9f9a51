import { benchIngest } from './ingest.js';
import { benchNotifications } from './notifications.js';
import { benchPdf } from './pdf.js';
import { benchPlantList } from './plant-list.js';
import { benchQuery } from './query.js';
import { benchReports } from './reports.js';
import { benchOptimise } from './optimise.js';
import { benchScale } from './scale/scale.js';

/**
 * `npm run bench -- ingest|query|all`: each prints its figures; targets are in DESIGN §6.
 * `npm run bench -- plant-list`: the plant list, its counts and the map over 10,000 plants (bench/plant-list.ts).
 * `npm run bench -- notifications`: 10,000 alarm events in one burst delivered (bench/notifications.ts).
 * `npm run bench -- pdf [out-dir]`: sample PDF reports and a forty-page one, timed (bench/pdf.ts, issue 16).
 * `npm run bench -- reports`: a yearly .xlsx export of 1,000 plants through the worker (bench/reports.ts).
 * `npm run bench -- screening`: the data-screening dashboard over the same fleet, without the exports.
 * `npm run bench -- optimise`: the storage plants a month on self-consumption and optimised; 1,000 plans timed.
 * `npm run bench -- scale [options]`: the console as a whole at fleet size (bench/scale/, issue 11); not in `all`.
 */
const which = process.argv[2] ?? 'all';
if (which === 'ingest' || which === 'all') {
  await benchIngest('pglite');
  if (process.env.TEST_DATABASE_URL) await benchIngest('postgres');
}
if (which === 'query' || which === 'all') await benchQuery();
// The plant list over 10,000 plants on PostgreSQL (issue 11); not in `all`.
if (which === 'plant-list') await benchPlantList();
// PDF reports (issue 16); not in `all`.
if (which === 'pdf') await benchPdf(process.argv.slice(3));
if (which === 'scale') await benchScale(process.argv.slice(3));
// Alarm notifications: 10,000 events in one burst (issue 15 item 6); not in `all`.
if (which === 'notifications') await benchNotifications(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
// Plant reports: a year of 1,000 plants exported (issue 16); not in `all`.
if (which === 'reports') await benchReports(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
// The data-screening dashboard alone over the same fleet (BENCH_REPORT_PLANTS=10000 for fleet size).
if (which === 'screening')
  await benchReports(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', { exports: false });
// The battery optimiser's proof of value (issue 17 point 4); not in `all`.
if (which === 'optimise') await benchOptimise();
process.exit(0);
