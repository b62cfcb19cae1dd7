// Entry point under Supabase's Deno edge runtime (`supabase functions deploy invite-lawyer`).
import createHandler from "./handler.ts";

Deno.serve(createHandler(Deno.env.toObject()));
