import { createInstance, type TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import ar from "../../../../locales/ar/tasks.json";
import cn from "../../../../locales/cn/tasks.json";
import en from "../../../../locales/en/tasks.json";
import fr from "../../../../locales/fr/tasks.json";
import vi from "../../../../locales/vi/tasks.json";
import { cardTextOf } from "./task-card";

const LOCALES = { en, fr, vi, cn, ar } as const;

/** The tasks namespace's `t` of a language, as i18next gives it (the server's interpolation). */
async function tasksT(language: keyof typeof LOCALES): Promise<TFunction<"tasks">> {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    ns: ["tasks"],
    defaultNS: "tasks",
    resources: { [language]: { tasks: LOCALES[language] } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return i18n.getFixedT(language, "tasks") as TFunction<"tasks">;
}

describe("cardTextOf: the words a board's cards share, translated once", () => {
  const titles = ["Draft the letter", "“Quoted” & <odd> $1 {{title}}", "نقل المستند", ""];

  for (const language of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
    it(`fills the move labels as i18next would, in ${language}`, async () => {
      const t = await tasksT(language);
      const text = cardTextOf(t);
      for (const title of titles) {
        expect(text.upLabel(title)).toBe(t("move.upLabel", { title }));
        expect(text.downLabel(title)).toBe(t("move.downLabel", { title }));
        expect(text.statusLabel(title)).toBe(t("move.statusLabel", { title }));
      }
      expect(text.upLabel("X")).toContain("X");
      expect(text.move).toBe(t("move.submit"));
      expect(text.priority.urgent).toBe(t("priority.urgent"));
    });
  }
});
