import { benchIngest } from '/work/main/bench/ingest.js';
await benchIngest('postgres');
process.exit(0);
