import { globSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DASHBOARD_PAGES } from "~/lib/navigation/dashboard-pages";

/**
 * What every route module must do so a failed page is never "undefined" or "Something went wrong"
 * (issue 18, item 5): its meta copes with missing loader data, and a dashboard page shows its
 * errors inside the shell with the one dashboard boundary.
 */
const source = (file: string) => readFileSync(new URL(`../../app/${file}`, import.meta.url), "utf8");
const routeFiles = globSync("routes/**/*.tsx", { cwd: new URL("../../app/", import.meta.url) });

describe("route modules", () => {
  it("found the route modules", () => {
    expect(routeFiles.length).toBeGreaterThan(20);
  });

  it.each(routeFiles)("%s: its meta is pageMeta, which never titles a page undefined", (file) => {
    const text = source(file);
    if (!text.includes("export const meta")) return;
    expect(text).toMatch(/export const meta: Route\.MetaFunction = pageMeta;/);
  });

  it.each(Object.values(DASHBOARD_PAGES))("%s shows its errors with the dashboard's boundary", (file) => {
    const text = source(`${file}`);
    if (!text.includes("export default")) return;
    // Re-exported, so React Router passes it no props: it reads the error with useRouteError().
    expect(text).toContain(
      'export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";',
    );
  });

  const dashboardFiles = routeFiles.filter(
    (file) => file.startsWith("routes/dashboard/") && file !== "routes/dashboard/layout.tsx",
  );

  it.each(dashboardFiles)("%s: a dashboard route with a page uses the one dashboard boundary", (file) => {
    const text = source(file);
    if (!text.includes("export default")) return;
    expect(text).toContain(
      'export { DashboardErrorState as ErrorBoundary } from "~/components/layout/dashboard/shell-states";',
    );
  });

  it("there is no second dashboard boundary: only the root, the public layout and the shell declare one", () => {
    const declaring = routeFiles
      .filter((file) => /export function ErrorBoundary\b/.test(source(file)))
      .sort();
    expect(declaring).toEqual(["routes/dashboard/layout.tsx", "routes/public/layout.tsx"]);
    // The shell's own boundary is the same component under the slim header.
    expect(source("components/layout/dashboard/shell-states.tsx")).toMatch(
      /export function DashboardLayoutError\(\) \{[\s\S]{0,300}<DashboardErrorState \/>/,
    );
  });

  it("the dashboard boundary reads the error itself", () => {
    expect(source("components/layout/dashboard/shell-states.tsx")).toMatch(
      /export function DashboardErrorState\(\) \{[\s\S]{0,200}useRouteError\(\)/,
    );
  });
});
