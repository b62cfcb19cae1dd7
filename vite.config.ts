import { readdir, readFile } from "node:fs/promises";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

const localesDir = new URL("./locales/", import.meta.url);

/**
 * Serves `locales/<lng>/<ns>.json` at `/locales/...` in development and copies them into the
 * client build, so the browser loads translations as static assets (spec §7).
 */
function localesAsStaticAssets(): Plugin {
  return {
    name: "mylawyer:locales",
    configureServer(server) {
      server.middlewares.use("/locales", async (req, res, next) => {
        const match = /^\/([a-z]{2})\/([a-z-]+)\.json$/.exec((req.url ?? "").split("?")[0] ?? "");
        if (!match) return next();
        try {
          const body = await readFile(new URL(`${match[1]}/${match[2]}.json`, localesDir));
          res.setHeader("Content-Type", "application/json; charset=utf-8");
          res.end(body);
        } catch {
          next();
        }
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      for (const lng of await readdir(localesDir)) {
        for (const file of await readdir(new URL(`${lng}/`, localesDir))) {
          this.emitFile({
            type: "asset",
            fileName: `locales/${lng}/${file}`,
            source: await readFile(new URL(`${lng}/${file}`, localesDir)),
          });
        }
      }
    },
  };
}

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), reactRouter(), localesAsStaticAssets()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // One stylesheet for every page instead of one per route module (issue 20): React Router links it
  // from the entry on every page, so a client navigation fetches no CSS (remix-run/react-router#13943).
  build: { cssCodeSplit: false },
  optimizeDeps: {
    include: [
      "@mantine/core",
      "@mantine/hooks",
      "@mantine/notifications",
      "@mantine/spotlight",
      "@tabler/icons-react",
      "@conform-to/react",
      "@conform-to/zod/v4",
      "zod",
      "i18next",
      "react-i18next",
      "dayjs",
      "dayjs/plugin/relativeTime",
      "dayjs/plugin/utc",
      "@mantine/spotlight",
      "@supabase/realtime-js",
      "dompurify",
      "jose",
      "dayjs/locale/fr",
      "dayjs/locale/vi",
      "dayjs/locale/zh-cn",
      "dayjs/locale/ar-sa",
    ],
  },
});
