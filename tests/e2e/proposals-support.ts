import { expect, type Page } from "@playwright/test";
import { BACKEND_URL, backendRows, createTestUser, DEMO_ACCOUNTS, setAccessLevel, t } from "./support";

/**
 * Test data of the proposal specs, written as the system (service role) so every test has cases
 * and proposals of its own: tests run in parallel, and the seeded ones are shared with other specs.
 */

/** The Supabase CLI's default service_role key (as in support.ts), which the local backend accepts. */
const SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

async function asSystem<Row>(method: "POST" | "PATCH", path: string, body: object): Promise<Row[]> {
  const response = await fetch(`${BACKEND_URL}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      "Content-Type": "application/json",
      Prefer: "return=representation",
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Row[];
}

/** A message of the `proposals` namespace in English. */
export const proposalText = (key: string) => t("en", "proposals", key);

export async function demoUserId(account: keyof typeof DEMO_ACCOUNTS): Promise<string> {
  const [row] = await backendRows<{ uuid: string }>(
    "users",
    `select=uuid&email=eq.${encodeURIComponent(DEMO_ACCOUNTS[account].email)}`,
  );
  if (!row) throw new Error(`no ${account} account`);
  return row.uuid;
}

/** A fresh account with the lawyer access level (no firm). */
export async function createLawyer(label: string): Promise<{ id: string; email: string }> {
  const lawyer = await createTestUser(label);
  await setAccessLevel(lawyer.id, "lawyer");
  return lawyer;
}

type CaseStatus = "open" | "closed";

/**
 * Cases of a fresh client, one per title. A closed case needs a lead lawyer (the database's rule):
 * `leadLawyerId` gives it one.
 */
export async function casesOfNewClient(
  titles: string[],
  { status = "open", leadLawyerId = null }: { status?: CaseStatus; leadLawyerId?: string | null } = {},
) {
  const client = await createTestUser("proposal-client");
  const rows = await asSystem<{ id: string; title: string; reference: string }>(
    "POST",
    "cases?select=id,title,reference",
    titles.map((title) => ({
      title,
      description: "My landlord keeps the deposit and will not answer my letters.",
      practice_area: "real_estate",
      jurisdiction: "Massachusetts",
      status,
      client_id: client.id,
      lead_lawyer_id: leadLawyerId,
    })),
  );
  return { client, cases: rows };
}

/** One open case of a fresh client, its title unique to the test. */
export async function openCaseOfNewClient(label: string) {
  const { client, cases } = await casesOfNewClient([`${label} ${Date.now()} ${Math.random()}`]);
  const created = cases[0];
  if (!created) throw new Error("no case created");
  return { client, caseId: created.id, title: created.title, reference: created.reference };
}

export type FeeType = "fixed" | "hourly" | "contingency" | "retainer";
export type ProposalStatus = "draft" | "submitted" | "viewed" | "accepted" | "declined" | "withdrawn";

/** The figures each fee type needs (the database checks that the others are empty). */
const FEES: Record<FeeType, object> = {
  fixed: { amount: 2400 },
  hourly: { hourly_rate: 250, estimated_hours: 12 },
  contingency: { contingency_percent: 30 },
  retainer: { amount: 1500 },
};

/** Proposals written by the system, e.g. a history of decided ones the API could not insert. */
export async function insertProposals(
  rows: { caseId: string; lawyerId: string; feeType: FeeType; status: ProposalStatus }[],
): Promise<string[]> {
  const created = await asSystem<{ id: string }>(
    "POST",
    "proposals?select=id",
    rows.map((row) => ({
      case_id: row.caseId,
      lawyer_id: row.lawyerId,
      fee_type: row.feeType,
      amount: null,
      hourly_rate: null,
      estimated_hours: null,
      contingency_percent: null,
      ...FEES[row.feeType],
      currency: "USD",
      estimated_duration_days: 30,
      scope: "Write to the landlord, then claim the deposit in small claims court.",
      terms: "",
      status: row.status,
    })),
  );
  return created.map((row) => row.id);
}

/** Sets how to reach a case's client (as the client would on their case). */
export async function setCaseContact(caseId: string, contact: { email: string; phone: string }) {
  await asSystem("PATCH", `case_contacts?case_id=eq.${caseId}`, contact);
}

export type StoredProposal = {
  id: string;
  case_id: string;
  lawyer_id: string;
  status: ProposalStatus;
  fee_type: FeeType;
  amount: number | null;
  hourly_rate: number | null;
  estimated_hours: number | null;
  contingency_percent: number | null;
  estimated_duration_days: number | null;
  scope: string;
  terms: string;
  updated_at: string;
};

export async function storedProposal(id: string): Promise<StoredProposal | undefined> {
  const [row] = await backendRows<StoredProposal>("proposals", `id=eq.${id}&select=*`);
  return row;
}

export async function proposalsOnCase(caseId: string): Promise<StoredProposal[]> {
  return backendRows<StoredProposal>("proposals", `case_id=eq.${caseId}&select=*&order=created_at`);
}

export type StoredCase = { status: string; lead_lawyer_id: string | null; updated_at: string };

export async function storedCase(caseId: string): Promise<StoredCase | undefined> {
  const [row] = await backendRows<StoredCase>(
    "cases",
    `id=eq.${caseId}&select=status,lead_lawyer_id,updated_at`,
  );
  return row;
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
