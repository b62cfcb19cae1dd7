import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { DASHBOARD_PAGES } from "./lib/navigation/dashboard-pages";

const AUTH_PAGES = ["sign-in", "sign-up", "verify", "reset-password", "update-password"] as const;

/** The five auth pages under /auth/supabase and the two demo variants, each in its own layout. */
function authLayouts() {
  return (["auth/supabase", "auth-demo/split", "auth-demo/centered"] as const).map((base) =>
    layout(
      "routes/auth/layout.tsx",
      { id: `layout:${base}` },
      AUTH_PAGES.map((page) =>
        route(`${base}/${page}`, `routes/auth/${page}.tsx`, { id: `${base}/${page}` }),
      ),
    ),
  );
}

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("about-us", "routes/public/about-us.tsx"),
    route("contact-us", "routes/public/contact-us.tsx"),
    route("faqs", "routes/public/faqs.tsx"),
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("pricing", "routes/public/pricing.tsx"),
    route("payment", "routes/public/payment.tsx"),
  ]),
  layout("routes/public/compact-layout.tsx", [
    route("coming-soon", "routes/public/coming-soon.tsx"),
    route("maintenance", "routes/public/maintenance.tsx"),
    route("error/:status", "routes/public/error.tsx"),
    route("404", "routes/public/not-found.tsx"),
  ]),
  ...authLayouts(),
  route("auth", "routes/auth/index.ts", { id: "auth-root" }),
  route("auth/supabase", "routes/auth/index.ts", { id: "auth-supabase-root" }),
  route("auth-demo", "routes/auth/index.ts", { id: "auth-demo-root" }),
  route("auth-demo/split", "routes/auth/index.ts", { id: "auth-demo-split-root" }),
  route("auth-demo/centered", "routes/auth/index.ts", { id: "auth-demo-centered-root" }),
  route("auth/callback", "routes/auth/callback.ts"),
  route("auth/confirm", "routes/auth/confirm.ts"),
  route("auth/sign-out", "routes/auth/sign-out.ts"),
  layout("routes/dashboard/layout.tsx", [
    ...Object.entries(DASHBOARD_PAGES).map(([path, file]) => route(path, file)),
    route("dashboard/case/table/export.csv", "routes/dashboard/case/table-export.ts"),
    route(
      "dashboard/task_management/task_management_table/export.csv",
      "routes/dashboard/task-management/table-export.ts",
    ),
    route("dashboard/*", "routes/dashboard/unknown.tsx"),
  ]),
  route("api/settings", "routes/api/settings.ts"),
  route("api/realtime-token", "routes/api/realtime-token.ts"),
  route("api/language", "routes/api/language.ts"),
  route("api/case_management", "routes/api/case-management.ts"),
  route("api/task_management", "routes/api/task-management.ts"),
  route("*", "routes/public/unknown.tsx"),
] satisfies RouteConfig;
