// ESLint over every script the web app serves (templates/): eslint:recommended, no-undef included,
// so a name used but never defined (a constant lost in an edit) fails `make test` at once.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["templates/**/*.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: { ...globals.browser },
    },
    // A catch that ignores its error is deliberate here (storage full, JSON that did not parse).
    rules: { "no-undef": "error", "no-unused-vars": ["error", { caughtErrors: "none" }] },
  },
  {
    files: ["templates/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
];
