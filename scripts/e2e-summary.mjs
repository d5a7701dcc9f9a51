// Reads Playwright's JSON report and prints the plain closing line CI reads.
import { existsSync, readFileSync } from 'node:fs';

// Several files (the shards of .ci/run) are summed; a missing one counts as a failure.
const files = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files.length > 0 ? files : [undefined]) {
  if (!file || !existsSync(file)) {
    failed += 1;
    continue;
  }
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  failed += stats.unexpected ?? 0;
  skipped += stats.skipped ?? 0;
}
console.log(`end-to-end: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
