// ESLint for the web app (TypeScript) and the wasm module's JavaScript face.
// The rules are the recommended sets; formatting is Prettier's job
// (web/.prettierrc.json), so no stylistic rules here.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['build/**', 'node_modules/**', '**/*.d.ts'] },
  {
    files: ['wasm/js/**/*.js', 'bin/**/*.js', 'tests/**/*.{js,mjs}', 'bench/**/*.mjs', 'web/**/*.{ts,tsx}'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Escaping control characters in messages is a feature here (wasm/js/escape.js):
      // regular expressions that name them are deliberate.
      'no-control-regex': 'off',
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['tests/e2e/**/*.{js,mjs}', 'bench/web/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
