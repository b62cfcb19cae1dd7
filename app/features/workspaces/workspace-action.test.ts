import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/api/workspace";
import { WORKSPACES } from "./workspaces";

type ActionArgs = Parameters<typeof action>[0];

function post(fields: Record<string, string>) {
  const request = new Request("http://localhost/api/workspace", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
  return action({ request, params: {}, context: {} } as unknown as ActionArgs);
}

/** The Response a route function returned or threw (redirects are thrown). */
async function outcome(
  run: () => Promise<unknown>,
): Promise<{ status: number; headers: Headers; body: unknown }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, headers: result.headers, body: null };
  const { data, init } = result as { data: unknown; init?: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
}

const chosen = WORKSPACES[1].id;

describe("POST /api/workspace", () => {
  it("without JavaScript: sets the cookie and goes back to returnTo", async () => {
    const result = await outcome(() => post({ workspace: chosen, returnTo: "/dashboard/blank?tab=2" }));
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard/blank?tab=2");
    expect(result.headers.get("Set-Cookie")).toMatch(new RegExp(`^workspace=${chosen};.*Path=/`));
  });

  it("from a script (no returnTo): sets the cookie and answers JSON", async () => {
    const result = await outcome(() => post({ workspace: chosen }));
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ workspace: chosen });
    expect(result.headers.get("Set-Cookie")).toContain(`workspace=${chosen}`);
  });

  it("refuses a returnTo that leaves the site", async () => {
    const result = await outcome(() => post({ workspace: chosen, returnTo: "//evil.example/x" }));
    expect(result.headers.get("Location")).toBe("/dashboard");
  });

  it("changes nothing for an unknown workspace", async () => {
    const back = await outcome(() => post({ workspace: "someone-elses-team", returnTo: "/dashboard" }));
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/dashboard");
    expect(back.headers.get("Set-Cookie")).toBeNull();

    const json = await outcome(() => post({ workspace: "someone-elses-team" }));
    expect(json.status).toBe(400);
    expect(json.headers.get("Set-Cookie")).toBeNull();

    const missing = await outcome(() => post({}));
    expect(missing.status).toBe(400);
  });

  it("sends a GET to the dashboard", async () => {
    const result = await outcome(async () => loader());
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/dashboard");
  });
});
