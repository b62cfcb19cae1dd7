/**
 * Tabs of one browser tell each other about sign-in and sign-out (spec §4 auth events), so that
 * signing out in one tab signs the others out at once instead of at their next request.
 */
const CHANNEL = "mylawyer-auth";

type AuthEvent = "SIGNED_IN" | "SIGNED_OUT";

export function announceAuthEvent(event: AuthEvent): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage(event);
  channel.close();
}

/** Calls `listener` for every auth event another tab announces; returns the unsubscribe. */
export function onAuthEvent(listener: (event: AuthEvent) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (message: MessageEvent) => {
    if (message.data === "SIGNED_IN" || message.data === "SIGNED_OUT") listener(message.data);
  };
  return () => channel.close();
}

/**
 * `announceAuthEvent` as an inline island (ADR 0023), for a static page that announces on load:
 * the sign-in page reached after signing out tells the other tabs, which sign out too.
 */
export function authEventScript(event: AuthEvent): string {
  return `(()=>{if(typeof BroadcastChannel==="undefined")return;const channel=new BroadcastChannel(${JSON.stringify(CHANNEL)});channel.postMessage(${JSON.stringify(event)});channel.close();})();`;
}
