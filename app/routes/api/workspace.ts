import { data, redirect } from "react-router";
import { findWorkspace, WORKSPACE_COOKIE } from "~/features/workspaces/workspaces";
import { preferenceCookie } from "~/lib/cookies";
import { readForm } from "~/lib/form.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { Route } from "./+types/workspace";

/**
 * Remembers the chosen workspace in a cookie. A plain form post (no JavaScript) carries `returnTo`
 * and is sent back there; the switcher's fetcher gets JSON. An unknown workspace changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const workspace = findWorkspace(form.get("workspace"));
  const returnTo = form.get("returnTo");
  const back = typeof returnTo === "string" ? safeRedirectPath(returnTo, "/dashboard") : null;
  if (!workspace) {
    if (back) throw redirect(back);
    return data({ error: "unknown workspace" }, { status: 400 });
  }
  const headers = { "Set-Cookie": preferenceCookie(WORKSPACE_COOKIE, workspace.id) };
  if (back) throw redirect(back, { headers });
  return data({ workspace: workspace.id }, { headers });
}

export function loader() {
  throw redirect("/dashboard");
}
