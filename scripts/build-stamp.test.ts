import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashInputs, isCurrent, listInputs, writeStamp } from './build-stamp.mjs';

/** `npm start` rebuilds a part only when this says its last build is no longer current. */
describe('build stamps', () => {
  let root: string;
  const entries = ['package-lock.json', 'apps/web/src', 'apps/web/index.html'];
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  const stampFile = (): string => path.join(root, 'apps/web/dist/.build-stamp');
  const output = (): string => path.join(root, 'apps/web/dist/index.html');
  /** Builds: writes the output and a stamp of the inputs as they are now. */
  const build = (): void => {
    write('apps/web/dist/index.html', '<html>');
    writeStamp(stampFile(), { inputs: hashInputs(root, entries) });
  };
  const current = (): boolean =>
    isCurrent({ stampFile: stampFile(), inputs: hashInputs(root, entries), outputs: [output()] });

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'hg-stamp-'));
    write('package-lock.json', '{"lockfileVersion":3}');
    write('apps/web/index.html', '<div id="root"></div>');
    write('apps/web/src/main.tsx', 'render()');
    write('apps/web/src/pages/list.tsx', 'export const List = 1;');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('asks for a build when there was none', () => {
    expect(current()).toBe(false);
  });

  it('skips the build when nothing changed', () => {
    build();
    expect(current()).toBe(true);
  });

  it.each([
    ['a source file changes', () => write('apps/web/src/pages/list.tsx', 'export const List = 2;')],
    ['a source file is added', () => write('apps/web/src/pages/new.tsx', '')],
    ['a source file is removed', () => rmSync(path.join(root, 'apps/web/src/main.tsx'))],
    ['the lock file changes (a dependency moved)', () => write('package-lock.json', '{"lockfileVersion":4}')],
    ['the built output was deleted', () => rmSync(output())],
    ['the stamp is unreadable', () => writeFileSync(stampFile(), 'not json')],
  ])('builds again when %s', (_, change) => {
    build();
    change();
    expect(current()).toBe(false);
  });

  it('does not rebuild for tests or installed modules', () => {
    build();
    write('apps/web/src/pages/list.test.ts', 'it()');
    write('apps/web/src/node_modules/x/index.js', '');
    write('apps/web/src/dist/y.js', '');
    expect(current()).toBe(true);
  });

  it('lists the inputs by name, with the same hash whatever order the disk gives', () => {
    expect(listInputs(root, entries)).toEqual([
      'apps/web/index.html',
      'apps/web/src/main.tsx',
      'apps/web/src/pages/list.tsx',
      'package-lock.json',
    ]);
    expect(hashInputs(root, [...entries].reverse())).toBe(hashInputs(root, entries));
  });
});
