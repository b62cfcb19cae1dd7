import type { NavItem } from "~/lib/navigation/nav";

/**
 * The public site's navigation (spec §2 Header and public navigation). Titles are keys of the
 * `navbar` namespace. The template's shop and blog demo pages (Shop, Product, Checkout, Posts,
 * Post) join the Products group when those pages are built.
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
    path: "/pricing",
    icon: "package",
    children: [
      { title: "payment", path: "/payment" },
      { title: "dashboard", path: "/dashboard", card: true },
    ],
  },
  { title: "pricing", path: "/pricing", icon: "tag" },
  { title: "docs", path: "/faqs", icon: "book" },
];
