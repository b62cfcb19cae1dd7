import type { Submission } from "@conform-to/react";
import { data, redirect } from "react-router";
import { type ErrorCode, messageOf, statusOf } from "./errors";
import { type Flash, flashCookie } from "./flash.server";

/**
 * What an action answers (docs/decisions/0012-one-error-vocabulary.md), in the spirit of Epic
 * Stack's helpers:
 * - a form that does not validate, or whose write is refused → Conform's reply as the action's
 *   data (`formRefusal`), so the form shows the message next to what the person typed;
 * - an outcome, done or refused, of a button or a form that is finished → a redirect with a toast
 *   (`redirectWithToast`);
 * - a loader or action that cannot go on (missing, hidden, not allowed) → `invariantResponse`,
 *   which the dashboard's one error boundary shows by status.
 */

/**
 * Throws a response with `status` (400 unless `init` says otherwise) when `condition` is falsy; the
 * route's ErrorBoundary renders it (DashboardErrorState: 403, 404, the rest with a retry).
 */
export function invariantResponse(
  condition: unknown,
  message?: string | null | (() => string),
  init?: ResponseInit,
): asserts condition {
  if (condition) return;
  const text = typeof message === "function" ? message() : (message ?? null);
  throw data(text, { status: 400, ...init });
}

/** Merges header sets; every Set-Cookie is kept. */
function mergeHeaders(...sets: (HeadersInit | undefined)[]): Headers {
  const merged = new Headers();
  for (const set of sets) {
    for (const [name, value] of new Headers(set)) {
      if (name.toLowerCase() === "set-cookie") merged.append(name, value);
      else merged.set(name, value);
    }
  }
  return merged;
}

/**
 * A redirect whose next page shows `flash` as a toast. Pass an error code for a refusal (its
 * message comes from the one table), or a flash for any other outcome.
 */
export function redirectWithToast(url: string, flash: Flash | ErrorCode, init?: ResponseInit): Response {
  const toast: Flash = typeof flash === "string" ? { kind: "error", message: messageOf(flash) } : flash;
  return redirect(url, {
    ...init,
    headers: mergeHeaders(init?.headers, { "Set-Cookie": flashCookie(toast) }),
  });
}

/**
 * A form's refusal as Conform's reply: the code's message as a form error, with the code's
 * status (a form error of the person's input stays `submission.reply()` with 400).
 */
export function formRefusal<Output>(submission: Submission<Output>, code: ErrorCode) {
  return data(submission.reply({ formErrors: [messageOf(code)] }), { status: statusOf(code) });
}
