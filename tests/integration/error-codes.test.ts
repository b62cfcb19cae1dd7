import type { PostgrestError } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { createProposal, runProposalAction } from "../../app/features/proposals/mutations.server.ts";
import type { Supabase } from "../../app/lib/database.ts";
import { type ErrorCode, errorCodeOf, messageOf } from "../../app/lib/errors.ts";
import { caseFields, createCase, insertCase, proposalFields, propose } from "./case-factories.ts";
import { createUser } from "./helpers.ts";

/**
 * The one error vocabulary (docs/decisions/0012-one-error-vocabulary.md) through supabase-js: a
 * refused write carries a stable "<domain>:<reason>" in `details` next to its SQLSTATE, and the
 * local backend passes `code`, `details` and `hint` through as PostgREST does. The app's mapping
 * reads only the code (supabase/migrations/20261127010000_error_codes.sql).
 */

type Person = { id: string; client: Supabase };
type Refusal = { status: number; error: PostgrestError | null };

function expectRefusal(result: Refusal, sqlState: string, code: ErrorCode, status: number) {
  expect(result.error, code).not.toBeNull();
  expect(result.status, code).toBe(status);
  expect(result.error?.code, code).toBe(sqlState);
  expect(result.error?.details, code).toBe(code);
  expect(errorCodeOf(result.error ?? {}), code).toBe(code);
}

let client: Person;
let lawyer: Person;

beforeAll(async () => {
  [client, lawyer] = await Promise.all([createUser("user"), createUser("lawyer")]);
});

describe("proposal refusals carry their code", () => {
  it("a person who is not a lawyer: proposal:not_lawyer (42501, 403)", async () => {
    const open = await insertCase(lawyer.id);
    const result = await client.client.from("proposals").insert({ case_id: open.id, ...proposalFields() });
    expectRefusal(result, "42501", "proposal:not_lawyer", 403);
  });

  it("a lawyer on their own case: proposal:own_case", async () => {
    const own = await insertCase(lawyer.id);
    const result = await lawyer.client.from("proposals").insert({ case_id: own.id, ...proposalFields() });
    expectRefusal(result, "42501", "proposal:own_case", 403);
  });

  it("a case that is not open: proposal:case_not_open, with the hint passed through", async () => {
    const cancelled = await insertCase(client.id, { status: "cancelled" });
    const result = await lawyer.client
      .from("proposals")
      .insert({ case_id: cancelled.id, ...proposalFields() });
    expectRefusal(result, "23514", "proposal:case_not_open", 400);
    expect(result.error?.hint).toBe("Lawyers propose only while a case is open.");
  });

  it("a second live proposal: proposal:already_proposed (23505, 409)", async () => {
    const open = await createCase(client.client);
    await propose(lawyer.client, open.id);
    const result = await lawyer.client.from("proposals").insert({ case_id: open.id, ...proposalFields() });
    expectRefusal(result, "23505", "proposal:already_proposed", 409);
  });

  it("a draft submitted without its scope: proposal:scope_required", async () => {
    const open = await createCase(client.client);
    const draft = await propose(lawyer.client, open.id, { status: "draft", scope: "" });
    const result = await lawyer.client.from("proposals").update({ status: "submitted" }).eq("id", draft.id);
    expectRefusal(result, "23514", "proposal:scope_required", 400);
  });

  it("accepting another person's proposal: proposal:not_the_client", async () => {
    const open = await createCase(client.client);
    const sent = await propose(lawyer.client, open.id);
    const result = await lawyer.client.rpc("accept_proposal", { p_proposal_id: sent.id });
    expectRefusal(result, "42501", "proposal:not_the_client", 403);
  });
});

describe("case refusals carry their code", () => {
  it("a move the status rules do not allow: case:status_not_allowed", async () => {
    const draft = await createCase(client.client, { status: "draft" });
    const result = await client.client.from("cases").update({ status: "closed" }).eq("id", draft.id);
    expectRefusal(result, "23514", "case:status_not_allowed", 400);
  });

  it("publishing without a description: case:description_required", async () => {
    const draft = await createCase(client.client, { status: "draft", description: "" });
    const result = await client.client.from("cases").update({ status: "open" }).eq("id", draft.id);
    expectRefusal(result, "23514", "case:description_required", 400);
  });

  it("creating a published case without a description: case:description_required", async () => {
    const result = await client.client.from("cases").insert(caseFields({ status: "open", description: " " }));
    expectRefusal(result, "23514", "case:description_required", 400);
  });
});

describe("the mutations turn the code into the one message", () => {
  it("createProposal on one's own case is refused as proposal:own_case", async () => {
    const own = await insertCase(lawyer.id);
    const outcome = await createProposal(
      lawyer.client,
      own.id,
      {
        intent: "submit",
        feeType: "fixed",
        amount: 1000,
        currency: "USD",
        scope: "Review the file.",
        terms: "",
      },
      { lawyerId: lawyer.id, idempotencyKey: crypto.randomUUID() },
    );
    expect(outcome).toEqual({ ok: false, code: "proposal:own_case" });
    if (!outcome.ok) expect(messageOf(outcome.code)).toBe("errors:proposal.ownCase");
  });

  it("accepting as the lawyer through runProposalAction is proposal:not_the_client", async () => {
    const open = await createCase(client.client);
    const sent = await propose(lawyer.client, open.id);
    expect(await runProposalAction(lawyer.client, sent.id, "accept")).toEqual({
      ok: false,
      code: "proposal:not_the_client",
    });
  });
});
