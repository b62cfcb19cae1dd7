import { describe, expect, it } from "vitest";
import { pageUrl } from "./page-url";

const of = (url: string) => {
  const page = pageUrl(new Request(url));
  return `${page.pathname}${page.search}`;
};

describe("pageUrl", () => {
  it("keeps a document request as it is", () => {
    expect(of("http://x/dashboard/case/list?x=1")).toBe("/dashboard/case/list?x=1");
  });
  it("maps React Router's data requests to their page", () => {
    expect(of("http://x/dashboard.data?_routes=root%2Cdashboard")).toBe("/dashboard");
    expect(of("http://x/auth/supabase/sign-up.data")).toBe("/auth/supabase/sign-up");
    expect(of("http://x/_root.data?x=1&_routes=root")).toBe("/?x=1");
  });
});
