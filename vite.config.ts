import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { fizzStringChunks } from "./scripts/fizz-string-chunks.ts";
import { scriptsAfterFirstPaint } from "./scripts/scripts-after-first-paint.ts";

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

/**
 * The browser's chunks (ADR 0016, ADR 0024). What every page loads — the client entry, the root
 * route and all they import — goes into two shared chunks: React with React Router (and rolldown's
 * runtime), and the rest (Mantine, i18next, the app's shell). What the dashboard's layout imports,
 * what at least half of the dashboard's pages import, and a Mantine or Tabler module (a few hundred
 * bytes each) that two of its pages import go into the `dashboard` chunk, or into `common` when a
 * hydrating page outside the dashboard imports it too: a first visit of a dashboard page loads
 * about eight files instead of forty. Pages that ship no JavaScript (ADR 0015) and resource routes
 * (no component) do not count.
 * What every page of another layout loads goes into one chunk per layout, but only a module that
 * no route outside the layout's folder imports. Everything else (a page's own code, code a few
 * pages share, code loaded on use) rolldown splits as it does anyway.
 */
const SHELL_ENTRY = /[\\/]app[\\/](?:root|entry\.client)\.tsx$/;
const FRAMEWORK = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]/;
const RUNTIME = /^\0rolldown[\\/]runtime/;
const DASHBOARD = {
  name: "dashboard",
  layout: "/app/routes/dashboard/layout.tsx",
  pages: "/app/routes/dashboard/",
};
const LAYOUT_CHUNKS = [
  DASHBOARD,
  { name: "auth", layout: "/app/routes/auth/layout.tsx", pages: "/app/routes/auth/" },
];
const LAYOUT_FILE = /[\\/]layout\.tsx$/;
const UI_KIT = /[\\/]node_modules[\\/](?:@mantine|@tabler)[\\/]/;
const FEATURE = /[\\/]app[\\/]features[\\/]([a-z-]+)[\\/]/;
const ICON = /[\\/]node_modules[\\/]@tabler[\\/]/;
const KIT = /[\\/]app[\\/](?:components|lib)[\\/]/;
const FORM_KIT = /[\\/]app[\\/]components[\\/]form[\\/]/;
/** Characters of transformed code: a card, a badge, a query helper, a pager, a filter bar. */
const SMALL_MODULE = 10_000;
const STATIC_PAGE = /\bhydrate\s*:\s*false\b/;

type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean; code: string | null } | null;
};

const IMPORT_NAMES = /\b(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from/g;
const STATEMENT =
  /(?:^|;|\n)\s*(?:import|export)\b[^;]*?(?:from\s*)?["'][^"']+["'];?|(?:^|;|\n)\s*export\s*\{[^}]*\};?/g;

/** The names `code` imports (or re-exports) by name from any module (`import { a as b }` → a). */
const namesOf = new Map<string, Set<string>>();
function importedNames(id: string, code: string): Set<string> {
  const known = namesOf.get(id);
  if (known) return known;
  const names = new Set<string>();
  for (const [, list = ""] of code.matchAll(IMPORT_NAMES)) {
    for (const item of list.split(",")) {
      const name = item
        .trim()
        .split(/\s+as\s+/)[0]
        ?.replace(/^type\s+/, "");
      if (name) names.add(name);
    }
  }
  namesOf.set(id, names);
  return names;
}

/**
 * For a package's index that only re-exports (`@mantine/core`, `@tabler/icons-react`, `react-i18next`),
 * the files behind the names asked for; undefined for any other module. Following every import of
 * such an index would count all of Mantine as imported by a page that uses three components.
 */
type Barrel = { byName: Map<string, string[]>; always: string[] };
const barrels = new Map<string, Barrel | undefined>();

function barrelTargets(id: string, code: string, names: Set<string>): string[] | undefined {
  if (!barrels.has(id)) barrels.set(id, parseBarrel(id, code));
  const barrel = barrels.get(id);
  if (!barrel) return undefined;
  const targets = new Set(barrel.always);
  for (const name of names) for (const file of barrel.byName.get(name) ?? []) targets.add(file);
  return [...targets];
}

