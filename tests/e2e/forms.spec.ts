import { expect, type Page, test } from "@playwright/test";
import { backendRows, clickTwiceWhileSending, t } from "./support";

const contact = (key: string) => t("en", "contact", key);
const payment = (key: string) => t("en", "payment", key);

/**
 * A form control by its label. By role, not `getByLabel`: Mantine's required asterisk is inside the
 * label (hidden from assistive technology), so the exact accessible name is the label's text.
 */
const field = (page: Page, label: string) =>
  page
    .getByRole("textbox", { name: label, exact: true })
    .or(page.getByRole("combobox", { name: label, exact: true }));

/** Counts the form posts a page makes (document or fetch). */
function countPosts(page: Page, path: string): () => number {
  let posts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(path)) posts += 1;
  });
  return () => posts;
}

async function fillContact(
  page: Page,
  values: { name: string; email: string; subject: string; message: string },
) {
  await field(page, contact("form.name")).fill(values.name);
  await field(page, contact("form.email")).fill(values.email);
  await field(page, contact("form.subject")).fill(values.subject);
  await field(page, contact("form.message")).fill(values.message);
}

const validMessage = {
  name: "Amira Haddad",
  email: "amira@example.com",
  subject: "Question about lawyer proposals",
  message: "How many lawyers can propose to take on my case before I choose one?",
};

async function fillPayment(page: Page, card: { number: string; expiry: string; cvv: string }) {
  await field(page, payment("fields.name")).fill("Lucas Martin");
  await field(page, payment("fields.email")).fill("lucas@example.com");
  await field(page, payment("fields.address")).fill("12 rue de la Paix");
  await field(page, payment("fields.city")).fill("Paris");
  await field(page, payment("fields.country")).selectOption("FR");
  await field(page, payment("fields.cardHolder")).fill("LUCAS MARTIN");
  await field(page, payment("fields.cardNumber")).fill(card.number);
  await field(page, payment("fields.expiry")).fill(card.expiry);
  await field(page, payment("fields.cvv")).fill(card.cvv);
}

/** The payment button reads "Confirm demo order ($9.99)": matched on the part before the amount. */
const paymentSubmit = (page: Page) =>
  page.getByRole("button", { name: payment("form.submit").split("{{")[0]?.trim() ?? "" });

/** A future expiry date as MM/YY. */
const nextYear = `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, "0")}`;

test.describe("contact form", () => {
  // The page is static (ADR 0023): the server validates, with JavaScript as without it.
  test("with JavaScript: the server refuses an invalid message, then confirms and stores it", async ({
    page,
  }) => {
    const subject = `Question about proposals ${Date.now()}`;
    await page.goto("/contact-us");
    expect(await page.evaluate(() => "__reactRouterContext" in window), "a static page").toBe(false);
    const posts = countPosts(page, "/contact-us");
    const submit = page.getByRole("button", { name: contact("form.submit") });

    await submit.click();
    for (const key of ["nameRequired", "emailRequired", "subjectRequired", "messageRequired"]) {
      await expect(page.getByText(contact(`errors.${key}`))).toBeVisible();
    }
    expect(posts(), "the server validated it").toBe(1);

    await fillContact(page, { ...validMessage, email: "amira@example", message: "Too short" });
    await submit.click();
    await expect(page.getByText(contact("errors.emailInvalid"))).toBeVisible();
    await expect(page.getByText(contact("errors.messageTooShort"))).toBeVisible();
    await expect(page.getByText(contact("errors.nameRequired"))).toHaveCount(0);
    await expect(field(page, contact("form.name"))).toHaveValue(validMessage.name);
    expect(posts()).toBe(2);

    await fillContact(page, { ...validMessage, subject });
    await submit.click();
    await expect(page.getByText(contact("success.title"))).toBeVisible();
    await expect(page.getByText(/Amira Haddad/)).toBeVisible();
    await expect(page.getByText(/amira@example\.com/).first()).toBeVisible();
    expect(posts()).toBe(3);

    const stored = await backendRows<{ name: string; email: string; message: string; user_id: null }>(
      "contact_messages",
      `select=name,email,message,user_id&subject=eq.${encodeURIComponent(subject)}`,
    );
    expect(stored).toEqual([
      { name: validMessage.name, email: validMessage.email, message: validMessage.message, user_id: null },
    ]);
  });

  test("with JavaScript: a double click sends one message (the forms' island)", async ({ page }) => {
    const subject = `Sent once ${Date.now()}`;
    await page.goto("/contact-us");
    const posts = countPosts(page, "/contact-us");
    // A slow connection: the message takes a while to be answered.
    await page.route("**/contact-us*", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await fillContact(page, { ...validMessage, subject });
    const submit = page.getByRole("button", { name: contact("form.submit") });
    await clickTwiceWhileSending(page, submit);
    await expect(page.getByText(contact("success.title"))).toBeVisible();
    expect(posts()).toBe(1);
    const stored = await backendRows<{ subject: string }>(
      "contact_messages",
      `select=subject&subject=eq.${encodeURIComponent(subject)}`,
    );
    expect(stored).toHaveLength(1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server refuses an invalid message and keeps what was typed", async ({ page }) => {
      await page.goto("/contact-us");
      // Blank-but-present and browser-valid values, so only the server can refuse them.
      await fillContact(page, { ...validMessage, name: "   ", email: "amira@example" });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/contact-us")),
        page.getByRole("button", { name: contact("form.submit") }).click(),
      ]);
      expect(response.status()).toBe(400);
      await expect(page.getByText(contact("errors.nameRequired"))).toBeVisible();
      await expect(page.getByText(contact("errors.emailInvalid"))).toBeVisible();
      await expect(page.getByText(contact("success.title"))).toHaveCount(0);
      await expect(field(page, contact("form.subject"))).toHaveValue(validMessage.subject);

      await fillContact(page, validMessage);
      await page.getByRole("button", { name: contact("form.submit") }).click();
      await expect(page.getByText(contact("success.title"))).toBeVisible();
      await expect(page.getByText(/Amira Haddad/)).toBeVisible();
    });
  });
});

