import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';

const root = resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rules a file breaks, linted as if it stood at `path` in the tree. */
async function brokenRules(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, path) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the boundaries the linter keeps', () => {
  it.each([
    [
      "a file deep in a feature's subfolder importing another feature",
      'web/src/features/shop/cart/scratch.ts',
      "import { LoginDialog } from '../../auth';\nexport const x = LoginDialog;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'lib/ importing a feature',
      'web/src/lib/scratch.ts',
      "import { LoginDialog } from '../features/auth';\nexport const x = LoginDialog;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'lib/ importing app code',
      'web/src/lib/scratch.ts',
      "import { routes } from '../app/router';\nexport const x = routes;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'a shared component importing a feature',
      'web/src/components/ui/scratch.tsx',
      "import { LoginDialog } from '../../features/auth';\nexport const x = LoginDialog;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'contracts importing NestJS',
      'libs/contracts/src/scratch.ts',
      "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n",
      'no-restricted-imports',
    ],
    [
      'contracts importing the platform',
      'libs/contracts/src/scratch.ts',
      "import { AppError } from '@medical-qr/platform';\nexport const x = AppError;\n",
      'no-restricted-imports',
    ],
    [
      'a lib importing a service',
      'libs/platform/src/scratch.ts',
      "import { recordsEnvSchema } from '../../../services/records/src/config.js';\nexport const x = recordsEnvSchema;\n",
      'import-x/no-restricted-paths',
    ],
    [
      'a service importing another service',
      'services/records/src/scratch.ts',
      "import { shopEnvSchema } from '../../shop/src/config.js';\nexport const x = shopEnvSchema;\n",
      'no-restricted-imports',
    ],
    [
      "a service's production code importing the test helpers",
      'services/records/src/scratch.ts',
      "import { FakeServiceClient } from '@medical-qr/platform/testing';\nexport const x = FakeServiceClient;\n",
      'no-restricted-imports',
    ],
  ])('fails %s', async (_, path, code, rule) => {
    expect(await brokenRules(path, code)).toContain(rule);
  });

  it("lets a service's spec use the test helpers, and a feature import lib/ and components/", async () => {
    expect(
      await brokenRules(
        'services/records/src/scratch.spec.ts',
        "import { FakeServiceClient } from '@medical-qr/platform/testing';\nexport const x = FakeServiceClient;\n",
      ),
    ).toEqual([]);
    expect(
      await brokenRules(
        'web/src/features/shop/cart/scratch.ts',
        "import { cn } from '../../../lib/cn';\nimport { inputClasses } from '../../../components/ui/form';\nexport const x = [cn, inputClasses];\n",
      ),
    ).toEqual([]);
  });

  describe('import cycles', () => {
    const folder = join(root, `tools/sandboxes/src/scratch-cycle-${process.pid}`);
    beforeAll(() => {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      writeFileSync(join(folder, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
    });
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    it('fails two modules that import each other', async () => {
      const [result] = await eslint.lintFiles([join(folder, 'a.ts')]);
      expect(result!.messages.map((message) => message.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
