import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import fs from 'node:fs'

// Each folder of web/src/features is a zone (ADR 046, as bulletproof-react does with import/no-restricted-paths):
// a feature may import components/, lib/, hooks/, config/, @common and itself, never another feature or the app.
// Features are composed in web/src/app. Shared code (components/, lib/, hooks/, config/) imports no feature at all.
const FEATURES = fs
  .readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)

const APP_IMPORT = {
  regex: '^@/app(/|$)',
  message: 'Only web/src/app composes features; nothing imports it.',
}

const featureZone = (feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^@/features/(?!${feature}(/|$))`,
            message: `Features do not import each other: move the shared piece to components/ or lib/, or compose both features in app/ (this file is in features/${feature}).`,
          },
          {
            regex: '^(\\.\\./){2,}',
            message: 'Leave a feature through @/components, @/lib, @/hooks or @/config, not a relative path.',
          },
          APP_IMPORT,
        ],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: `ImportExpression[source.value=/^@\\/features\\/(?!${feature}\\/)/]`,
        message: `Features do not import each other, lazily either (this file is in features/${feature}).`,
      },
    ],
  },
})

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  ...FEATURES.map(featureZone),
  {
    files: ['web/src/{components,lib,hooks,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/features|\\.\\./features)(/|$)',
              message: 'Shared code imports no feature: a feature imports it, not the other way round.',
            },
            APP_IMPORT,
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '../server/*', '../web/*', '**/server/**', '**/web/**'] },
      ],
    },
  },
)
