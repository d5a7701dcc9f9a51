import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffSummary, openApiText } from './document.js';

/**
 * `npm run openapi` writes docs/openapi.json from the routes; `npm run openapi -- --check` (in .ci/run) exits 1
 * with a short summary when the committed document differs from what the server generates.
 */
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/openapi.json');
const generated = await openApiText();
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    console.error('docs/openapi.json is missing: run npm run openapi and commit it');
    process.exit(1);
  }
  if (committed !== generated) {
    console.error('docs/openapi.json differs from the routes (run npm run openapi and commit it):');
    for (const line of diffSummary(committed, generated)) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date');
} else {
  writeFileSync(target, generated);
  console.log(`wrote ${path.relative(process.cwd(), target)}`);
}
