module.exports = {
  plugins: {
    "postcss-preset-mantine": {},
    // The theme variables every page's HTML sets anyway (ADR 0017).
    "./app/styles/postcss-drop-theme-variables.cjs": {},
  },
};
