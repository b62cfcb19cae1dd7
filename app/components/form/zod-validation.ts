import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "~/lib/zod-jitless";

/**
 * Conform's validation of a form by its zod schema, in a module of its own so that a lazy form
 * (`useLazyConformForm`) downloads Conform's zod adapter only on first use.
 */
export function validateWith(schema: z.ZodType) {
  return (formData: FormData) => parseWithZod(formData, { schema });
}
