export { handleAuth } from "./router.ts";
