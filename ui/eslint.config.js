// The UI's lint gate (`npm run lint`, any warning fails; Prettier's check follows): ESLint's and
// typescript-eslint's recommended rules, React's rules of hooks, and the
// boundaries of src/: shared/ imports no feature, and no feature imports another.
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("src/features/", import.meta.url));

/** Forbids relative imports that climb out of a folder into one of `folders`. */
const forbid = (folders, message) => ({
  "no-restricted-imports": ["error", { patterns: [{ regex: `^(\\.\\./)+(${folders.join("|")})(/|$)`, message }] }],
});

export default defineConfig([
  globalIgnores(["dist/", "node_modules/", "test-output/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // `const { a, ...rest } = x` is how the code leaves a key out of an object.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
      // Prettier (prettier.config.js) lays the code out in 120 columns, but leaves a long
      // string or comment as it is.
      "max-len": ["error", { code: 120 }],
    },
  },
  {
    // Generated from the Rust types, in its generator's layout.
    files: ["src/shared/contract.ts"],
    rules: { "max-len": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["src/shared/**"],
    rules: forbid(["features"], "shared/ knows no feature: move what it needs into shared/."),
  },
  ...features.map((feature) => {
    const others = features.filter((f) => f !== feature);
    return {
      files: [`src/features/${feature}/**`],
      rules: forbid(
        [...others, ...others.map((f) => `features/${f}`)],
        `features/${feature} imports no other feature: what both need belongs in shared/.`,
      ),
    };
  }),
  {
    // Node scripts; the tests' `page.evaluate` callbacks run in the browser.
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
