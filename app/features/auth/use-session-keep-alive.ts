import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { onAuthEvent } from "./auth-channel";
import { AUTO_REFRESH_TICK_MS, shouldRefresh } from "./session";

/**
 * Keeps a signed-in tab's session fresh (spec §4, §9): every 30 s while the tab is visible, when
 * at most three ticks remain before the access token expires, it revalidates — the server's
 * session middleware then refreshes the token and rewrites the HttpOnly cookies. Hidden tabs stop
 * ticking and check at once when shown again. Auth events from other tabs revalidate too, so the
 * route guards send a signed-out tab to sign-in.
 */
export function useSessionKeepAlive(signedIn: boolean, expiresAt: number | null): void {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const expiry = useRef(expiresAt);
  expiry.current = expiresAt;

  useEffect(() => onAuthEvent(() => void revalidate.current()), []);

  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => {
      if (shouldRefresh(expiry.current, Date.now())) void revalidate.current();
    };
    const start = () => {
      if (timer !== undefined || document.visibilityState !== "visible") return;
      tick();
      timer = setInterval(tick, AUTO_REFRESH_TICK_MS);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.visibilityState === "visible" ? start() : stop());
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [signedIn]);
}
