import { createContext } from "react-router";

/** The Worker's bindings and execution context, set by `workers/app.ts` for every request. */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();
