import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { NO_FIRM } from "./permission-query";
import { accessChangeSchema } from "./schemas";

const ID = "00000000-0000-4000-8000-000000000002";
const FIRM = "10000000-0000-4000-8000-000000000001";

function submit(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: accessChangeSchema });
}

describe("the confirmed change of a level and firm", () => {
  it("takes a person, a level and a firm or none", () => {
    expect(submit({ userId: ID, accessLevel: "lawyer", lawFirm: FIRM })).toMatchObject({
      status: "success",
      value: { userId: ID, accessLevel: "lawyer", lawFirm: FIRM },
    });
    expect(submit({ userId: ID, accessLevel: "user", lawFirm: NO_FIRM }).status).toBe("success");
  });

  it("leaves the judging of a level to the database: any short text passes", () => {
    expect(submit({ userId: ID, accessLevel: "root", lawFirm: NO_FIRM }).status).toBe("success");
  });

  it("refuses what is not a person, an empty level or a firm that is no id", () => {
    expect(submit({ userId: "me", accessLevel: "lawyer", lawFirm: NO_FIRM }).status).not.toBe("success");
    expect(submit({ userId: ID, accessLevel: "", lawFirm: NO_FIRM }).status).not.toBe("success");
    expect(submit({ userId: ID, accessLevel: "x".repeat(40), lawFirm: NO_FIRM }).status).not.toBe("success");
    expect(submit({ userId: ID, accessLevel: "lawyer", lawFirm: "acme" }).status).not.toBe("success");
    expect(submit({ userId: ID, accessLevel: "lawyer" }).status).not.toBe("success");
  });
});
