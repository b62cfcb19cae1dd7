import { expect, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../fixtures/accounts";
import {
  ARABIC,
  backendRows,
  createTestUser,
  signInAs,
  signInWith,
  storedObjectNames,
  t,
  updateProfile,
} from "./support";

/**
 * Profiles and the directory (issue 21 items 1, 2, 7): a profile edited with a photo (JavaScript on
 * and off), a forged post refused, the directory's filters in the address, a client opening a
 * lawyer's profile from a proposal, and the profile in Arabic.
 */

const people = (key: string) => t("en", "people", key);

/** Opens a folded list of checkboxes (a native `<details>`) by its legend and ticks one value. */
async function tick(page: Page, legend: string, name: string, value: string) {
  await page.locator("summary", { hasText: legend }).click();
  await page.locator(`input[name="${name}"][value="${value}"]`).check();
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

for (const javaScriptEnabled of [true, false]) {
  test.describe(`editing a profile, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a lawyer saves their profile with a photo; a wrong file is refused with a message", async ({
      page,
    }) => {
      const lawyer = await createTestUser(`profile-${javaScriptEnabled}`, "lawyer");
      if (javaScriptEnabled) {
        await signInWith(page, lawyer.email);
        await page.goto("/dashboard/lawyer_user/edit");
      } else {
        const response = await page.request.post("/auth/supabase/sign-in", {
          form: { email: lawyer.email, password: "Demo-Password-1", returnTo: "/dashboard" },
          maxRedirects: 0,
        });
        expect(response.status()).toBe(302);
        await page.goto("/dashboard/lawyer_user/edit");
      }
      // The menu's Edit Profile lands on the person's own form.
      await expect(page).toHaveURL(new RegExp(`/dashboard/lawyer_user/${lawyer.id}/edit$`));
      const form = page.getByTestId("profile-form");

      // A wrong type first: refused, nothing saved.
      await page.getByTestId("profile-avatar-input").setInputFiles({
        name: "me.svg",
        mimeType: "image/svg+xml",
        buffer: Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      });
      await page.getByTestId("profile-save").click();
      await expect(form.getByText(people("errors.avatarType"))).toBeVisible();

      await page.getByLabel(people("field.firstName")).fill("Rosa");
      await page.getByLabel(people("field.about")).fill("Tenant law, plainly explained.");
      await tick(page, people("field.languages"), "languages", "fr");
      await tick(page, people("field.practiceAreas"), "practice_areas", "real_estate");
      await page.getByLabel(people("field.hourlyRateUsd")).fill("180");
      await page
        .getByTestId("profile-avatar-input")
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: PNG });
      await page.getByTestId("profile-save").click();

      await expect(page).toHaveURL(new RegExp(`/dashboard/lawyer_user/${lawyer.id}$`));
      await expect(page.getByText(people("edit.saved"))).toBeVisible();
      await expect(page.getByTestId("profile-about")).toHaveText("Tenant law, plainly explained.");
      await expect(page.getByTestId("profile-rate")).toContainText("180");
      await expect(page.getByTestId("profile-photo").locator("img")).toHaveAttribute(
        "src",
        new RegExp(`/storage/v1/object/public/avatars/${lawyer.id}/avatar-\\d+\\.png$`),
      );
      const [stored] = await backendRows<{ languages: string[]; practice_areas: string[] }>(
        "users",
        `select=languages,practice_areas&uuid=eq.${lawyer.id}`,
      );
      expect(stored?.languages).toContain("fr");
      expect(stored?.practice_areas).toContain("real_estate");

      // A new photo replaces the old one in the bucket, not only on the profile.
      const [first] = await storedObjectNames("avatars", lawyer.id);
      await page.goto(`/dashboard/lawyer_user/${lawyer.id}/edit`);
      await page
        .getByTestId("profile-avatar-input")
        .setInputFiles({ name: "again.png", mimeType: "image/png", buffer: PNG });
      await page.getByTestId("profile-save").click();
      await expect(page.getByText(people("edit.saved"))).toBeVisible();
      const names = await storedObjectNames("avatars", lawyer.id);
      expect(names).toHaveLength(1);
      expect(names[0]).not.toBe(first);
      await expect(page.getByTestId("profile-photo").locator("img")).toHaveAttribute(
        "src",
        new RegExp(`/avatars/${lawyer.id}/${names[0]}$`),
      );
    });
  });
}

test("a forged post editing someone else's profile is refused with a message and changes nothing", async ({
  page,
}) => {
  const target = await createTestUser("forged-target", "lawyer");
  await updateProfile(target.id, { about: "Untouched", is_public: true });
  await signInAs(page, "lawyer");
  const response = await page.request.post(`/dashboard/lawyer_user/${target.id}/edit`, {
    multipart: { first_name: "Hacked", about: "Forged", is_public: "on" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/dashboard/lawyer_user/${target.id}`);
  await page.goto(`/dashboard/lawyer_user/${target.id}`);
  await expect(page.getByText(t("en", "errors", "people.notAllowed"))).toBeVisible();
  const [stored] = await backendRows<{ about: string; first_name: string }>(
    "users",
    `select=about,first_name&uuid=eq.${target.id}`,
  );
  expect(stored).toMatchObject({ about: "Untouched" });
  expect(stored?.first_name).not.toBe("Hacked");
  // And the form itself is a 403 page for them.
  const form = await page.goto(`/dashboard/lawyer_user/${target.id}/edit`);
  expect(form?.status()).toBe(403);
});

test.describe("the directory", () => {
  test("filters by language, jurisdiction and rate from the address, and the form writes them there", async ({
    page,
  }) => {
    await signInAs(page, "lawyer", "/dashboard/lawyer_user/list?language=vi");
    const rows = page.getByTestId("directory-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Minh Nguyen");

    await page.goto(
      "/dashboard/lawyer_user/list?jurisdiction=Massachusetts&rate_max=200&sort=hourly_rate&dir=asc",
    );
    await expect(rows.first()).toContainText("Sarah Cohen");
    await expect(rows).toHaveCount(2); // Sarah (150) and Ana (190), cheapest first
    await expect(rows.nth(1)).toContainText("Ana Ruiz");

    // The form builds the same kind of address.
    await page.goto("/dashboard/lawyer_user/list");
    await tick(page, people("field.languages"), "language", "zh");
    await page.getByTestId("directory-apply").click();
    await expect(page).toHaveURL(/language=zh/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Wei Chen");
  });

  test("a client has no directory (403) and lands on their own profile", async ({ page }) => {
    await signInAs(page, "client");
    const list = await page.goto("/dashboard/lawyer_user/list");
    expect(list?.status()).toBe(403);
    await page.goto("/dashboard/lawyer_user");
    await expect(page).toHaveURL(`/dashboard/lawyer_user/${DEMO_ACCOUNTS.client.id}`);
    await expect(page.getByTestId("profile-name")).toHaveText("Clara Mendes");
  });
});

test("a client opens a lawyer's profile from a proposal", async ({ page }) => {
  const [proposal] = await backendRows<{ id: string }>(
    "proposals",
    `select=id,case:cases!inner(client_id)&case.client_id=eq.${DEMO_ACCOUNTS.client.id}&lawyer_id=eq.${DEMO_ACCOUNTS.lawyer.id}&status=in.(submitted,viewed,accepted,declined)&limit=1`,
  );
  expect(proposal).toBeDefined();
  await signInAs(page, "client", `/dashboard/case/proposal/${proposal?.id}`);
  await page.getByTestId("person-link").first().click();
  await expect(page).toHaveURL(`/dashboard/lawyer_user/${DEMO_ACCOUNTS.lawyer.id}`);
  await expect(page.getByTestId("profile-name")).toHaveText("Leo Hartwell");
  await expect(page.getByTestId("profile-firm")).toHaveText("Hartwell & Okafor LLP");
  await expect(page.getByTestId("record-proposals")).toBeVisible();
  // A client sees the public profile: no bar number, no e-mail.
  await expect(page.getByText(people("field.barNumber"))).toHaveCount(0);
  await expect(page.getByTestId("profile-edit")).toHaveCount(0);
});

test("the profile page in Arabic, right to left", async ({ page }) => {
  await signInAs(page, "client", `/dashboard/lawyer_user/${DEMO_ACCOUNTS.lawyer.id}?lng=ar`);
  const html = page.locator("html");
  await expect(html).toHaveAttribute("dir", "rtl");
  await expect(page.getByText(t("ar", "people", "record.title"))).toBeVisible();
  await expect(page.getByText(t("ar", "people", "field.languages"))).toBeVisible();
  await expect(page.getByText(t("ar", "people", "language.fr"))).toBeVisible();
  await expect(page.getByTestId("profile-about")).toBeVisible();
  await expect(page.getByText(t("ar", "people", "sections.details"))).toHaveText(ARABIC);
});