function parseBarrel(id: string, code: string): Barrel | undefined {
  if (!/[\\/]node_modules[\\/]/.test(id)) return undefined;
  const body = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
  const source = new Map<string, string>();
  for (const [, what = "", from = ""] of body.matchAll(/\bimport\s*([^;]*?)\s*from\s*["']([^"']+)["']/g)) {
    const star = /\*\s*as\s+([\w$]+)/.exec(what);
    if (star?.[1]) source.set(star[1], from);
    const byDefault = /^([\w$]+)\s*(?:,|$)/.exec(what);
    if (byDefault?.[1]) source.set(byDefault[1], from);
    for (const item of (/\{([^}]*)\}/.exec(what)?.[1] ?? "").split(",")) {
      const local = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (local) source.set(local, from);
    }
  }
  // Its own code (an `export const`) may stay as long as it uses nothing it imports.
  const rest = body.replace(STATEMENT, "");
  const words = new Set(rest.match(/[\w$]+/g) ?? []);
  const reExports = /\bexport\s*(?:\*|\{[^}]*\})\s*from\b/.test(body);
  if ((!reExports && source.size === 0) || [...source.keys()].some((local) => words.has(local)))
    return undefined;
  const file = (relative: string) => path.resolve(path.dirname(id), relative);
  const byName = new Map<string, string[]>();
  for (const [, list = "", from] of body.matchAll(/\bexport\s*\{([^}]*)\}\s*(?:from\s*["']([^"']+)["'])?/g)) {
    for (const item of list.split(",")) {
      const [local = "", exported = local] = item.trim().split(/\s+as\s+/);
      const target = from ?? source.get(local);
      if (target) byName.set(exported.trim(), [...(byName.get(exported.trim()) ?? []), file(target)]);
    }
  }
  const always: string[] = [];
  for (const [, from = ""] of body.matchAll(/\bexport\s*\*\s*from\s*["']([^"']+)["']/g))
    always.push(file(from));
  for (const [, from = ""] of body.matchAll(/\bimport\s*["']([^"']+)["']/g)) always.push(file(from));
  return { byName, always };
}

/**
 * The components' translations (ADR 0021): in both builds `react-i18next` is the app's own runtime
 * (`app/lib/i18n/client-react.tsx`), which writes what i18next and react-i18next write and weighs
 * a tenth of them. In the browser that is its size; on the server, its speed: react-i18next copies
 * the i18next instance for every component that asks for `t`, and i18next's lookups do far more
 * than the app needs (a fifth of a page's render time). Components import "react-i18next" either
 * way; the server's loaders, e-mails and notifications keep i18next itself (`i18n.server.ts`).
 */
function clientTranslations(): Plugin {
  const runtime = fileURLToPath(new URL("./app/lib/i18n/client-react.tsx", import.meta.url));
  return {
    name: "mylawyer:client-translations",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client" || environment.name === "ssr",
    resolveId(id) {
      return id === "react-i18next" ? runtime : undefined;
    },
  };
}

/**
 * A route module's chunk may export more than the route's exports (code its page shares with
 * others), which chunk groups that leave dependencies where they are need. React Router's plugin
 * sets "exports-only", so this overrides it after.
 */
function entryChunksMayExportMore(): Plugin {
  return {
    name: "mylawyer:entry-chunks-may-export-more",
    configEnvironment(name, config) {
      if (name !== "client") return;
      const options = config.build?.rollupOptions ?? config.build?.rolldownOptions;
      if (options) options.preserveEntrySignatures = "allow-extension";
    },
  };
}

/**
 * Mantine's ScrollArea (inside every Table and Modal) imports only `useMergeRefs` from
 * `@floating-ui/react`, a single module that the Popover, Menu, Combobox and Tooltip loaded on
 * first use share: rolldown keeps one chunk of it with everything they use, so a page with a table
 * downloaded all of floating-ui (15.5 KiB gzip). ScrollArea gets the same hook from
 * `app/lib/use-merge-refs.ts` instead (ADR 0019).
 */
const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/;
function scrollAreaWithoutFloatingUi(): Plugin {
  const mergeRefs = new URL("./app/lib/use-merge-refs.ts", import.meta.url).pathname;
  return {
    name: "mylawyer:scroll-area-without-floating-ui",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "@floating-ui/react" && importer && SCROLL_AREA.test(importer)) return mergeRefs;
      return null;
    },
  };
}

