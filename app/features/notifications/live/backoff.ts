/** Realtime socket timing (spec §4, §9), shared by the browser's live notifications. */

/** How long a join or push waits for the server's reply. */
export const REALTIME_TIMEOUT_MS = 10_000;
/** How often the socket sends a heartbeat; one left without reply for as long closes the socket. */
export const HEARTBEAT_INTERVAL_MS = 30_000;

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000] as const;
const LONGEST_RECONNECT_DELAY_MS = 10_000;

/** The wait before reconnect attempt `tries` (1 for the first): 1 s, 2 s, 5 s, then 10 s. */
export function reconnectDelayMs(tries: number): number {
  return RECONNECT_DELAYS_MS[tries - 1] ?? LONGEST_RECONNECT_DELAY_MS;
}
