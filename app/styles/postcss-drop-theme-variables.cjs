/**
 * Drops from Mantine's default-css-variables file the theme variables that the root's
 * MantineProvider writes into every page's HTML whatever the person's settings (listed in
 * theme-variables.json, kept exact by theme-variables.test.tsx): the page's inline values win, so
 * the stylesheet's copies are never used (issue 20, ADR 0017).
 */
const variables = require("./theme-variables.json");

const FILE = /[\\/]@mantine[\\/]core[\\/]styles[\\/]default-css-variables(?:\.layer)?\.css$/;
const sets = {
  root: new Set(variables.root),
  light: new Set(variables.light),
  dark: new Set(variables.dark),
};

/** @type {import("postcss").PluginCreator<void>} */
module.exports = () => ({
  postcssPlugin: "mylawyer-drop-theme-variables",
  Declaration(decl) {
    if (!decl.prop.startsWith("--") || !FILE.test(decl.source?.input.file ?? "")) return;
    const selector = decl.parent?.type === "rule" ? decl.parent.selector : "";
    const scheme = /dark/.test(selector) ? "dark" : /light/.test(selector) ? "light" : "root";
    if (sets[scheme].has(decl.prop)) decl.remove();
  },
});
module.exports.postcss = true;
