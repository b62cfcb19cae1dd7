import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SETTING_OPTIONS, type Settings } from "../settings/settings";
import { contrastResolver, createAppTheme } from "./theme";
import { ThemeCssVariables, themeCssVariables } from "./theme-css-variables";

/** What MantineProvider itself writes into `<style data-mantine-styles>` for these settings. */
function mantinesOwn(settings: Settings, arabic: boolean): string {
  const html = renderToString(
    <MantineProvider
      theme={createAppTheme(settings, arabic)}
      forceColorScheme={settings.colorScheme}
      cssVariablesResolver={contrastResolver(settings.contrast)}
    >
      <p />
    </MantineProvider>,
  );
  return /<style data-mantine-styles="true"[^>]*>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
}

describe("the theme's CSS variables, made once per theme and contrast (issue 20)", () => {
  it("are exactly what MantineProvider writes, for every colour, font, contrast and language", () => {
    let compared = 0;
    for (const primaryColor of SETTING_OPTIONS.primaryColor)
      for (const fontFamily of SETTING_OPTIONS.fontFamily)
        for (const contrast of SETTING_OPTIONS.contrast)
          for (const arabic of [false, true]) {
            const settings = { ...DEFAULT_SETTINGS, primaryColor, fontFamily, contrast };
            const own = mantinesOwn(settings, arabic);
            expect(own.length).toBeGreaterThan(100);
            expect(themeCssVariables(createAppTheme(settings, arabic), contrast)).toBe(own);
            compared += 1;
          }
    expect(compared).toBe(SETTING_OPTIONS.primaryColor.length * SETTING_OPTIONS.fontFamily.length * 2 * 2);
  });

  it("are made once: the same theme and contrast give the same string", () => {
    const theme = createAppTheme(DEFAULT_SETTINGS);
    expect(themeCssVariables(theme, "hight")).toBe(themeCssVariables(theme, "hight"));
    expect(themeCssVariables(theme, "hight")).not.toBe(themeCssVariables(theme, "default"));
  });

  it("are written in the same element as Mantine's, so that the page's HTML is unchanged", () => {
    const settings = { ...DEFAULT_SETTINGS, contrast: "hight" as const };
    const theme = createAppTheme(settings);
    const mine = renderToString(
      <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false}>
        <ThemeCssVariables theme={theme} contrast="hight" />
      </MantineProvider>,
    );
    expect(mine).toContain(`<style data-mantine-styles="true">${mantinesOwn(settings, false)}</style>`);
  });
});
