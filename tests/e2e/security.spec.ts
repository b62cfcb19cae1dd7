import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { openCaseOfNewClient } from "./proposals-support";
import {
  BACKEND_URL,
  createTestUser,
  DEMO_PASSWORD,
  insertProposal,
  signInAs,
  signInWith,
  storedProposal,
  waitForHydration,
} from "./support";

/**
 * The app's answers to a hostile or careless request (issue 18): security headers and a CSP that
 * the pages live with, no open redirect, 4xx for bodies and addresses that are not what a page
 * takes, no write from a cross-site link, and a signed-out session that stops working.
 */

/** Content-Security-Policy violations a page reports (console and the DOM event). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test.describe("security headers", () => {
  test("every page carries a CSP with a fresh nonce that its inline scripts use", async ({ request }) => {
    const first = await request.get("/");
    const second = await request.get("/");
    const csp = first.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers()["content-security-policy"]).not.toBe(csp);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`connect-src 'self' ${BACKEND_URL} ${BACKEND_URL.replace("http", "ws")}`);
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    const headers = first.headers();
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["permissions-policy"]).toContain("camera=()");
    // Served on localhost: no HSTS, which would pin every local server on the name to HTTPS.
    expect(headers["strict-transport-security"]).toBeUndefined();
    for (const path of ["/api/case_management", "/auth/supabase/sign-in", "/dashboard"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
      expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
    }
  });

  test("public and signed-in pages hydrate with no CSP violation", async ({ page }) => {
    test.slow();
    const violations = await watchCsp(page);
    // The static pages' inline islands (ADR 0015, 0023) run under the response's nonce too.
    for (const path of [
      "/",
      "/auth/supabase/sign-in",
      "/auth/supabase/sign-in?notice=notices.signedOut",
      "/contact-us",
      "/coming-soon",
    ]) {
      await page.goto(path);
      await waitForHydration(page);
    }
    const { caseId } = await openCaseOfNewClient("CSP");
    await signInAs(page, "lawyer");
    await page.goto(`/dashboard/case/${caseId}`);
    await waitForHydration(page);
    // A client-side navigation runs the scripts React Router loads later.
    await page.locator('a[href="/dashboard"]:visible').first().click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(page.getByTestId("dashboard-shell")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the session cookies live as long as a session may be refreshed, not 400 days", async ({
    request,
  }) => {
    const account = await createTestUser("cookie-age");
    const response = await request.post("/auth/supabase/sign-in", {
      form: { email: account.email, password: DEMO_PASSWORD, returnTo: "/dashboard" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const session = response
      .headersArray()
      .filter(
        ({ name, value }) =>
          name.toLowerCase() === "set-cookie" && /^sb-[^=]+-auth-token(\.\d+)?=/.test(value),
      );
    expect(session.length).toBeGreaterThan(0);
    for (const { value } of session) {
      expect(value).toMatch(/Max-Age=604800/);
      expect(value).toMatch(/HttpOnly/);
    }
  });
});

test.describe("open redirects", () => {
  const ATTEMPTS = [
    "/.//evil.test",
    "/..//evil.test",
    "//evil.test",
    "/\\evil.test",
    "\\\\evil.test",
    "/%2F%2Fevil.test",
    "/\t/evil.test",
    "https://evil.test",
    "/%2e%2e//evil.test",
  ];

  for (const route of ["/api/language", "/api/settings"]) {
    test(`POST ${route} never sends anyone off the site`, async ({ request }) => {
      for (const returnTo of ATTEMPTS) {
        const response = await request.post(route, {
          form: { lng: "fr", returnTo },
          maxRedirects: 0,
        });
        expect(response.status(), returnTo).toBe(302);
        const location = response.headers().location ?? "";
        expect(new URL(location, "http://app.test").origin, `${returnTo} → ${location}`).toBe(
          "http://app.test",
        );
        expect(location.startsWith("//"), location).toBe(false);
      }
    });
  }

  test("sign-in's returnTo never leaves the site", async ({ request }) => {
    const account = await createTestUser("redirect");
    const response = await request.post("/auth/supabase/sign-in", {
      form: { email: account.email, password: DEMO_PASSWORD, returnTo: "/.//evil.test" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
  });
});

/** The actions anyone may post to. */
const GUEST_ACTIONS = [
  "/contact-us",
  "/payment",
  "/auth/supabase/sign-in",
  "/auth/supabase/sign-up",
  "/auth/supabase/verify",
  "/auth/supabase/reset-password",
  "/auth/supabase/update-password",
  "/auth-demo/split/sign-in",
  "/auth/sign-out",
  "/api/language",
  "/api/settings",
];

