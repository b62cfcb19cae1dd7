import { describe, expect, it } from "vitest";
import en from "../../../locales/en/case-detail.json";
import { timelineStandIns } from "./timeline-people";

const hidden = { name: null, isYou: false };

describe("timelineStandIns", () => {
  it("tells a hidden lawyer's proposal as a lawyer's, never someone's", () => {
    const keys = timelineStandIns({ actorIsClient: false, subject: hidden, role: null });
    expect(keys).toEqual({
      actor: "people.lawyer",
      subject: "people.lawyer",
      subjectInSentence: "people.lawyerInSentence",
    });
  });

  it("tells the client's own acts as the client's", () => {
    expect(timelineStandIns({ actorIsClient: true, subject: null, role: null })).toMatchObject({
      actor: "people.client",
      subject: "people.client",
    });
    expect(timelineStandIns({ actorIsClient: true, subject: hidden, role: null }).subject).toBe(
      "people.lawyer",
    );
  });

  it("tells a hidden team member by their role", () => {
    expect(timelineStandIns({ actorIsClient: false, subject: hidden, role: "client" }).subject).toBe(
      "people.client",
    );
    expect(timelineStandIns({ actorIsClient: false, subject: hidden, role: "associate" }).subject).toBe(
      "people.lawyer",
    );
  });

  it("uses keys that exist and never say someone", () => {
    const people = en.people as Record<string, string>;
    for (const key of ["client", "clientInSentence", "lawyer", "lawyerInSentence"]) {
      expect(people[key], key).toBeTruthy();
      expect(people[key]?.toLowerCase()).not.toContain("someone");
    }
  });
});
