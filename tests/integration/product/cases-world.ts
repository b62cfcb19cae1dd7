import type { PostgrestError } from "@supabase/supabase-js";
import { beforeAll, expect } from "vitest";
import type { Supabase } from "../../../app/lib/database.ts";
import type { MemberRole } from "../../../app/lib/database-values.ts";
import {
  type CaseRow,
  createCase,
  createFirm,
  createUser,
  type ProposalRow,
  proposalFields,
  propose,
  service,
} from "../helpers.ts";

/**
 * The world of the cases tests (supabase/migrations/20261123000400_cases.sql): people on firms of
 * their own and cases and proposals in each state, written through the API as the people
 * themselves. Each test file that calls caseWorld() gets a world of its own, so files run in
 * parallel and a file's writes never change what another file sees.
 */

export type Person = { id: string; email: string; client: Supabase };
export type Actor = "client" | "stranger" | "lawyer" | "rival" | "firmAdmin" | "admin" | "superUser";
export const ACTORS: Actor[] = ["client", "stranger", "lawyer", "rival", "firmAdmin", "admin", "superUser"];

/** The statuses the database allows, as the app lists them (a test that they agree is seeded-cases). */
export { CASE_STATUSES, PROPOSAL_STATUSES } from "../../../app/lib/database-values.ts";

export const LEGAL_CASE_MOVES = [
  "draft>open",
  "draft>cancelled",
  "open>engaged",
  "open>cancelled",
  "engaged>on_hold",
  "on_hold>engaged",
  "engaged>closed",
  "on_hold>closed",
];
export const LEGAL_PROPOSAL_MOVES = [
  "draft>submitted",
  "submitted>viewed",
  "submitted>accepted",
  "submitted>declined",
  "submitted>withdrawn",
  "viewed>accepted",
  "viewed>declined",
  "viewed>withdrawn",
];

/**
 * The people of a world, on firms of their own:
 * client and stranger are clients (access level user); lawyer (firm A) leads the engaged case;
 * rival (firm B) lost it; firmAdmin is firm A's lawyer_admin; associate (firm A) is added to the
 * team; drafter (firm B) keeps a draft; admin and superUser are the platform's.
 */
export type CaseWorld = {
  people: Record<Actor | "associate" | "drafter", Person>;
  fixtures: {
    draftCase: CaseRow;
    openCase: CaseRow;
    engagedCase: CaseRow;
    strangerCase: CaseRow;
    lawyerOnOpen: ProposalRow;
    rivalOnOpen: ProposalRow;
    draftOnOpen: ProposalRow;
    lawyerWon: ProposalRow;
    rivalLost: ProposalRow;
  };
  firmA: string;
  firmB: string;
};

/** Builds a world before the file's tests run; its fields are filled in by then. */
export function caseWorld(): CaseWorld {
  const world = { people: {}, fixtures: {}, firmA: "", firmB: "" } as CaseWorld;
  const { people, fixtures } = world;
  beforeAll(async () => {
    const [firmA, firmB] = await Promise.all([createFirm("alpha"), createFirm("beta")]);
    Object.assign(world, { firmA, firmB });
    const [clientPerson, stranger, lawyer, rival, firmAdmin, associate, drafter, admin, superUser] =
      await Promise.all([
        createUser("user"),
        createUser("user"),
        createUser("lawyer", { law_firm: firmA }),
        createUser("lawyer", { law_firm: firmB }),
        createUser("lawyer_admin", { law_firm: firmA }),
        createUser("lawyer", { law_firm: firmA }),
        createUser("lawyer", { law_firm: firmB }),
        createUser("admin"),
        createUser("super_user"),
      ]);
    Object.assign(people, {
      client: clientPerson,
      stranger,
      lawyer,
      rival,
      firmAdmin,
      associate,
      drafter,
      admin,
      superUser,
    });

    fixtures.draftCase = await createCase(clientPerson.client, { status: "draft", title: "Draft case" });
    fixtures.openCase = await createCase(clientPerson.client, { title: "Open case" });
    fixtures.strangerCase = await createCase(stranger.client, { title: "Stranger's case" });
    fixtures.lawyerOnOpen = await propose(lawyer.client, fixtures.openCase.id);
    fixtures.rivalOnOpen = await propose(rival.client, fixtures.openCase.id, proposalFields("hourly"));
    fixtures.draftOnOpen = await propose(drafter.client, fixtures.openCase.id, { status: "draft" });
    const toEngage = await createCase(clientPerson.client, { title: "Engaged case" });
    fixtures.lawyerWon = await propose(lawyer.client, toEngage.id);
    fixtures.rivalLost = await propose(rival.client, toEngage.id, proposalFields("contingency"));
    const accepted = await clientPerson.client.rpc("accept_proposal", {
      p_proposal_id: fixtures.lawyerWon.id,
    });
    if (accepted.error) throw new Error(accepted.error.message);
    fixtures.engagedCase = accepted.data;
  });
  return world;
}

/** Whether a write reached exactly one row: refused writes either fail or touch nothing. */
export function reachedOneRow(result: { error: PostgrestError | null; data: unknown }): boolean {
  return result.error === null && Array.isArray(result.data) && result.data.length === 1;
}

export function expectError(result: { error: PostgrestError | null }, code: string, message?: RegExp) {
  expect(result.error, "expected an error").not.toBeNull();
  expect(result.error?.code).toBe(code);
  if (message) expect(result.error?.message).toMatch(message);
}

export async function members(caseId: string) {
  const { data, error } = await service()
    .from("case_members")
    .select("user_id,role")
    .eq("case_id", caseId)
    .order("role");
  if (error) throw new Error(error.message);
  return data;
}

export async function addAssociate(caseId: string, userId: string, role: MemberRole = "associate") {
  const { error } = await service().from("case_members").upsert({ case_id: caseId, user_id: userId, role });
  if (error) throw new Error(error.message);
}

export async function removeMember(caseId: string, userId: string) {
  const { error } = await service().from("case_members").delete().eq("case_id", caseId).eq("user_id", userId);
  if (error) throw new Error(error.message);
}
