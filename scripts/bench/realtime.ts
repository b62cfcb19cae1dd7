import { createClient, type RealtimeChannel } from "@supabase/supabase-js";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../app/features/auth/demo-accounts.ts";
import type { Database, Supabase } from "../../app/lib/database.ts";
import { PUBLISHABLE_KEY_DEFAULT, SECRET_KEY_DEFAULT } from "../../supabase/local/config.ts";

const CLIENT_EMAIL = DEMO_ACCOUNTS.client.email;
const CLIENT_ID = "00000000-0000-4000-8000-000000000001";
const PASSWORD = DEMO_PASSWORD;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number((sorted[Math.max(0, index)] ?? 0).toFixed(2));
}

function subscribe(channel: RealtimeChannel): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === "SUBSCRIBED") resolve();
      else if (status === "CHANNEL_ERROR" || status === "TIMED_OUT") reject(error ?? new Error(status));
    });
  });
}

/**
 * Realtime latency: the time from the start of an insert (service client, REST) to its
 * postgres_changes event at each of `clients` signed-in subscribers (each its own supabase-js
 * client and channel, filtered on the demo client's user_id, so every event passes an RLS check).
 * Inserts run one after another. Returns p50/p99 in ms over every delivery and over the last
 * delivery of each insert.
 */
export async function benchRealtime(
  url: string,
  options: { clients?: number; inserts?: number } = {},
): Promise<Record<string, unknown>> {
  const clientCount = options.clients ?? Number(process.env.BENCH_REALTIME_CLIENTS ?? 50);
  const insertCount = options.inserts ?? Number(process.env.BENCH_REALTIME_INSERTS ?? 100);
  const admin = createClient<Database>(url, SECRET_KEY_DEFAULT, { auth: { persistSession: false } });
  const clients: Supabase[] = [];
  const arrivals = new Map<string, number[]>();
  let sessions = 0;
  let sharedToken: string | undefined;
  const tag = `bench-${Date.now()}`;
  try {
    for (let i = 0; i < clientCount; i++) {
      const c = createClient<Database>(url, PUBLISHABLE_KEY_DEFAULT, {
        auth: { persistSession: false, autoRefreshToken: false },
      });
      const signIn = await c.auth.signInWithPassword({ email: CLIENT_EMAIL, password: PASSWORD });
      if (signIn.data.session) {
        sessions++;
        sharedToken ??= signIn.data.session.access_token;
      } else if (sharedToken) {
        // Rate-limited sign-ins: the client subscribes with the first session's token instead.
        await c.realtime.setAuth(sharedToken);
      } else throw signIn.error ?? new Error("sign-in failed");
      clients.push(c);
    }
    await Promise.all(
      clients.map((c, i) =>
        subscribe(
          c.channel(`bench-${i}`).on(
            "postgres_changes",
            {
              event: "INSERT",
              schema: "public",
              table: "notifications",
              filter: `user_id=eq.${CLIENT_ID}`,
            },
            (payload) => {
              const title = String((payload.new as { title?: unknown }).title ?? "");
              if (!title.startsWith(tag)) return;
              const list = arrivals.get(title) ?? [];
              list.push(performance.now());
              arrivals.set(title, list);
            },
          ),
        ),
      ),
    );
    const all: number[] = [];
    const last: number[] = [];
    let missed = 0;
    for (let i = 0; i < insertCount; i++) {
      const title = `${tag}-${i}`;
      const started = performance.now();
      const { error } = await admin
        .from("notifications")
        .insert({ user_id: CLIENT_ID, title, type: "case_update", category: "bench" });
      if (error) throw new Error(error.message);
      const deadline = started + 5000;
      while ((arrivals.get(title)?.length ?? 0) < clientCount && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 1));
      const times = (arrivals.get(title) ?? []).map((t) => t - started);
      missed += clientCount - times.length;
      all.push(...times);
      if (times.length > 0) last.push(Math.max(...times));
    }
    all.sort((a, b) => a - b);
    last.sort((a, b) => a - b);
    await admin.from("notifications").delete().like("title", `${tag}-%`);
    return {
      clients: clientCount,
      sessions,
      inserts: insertCount,
      deliveries: all.length,
      missed,
      p50_ms: percentile(all, 50),
      p99_ms: percentile(all, 99),
      last_of_all_clients_p50_ms: percentile(last, 50),
      last_of_all_clients_p99_ms: percentile(last, 99),
    };
  } finally {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
  }
}
