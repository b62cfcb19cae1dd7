import { expect, type Page, test } from "@playwright/test";
import {
  BACKEND_URL,
  clickTwiceWhileSending,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type LanguageCode,
  t,
  waitForHydration,
} from "./support";

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `e2e.${label}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

/** The newest link of the newest e-mail Auth sent to `to` (polls the local mailbox). */
async function mailLink(to: string, subject: RegExp): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${BACKEND_URL}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as { subject: string; links: string[] }[];
    const mail = messages.find((message) => subject.test(message.subject));
    const link = mail?.links.find((href) => href.includes("/auth/v1/verify"));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no e-mail "${subject}" for ${to}`);
}

/** The form's error alert with this text. */
const formAlert = (page: Page, text: string) =>
  page.locator("form").getByRole("alert").filter({ hasText: text });

const input = (page: Page, name: string) => page.locator(`input[name="${name}"]`);

async function signIn(page: Page, email: string, password: string) {
  await input(page, "email").fill(email);
  await input(page, "password").fill(password);
  await input(page, "password").press("Enter");
}

async function signUp(page: Page, lng: LanguageCode, email: string, password = "Sturdy-Pass-42") {
  await page.goto(`/auth/supabase/sign-up?lng=${lng}`);
  await input(page, "firstName").fill("Lina");
  await input(page, "lastName").fill("Haddad");
  await input(page, "email").fill(email);
  await input(page, "password").fill(password);
  await page.getByRole("button", { name: t(lng, "auth", "signUp.submit") }).click();
}

