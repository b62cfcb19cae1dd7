import type { QueryData } from "@supabase/supabase-js";
import { describe, expectTypeOf, it } from "vitest";
import type { FunctionReturns, Supabase, Tables, TablesInsert } from "./database";
import type { CaseRelation, CaseStatus, FeeType, ProposalStatus } from "./database-values";

// Type assertions: `npm run typecheck` (tsc over this file) fails when the client stops being typed
// by the migrations or the narrowing of app/lib/database.ts is lost.

const proposalWithCase = (supabase: Supabase) =>
  supabase.from("proposals").select("id, status, fee_type, case:cases(reference, status)").single();

const myCases = (supabase: Supabase) => supabase.rpc("my_cases").select("id, status");

describe("the Database type", () => {
  it("narrows the text columns that a check constraint lists to that list", () => {
    expectTypeOf<Tables<"cases">["status"]>().toEqualTypeOf<CaseStatus>();
    expectTypeOf<Tables<"proposals">["fee_type"]>().toEqualTypeOf<FeeType>();
    expectTypeOf<FunctionReturns<"case_people">[number]["relation"]>().toEqualTypeOf<CaseRelation>();
  });

  it("keeps nullability, and lets an insert leave out what a trigger fills in", () => {
    expectTypeOf<Tables<"cases">["lead_lawyer_id"]>().toEqualTypeOf<string | null>();
    expectTypeOf<TablesInsert<"cases">["reference"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FunctionReturns<"case_people">[number]["first_name"]>().toEqualTypeOf<string | null>();
  });

  it("types a select, its embeds and a function's rows from the columns it names", () => {
    expectTypeOf<QueryData<ReturnType<typeof proposalWithCase>>>().toEqualTypeOf<{
      id: string;
      status: ProposalStatus;
      fee_type: FeeType;
      case: { reference: string; status: CaseStatus };
    }>();
    expectTypeOf<QueryData<ReturnType<typeof myCases>>>().toEqualTypeOf<
      { id: string; status: CaseStatus }[]
    >();
  });
});
