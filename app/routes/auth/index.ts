import { redirect } from "react-router";
import type { Route } from "./+types/index";

/** The roots /auth, /auth/supabase, /auth-demo and its variants open their sign-in page. */
export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  const base = pathname.replace(/\/+$/, "");
  if (base === "/auth-demo") throw redirect("/auth-demo/split/sign-in");
  if (base === "/auth-demo/split" || base === "/auth-demo/centered") throw redirect(`${base}/sign-in`);
  throw redirect("/auth/supabase/sign-in");
}