function clientChunkGroups() {
  const modules: string[] = [];
  let chunkOf: Map<string, string> | undefined;
  /** Each module's chunk name, from the entries (route modules, client entry) that import it. */
  function chunkNames(graph: ModuleGraph): Map<string, string> {
    const entriesOf = new Map<string, Set<string>>();
    for (const entry of modules.filter((id) => graph.getModuleInfo(id)?.isEntry)) {
      const file = entry.split("?")[0] ?? entry;
      const seen = new Set<string>();
      const queue: [string, Set<string>][] = [[entry, new Set()]];
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        const [id, asked] = next;
        const info = graph.getModuleInfo(id);
        const barrel = info?.code ? barrelTargets(id, info.code, asked) : undefined;
        const key = barrel ? `${id}\0${[...asked].sort().join()}` : id;
        if (seen.has(key)) continue;
        seen.add(key);
        if (!barrel) entriesOf.set(id, (entriesOf.get(id) ?? new Set()).add(file));
        const names = barrel ? asked : importedNames(id, info?.code ?? "");
        const imported = info?.importedIds ?? [];
        const follow = barrel
          ? imported.filter((dep) => barrel.includes(dep.split("?")[0] ?? dep))
          : imported;
        for (const dep of follow) queue.push([dep, names]);
      }
    }
    // A page that ships no JavaScript (ADR 0015) loads none of these chunks on a first visit, so
    // what it imports does not count; a static layout counts while a page in its folder hydrates.
    const entries = new Set([...entriesOf.values()].flatMap((files) => [...files]));
    // A resource route (a loader or an action, no component: `/auth/sign-out`, `/api/…`) is no
    // page at all; the client build keeps none of its code.
    const shipsNoScript = (file: string) => {
      const code = graph.getModuleInfo(file)?.code ?? "";
      return STATIC_PAGE.test(code) || code.trim() === "";
    };
    const hydratingPages = [...entries].filter((file) => !LAYOUT_FILE.test(file) && !shipsNoScript(file));
    const hydrating = (file: string) =>
      !shipsNoScript(file) ||
      (LAYOUT_FILE.test(file) && hydratingPages.some((page) => page.startsWith(path.dirname(file))));
    const dashboardPages = hydratingPages.filter((file) => file.includes(DASHBOARD.pages)).length;
    const names = new Map<string, string>();
    for (const [id, reachedBy] of entriesOf) {
      if (graph.getModuleInfo(id)?.isEntry) continue;
      const files = [...reachedBy];
      if (files.some((file) => SHELL_ENTRY.test(file))) {
        names.set(id, FRAMEWORK.test(id) ? "framework" : "shell");
        continue;
      }
      const firstVisits = files.filter(hydrating);
      const inDashboard = firstVisits.filter((file) => file.includes(DASHBOARD.pages));
      const onMostDashboardPages =
        inDashboard.some((file) => file.endsWith(DASHBOARD.layout)) ||
        inDashboard.length * 2 >= dashboardPages ||
        (UI_KIT.test(id) && inDashboard.length >= 2) ||
        // An icon that one dashboard page shares with a page that ships no JavaScript (the home
        // page's feature icons) is a file of its own otherwise, a few hundred bytes.
        (ICON.test(id) && inDashboard.length === 1 && files.length >= 2);
      if (onMostDashboardPages) {
        names.set(id, inDashboard.length === firstVisits.length ? DASHBOARD.name : "common");
        continue;
      }
      // A small module of a feature that several dashboard pages share goes with the feature's
      // other such modules: a case page loads one file of the cases' cards and badges, not five.
      // The app's own components and helpers outside a feature (a pager, a confirmation step, a
      // table's styles, a path helper) are the `kit` feature. A module that imports the form kit
      // (a form, or the fields themselves) is never small: a page without a form loads none of
      // Conform's fields.
      const feature = FEATURE.exec(id)?.[1] ?? (KIT.test(id) ? "kit" : undefined);
      const info = graph.getModuleInfo(id);
      const small =
        (info?.code?.length ?? Number.POSITIVE_INFINITY) <= SMALL_MODULE &&
        !info?.importedIds.some((dep) => FORM_KIT.test(dep));
      if (feature && small && inDashboard.length >= 2 && inDashboard.length === firstVisits.length) {
        names.set(id, `${DASHBOARD.name}-${feature}`);
        continue;
      }
      const layout = LAYOUT_CHUNKS.find(
        (chunk) =>
          files.some((file) => file.endsWith(chunk.layout)) &&
          files.every((file) => file.includes(chunk.pages)),
      );
      if (layout) names.set(id, layout.name);
    }
    return names;
  }
  const group = (name: string, priority: number) => ({
    debugName: name,
    name: (id: string, graph: ModuleGraph) => {
      chunkOf ??= chunkNames(graph);
      // Rolldown's runtime (a few helpers every chunk may use) is imported by no module.
      return (RUNTIME.test(id) ? "framework" : chunkOf.get(id)) === name ? name : null;
    },
    test: (id: string) => {
      if (priority === 4) modules.push(id);
      return true;
    },
    priority,
    // The reach above already counts every dependency; pulling them in again would put code
    // other pages share into a layout's chunk.
    includeDependenciesRecursively: false,
  });
  const featureGroup = {
    debugName: "features",
    name: (id: string, graph: ModuleGraph) => {
      chunkOf ??= chunkNames(graph);
      const name = chunkOf.get(id);
      return name?.startsWith(`${DASHBOARD.name}-`) ? name : null;
    },
    priority: 0,
    includeDependenciesRecursively: false,
  };
  return [
    group("framework", 4),
    group("shell", 2),
    ...LAYOUT_CHUNKS.map(({ name }) => group(name, 1)),
    group("common", 1),
    featureGroup,
  ];
}

export default defineConfig({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
    localesAsStaticAssets(),
    entryChunksMayExportMore(),
    clientTranslations(),
    scrollAreaWithoutFloatingUi(),
    scriptsAfterFirstPaint(),
    fizzStringChunks(),
  ],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  // One stylesheet for every page instead of one per route module (issue 20): React Router links it
  // from the entry on every page, so a client navigation fetches no CSS (remix-run/react-router#13943).
  build: { cssCodeSplit: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // React Router's own name for entry chunks (it yields its output options to these).
          output: {
            entryFileNames: "assets/[name]-[hash].js",
            codeSplitting: { groups: clientChunkGroups() },
          },
        },
      },
    },
  },
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