test.describe("payment form", () => {
  test("with JavaScript: the server refuses each bad field, then confirms the demo order", async ({
    page,
  }) => {
    await page.goto("/payment?plan=premium");
    await expect(page.getByText(payment("demo.title"))).toBeVisible();
    await expect(field(page, payment("fields.plan"))).toHaveValue("premium");
    const posts = countPosts(page, "/payment");
    const submit = paymentSubmit(page);

    await submit.click();
    for (const key of [
      "nameRequired",
      "emailRequired",
      "addressRequired",
      "cityRequired",
      "countryRequired",
      "cardHolderRequired",
      "cardNumberRequired",
      "expiryRequired",
      "cvvRequired",
    ]) {
      await expect(page.getByText(payment(`errors.${key}`))).toBeVisible();
    }
    expect(posts(), "the server validated it").toBe(1);

    await fillPayment(page, { number: "4242 4242 4242 4241", expiry: "01/20", cvv: "12" });
    await submit.click();
    await expect(page.getByText(payment("errors.cardNumberInvalid"))).toBeVisible();
    await expect(page.getByText(payment("errors.expiryPast"))).toBeVisible();
    await expect(page.getByText(payment("errors.cvvInvalid"))).toBeVisible();
    await expect(page.getByText(payment("errors.nameRequired"))).toHaveCount(0);
    expect(posts()).toBe(2);

    // Yearly billing: ten months of premium (9.99).
    await page.getByRole("radio", { name: payment("cycles.yearlyWithSaving") }).check();
    await fillPayment(page, { number: "4242 4242 4242 4242", expiry: nextYear, cvv: "123" });
    await expect(submit).toHaveAccessibleName(/\$99\.90/);
    await submit.click();
    await expect(page.getByText(payment("confirmation.title"))).toBeVisible();
    await expect(page.getByText(payment("confirmation.noPayment"))).toBeVisible();
    await expect(page.getByText("$99.90")).toBeVisible();
    expect(posts()).toBe(3);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the server refuses a bad card and never sends the card back", async ({ page }) => {
      await page.goto("/payment");
      await fillPayment(page, { number: "4242 4242 4242 4241", expiry: "01/20", cvv: "123" });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/payment")),
        paymentSubmit(page).click(),
      ]);
      expect(response.status()).toBe(400);
      await expect(page.getByText(payment("errors.cardNumberInvalid"))).toBeVisible();
      await expect(page.getByText(payment("errors.expiryPast"))).toBeVisible();
      await expect(page.getByText(payment("confirmation.title"))).toHaveCount(0);
      // The billing details come back; the card number and security code do not.
      await expect(field(page, payment("fields.city"))).toHaveValue("Paris");
      await expect(field(page, payment("fields.cardNumber"))).toHaveValue("");
      await expect(field(page, payment("fields.cvv"))).toHaveValue("");
      expect(await response.text()).not.toContain("4242 4242 4242 4241");

      await fillPayment(page, { number: "4242 4242 4242 4242", expiry: nextYear, cvv: "123" });
      await paymentSubmit(page).click();
      await expect(page.getByText(payment("confirmation.title"))).toBeVisible();
    });
  });
});

/**
 * The total in the button and the order summary follow the plan and billing cycle (ADR 0023):
 * every variant is in the page and CSS shows the chosen one, so with JavaScript and without it.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`payment total, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("the total and the summary follow the plan and the billing cycle", async ({ page }) => {
      await page.goto("/payment?plan=starter");
      const submit = paymentSubmit(page);
      const total = page.getByTestId("order-total");
      const summary = page.locator("section[aria-labelledby=order-summary-title]");
      const expectChoice = async (plan: string, cycle: string, amount: string) => {
        await expect(submit).toHaveAccessibleName(new RegExp(amount.replace(/[$.]/g, "\\$&")));
        // The amount as the page's language writes it (an isolated left-to-right run).
        expect((await total.innerText()).replace(/[\u2066-\u2069]/g, "")).toBe(amount);
        const shown = await summary.innerText();
        expect(shown).toContain(payment(`plans.${plan}`));
        expect(shown).toContain(payment(`cycles.${cycle}`));
        for (const other of ["basic", "starter", "premium"].filter((id) => id !== plan)) {
          expect(shown).not.toContain(payment(`plans.${other}`));
        }
        expect(shown.includes(payment("summary.yearlySaving"))).toBe(cycle === "yearly");
      };
      await expectChoice("starter", "monthly", "$4.99");
      await field(page, payment("fields.plan")).selectOption("premium");
      await expectChoice("premium", "monthly", "$9.99");
      await page.getByRole("radio", { name: payment("cycles.yearlyWithSaving") }).check();
      await expectChoice("premium", "yearly", "$99.90");
      await field(page, payment("fields.plan")).selectOption("basic");
      await expectChoice("basic", "yearly", "$0.00");
      await page.getByRole("radio", { name: payment("cycles.monthly") }).check();
      await expectChoice("basic", "monthly", "$0.00");
    });
  });
}
