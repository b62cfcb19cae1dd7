import type { TimelineEntry } from "./queries.server";

/** `case-detail` keys that tell a person whose name the database keeps from the viewer. */
type StandInKeys = { actor: string; subject: string; subjectInSentence: string };

/**
 * How the timeline names someone it may not name: by their part in the case — the client, or a
 * lawyer (proposals come from lawyers, and the team is the client and its lawyers). Never
 * "someone": the viewer always learns who acted, if not by name.
 */
export function timelineStandIns(
  entry: Pick<TimelineEntry, "actorIsClient" | "subject" | "role">,
): StandInKeys {
  const subjectIsClient = entry.subject === null ? entry.actorIsClient : entry.role === "client";
  return {
    actor: entry.actorIsClient ? "people.client" : "people.lawyer",
    subject: subjectIsClient ? "people.client" : "people.lawyer",
    subjectInSentence: subjectIsClient ? "people.clientInSentence" : "people.lawyerInSentence",
  };
}
