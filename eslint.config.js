import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = './apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
const serverModulesDir = './apps/server/src/modules';
const serverModules = existsSync(serverModulesDir) ? readdirSync(serverModulesDir) : [];

// The patient web client: the shell files compose the screens, which use the modules below them.
const patientWeb = './apps/patient/web';
const patientShell = ['app.tsx', 'main.tsx', 'signed-in.tsx'].map((file) => `${patientWeb}/${file}`);
const patientModules = existsSync(patientWeb)
  ? readdirSync(patientWeb, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'screens')
      .map((entry) => `${patientWeb}/${entry.name}`)
  : [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.e2e-data/**', 'apps/server/src/db/migrations/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { import: importPlugin, 'check-file': checkFile },
    settings: {
      'import/ignore': ['node_modules'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-self-import': 'error',
      'import/no-duplicates': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'describe', property: 'only' },
        { object: 'it', property: 'only' },
        { object: 'test', property: 'only' },
      ],
      'no-console': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // Kebab-case file names (STYLE rule 12); the locales keep their language tags (zh-HK).
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // Explicit return types on exported functions (STYLE rule 12).
    files: [
      'packages/*/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'apps/patient/**/*.{ts,tsx}',
      'apps/server/{src,test}/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/explicit-module-boundary-types': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // Only config.ts reads the environment (STYLE rule 9).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from config.ts.' },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      // A server module is used through its index.ts only; what several modules share lives in modules/shared.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverModules.map((module) => ({
              target: [
                './apps/server/src/*.ts',
                './apps/server/src/!(modules)/**',
                './bench',
                './e2e',
                `${serverModulesDir}/!(${module})/**`,
              ],
              from: `${serverModulesDir}/${module}`,
              except: ['./index.ts'],
              message: `Import the ${module} module through its index.ts.`,
            })),
            {
              target: `${serverModulesDir}/shared`,
              from: serverModulesDir,
              except: ['./shared'],
              message: 'modules/shared depends on no module.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module's surface is services and functions: its repositories stay inside it, and what
    // several modules read or write lives in modules/shared.
    files: ['apps/server/src/modules/!(shared)/index.ts'],
    rules: {
      'no-restricted-exports': ['error', { restrictedNamedExportsPattern: 'Repository$' }],
    },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow shared -> features -> app; features never import each other (STYLE rule 8).
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `${featuresDir}/${feature}`,
              from: featuresDir,
              except: [`./${feature}`],
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: './apps/web/src/shared', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web', from: './apps/patient' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/patient/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: patientModules, from: `${patientWeb}/screens` },
            { target: [...patientModules, `${patientWeb}/screens`], from: patientShell },
            { target: './apps/patient', from: './apps/web' },
          ],
        },
      ],
    },
  },
  {
    // The forms' hooks, shared by both web apps.
    files: ['packages/client/src/forms/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Message catalogues are named by their language tag (zh-HK).
    files: ['packages/contract/src/messages/*.ts'],
    rules: { 'check-file/filename-naming-convention': 'off' },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
