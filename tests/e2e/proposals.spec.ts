import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  asHtml,
  casesOfNewClient,
  createLawyer,
  demoUserId,
  expectToast,
  type FeeType,
  insertProposals,
  openCaseOfNewClient,
  type ProposalStatus,
  proposalsOnCase,
  proposalText,
  setCaseContact,
  storedCase,
  storedProposal,
} from "./proposals-support";
import { collectErrors, proposeAs, signInAs, signInWith, t } from "./support";

/**
 * The proposal pages (/dashboard/case/proposal/…): a lawyer's hand-crafted posts that the pages and
 * the database refuse with a clear message and without changing anything; the proposal form and
 * its confirmations with JavaScript off and on; the list's filters and pages in the URL.
 */

const feeTypeLabel = (type: FeeType) => t("en", "cases", `feeType.${type}`);
const statusLabel = (status: ProposalStatus) => t("en", "cases", `proposalStatus.${status}`);
const proposalUrl = (id: string) => `/dashboard/case/proposal/${id}`;
const PROPOSAL_URL = /\/dashboard\/case\/proposal\/([0-9a-f-]{36})$/;

/** The fields the proposal form posts (without JavaScript every fee field is sent). */
function proposalForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    feeType: "fixed",
    amount: "1",
    hourlyRate: "",
    estimatedHours: "",
    contingencyPercent: "",
    currency: "USD",
    estimatedDurationDays: "10",
    scope: "Taken over by another lawyer.",
    terms: "",
    intent: "submit",
    ...overrides,
  };
}

/** The proposal's status badge (no case status shares these names). */
const statusBadge = (page: Page, status: "submitted" | "viewed") =>
  page.locator(`main [data-status="${status}"]`);

/** The id in a proposal page's address. */
function proposalIdOf(page: Page): string {
  const match = PROPOSAL_URL.exec(new URL(page.url()).pathname);
  if (!match?.[1]) throw new Error(`not a proposal page: ${page.url()}`);
  return match[1];
}

