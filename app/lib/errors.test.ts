import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  done,
  type ErrorCode,
  errorCodeOf,
  isErrorCode,
  messageOf,
  refused,
  refusedBy,
  statusOf,
} from "./errors";

const MIGRATIONS = join(import.meta.dirname, "../../supabase/migrations");

function english(key: string): unknown {
  const [ns, path] = key.split(":") as [string, string];
  const json = JSON.parse(readFileSync(join(import.meta.dirname, `../../locales/en/${ns}.json`), "utf8"));
  return path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], json);
}

describe("errorCodeOf", () => {
  it("reads the code from details, whatever the message says", () => {
    const refusal = { code: "42501", message: "anything at all", details: "proposal:own_case" };
    expect(errorCodeOf(refusal)).toBe("proposal:own_case");
    expect(errorCodeOf({ ...refusal, message: "You cannot propose on your own case" })).toBe(
      "proposal:own_case",
    );
  });

  it("reads the quotas' code (quota:<name>) like any other", () => {
    expect(errorCodeOf({ code: "P0001", details: "quota:proposals_per_day" })).toBe(
      "quota:proposals_per_day",
    );
    expect(errorCodeOf({ code: "P0001", details: "quota:open_cases" })).toBe("quota:open_cases");
  });

  it("reads a code given in the hint", () => {
    expect(errorCodeOf({ code: "23514", details: null, hint: "case:description_required" })).toBe(
      "case:description_required",
    );
  });

  it("falls back by SQLSTATE, to the domain's own code when it names one", () => {
    const rls = { code: "42501", message: 'new row violates row-level security policy for table "cases"' };
    expect(errorCodeOf(rls)).toBe("common:not_allowed");
    expect(errorCodeOf(rls, { notAllowed: "case:not_allowed" })).toBe("case:not_allowed");
    expect(errorCodeOf({ code: "23503" })).toBe("common:not_found");
    expect(errorCodeOf({ code: "23514", details: "Failing row contains (…)" })).toBe("common:refused");
    expect(errorCodeOf({ code: "23514" }, { refused: "case:refused" })).toBe("case:refused");
  });

  it("calls anything else a failure, never a rule, and ignores unknown codes", () => {
    expect(errorCodeOf({ code: "P0001", message: "boom", details: "" })).toBe("common:failed");
    expect(errorCodeOf({ code: "P0001", details: "quota:anything" })).toBe("common:failed");
    expect(errorCodeOf({ code: "XX000" }, { failed: "proposal:save_failed" })).toBe("proposal:save_failed");
  });
});

describe("the one table", () => {
  const codes = ["common:failed", "proposal:own_case", "quota:open_cases", "case:not_editable"] as const;

  it("gives every code a message of the errors namespace that exists in English", () => {
    for (const code of codes) {
      expect(messageOf(code)).toMatch(/^errors:/);
      expect(typeof english(messageOf(code)), code).toBe("string");
    }
  });

  it("gives refusals a 4xx and failures a 5xx", () => {
    expect(statusOf("proposal:own_case")).toBe(403);
    expect(statusOf("proposal:already_proposed")).toBe(409);
    expect(statusOf("quota:open_cases")).toBe(429);
    expect(statusOf("common:invalid_request")).toBe(400);
    expect(statusOf("common:failed")).toBe(500);
  });

  it("knows every code the migrations raise", () => {
    const sql = ["20261126020100_quotas.sql", "20261127010000_error_codes.sql"]
      .map((file) => readFileSync(join(MIGRATIONS, file), "utf8"))
      .join("\n");
    const raised = [...sql.matchAll(/detail = '([a-z_]+:[a-z_]+)'/g)].map((match) => match[1]);
    // The quota_limit function names every quota: `when '<name>' then <limit>`.
    const quotas = [...sql.matchAll(/when '([a-z_]+)' then \d+/g)].map((match) => `quota:${match[1]}`);
    expect(quotas).toHaveLength(4);
    expect(raised.length).toBeGreaterThan(20);
    for (const code of [...raised, ...quotas]) expect(isErrorCode(code), code).toBe(true);
  });

  it("every message of the table exists in English", () => {
    const source = readFileSync(join(import.meta.dirname, "errors.ts"), "utf8");
    const keys = [...source.matchAll(/message: "(errors:[\w.]+)"/g)].map((match) => match[1] as string);
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) expect(typeof english(key), key).toBe("string");
  });
});

describe("Outcome", () => {
  it("is done with a value or refused with a code", () => {
    expect(done("id-1")).toEqual({ ok: true, value: "id-1" });
    expect(done()).toEqual({ ok: true, value: null });
    const code: ErrorCode = "case:not_editable";
    expect(refused(code)).toEqual({ ok: false, code });
    expect(refusedBy({ code: "23505", details: "proposal:already_proposed" })).toEqual({
      ok: false,
      code: "proposal:already_proposed",
    });
  });
});
