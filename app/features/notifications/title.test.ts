import i18next from "i18next";
import { describe, expect, it } from "vitest";
import ar from "../../../locales/ar/notifications.json";
import en from "../../../locales/en/notifications.json";
import { notificationTitleHtml } from "./notifications";

async function translator(lng: "en" | "ar") {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    ns: ["notifications"],
    defaultNS: "notifications",
    resources: { en: { notifications: en }, ar: { notifications: ar } },
  });
  return (key: string, options: Record<string, unknown>) => instance.t(key, options) as string;
}

const proposal = {
  title: "New proposal from <strong>Lina</strong> …",
  event: "proposal_submitted",
  params: {
    person: 'Lina <img src=x onerror="alert(1)">',
    reference: "CASE-2026-0042",
    title: "Rent & deposit",
  },
};

describe("a notification's title in the reader's language (issue 18 item 2)", () => {
  it("renders the event's text with the parameters escaped, each isolated in its own direction", async () => {
    expect(notificationTitleHtml(proposal, await translator("ar"))).toBe(
      "عرض جديد من <strong><bdi>Lina &lt;img src=x onerror=&quot;alert(1)&quot;&gt;</bdi></strong> على القضية " +
        "<strong><bdi>CASE-2026-0042</bdi></strong> <em><bdi>Rent &amp; deposit</bdi></em>",
    );
  });

  it("translates a status or a role", async () => {
    const moved = {
      title: "",
      event: "case_status_changed",
      params: { reference: "CASE-1", title: "T", status: "on_hold" },
    };
    expect(notificationTitleHtml(moved, await translator("ar"))).toContain("<em>معلّقة</em>");
    expect(notificationTitleHtml(moved, await translator("en"))).toContain("<em>on hold</em>");
  });

  it("keeps the stored title without an event, or for an event it has no text for", async () => {
    const t = await translator("ar");
    expect(notificationTitleHtml({ title: "<b>Old</b>", event: null, params: {} }, t)).toBe("<b>Old</b>");
    expect(notificationTitleHtml({ title: "<b>Old</b>", event: "from_the_future", params: {} }, t)).toBe(
      "<b>Old</b>",
    );
  });
});
