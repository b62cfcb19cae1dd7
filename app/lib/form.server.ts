import type { Constraint } from "@conform-to/dom";
import type { Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

function refusal(status: 400 | 415, message: string): Response {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The form posted to an action. Every action reads its body with this, so a body that is not a
 * form is refused the same way everywhere, before anything is written: no or another Content-Type
 * (JSON, text, none) → 415; a multipart body that does not parse → 400; a NUL character, which
 * no text column stores, → 400. Thrown as a response (React Router answers with it). Actions
 * call it through `parseForm`; directly only the two forms of toggles whose own parsers read
 * leniently, where an unknown or invalid value changes nothing rather than being refused
 * (`applySettingsForm`, `preferencesFromForm`).
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) {
    // Read what was sent before answering: a request whose body is left unread can lose its
    // connection on the way back through `wrangler dev`'s proxy, and the client sees no answer.
    await request.arrayBuffer().catch(() => undefined);
    throw refusal(
      415,
      "The request body must be a form: Content-Type application/x-www-form-urlencoded or multipart/form-data.",
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw refusal(400, `The request body is not a valid ${type} form.`);
  }
  for (const [name, value] of form) {
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0"))) {
      throw refusal(400, "The form contains a NUL character, which no field accepts.");
    }
  }
  return form;
}

/**
 * The one way an action reads its input: the posted form (through `readForm`, so a body that is
 * not a form is refused before anything else) parsed with the form's zod schema, the same schema
 * its `useConformForm` validates with in the browser. An invalid submission is answered with
 * `submission.reply()` (status 400) and writes nothing; `submission.payload` holds every posted
 * field as sent, for the few the schema does not describe (`returnTo`, the idempotency key).
 */
export async function parseForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
): Promise<Submission<z.input<Schema>, string[], z.output<Schema>>> {
  return parseWithZod(await readForm(request), { schema });
}

/**
 * A form's constraints (required, lengths, pattern: its fields' HTML attributes) for a form whose
 * schema the browser loads on first use (`useLazyConformForm`): the loader sends them.
 */
export function formConstraint(schema: z.ZodType): Record<string, Constraint> {
  return getZodConstraint(schema);
}
