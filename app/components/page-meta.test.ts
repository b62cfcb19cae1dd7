import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { pageMeta } from "./page-meta";

/** A route error response as React Router hands it to meta (what `throw data(null, { status })` becomes). */
const thrown = (status: number) => new ErrorResponse(status, "", null);

const root = {
  id: "root",
  loaderData: {
    title: "MyLawyer",
    errorTitles: { "403": "No permission", "404": "Not found", "500": "Error" },
  },
};

describe("pageMeta", () => {
  it("uses the page's own title", () => {
    expect(pageMeta({ loaderData: { title: "Case CASE-1" }, matches: [root] })).toEqual([
      { title: "Case CASE-1" },
    ]);
  });

  it("titles a failed page after its error, never undefined", () => {
    expect(pageMeta({ loaderData: undefined, error: thrown(404), matches: [root] })).toEqual([
      { title: "Not found" },
    ]);
    expect(pageMeta({ loaderData: undefined, error: thrown(403), matches: [root] })).toEqual([
      { title: "No permission" },
    ]);
    expect(pageMeta({ loaderData: undefined, error: new Error("boom"), matches: [root] })).toEqual([
      { title: "Error" },
    ]);
    expect(pageMeta({ loaderData: undefined, error: thrown(418), matches: [root] })).toEqual([
      { title: "Error" },
    ]);
  });

  it("falls back to the app's name without loader data", () => {
    expect(pageMeta({ loaderData: undefined, matches: [root] })).toEqual([{ title: "MyLawyer" }]);
    expect(pageMeta({ loaderData: undefined, error: new Error("x"), matches: [] })).toEqual([
      { title: "MyLawyer" },
    ]);
  });
});
