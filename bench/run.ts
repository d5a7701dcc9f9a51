import { benchIngest } from './ingest.js';
import { benchQuery } from './query.js';

/** `npm run bench -- ingest|query|all`: each prints its figures; targets are in DESIGN §6. */
const which = process.argv[2] ?? 'all';
if (which === 'ingest' || which === 'all') {
  await benchIngest('pglite');
  if (process.env.TEST_DATABASE_URL) await benchIngest('postgres');
}
if (which === 'query' || which === 'all') await benchQuery();
process.exit(0);
