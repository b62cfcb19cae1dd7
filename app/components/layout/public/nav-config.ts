import type { NavItem } from "~/lib/navigation/nav";

/**
 * The public site's navigation (spec §2 Header and public navigation). Titles are keys of the
 * `navbar` namespace. The Products group lists the parts of the product that exist (cases,
 * proposals, payment, the dashboard); the template's shop and blog demo pages (Shop, Product,
 * Checkout, Posts, Post) join it when those pages are built. Every path leads to a page of its
 * own, so exactly one top-level item is active on any page (see `activeBranch`).
 */
export const PUBLIC_NAV: NavItem[] = [
  { title: "home", path: "/", icon: "home" },
  {
    title: "company",
    path: "/about-us",
    icon: "building",
    children: [
      { title: "aboutUs", path: "/about-us" },
      { title: "contactUs", path: "/contact-us" },
      { title: "faqs", path: "/faqs" },
      { title: "privacyPolicy", path: "/privacy-policy" },
    ],
  },
  {
    title: "products",
    path: "/payment",
    icon: "package",
    children: [
      { title: "cases", path: "/dashboard/case" },
      { title: "proposals", path: "/dashboard/case/proposal" },
      { title: "payment", path: "/payment" },
      { title: "dashboard", path: "/dashboard", card: true },
    ],
  },
  { title: "pricing", path: "/pricing", icon: "tag" },
  { title: "docs", path: "/faqs", icon: "book" },
];

/** Where the header's and the drawer's account buttons lead. */
export const SIGN_IN_PATH = "/auth/supabase/sign-in";
export const SIGN_UP_PATH = "/auth/supabase/sign-up";
export const DASHBOARD_PATH = "/dashboard";
