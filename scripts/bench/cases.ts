import { createClient } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS } from "../../app/features/auth/demo-accounts.ts";
import type { Database } from "../../app/lib/database.ts";
import {
  CASE_STATUSES,
  type CasePriority,
  type CaseStatus,
  PRACTICE_AREAS,
} from "../../app/lib/database-values.ts";
import { SECRET_KEY_DEFAULT } from "../../supabase/local/config.ts";

/**
 * Fills the bench's throw-away backend with generated cases, so the case pages are measured over
 * a realistic volume (issue 8: 10,000 cases) instead of the two dozen of the seed. Writes through
 * the service role's REST API in bulk (one request per batch); the database's insert triggers run
 * as usual (contact row and "created" activity per case). Statuses, practice areas, priorities,
 * jurisdictions, budgets and dates are spread deterministically, over the demo accounts: cases
 * past `open` are led by the demo lawyer and belong to their firm.
 */

/** Roughly how cases spread over their life (in CASE_STATUSES' order): most open or engaged, few on hold. */
const STATUS_WEIGHTS = [1, 4, 3, 1, 2, 1];
const PRIORITIES: readonly CasePriority[] = ["low", "normal", "normal", "normal", "high", "urgent"];
const JURISDICTIONS = [
  "California",
  "New York",
  "Texas",
  "Massachusetts",
  "Florida",
  "Federal",
  "Ontario",
  "England",
];
const SUBJECTS = [
  "Contract dispute with a supplier",
  "Tenancy deposit withheld",
  "Visa renewal refused",
  "Unfair dismissal claim",
  "Custody arrangement review",
  "Trademark opposition",
  "Estate administration",
  "Tax assessment appeal",
  "Shareholder agreement",
  "Road accident compensation",
];
const CURRENCIES = ["USD", "USD", "USD", "EUR", "GBP", "CAD"];

const DAY_MS = 86_400_000;

export type BenchCasesResult = { inserted: number; ms: number; sampleCaseId: string };

type DemoIds = { clients: string[]; lawyer: string; firm: string | null };

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

/** The status of the i-th generated case, following STATUS_WEIGHTS. */
function statusOf(index: number): CaseStatus {
  const total = STATUS_WEIGHTS.reduce((sum, weight) => sum + weight, 0);
  let slot = index % total;
  for (const [position, weight] of STATUS_WEIGHTS.entries()) {
    if (slot < weight) return CASE_STATUSES[position] ?? "open";
    slot -= weight;
  }
  return "open";
}

function generatedCase(index: number, ids: DemoIds, now: number) {
  const status = statusOf(index);
  const engaged = status === "engaged" || status === "on_hold" || status === "closed";
  const ageDays = (index * 7) % 720;
  const created = new Date(now - ageDays * DAY_MS - (index % 1440) * 60_000);
  const budgetMin = 500 + (index % 40) * 250;
  return {
    // Given rather than drawn from the database's sequence: its four-digit padding (lpad) cuts
    // numbers from 10,000 on, which would collide with earlier references. Five digits never
    // collide with the seed's CASE-2026-0001…0024, and new cases still continue from 0025.
    reference: `CASE-${created.getUTCFullYear()}-${String(index + 1).padStart(5, "0")}`,
    title: `${pick(SUBJECTS, index)} #${index + 1}`,
    description: `Generated for the benchmark: case ${index + 1} of a realistic volume.`,
    practice_area: pick(PRACTICE_AREAS, index * 3 + 1),
    jurisdiction: pick(JURISDICTIONS, index * 5 + 2),
    status,
    priority: pick(PRIORITIES, index * 7 + 3),
    client_id: pick(ids.clients, index),
    lead_lawyer_id: engaged ? ids.lawyer : null,
    law_firm_id: engaged ? ids.firm : null,
    budget_min: index % 9 === 0 ? null : budgetMin,
    budget_max: index % 9 === 0 ? null : budgetMin + 1000 + (index % 5) * 500,
    currency: pick(CURRENCIES, index),
    needed_by:
      index % 6 === 0
        ? null
        : new Date(now + (((index * 13) % 400) - 60) * DAY_MS).toISOString().slice(0, 10),
    created_at: created.toISOString(),
    updated_at: new Date(created.getTime() + (index % 30) * DAY_MS).toISOString(),
  };
}

async function waitForBackend(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/rest/v1/`, { headers: { apikey: SECRET_KEY_DEFAULT } });
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the bench's backend at ${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Inserts `count` generated cases into the backend at `url` in batches of `batchSize`, and returns
 * the id of a seeded, fully populated case (CASE-2026-0001: members, proposals, activity) for the
 * case page's measurement.
 */
export async function generateBenchCases(
  url: string,
  count = 10_000,
  batchSize = 1_000,
): Promise<BenchCasesResult> {
  await waitForBackend(url);
  const admin = createClient<Database>(url, SECRET_KEY_DEFAULT, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const people = await admin
    .from("users")
    .select("uuid, access_level, law_firm, email")
    .like("email", "%@demo.mylawyer.test");
  if (people.error) throw new Error(`reading the demo accounts failed: ${people.error.message}`);
  const lawyer = people.data.find((person) => person.email === DEMO_ACCOUNTS.lawyer.email);
  const clients = people.data.filter((person) => person.access_level === "user").map((person) => person.uuid);
  if (!lawyer || clients.length === 0)
    throw new Error("the demo client and lawyer are missing from the bench's backend");
  const ids: DemoIds = {
    clients,
    lawyer: lawyer.uuid,
    firm: lawyer.law_firm,
  };

  const started = performance.now();
  const now = Date.now();
  for (let offset = 0; offset < count; offset += batchSize) {
    const batch = Array.from({ length: Math.min(batchSize, count - offset) }, (_, i) =>
      generatedCase(offset + i, ids, now),
    );
    const { error } = await admin.from("cases").insert(batch);
    if (error)
      throw new Error(`inserting cases ${offset + 1}-${offset + batch.length} failed: ${error.message}`);
  }
  const ms = Math.round(performance.now() - started);

  const sample = await admin.from("cases").select("id").eq("reference", "CASE-2026-0001").single();
  if (sample.error) throw new Error(`the seeded case CASE-2026-0001 is missing: ${sample.error.message}`);
  return { inserted: count, ms, sampleCaseId: sample.data.id };
}
