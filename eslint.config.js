// ESLint with typescript-eslint's type-checked rules over the whole project.
// Formatting is Prettier's job (npm run format), so no stylistic rules here.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { boundaryZones, pureCodeBans } from './eslint.boundaries.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'cli/dist/', 'outbox/', 'coverage/', '**/*.js', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A leading underscore marks a binding left unused on purpose (e.g. dropping a key with a rest pattern).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // The layout's rules (docs/architecture.md): who may import whom, and no cycles.
    files: ['src/**/*.ts', 'projections/**/*.ts', 'web/src/**/*.{ts,tsx}', 'cli/**/*.{ts,tsx}', 'emails/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Deciders and the kernel are pure: no database, no store, no HTTP, no files.
    files: ['src/*/domain/**/*.ts', 'src/kernel/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', pureCodeBans] },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Tests and benchmarks read untyped JSON responses (res.json(), app.inject(...).json())
    // and poke at them field by field; typing every response shape there buys nothing.
    files: ['tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
