import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderPdf } from '../apps/server/src/pdf/render.js';
import { sampleDocument, sampleLogo } from '../apps/server/src/pdf/sample.js';

/**
 * `npm run bench -- pdf [out-dir]` (issue 16): renders the sample report in English, Hebrew and Chinese into
 * out-dir (default ./pdf-samples, git-ignored), then a fleet report of about forty pages, printing its time and
 * the process's memory. Not a test: the figures depend on the machine. docs/pdf.md has the last figures and
 * how docs/screenshots/report-pdf-page.png is made from en.pdf.
 */
export async function benchPdf(args: string[]): Promise<void> {
  const out = path.resolve(args[0] ?? 'pdf-samples');
  mkdirSync(out, { recursive: true });
  const logo = sampleLogo();
  for (const lang of ['en', 'he', 'cn'] as const) {
    const started = performance.now();
    const bytes = await renderPdf(sampleDocument(lang, 30, logo));
    const file = path.join(out, `${lang}.pdf`);
    writeFileSync(file, bytes);
    console.log(
      `pdf ${lang}: ${file} ${(bytes.length / 1024).toFixed(0)} KB in ${(performance.now() - started).toFixed(0)} ms`,
    );
  }

  // The long one: 26 plant sections of a chart and a 30-day table each.
  const rssBefore = process.memoryUsage().rss;
  // The longest time the event loop was held: what an API request waiting behind the render would wait.
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const started = performance.now();
  const bytes = await renderPdf(sampleDocument('en', 30, logo, 26));
  const ms = performance.now() - started;
  loop.disable();
  const mem = process.memoryUsage();
  const pages = (await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise).numPages;
  writeFileSync(path.join(out, 'fleet-en.pdf'), bytes);
  const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(
    `pdf fleet: ${pages} pages, ${(bytes.length / 1024).toFixed(0)} KB in ${ms.toFixed(0)} ms ` +
      `(${(ms / pages).toFixed(0)} ms a page); RSS ${mb(rssBefore)} → ${mb(mem.rss)}, ` +
      `peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}, heap ${mb(mem.heapUsed)}; ` +
      `event loop held at most ${(loop.max / 1e6).toFixed(0)} ms at a time`,
  );
}