/** The dashboard's actions, by who may post to them, with records of their own where one is needed. */
async function dashboardActions() {
  const { client, caseId } = await openCaseOfNewClient("Malformed");
  const { caseId: otherCaseId } = await openCaseOfNewClient("Malformed proposal");
  const lawyer = await createTestUser("malformed-lawyer", "lawyer");
  const { id: proposalId } = await insertProposal(lawyer.id, otherCaseId, { status: "draft" });
  return {
    client: {
      email: client.email,
      routes: [
        "/dashboard/notification/NotificationsPage",
        "/dashboard/notification/NotificationPreferences",
        "/dashboard/case/new",
        `/dashboard/case/${caseId}`,
        `/dashboard/case/${caseId}/edit`,
        "/auth/sign-out",
      ],
    },
    lawyer: {
      email: lawyer.email,
      routes: [
        `/dashboard/case/proposal/${caseId}/new`,
        `/dashboard/case/proposal/${proposalId}`,
        `/dashboard/case/proposal/${proposalId}/edit`,
      ],
    },
  };
}

const BAD_BODIES: { name: string; headers?: Record<string, string>; data?: string; status: number }[] = [
  { name: "no body and no Content-Type", status: 415 },
  { name: "JSON", headers: { "Content-Type": "application/json" }, data: '{"intent":"delete"}', status: 415 },
  { name: "text", headers: { "Content-Type": "text/plain" }, data: "intent=delete", status: 415 },
  {
    name: "garbage multipart",
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    data: "garbage\r\n--not-the-boundary",
    status: 400,
  },
  {
    name: "a NUL in a field",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "email=a%00b%40example.com&title=x%00",
    status: 400,
  },
];

async function postEach(api: APIRequestContext, routes: string[]) {
  for (const route of routes) {
    for (const body of BAD_BODIES) {
      const response = await api.post(route, {
        headers: body.headers,
        data: body.data,
        maxRedirects: 0,
      });
      expect(response.status(), `${route} with ${body.name}`).toBe(body.status);
    }
  }
}

test.describe("malformed input", () => {
  test("a body that is not a form is 4xx on every public and auth action", async ({ request }) => {
    test.slow();
    await postEach(request, GUEST_ACTIONS);
  });

  test("a body that is not a form is 4xx on every dashboard action, and nothing changes", async ({
    page,
    browser,
  }) => {
    test.slow();
    const routes = await dashboardActions();
    await signInWith(page, routes.client.email);
    await postEach(page.request, routes.client.routes);
    const lawyerContext = await browser.newContext();
    const lawyerPage = await lawyerContext.newPage();
    await signInWith(lawyerPage, routes.lawyer.email);
    await postEach(lawyerPage.request, routes.lawyer.routes);
    // Not even the sign-out went through: both sessions still work.
    expect((await page.request.get("/api/case_management")).status()).toBe(200);
    expect((await lawyerPage.request.get("/api/case_management")).status()).toBe(200);
    await lawyerContext.close();
  });

  test("a NUL in a search is 400, not a database error", async ({ page }) => {
    await signInAs(page, "lawyer");
    for (const path of [
      "/dashboard/case/table?q=a%00b",
      "/dashboard/case/list?q=%00",
      "/dashboard/case/table/export.csv?q=%00",
      "/api/case_management?q=x%00",
      "/dashboard/case/table?jurisdiction=%00",
    ]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toMatch(/NUL/);
    }
  });
});

