import { getZodConstraint } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "~/lib/zod-jitless";
import { type FormReply, useFormValidatedBy } from "./conform";
import { validateWith } from "./zod-validation";

/**
 * Conform's `useForm` for a zod schema, set up the same for every form of the app (`conform.tsx`):
 * validated in the browser from hydration on. `defaultValue` is what the loader read (its keys are
 * the schema's fields). In a module of its own: it brings Conform's zod adapter, which a page with
 * only lazy forms (`useLazyConformForm`) loads on first use instead (ADR 0016).
 */
export function useConformForm<Schema extends z.ZodType<Record<string, unknown>>>({
  schema,
  ...options
}: {
  id: string;
  schema: Schema;
  lastResult?: FormReply;
  defaultValue?: Record<string, unknown>;
}) {
  const [ready] = useState(() => ({
    lazy: { load: async () => schema, constraint: getZodConstraint(schema) },
    validate: validateWith(schema),
  }));
  return useFormValidatedBy(ready.lazy, options, ready.validate);
}
