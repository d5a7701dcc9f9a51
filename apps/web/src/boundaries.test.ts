/// <reference types="node" />
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The boundaries of eslint.config.js, run through ESLint itself, so a rule that stops matching fails here.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const use = (from: string): string => `import { x } from '${from}';\nexport const y = x;\n`;

describe('web import boundaries', () => {
  it("refuses a feature reaching into another feature's files", async () => {
    const errors = await restrictedImports('apps/web/src/features/meters/x.ts', use('../batteries/BatteriesPage'));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Another feature's files are its own");
  });

  it('refuses it from a file one folder deeper as well', async () => {
    const errors = await restrictedImports('apps/web/src/features/plants/map/x.ts', use('../../lora/loraApi'));
    expect(errors).toHaveLength(1);
  });

  it('refuses a feature, the kit or a component importing the app', async () => {
    for (const file of ['features/meters/x.ts', 'kit/x.ts', 'components/list/x.ts']) {
      const up = '../'.repeat(file.split('/').length - 1);
      const errors = await restrictedImports(`apps/web/src/${file}`, use(`${up}shell/router`));
      expect(errors, file).toHaveLength(1);
    }
  });

  it('refuses the device toolkit and the components importing a feature', async () => {
    expect(await restrictedImports('apps/web/src/features/device-common/x.ts', use('../batteries'))).toHaveLength(1);
    expect(await restrictedImports('apps/web/src/components/x.ts', use('../features/lora/signal'))).toHaveLength(1);
  });

  it('lets a feature use its own files, the toolkit, the kit, components, api, i18n and shared', async () => {
    const code = [
      "import { a } from './own';",
      "import { b } from '../device-common/deviceApi';",
      "import { c } from '../../kit/permissions';",
      "import { d } from '../../components/list';",
      "import { e } from '../../api/client';",
      "import { f } from '../../i18n';",
      "import { g } from '@heliograph/shared';",
      "import { h } from '../inverters';",
      'export const all = [a, b, c, d, e, f, g, h];',
    ].join('\n');
    expect(await restrictedImports('apps/web/src/features/meters/x.ts', code)).toEqual([]);
  });
});
