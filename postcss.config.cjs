module.exports = {
  plugins: {
    "postcss-preset-mantine": {},
    // What the app never uses of Mantine's styles (ADR 0017).
    "./app/styles/postcss-trim-mantine.cjs": {},
  },
};
