import { describe, expect, it } from "vitest";
import {
  moveTriggerSchema,
  startWorkflowSchema,
  stepSchema,
  templatePageSchema,
  templateSchema,
} from "./schemas";

const ID = "5f0c6a43-3c7e-4a53-9a55-1b2f8d3c0a11";

describe("templateSchema", () => {
  it("reads a template; an unticked box is false", () => {
    expect(templateSchema.parse({ name: " Divorce ", practiceArea: "family" })).toEqual({
      name: "Divorce",
      practiceArea: "family",
      skipWeekends: false,
    });
    expect(templateSchema.parse({ name: "x", practiceArea: "tax", skipWeekends: "on" }).skipWeekends).toBe(
      true,
    );
  });

  it("refuses an empty name, a long one and an unknown practice area with the namespace's keys", () => {
    const messages = (input: unknown) =>
      templateSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ name: " ", practiceArea: "family" })).toEqual(["errors.nameRequired"]);
    expect(messages({ name: "x".repeat(201), practiceArea: "family" })).toEqual(["errors.nameTooLong"]);
    expect(messages({ name: "x", practiceArea: "astrology" })).toEqual(["errors.practiceAreaRequired"]);
  });
});

describe("stepSchema", () => {
  it("takes whole offsets in ten years either way, a known role", () => {
    const step = { templateId: ID, title: "File", offsetDays: -3, role: "client" };
    expect(stepSchema.parse(step)).toMatchObject({
      offsetDays: -3,
      instructions: "",
      isCourtDeadline: false,
    });
    const messages = (input: object) =>
      stepSchema.safeParse({ ...step, ...input }).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ offsetDays: 1.5 })).toEqual(["errors.offsetWhole"]);
    expect(messages({ offsetDays: 3651 })).toEqual(["errors.offsetRange"]);
    expect(messages({ role: "judge" })).toEqual(["errors.roleRequired"]);
    expect(messages({ title: "" })).toEqual(["errors.titleRequired"]);
  });
});

describe("templatePageSchema", () => {
  it("tells the page's posts apart by intent", () => {
    expect(templatePageSchema.parse({ intent: "moveUp", templateId: ID, stepId: ID })).toEqual({
      intent: "moveUp",
      templateId: ID,
      stepId: ID,
    });
    expect(templatePageSchema.safeParse({ intent: "moveUp", templateId: ID }).success).toBe(false);
    expect(templatePageSchema.safeParse({ intent: "delete", templateId: ID }).success).toBe(false);
  });
});

describe("startWorkflowSchema and moveTriggerSchema", () => {
  it("take real calendar dates only", () => {
    expect(
      startWorkflowSchema.parse({ caseId: ID, templateId: ID, triggerDate: "2026-12-04" }).triggerDate,
    ).toBe("2026-12-04");
    const message = (triggerDate: string) =>
      startWorkflowSchema.safeParse({ caseId: ID, templateId: ID, triggerDate }).error?.issues[0]?.message;
    expect(message("2026-02-30")).toBe("errors.dateInvalid");
    expect(message("04/12/2026")).toBe("errors.dateInvalid");
    expect(moveTriggerSchema.parse({ triggerDate: "2026-12-07" }).confirmFrom).toBeUndefined();
    expect(moveTriggerSchema.safeParse({ triggerDate: "2026-12-07", confirmFrom: "x" }).success).toBe(false);
  });
});
