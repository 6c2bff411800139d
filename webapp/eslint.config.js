import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Unidirectional architecture (bulletproof-react): shared code -> features -> app.
// A feature never imports another feature; shared code never imports features or app.
const sharedLayers = ['components', 'config', 'hooks', 'lib', 'stores', 'types', 'utils', 'locales'];

// Forms validate through formResolver (src/lib/form-resolver.ts), which words every check in the
// app's own, translated messages; zodResolver alone lets zod's English sentences through.
// Commands go through useCommand (src/lib/command.ts), which gives each user action one
// Idempotency-Key; useMutation alone would send a new one with every click.
const onlyThroughLib = [
  {
    name: '@hookform/resolvers/zod',
    message: 'Use formResolver from @/lib/form-resolver: it gives every check the app’s own translated message.',
  },
  {
    name: '@tanstack/react-query',
    importNames: ['useMutation'],
    message: 'Use useCommand from @/lib/command: it gives each user action one Idempotency-Key.',
  },
];

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: onlyThroughLib,
        patterns: [
          {
            regex: `^@/features/(?!${feature}/)`,
            message: 'Features must not import other features; compose them in src/app.',
          },
          { regex: '^@/app(/|$)', message: 'Features must not import from src/app.' },
          {
            regex: '^(\\.\\./)+features/',
            message: 'Features must not import other features; compose them in src/app.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-output', 'e2e/**/*.mjs'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.strictTypeChecked],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2023,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      'no-restricted-imports': ['error', { paths: onlyThroughLib }],
    },
  },
  {
    files: sharedLayers.map((layer) => `src/${layer}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: onlyThroughLib,
          patterns: [
            { regex: '^@/(features|app)(/|$)', message: 'Shared code must not import features or app.' },
            { regex: '^(\\.\\./)+(features|app)/', message: 'Shared code must not import features or app.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    // The one place each is used.
    files: ['src/lib/form-resolver.ts', 'src/lib/command.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/(features|app)(/|$)', message: 'Shared code must not import features or app.' },
            { regex: '^(\\.\\./)+(features|app)/', message: 'Shared code must not import features or app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
