// ESLint for the pages' JavaScript (plain ES modules run by the browser as they are) and the Node scripts beside it:
// the recommended rules plus a few that catch real bugs. The pages' types are checked separately by `tsc`
// (tsconfig.json) from their JSDoc comments.

import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "test-artifacts/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["src/heartcards/web/static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: globals.browser,
    },
    rules: {
      eqeqeq: ["error", "always"],
      "no-implicit-coercion": ["error", { allow: ["!!"] }],
      "no-shadow": "error",
      "no-unused-vars": ["error", { args: "after-used", caughtErrors: "none" }],
      "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
      "no-var": "error",
      "prefer-const": "error",
      "no-return-assign": ["error", "except-parens"],
      "no-promise-executor-return": "error",
      "no-await-in-loop": "off",
      "require-atomic-updates": "off",
      "no-self-compare": "error",
      "no-template-curly-in-string": "error",
      "no-unmodified-loop-condition": "error",
      "no-unreachable-loop": "error",
      "no-constructor-return": "error",
      "array-callback-return": "error",
      "consistent-return": "error",
      "default-case-last": "error",
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  {
    // Scripts and tests that run under Node (the JavaScript engine's corpus replay and unit tests).
    files: ["eslint.config.js", "scripts/**/*.mjs", "tests/**/*.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.node },
  },
];
