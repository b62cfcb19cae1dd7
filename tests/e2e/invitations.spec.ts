import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../fixtures/accounts";
import { BACKEND_URL, backendRows, signInAs, signInWith, t } from "./support";

/**
 * Invitations (issue 21 item 4): a firm admin adds a lawyer by e-mail at /dashboard/lawyer_user/new,
 * the invitee opens the mailbox's link, sets a password and lands on their profile to complete
 * it — with JavaScript on and off. A lawyer may not open the page.
 */

const people = (key: string) => t("en", "people", key);
let counter = 0;
const uniqueEmail = (label: string) => `e2e.${label}.${Date.now()}.${process.pid}.${++counter}@example.com`;

/** The link of the invitation e-mail sent to `to` (polls the local mailbox). */
async function invitationLink(to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${BACKEND_URL}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as { subject: string; links: string[] }[];
    const link = messages.find((message) => /invited/i.test(message.subject))?.links[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation for ${to}`);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`inviting a lawyer, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("a firm admin invites; the invitee sets a password from the mailbox and lands on their profile", async ({
      page,
      browser,
    }) => {
      if (javaScriptEnabled) await signInAs(page, "firmadmin", "/dashboard/lawyer_user/new");
      else {
        const response = await page.request.post("/auth/supabase/sign-in", {
          form: { email: DEMO_ACCOUNTS.firmadmin.email, password: "Demo-Password-1", returnTo: "/dashboard" },
          maxRedirects: 0,
        });
        expect(response.status()).toBe(302);
        await page.goto("/dashboard/lawyer_user/new");
      }
      const email = uniqueEmail(`invitee-${javaScriptEnabled}`);
      await expect(page.getByTestId("invite-firm-name")).toContainText("Hartwell");
      await page.getByTestId("invite-email").fill(email);
      await page.getByLabel(people("field.firstName")).fill("Ines");
      await page.getByLabel(people("field.lastName")).fill("Vidal");
      await page.getByTestId("invite-submit").click();
      await expect(page).toHaveURL(/\/dashboard\/lawyer_user\/[0-9a-f-]{36}$/);
      await expect(page.getByText(people("new.done.invited"))).toBeVisible();
      const [invited] = await backendRows<{ uuid: string; access_level: string }>(
        "users",
        `email=eq.${encodeURIComponent(email)}&select=uuid,access_level`,
      );
      expect(invited?.access_level).toBe("lawyer");

      // The invitee, in a browser of their own.
      const context = await browser.newContext({ javaScriptEnabled });
      const invitee = await context.newPage();
      await invitee.goto(await invitationLink(email));
      await expect(invitee).toHaveURL(/\/auth\/supabase\/update-password\?next=/);
      await invitee.locator('input[name="password"]').fill("Invited-Pass-1");
      await invitee.locator('input[name="confirmPassword"]').fill("Invited-Pass-1");
      await invitee.getByRole("button", { name: t("en", "auth", "update.submit") }).click();
      await expect(invitee).toHaveURL(new RegExp(`/dashboard/lawyer_user/${invited?.uuid}/edit$`));
      await expect(invitee.getByTestId("profile-form")).toBeVisible();
      await expect(invitee.getByLabel(people("field.firstName"))).toHaveValue("Ines");
      await context.close();
    });
  });
}

test("a forged or used link leads to sign-in; a lawyer may not open the invitation page", async ({
  page,
}) => {
  await page.goto("/auth/confirm?token_hash=forged&type=invite");
  await expect(page).toHaveURL(/\/auth\/supabase\/sign-in\?notice=errors.linkInvalid/);
  await signInWith(page, DEMO_ACCOUNTS.lawyer.email);
  const response = await page.goto("/dashboard/lawyer_user/new");
  expect(response?.status()).toBe(403);
});
