/**
 * Trims what the app's pages never use from Mantine's stylesheets (issue 20, ADR 0017); the lists
 * are in mantine-trim.json, which postcss-trim-mantine.test.tsx and mantine-styles.test.ts keep
 * exact.
 *
 * - `variables`: the theme variables of Mantine's default-css-variables file that the root's
 *   MantineProvider writes into every page's HTML whatever the person's settings. The page's
 *   values win, so the stylesheet's copies are never used.
 * - `unusedClasses`: classes of a Mantine stylesheet that only components the app never renders
 *   give (the Combobox's dropdown, for a NativeSelect that only shows its chevron). A rule whose
 *   every selector needs one of them goes.
 * - The app's theme keeps Mantine's scale of 1 (postcss-trim-mantine.test.tsx), so Mantine's
 *   `calc(<n>rem * var(--mantine-scale))` is `<n>rem`, in Mantine's files and the app's CSS
 *   modules alike.
 */
const { variables, unusedClasses } = require("./mantine-trim.json");

const VARIABLES_FILE = /[\\/]@mantine[\\/]core[\\/]styles[\\/]default-css-variables(?:\.layer)?\.css$/;
const MANTINE_FILE = /[\\/]node_modules[\\/]@mantine[\\/]/;
const SCALED = /calc\((-?[\d.]+rem) \* var\(--mantine-scale\)\)/g;
const byScheme = {
  root: new Set(variables.root),
  light: new Set(variables.light),
  dark: new Set(variables.dark),
};
const unused = new Set(unusedClasses);

/** Whether a selector (one of a list) needs a class no rendered component gives. */
function needsUnusedClass(selector) {
  return [...selector.matchAll(/\.(m_[0-9a-f]+)(?![\w-])/g)].some(([, name]) => unused.has(name));
}

/** @type {import("postcss").PluginCreator<void>} */
module.exports = () => ({
  postcssPlugin: "mylawyer-trim-mantine",
  Rule(rule) {
    if (!MANTINE_FILE.test(rule.source?.input.file ?? "")) return;
    if (rule.selectors.every(needsUnusedClass)) rule.remove();
  },
  Declaration(decl) {
    if (decl.value.includes("var(--mantine-scale)")) decl.value = decl.value.replace(SCALED, "$1");
    if (!decl.prop.startsWith("--") || !VARIABLES_FILE.test(decl.source?.input.file ?? "")) return;
    const selector = decl.parent?.type === "rule" ? decl.parent.selector : "";
    const scheme = /dark/.test(selector) ? "dark" : /light/.test(selector) ? "light" : "root";
    if (byScheme[scheme].has(decl.prop)) decl.remove();
  },
});
module.exports.postcss = true;