test.describe("a lawyer's hand-crafted posts are refused and change nothing", () => {
  test("the demo lawyer cannot accept their own proposal", async ({ page }) => {
    const { caseId } = await openCaseOfNewClient("Deposit kept");
    const proposalId = await proposeAs(await demoUserId("lawyer"), caseId, 1200);
    const before = await storedProposal(proposalId);
    await signInAs(page, "lawyer", proposalUrl(proposalId));
    // The page offers no Accept to its lawyer …
    await expect(page.getByTestId("proposal-withdraw")).toBeVisible();
    await expect(page.getByTestId("proposal-accept")).toHaveCount(0);

    // … and a forged accept comes back to the proposal with the database's refusal as a toast.
    const response = await page.request.post(proposalUrl(proposalId), { form: { intent: "accept" } });
    expect(response.status()).toBe(200);
    expect(new URL(response.url()).pathname).toBe(proposalUrl(proposalId));
    expect(await response.text()).toContain(asHtml(t("en", "errors", "proposal.onlyClient")));

    expect(await storedProposal(proposalId)).toEqual(before);
    expect(await storedCase(caseId)).toMatchObject({ status: "open", lead_lawyer_id: null });
  });

  test("the demo lawyer cannot edit or withdraw another lawyer's proposal", async ({ page }) => {
    const { caseId } = await openCaseOfNewClient("Noisy neighbour");
    const other = await createLawyer("proposal-other");
    const proposalId = await proposeAs(other.id, caseId, 3000);
    const before = await storedProposal(proposalId);
    await signInAs(page, "lawyer");

    // Another lawyer's proposal is invisible to them: its pages and its edit are not found.
    expect((await page.goto(proposalUrl(proposalId)))?.status()).toBe(404);
    expect((await page.goto(`${proposalUrl(proposalId)}/edit`))?.status()).toBe(404);
    const edit = await page.request.post(`${proposalUrl(proposalId)}/edit`, {
      form: proposalForm({ amount: "1" }),
    });
    expect(edit.status()).toBe(404);

    // A forged withdrawal changes no row and says so, wherever it returns to (the proposal's own
    // page is a 404 for them, whose toast still explains).
    const withdraw = await page.request.post(proposalUrl(proposalId), {
      form: { intent: "withdraw", returnTo: "/dashboard/case/proposal/list" },
    });
    expect(withdraw.status()).toBe(200);
    expect(await withdraw.text()).toContain(asHtml(t("en", "errors", "proposal.notAllowed")));
    const withdrawHere = await page.request.post(proposalUrl(proposalId), { form: { intent: "withdraw" } });
    expect(withdrawHere.status()).toBe(404);
    expect(await withdrawHere.text()).toContain(asHtml(t("en", "errors", "proposal.notAllowed")));
    // An intent the page does not know, and an id that is not one, are refused as such.
    const unknown = await page.request.post(proposalUrl(proposalId), {
      form: { intent: "approve", returnTo: "/dashboard/case/proposal/list" },
    });
    expect(await unknown.text()).toContain(asHtml(t("en", "errors", "invalidRequest")));
    const malformed = await page.request.post(proposalUrl("not-a-uuid"), { form: { intent: "decline" } });
    expect(malformed.status()).toBe(200);
    expect(await malformed.text()).toContain(asHtml(t("en", "errors", "proposal.notFound")));

    expect(await storedProposal(proposalId)).toEqual(before);
    expect(await storedCase(caseId)).toMatchObject({ status: "open" });
  });

  test("the demo lawyer cannot edit their own proposal once it is decided", async ({ page }) => {
    const { caseId } = await openCaseOfNewClient("Unpaid invoice");
    const [proposalId = ""] = await insertProposals([
      { caseId, lawyerId: await demoUserId("lawyer"), feeType: "hourly", status: "declined" },
    ]);
    const before = await storedProposal(proposalId);
    await signInAs(page, "lawyer", `${proposalUrl(proposalId)}/edit`);
    await expect(page.getByTestId("proposal-refusal")).toHaveAttribute("data-reason", "notEditable");
    await expect(page.locator("form#proposal")).toHaveCount(0);

    const edit = await page.request.post(`${proposalUrl(proposalId)}/edit`, {
      form: proposalForm({ feeType: "fixed", amount: "5" }),
    });
    expect(edit.status()).toBe(403);
    expect(await storedProposal(proposalId)).toEqual(before);
  });

  test("the demo lawyer cannot propose on a closed case", async ({ page }) => {
    const lawyerId = await demoUserId("lawyer");
    const lead = await createLawyer("proposal-lead");
    const { cases } = await casesOfNewClient([`Settled boundary dispute ${Date.now()}`], {
      status: "closed",
      leadLawyerId: lead.id,
    });
    const caseId = cases[0]?.id ?? "";
    // The demo lawyer proposed while it was open (declined since), so they still see the case.
    await insertProposals([{ caseId, lawyerId, feeType: "fixed", status: "declined" }]);
    const before = await proposalsOnCase(caseId);

    await signInAs(page, "lawyer", `/dashboard/case/proposal/${caseId}/new`);
    await expect(page.getByTestId("proposal-refusal")).toHaveAttribute("data-reason", "caseNotOpen");
    await expect(page.locator("form#proposal")).toHaveCount(0);

    for (const intent of ["submit", "draft"]) {
      const response = await page.request.post(`/dashboard/case/proposal/${caseId}/new`, {
        form: proposalForm({ intent }),
      });
      // The page answers with its explanation in place of the form.
      expect(response.status(), intent).toBe(409);
      const html = await response.text();
      expect(html).toContain('data-reason="caseNotOpen"');
      expect(html).toContain(asHtml(proposalText("refusal.caseNotOpen.title")));
    }
    expect(await proposalsOnCase(caseId)).toEqual(before);
    expect(await storedCase(caseId)).toMatchObject({ status: "closed", lead_lawyer_id: lead.id });
  });

  test("the demo lawyer cannot send a second live proposal on a case", async ({ page }) => {
    const { caseId } = await openCaseOfNewClient("Lease renewal");
    const proposalId = await proposeAs(await demoUserId("lawyer"), caseId, 900);
    const before = await proposalsOnCase(caseId);

    await signInAs(page, "lawyer", `/dashboard/case/proposal/${caseId}/new`);
    const refusal = page.getByTestId("proposal-refusal");
    await expect(refusal).toHaveAttribute("data-reason", "alreadyProposed");
    await expect(refusal.getByRole("link", { name: proposalText("refusal.openYours") })).toHaveAttribute(
      "href",
      proposalUrl(proposalId),
    );

    const response = await page.request.post(`/dashboard/case/proposal/${caseId}/new`, {
      form: proposalForm({ feeType: "contingency", contingencyPercent: "25", amount: "" }),
    });
    expect(response.status()).toBe(409);
    const html = await response.text();
    expect(html).toContain('data-reason="alreadyProposed"');
    expect(html).toContain(asHtml(proposalText("refusal.alreadyProposed.title")));
    expect(await proposalsOnCase(caseId)).toEqual(before);
  });

  test("the demo lawyer does not read a client's contact details on an open case", async ({ page }) => {
    const { caseId, client, title } = await openCaseOfNewClient("Contact hidden");
    const phone = `+1 617 555 ${String(Date.now()).slice(-4)}`;
    await setCaseContact(caseId, { email: client.email, phone });

    await signInAs(page, "lawyer", `/dashboard/case/${caseId}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
    await expect(page.getByTestId("case-contact")).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toContain(client.email);
    expect(html).not.toContain(phone);

    // The JSON endpoint returns the case (same RLS) without any way to reach its client.
    const response = await page.request.get(
      `/api/case_management?q=${encodeURIComponent(title)}&scope=marketplace`,
    );
    expect(response.status()).toBe(200);
    const body = await response.text();
    const json = JSON.parse(body) as { cases: { id: string }[]; total: number };
    expect(json.cases.map((row) => row.id)).toContain(caseId);
    expect(body).not.toContain(client.email);
    expect(body).not.toContain(phone);

    // The client, whose case it is, does see them (the check above is not vacuous).
    await page.context().clearCookies();
    await signInWith(page, client.email, `/dashboard/case/${caseId}`);
    await expect(page.getByTestId("case-contact")).toContainText(client.email);
    await expect(page.getByTestId("case-contact")).toContainText(phone);
  });
});

/** A signed-in page of its own for a second person in the same test. */
async function pageOf(browser: Browser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled });
  return context.newPage();
}

test.describe("JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a lawyer drafts an hourly proposal, edits, submits and withdraws it; the client views and declines another", async ({
    page,
    browser,
  }) => {
    // Two people, eleven page loads: longer than the default budget.
    test.slow();
    const { caseId, client } = await openCaseOfNewClient("Security deposit");
    const lawyer = await createLawyer("proposal-nojs");
    await signInWith(page, lawyer.email, `/dashboard/case/proposal/${caseId}/new`);

    // Without JavaScript every fee field is there, each saying which fee type it belongs to.
    await page.getByRole("radio", { name: feeTypeLabel("hourly") }).check();
    await page.getByLabel(proposalText("form.hourlyRate")).fill("180");
    await page.getByLabel(proposalText("form.estimatedHours")).fill("7.5");
    await page.getByLabel(proposalText("form.duration")).fill("21");
    await page.getByLabel(proposalText("form.scope")).fill("Draft the demand letter.");
    await page.getByRole("button", { name: proposalText("form.saveDraft") }).click();
    await page.waitForURL(PROPOSAL_URL);
    const proposalId = proposalIdOf(page);
    await expectToast(page, proposalText("flash.draftSaved"));
    expect(await storedProposal(proposalId)).toMatchObject({
      status: "draft",
      fee_type: "hourly",
      hourly_rate: 180,
      estimated_hours: 7.5,
      amount: null,
      estimated_duration_days: 21,
    });

    // Edit the draft and keep it a draft.
    await page.getByRole("link", { name: proposalText("actions.edit") }).click();
    await expect(page.getByLabel(proposalText("form.hourlyRate"))).toHaveValue("180");
    await page.getByLabel(proposalText("form.hourlyRate")).fill("195.5");
    await page.getByLabel(proposalText("form.scope")).fill("Draft the demand letter and file the claim.");
    await page.getByRole("button", { name: proposalText("form.saveDraft") }).click();
    await page.waitForURL(PROPOSAL_URL);
    await expectToast(page, proposalText("flash.draftSaved"));
    expect(await storedProposal(proposalId)).toMatchObject({
      status: "draft",
      hourly_rate: 195.5,
      scope: "Draft the demand letter and file the claim.",
    });

    // Submit it from its page.
    await page.getByRole("button", { name: proposalText("actions.submit") }).click();
    await expectToast(page, proposalText("flash.submitted"));
    await expect(statusBadge(page, "submitted")).toHaveText(statusLabel("submitted"));
    expect((await storedProposal(proposalId))?.status).toBe("submitted");

    // Withdraw: the link opens the question in place; Cancel goes back, Confirm withdraws.
    await page.getByTestId("proposal-withdraw").click();
    const question = page.getByRole("alertdialog");
    await expect(question).toContainText(proposalText("confirm.withdraw.title"));
    await question.getByRole("link", { name: proposalText("confirm.cancel") }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect((await storedProposal(proposalId))?.status).toBe("submitted");
    await page.getByTestId("proposal-withdraw").click();
    await page
      .getByRole("alertdialog")
      .getByRole("button", { name: proposalText("confirm.withdraw.confirm") })
      .click();
    await expectToast(page, proposalText("flash.withdrawn"));
    expect(new URL(page.url()).search).toBe("");
    expect((await storedProposal(proposalId))?.status).toBe("withdrawn");
    await expect(page.getByTestId("proposal-actions")).toHaveCount(0);

    // A withdrawn proposal is not live: the lawyer proposes again, submitted at once (fixed fee).
    await page.goto(`/dashboard/case/proposal/${caseId}/new`);
    await page.getByLabel(proposalText("form.amount")).fill("2750");
    await page.getByLabel(proposalText("form.scope")).fill("Claim the deposit back, court included.");
    await page.getByRole("button", { name: proposalText("form.submit") }).click();
    await page.waitForURL(PROPOSAL_URL);
    await expectToast(page, proposalText("flash.submitted"));
    const secondId = proposalIdOf(page);
    expect(secondId).not.toBe(proposalId);
    expect(await storedProposal(secondId)).toMatchObject({
      status: "submitted",
      fee_type: "fixed",
      amount: 2750,
    });

    // The client opens it: it becomes viewed, with Accept and Decline.
    const clientPage = await pageOf(browser, false);
    await signInWith(clientPage, client.email, proposalUrl(secondId));
    expect((await storedProposal(secondId))?.status).toBe("viewed");
    await expect(statusBadge(clientPage, "viewed")).toHaveText(statusLabel("viewed"));
    await expect(clientPage.getByTestId("proposal-accept")).toBeVisible();
    await expect(clientPage.getByTestId("proposal-decline")).toBeVisible();
    await expect(clientPage.getByTestId("proposal-withdraw")).toHaveCount(0);

    // Decline after confirming.
    await clientPage.getByTestId("proposal-decline").click();
    await clientPage
      .getByRole("alertdialog")
      .getByRole("button", { name: proposalText("confirm.decline.confirm") })
      .click();
    await expectToast(clientPage, proposalText("flash.declined"));
    expect((await storedProposal(secondId))?.status).toBe("declined");
    await expect(clientPage.getByTestId("proposal-actions")).toHaveCount(0);
    expect(await storedCase(caseId)).toMatchObject({ status: "open" });
    await clientPage.context().close();
  });

  test("the proposal list filters by status and fee type in the URL and pages", async ({ page }) => {
    test.slow();
    const lawyer = await createLawyer("proposal-list");
    const plan: { feeType: FeeType; status: ProposalStatus }[] = [
      ...Array.from({ length: 6 }, () => ({ feeType: "fixed" as const, status: "submitted" as const })),
      { feeType: "hourly", status: "submitted" },
      { feeType: "hourly", status: "submitted" },
      { feeType: "hourly", status: "draft" },
      { feeType: "contingency", status: "viewed" },
      { feeType: "retainer", status: "withdrawn" },
      { feeType: "fixed", status: "declined" },
      { feeType: "fixed", status: "declined" },
    ];
    const { cases } = await casesOfNewClient(
      plan.map((_, index) => `Listed case ${index + 1} ${Date.now()}`),
    );
    const ids = await insertProposals(
      plan.map((row, index) => ({ ...row, caseId: cases[index]?.id ?? "", lawyerId: lawyer.id })),
    );
    const idsWhere = (keep: (row: (typeof plan)[number]) => boolean) =>
      ids.filter((_, index) => keep(plan[index] as (typeof plan)[number])).sort();
    const shownIds = async () =>
      (
        await page
          .getByTestId("proposal-card")
          .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-proposal-id") ?? ""))
      ).sort();
    const total = page.getByTestId("proposal-total");

    await signInWith(page, lawyer.email, "/dashboard/case/proposal/list");
    await expect(total).toHaveText(`${plan.length} proposals`);
    await expect(page.getByTestId("proposal-card")).toHaveCount(10);
    const firstPage = await shownIds();

    // Page 2 through the pagination's link.
    await page
      .getByRole("link", { name: t("en", "table", "pagination.goToPage").replace("{{page}}", "2") })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/case\/proposal\/list\?page=2$/);
    await expect(page.getByTestId("proposal-card")).toHaveCount(plan.length - 10);
    expect([...firstPage, ...(await shownIds())].sort()).toEqual([...ids].sort());

    // The filter form is a GET form: the state lands in the URL.
    await page.getByLabel(proposalText("list.status")).selectOption("submitted");
    await page.getByLabel(proposalText("list.feeType")).selectOption("hourly");
    await page.getByRole("button", { name: proposalText("list.apply") }).click();
    await expect(page).toHaveURL(/[?&]status=submitted/);
    await expect(page).toHaveURL(/[?&]fee=hourly/);
    await expect(total).toHaveText("2 proposals");
    expect(await shownIds()).toEqual(
      idsWhere((row) => row.status === "submitted" && row.feeType === "hourly"),
    );

    // Links carry it: one filter at a time, straight from the address.
    for (const [query, keep] of [
      ["fee=hourly", (row: (typeof plan)[number]) => row.feeType === "hourly"],
      ["status=declined", (row: (typeof plan)[number]) => row.status === "declined"],
      ["status=viewed&fee=contingency", (row: (typeof plan)[number]) => row.status === "viewed"],
      ["fee=retainer&status=submitted", () => false],
    ] as const) {
      await page.goto(`/dashboard/case/proposal/list?${query}`);
      const expected = idsWhere(keep);
      await expect(total).toHaveText(
        `${expected.length} ${expected.length === 1 ? "proposal" : "proposals"}`,
      );
      expect(await shownIds(), query).toEqual(expected);
    }
    await expect(page.getByText(proposalText("list.noMatch"))).toBeVisible();

    // Values it does not know are ignored rather than refused; a page past the end is empty, not an error.
    const unknown = await page.goto("/dashboard/case/proposal/list?status=archived&fee=barter&page=zero");
    expect(unknown?.status()).toBe(200);
    await expect(total).toHaveText(`${plan.length} proposals`);
    // A page past the end is empty, not an error, and still counts them all with links back.
    const pastTheEnd = await page.goto("/dashboard/case/proposal/list?page=99");
    expect(pastTheEnd?.status()).toBe(200);
    await expect(total).toHaveText(`${plan.length} proposals`);
    await expect(page.getByTestId("proposal-card")).toHaveCount(0);
    await page
      .getByRole("link", { name: t("en", "table", "pagination.goToPage").replace("{{page}}", "1") })
      .click();
    await expect(page.getByTestId("proposal-card")).toHaveCount(10);
  });
});

test.describe("JavaScript on", () => {
  test("the fee type shows only its fields, a missing amount is a field error, and submit works", async ({
    page,
  }) => {
    const { caseId } = await openCaseOfNewClient("Rent arrears");
    const lawyer = await createLawyer("proposal-js");
    const errors = collectErrors(page);
    await signInWith(page, lawyer.email, `/dashboard/case/proposal/${caseId}/new`);

    const fields = {
      amount: page.getByTestId("fee-amount"),
      hourlyRate: page.getByTestId("fee-hourlyRate"),
      estimatedHours: page.getByTestId("fee-estimatedHours"),
      contingencyPercent: page.getByTestId("fee-contingencyPercent"),
    };
    const expectOnly = async (...shown: (keyof typeof fields)[]) => {
      for (const [name, field] of Object.entries(fields)) {
        await expect(field, name).toHaveCount(shown.includes(name as keyof typeof fields) ? 1 : 0);
      }
    };
    await expectOnly("amount");
    await page.getByRole("radio", { name: feeTypeLabel("hourly") }).check();
    await expectOnly("hourlyRate", "estimatedHours");
    await page.getByRole("radio", { name: feeTypeLabel("contingency") }).check();
    await expectOnly("contingencyPercent");
    await page.getByRole("radio", { name: feeTypeLabel("retainer") }).check();
    await expectOnly("amount");
    await expect(page.getByLabel(proposalText("form.retainer"))).toBeVisible();
    await page.getByRole("radio", { name: feeTypeLabel("fixed") }).check();
    await expectOnly("amount");
    await expect(page.getByLabel(proposalText("form.amount"))).toBeVisible();

    // Submitting without an amount: the field says so and nothing is written.
    await page.getByLabel(proposalText("form.scope")).fill("Negotiate a payment plan with the landlord.");
    await page.getByRole("button", { name: proposalText("form.submit") }).click();
    await expect(page.getByText(proposalText("errors.amountRequired"))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboard/case/proposal/${caseId}/new$`));
    expect(await proposalsOnCase(caseId)).toEqual([]);

    await fields.amount.fill("1250.50");
    await expect(page.getByText(proposalText("errors.amountRequired"))).toHaveCount(0);
    await page.getByRole("button", { name: proposalText("form.submit") }).click();
    await page.waitForURL(PROPOSAL_URL);
    await expectToast(page, proposalText("flash.submitted"));
    expect(await storedProposal(proposalIdOf(page))).toMatchObject({
      status: "submitted",
      fee_type: "fixed",
      amount: 1250.5,
      lawyer_id: lawyer.id,
    });
    expect(errors).toEqual([]);
  });
});

