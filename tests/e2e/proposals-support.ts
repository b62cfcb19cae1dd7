import { expect, type Page } from "@playwright/test";
import { createTestUser, insertCases, t } from "./support";

/**
 * Helpers of the proposal specs. Their test data comes from the shared factories (support.ts),
 * written as the system so every test has cases and proposals of its own: tests run in parallel,
 * and the seeded ones are shared with other specs.
 */

/** A message of the `proposals` namespace in English. */
export const proposalText = (key: string) => t("en", "proposals", key);

/**
 * Cases of a fresh client, one per title. A closed case needs a lead lawyer (the database's rule):
 * `leadLawyerId` gives it one.
 */
export async function casesOfNewClient(
  titles: string[],
  { status = "open", leadLawyerId = null }: { status?: "open" | "closed"; leadLawyerId?: string | null } = {},
) {
  const client = await createTestUser("proposal-client");
  const cases = await insertCases(
    client.id,
    titles.map((title) => ({
      title,
      description: "My landlord keeps the deposit and will not answer my letters.",
      status,
      lead_lawyer_id: leadLawyerId,
    })),
  );
  return { client, cases };
}

/** One open case of a fresh client, its title unique to the test. */
export async function openCaseOfNewClient(label: string) {
  const { client, cases } = await casesOfNewClient([`${label} ${Date.now()} ${Math.random()}`]);
  const created = cases[0];
  if (!created) throw new Error("no case created");
  return { client, caseId: created.id, title: created.title, reference: created.reference };
}

/** Text as React writes it into HTML (quotes and ampersands escaped), to find it in a response body. */
export function asHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
}

/** The flash toast an action left on the page it redirected to. */
export async function expectToast(page: Page, message: string) {
  await expect(page.getByText(message, { exact: true })).toBeVisible();
}