/** Logout is in the account drawer of the dashboard's header. */
async function signOut(page: Page, lng: LanguageCode = "en") {
  // With JavaScript on, the flow runs on the live page. A drawer the server rendered open is drawn
  // anew in its portal once the page hydrates, and a click in those few milliseconds is lost
  // (2 runs in 6 once scripts started after the first paint). The JavaScript-off run covers the
  // server-rendered drawer.
  await waitForHydration(page);
  await page.getByLabel(t(lng, "header", "account.open"), { exact: true }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: t(lng, "auth", "signOut") })
    .click();
  await expect(page).toHaveURL(/\/auth\/supabase\/sign-in\?notice=notices\.signedOut$/);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`accounts, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sign up, confirm by e-mail, land on the dashboard, sign out and sign in again", async ({
      page,
    }) => {
      const email = uniqueEmail("signup");
      await signUp(page, "en", email);
      await expect(page).toHaveURL(/\/auth\/supabase\/verify\?email=/);
      await expect(page.getByRole("heading", { name: t("en", "auth", "verify.title") })).toBeVisible();
      await expect(page.getByText(email, { exact: false })).toBeVisible();

      await page.goto(await mailLink(email, /confirm/i));
      await expect(page).toHaveURL(/\/dashboard$/);
      // A new account is greeted as a newcomer (issue 18 item 6), not "Welcome back".
      await expect(page.getByRole("heading", { name: "Welcome, Lina" })).toBeVisible();

      await signOut(page);
      await expect(page.getByText(t("en", "auth", "notices.signedOut"))).toBeVisible();
      await page.goto("/dashboard");
      await expect(page).toHaveURL(/\/auth\/supabase\/sign-in\?returnTo=%2Fdashboard$/);

      await signIn(page, email, "Sturdy-Pass-42");
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test("a deep link while signed out goes to sign-in and back after it", async ({ page }) => {
      await page.goto("/dashboard/case/list?x=1");
      await expect(page).toHaveURL(/\/auth\/supabase\/sign-in\?returnTo=%2Fdashboard%2Fcase%2Flist%3Fx%3D1$/);
      await signIn(page, DEMO_ACCOUNTS.client.email, DEMO_PASSWORD);
      // Back on the deep link, query included, and done loading before the next navigation.
      await page.waitForURL((url) => url.pathname === "/dashboard/case/list" && url.search === "?x=1");
      await page.getByTestId("dashboard-shell").waitFor({ state: "attached" });
      await page.goto("/auth/supabase/sign-in?returnTo=%2Fdashboard%3Ftab%3D2");
      await expect(page).toHaveURL(/\/dashboard\?tab=2$/);
    });

    test("wrong password, existing e-mail and a weak password are refused with the spec's messages", async ({
      page,
    }) => {
      await page.goto("/auth/supabase/sign-in");
      await signIn(page, DEMO_ACCOUNTS.client.email, "not-the-password");
      await expect(formAlert(page, t("en", "auth", "errors.invalidCredentials"))).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/supabase\/sign-in/);

      await signUp(page, "en", DEMO_ACCOUNTS.lawyer.email);
      await expect(formAlert(page, t("en", "auth", "errors.userExists"))).toBeVisible();

      await signUp(page, "en", uniqueEmail("weak"), "123");
      await expect(page.getByText(t("en", "auth", "errors.passwordTooShort"))).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/supabase\/sign-up/);
    });

    test("reset the password by e-mail, set a new one, then sign in with it", async ({ page }) => {
      const email = uniqueEmail("reset");
      await signUp(page, "en", email, "First-Pass-1");
      // The PKCE verifier cookie arrives with the sign-up response: wait for it before the link.
      await expect(page).toHaveURL(/\/verify\?email=/);
      await page.goto(await mailLink(email, /confirm/i));
      await expect(page).toHaveURL(/\/dashboard$/);
      await signOut(page);

      await page.goto("/auth/supabase/reset-password");
      await input(page, "email").fill(email);
      await page.getByRole("button", { name: t("en", "auth", "reset.submit") }).click();
      await expect(page.getByText(t("en", "auth", "reset.sentTitle"))).toBeVisible();

      await page.goto(await mailLink(email, /reset/i));
      await expect(page).toHaveURL(/\/auth\/supabase\/update-password$/);
      await input(page, "password").fill("Second-Pass-2");
      await input(page, "confirmPassword").fill("Second-Pass-2");
      await page.getByRole("button", { name: t("en", "auth", "update.submit") }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      const updated = page.getByText(t("en", "auth", "notices.passwordUpdated"));
      await expect(updated).toBeVisible();
      // The toast sits over the header's account menu (spec §9: top-right) until it closes by itself.
      await expect(updated).toBeHidden();

      await signOut(page);
      await signIn(page, email, "First-Pass-1");
      await expect(formAlert(page, t("en", "auth", "errors.invalidCredentials"))).toBeVisible();
      await signIn(page, email, "Second-Pass-2");
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test("the same flows in Arabic, right to left", async ({ page }) => {
      const email = uniqueEmail("arabic");
      await signUp(page, "ar", email);
      await expect(page).toHaveURL(/\/verify\?email=/);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.getByRole("heading", { name: t("ar", "auth", "verify.title") })).toBeVisible();
      await page.goto(await mailLink(email, /confirm/i));
      await expect(page).toHaveURL(/\/dashboard$/);
      await signOut(page, "ar");
      await expect(page.getByRole("heading", { name: t("ar", "auth", "signIn.title") })).toBeVisible();
      await signIn(page, email, "wrong-password");
      await expect(formAlert(page, t("ar", "auth", "errors.invalidCredentials"))).toBeVisible();
      await signIn(page, email, "Sturdy-Pass-42");
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });
}

// One test per account: five sign-ins in a row outgrew a single test's time on a busy CI machine.
for (const [name, { email }] of Object.entries(DEMO_ACCOUNTS)) {
  test(`the demo ${name} signs in`, async ({ page }) => {
    await page.goto("/auth/supabase/sign-in");
    await expect(page.getByRole("heading", { name: t("en", "auth", "signIn.title") })).toBeVisible();
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

test("the demo layouts serve the same forms", async ({ page }) => {
  for (const base of ["/auth-demo/split", "/auth-demo/centered"]) {
    await page.goto(`${base}/sign-in`);
    await expect(page.getByRole("heading", { name: t("en", "auth", "signIn.title") })).toBeVisible();
    await page.getByRole("link", { name: t("en", "auth", "signIn.getStarted") }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/sign-up$`));
  }
  await page.goto("/auth-demo");
  await expect(page).toHaveURL(/\/auth-demo\/split\/sign-in$/);
});

