import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

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
  route("api/settings", "routes/api/settings.ts"),
  route("api/language", "routes/api/language.ts"),
  route("*", "routes/public/unknown.tsx"),
] satisfies RouteConfig;
