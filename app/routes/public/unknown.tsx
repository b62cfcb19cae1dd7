import { redirect } from "react-router";

/** Any path the app doesn't know goes to /404 (spec §2). */
export function loader() {
  throw redirect("/404");
}

export function action() {
  throw redirect("/404");
}
