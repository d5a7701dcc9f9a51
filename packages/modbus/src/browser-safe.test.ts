import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The codec and frame code is meant to run in the browser too (the console's toolbox and protocol
 * analysis); only the SunSpec file loader may use Node.
 */
const NODE_ONLY = new Set(['sunspec/load.ts']);
const sources = readdirSync(new URL('.', import.meta.url), { recursive: true, encoding: 'utf8' }).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !NODE_ONLY.has(file.replaceAll('\\', '/')),
);

describe('browser safety', () => {
  it.each(sources)('%s uses no Node API', (file) => {
    const text = readFileSync(new URL(file, import.meta.url), 'utf8');
    expect(text).not.toMatch(/from ['"]node:|require\(|\bBuffer\b|\bprocess\.|__dirname/);
  });
});