test("a signed-in person is sent away from the guest pages", async ({ page }) => {
  await page.goto("/auth/supabase/sign-in");
  await signIn(page, DEMO_ACCOUNTS.client.email, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth/supabase/sign-up");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/auth-demo/centered/sign-in?returnTo=%2F%2Fevil.example");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("signing out in one tab signs the other tabs out", async ({ context }) => {
  const first = await context.newPage();
  await first.goto("/auth/supabase/sign-in");
  await signIn(first, DEMO_ACCOUNTS.lawyer.email, DEMO_PASSWORD);
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto("/dashboard");
  await expect(second.getByLabel(t("en", "header", "account.open"), { exact: true })).toBeVisible();
  await first.bringToFront();
  await signOut(first);
  await expect(second).toHaveURL(/\/auth\/supabase\/sign-in\?returnTo=%2Fdashboard$/);
});

test("the sign-in page loaded after a sign-out tells the other tabs (its island, ADR 0023)", async ({
  context,
}) => {
  const first = await context.newPage();
  await first.goto("/auth/supabase/sign-in");
  await signIn(first, DEMO_ACCOUNTS.lawyer.email, DEMO_PASSWORD);
  await expect(first).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto("/dashboard");
  await waitForHydration(second);
  await expect(second.getByLabel(t("en", "header", "account.open"), { exact: true })).toBeVisible();
  // Signed out by a document post, as without the dashboard's scripts: the static sign-in page
  // the browser then loads announces it.
  await first.bringToFront();
  await first.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/auth/sign-out";
    document.body.appendChild(form);
    form.submit();
  });
  await expect(first).toHaveURL(/\/auth\/supabase\/sign-in\?notice=notices\.signedOut$/);
  expect(await first.evaluate(() => "__reactRouterContext" in window), "a static page").toBe(false);
  await expect(second).toHaveURL(/\/auth\/supabase\/sign-in\?returnTo=%2Fdashboard$/);
});

test("a double click on Sign in sends one sign-in (the forms' island, ADR 0023)", async ({ page }) => {
  await page.goto("/auth/supabase/sign-in");
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/auth/supabase/sign-in")
      posts += 1;
  });
  // A slow connection: the sign-in takes a while to be answered.
  await page.route("**/auth/supabase/sign-in", async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await input(page, "email").fill(DEMO_ACCOUNTS.client.email);
  await input(page, "password").fill(DEMO_PASSWORD);
  await clickTwiceWhileSending(page, page.getByRole("button", { name: t("en", "auth", "signIn.submit") }));
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(posts).toBe(1);
});

test("the password's show/hide toggle works on the static page (the forms' island)", async ({ page }) => {
  await page.goto("/auth/supabase/sign-in?lng=fr");
  const password = input(page, "password");
  await password.fill("Demo-Password-1");
  const toggle = page.getByRole("button", { name: t("fr", "auth", "form.togglePassword") });
  await toggle.click();
  await expect(password).toHaveAttribute("type", "text");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(password).toHaveValue("Demo-Password-1");
  await toggle.click();
  await expect(password).toHaveAttribute("type", "password");
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
});

test.describe("requests without a browser", () => {
  test("a cross-site form post is refused and a returnTo elsewhere is ignored", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const crossSite = await request.post("/auth/supabase/sign-in", {
      headers: { Origin: "https://evil.example" },
      form: { email: DEMO_ACCOUNTS.client.email, password: DEMO_PASSWORD },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    expect(crossSite.headers()["set-cookie"] ?? "").not.toContain("auth-token");

    for (const returnTo of ["//evil.example", "https://evil.example/x", "javascript:alert(1)"]) {
      // A fresh cookie jar each time, so every post is a real sign-in.
      const fresh = await playwright.request.newContext({ baseURL });
      const response = await fresh.post("/auth/supabase/sign-in", {
        headers: { Origin: baseURL ?? "" },
        form: { email: DEMO_ACCOUNTS.client.email, password: DEMO_PASSWORD, returnTo },
        maxRedirects: 0,
      });
      expect(response.status(), returnTo).toBe(302);
      expect(response.headers().location).toBe("/dashboard");
      const cookies = response.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
      expect(cookies.some((c) => /auth-token(\.\d+)?=.+HttpOnly.*SameSite=Lax/i.test(c.value))).toBe(true);
      await fresh.dispose();
    }
  });

  test("every /dashboard path redirects a signed-out request to sign-in with returnTo", async ({
    request,
  }) => {
    for (const path of ["/dashboard", "/dashboard/case/list?x=1", "/dashboard/user/profile"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location).toBe(
        `/auth/supabase/sign-in?${new URLSearchParams({ returnTo: path })}`,
      );
    }
  });

  test("a malformed session cookie is cleared and treated as signed out", async ({ request }) => {
    const response = await request.get("/dashboard", {
      headers: { Cookie: "sb-127-auth-token=not-a-session" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const cleared = response.headersArray().find((h) => h.name.toLowerCase() === "set-cookie");
    expect(cleared?.value).toMatch(/^sb-127-auth-token=; .*Max-Age=0/);
  });
});