test.describe("a GET does not write", () => {
  test("a cross-site link does not mark a proposal viewed; the client opening it here does", async ({
    page,
  }) => {
    const { client, caseId } = await openCaseOfNewClient("Viewed");
    const lawyer = await createTestUser("viewed-lawyer", "lawyer");
    const { id: proposalId } = await insertProposal(lawyer.id, caseId);
    await signInWith(page, client.email);
    const path = `/dashboard/case/proposal/${proposalId}`;
    const forged = await page.request.get(path, {
      headers: { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document" },
    });
    expect(forged.status()).toBe(200);
    const sibling = await page.request.get(path, { headers: { "Sec-Fetch-Site": "same-site" } });
    expect(sibling.status()).toBe(200);
    expect((await storedProposal(proposalId))?.status).toBe("submitted");
    // The client's own navigation (the address bar: Sec-Fetch-Site none) records it.
    await page.goto(path);
    await expect.poll(async () => (await storedProposal(proposalId))?.status).toBe("viewed");
  });
});

/** The session cookies of a browser context, as one `Cookie` header. */
async function sessionCookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  return cookies
    .filter((cookie) => /^sb-.+-auth-token(\.\d+)?$/.test(cookie.name))
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}

/** The access token inside the session cookie (base64url JSON, maybe in chunks). */
async function accessToken(context: BrowserContext): Promise<string> {
  const cookies = (await context.cookies())
    .filter((cookie) => /^sb-.+-auth-token(\.\d+)?$/.test(cookie.name))
    .sort((a, b) => a.name.localeCompare(b.name, "en", { numeric: true }));
  const value = decodeURIComponent(cookies.map((cookie) => cookie.value).join(""));
  const session = JSON.parse(Buffer.from(value.replace(/^base64-/, ""), "base64url").toString("utf8"));
  return session.access_token as string;
}

test.describe("a copied session stops working", () => {
  test("after signing out, the copied cookie opens neither the dashboard nor the API", async ({
    page,
    playwright,
  }) => {
    const account = await createTestUser("copied-session");
    await signInWith(page, account.email);
    const stolen = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      extraHTTPHeaders: { Cookie: await sessionCookieHeader(page.context()) },
    });
    expect((await stolen.get("/api/case_management")).status()).toBe(200);
    const signOut = await page.request.post("/auth/sign-out", {
      form: { returnTo: "/dashboard" },
      maxRedirects: 0,
    });
    expect(signOut.status()).toBe(302);
    const api = await stolen.get("/api/case_management");
    expect(api.status()).toBe(401);
    const dashboard = await stolen.get("/dashboard", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(302);
    expect(dashboard.headers().location).toMatch(/^\/auth\/supabase\/sign-in\?returnTo=/);
    await stolen.dispose();
  });

  test("a session revoked at Auth stops working within AUTH_SESSION_CHECK_SECONDS", async ({ page }) => {
    const account = await createTestUser("revoked-session");
    await signInWith(page, account.email);
    expect((await page.request.get("/api/case_management")).status()).toBe(200);
    // Signed out everywhere behind the app's back (another device, an admin): only Auth knows.
    const logout = await fetch(`${BACKEND_URL}/auth/v1/logout?scope=global`, {
      method: "POST",
      headers: {
        apikey:
          "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0",
        Authorization: `Bearer ${await accessToken(page.context())}`,
      },
    });
    expect(logout.status).toBe(204);
    // The e2e server checks sessions with Auth every 2 s (playwright.config.ts).
    await expect
      .poll(async () => (await page.request.get("/api/case_management")).status(), { timeout: 10_000 })
      .toBe(401);
    const dashboard = await page.request.get("/dashboard", { maxRedirects: 0 });
    expect(dashboard.status()).toBe(302);
  });
});
