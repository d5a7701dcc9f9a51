// Reads Playwright's JSON report and prints the plain closing line CI reads.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2];
if (!file || !existsSync(file)) {
  console.log('end-to-end: 0 passed, 1 failed');
  process.exit(1);
}
const { stats } = JSON.parse(readFileSync(file, 'utf8'));
const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
const failed = stats.unexpected ?? 0;
console.log(`end-to-end: ${passed} passed, ${failed} failed${stats.skipped ? `, ${stats.skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
