// Entry point under Supabase's Deno edge runtime (`supabase functions deploy health`).
import createHandler from "./handler.ts";

Deno.serve(createHandler(Deno.env.toObject()));
