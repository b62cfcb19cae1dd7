import { redirect } from "react-router";

/**
 * Any other /dashboard/** path: the layout's guard has already sent signed-out people to sign-in
 * (with returnTo); a signed-in person gets the not-found page.
 */
export function loader() {
  throw redirect("/404");
}
