import type { Config } from "@react-router/dev/config";

/**
 * The floor page (scripts/bench/floor.ts): React Router framework mode like the app, its one page
 * rendered at build time into HTML that hydrates, so it is served as files without a server.
 */
export default {
  ssr: false,
  prerender: ["/"],
} satisfies Config;
