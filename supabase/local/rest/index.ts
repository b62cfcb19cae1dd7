export { handleRest, type RestState } from "./router.ts";
