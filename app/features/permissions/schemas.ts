import { z } from "~/lib/zod-jitless";
import { NO_FIRM } from "./permission-query";

/**
 * The confirmed change of a person's level and firm. The level is any short text: the database is
 * the judge of levels (an unknown one is refused with `user:unknown_level`, ADR 0012), so a forged
 * value hears the same message as any other refusal.
 */
export const accessChangeSchema = z.object({
  userId: z.uuid({ error: "errors.invalidRequest" }),
  accessLevel: z.string({ error: "errors.invalidRequest" }).trim().min(1).max(32),
  lawFirm: z.union([z.literal(NO_FIRM), z.uuid()], { error: "errors.invalidRequest" }),
});

export type AccessChange = z.output<typeof accessChangeSchema>;