test.describe("a proposal form sent twice creates one proposal", () => {
  test("JavaScript on: while it is sent both buttons are disabled, and a double click is one proposal", async ({
    page,
  }) => {
    const { caseId } = await openCaseOfNewClient("Double submit");
    const lawyer = await createLawyer("proposal-double-js");
    await signInWith(page, lawyer.email, `/dashboard/case/proposal/${caseId}/new`);
    await page.getByTestId("fee-amount").fill("800");
    await page.getByLabel(proposalText("form.scope")).fill("Write to the landlord and negotiate.");
    let posts = 0;
    await page.route(`**/dashboard/case/proposal/${caseId}/new*`, async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      posts += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const submit = page.getByRole("button", { name: proposalText("form.submit") });
    const draft = page.getByRole("button", { name: proposalText("form.saveDraft") });
    await submit.dblclick();
    await expect(submit).toBeDisabled();
    await expect(draft).toBeDisabled();
    await draft.dispatchEvent("click");
    await page.waitForURL(PROPOSAL_URL);
    await expectToast(page, proposalText("flash.submitted"));
    expect(posts).toBe(1);
    const stored = await proposalsOnCase(caseId);
    expect(stored.map((row) => row.id)).toEqual([proposalIdOf(page)]);
  });

  test.describe("JavaScript off", () => {
    test.use({ javaScriptEnabled: false });

    test("the same form posted twice answers both with the one proposal it created", async ({ page }) => {
      const { caseId } = await openCaseOfNewClient("Posted twice");
      const lawyer = await createLawyer("proposal-double-nojs");
      await signInWith(page, lawyer.email, `/dashboard/case/proposal/${caseId}/new`);
      const key = await page.locator('input[type="hidden"][name="idempotency_key"]').inputValue();
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      const url = `/dashboard/case/proposal/${caseId}/new`;
      const post = (intent: string) =>
        page.request.post(url, { form: proposalForm({ idempotency_key: key, intent }), maxRedirects: 0 });
      const first = await post("submit");
      const second = await post("submit");
      const third = await post("draft");
      const stored = await proposalsOnCase(caseId);
      expect(stored).toHaveLength(1);
      for (const response of [first, second, third]) {
        expect(response.status()).toBe(302);
        expect(response.headers().location).toBe(proposalUrl(stored[0]?.id ?? ""));
      }
      expect(stored[0]).toMatchObject({ status: "submitted", lawyer_id: lawyer.id });

      // Without a key the post is refused and nothing is written.
      const { caseId: otherCase } = await openCaseOfNewClient("No key");
      const stale = await page.request.post(`/dashboard/case/proposal/${otherCase}/new`, {
        form: proposalForm(),
        maxRedirects: 0,
      });
      expect(stale.status()).toBe(400);
      expect(await proposalsOnCase(otherCase)).toEqual([]);
    });
  });
});
