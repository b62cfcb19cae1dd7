import { describe, expect, it } from "vitest";
import { getWorkspaceId } from "./workspace.server";
import { DEFAULT_WORKSPACE_ID, findWorkspace, WORKSPACES, workspaceIdOrDefault } from "./workspaces";

const withCookie = (cookie?: string) =>
  new Request("http://localhost/dashboard", cookie ? { headers: { Cookie: cookie } } : {});

describe("sample workspaces", () => {
  it("are three teams with distinct ids, on Free or Pro plans", () => {
    expect(WORKSPACES).toHaveLength(3);
    expect(new Set(WORKSPACES.map((w) => w.id)).size).toBe(3);
    for (const workspace of WORKSPACES) expect(["free", "pro"]).toContain(workspace.plan);
    expect(new Set(WORKSPACES.map((w) => w.plan))).toEqual(new Set(["free", "pro"]));
  });

  it("default to the first team", () => {
    expect(DEFAULT_WORKSPACE_ID).toBe(WORKSPACES[0].id);
  });
});

describe("findWorkspace and workspaceIdOrDefault", () => {
  it("accept exactly the known ids", () => {
    for (const workspace of WORKSPACES) {
      expect(findWorkspace(workspace.id)).toBe(workspace);
      expect(workspaceIdOrDefault(workspace.id)).toBe(workspace.id);
    }
  });

  it.each([undefined, null, "", "unknown", " brightline-legal", "BRIGHTLINE-LEGAL", 42, {}])(
    "refuse %j",
    (value) => {
      expect(findWorkspace(value)).toBeUndefined();
      expect(workspaceIdOrDefault(value)).toBe(DEFAULT_WORKSPACE_ID);
    },
  );
});

describe("getWorkspaceId", () => {
  const chosen = WORKSPACES[2].id;

  it("reads a valid workspace cookie", () => {
    expect(getWorkspaceId(withCookie(`i18next=fr; workspace=${chosen}; other=1`))).toBe(chosen);
  });

  it("falls back to the first team without a cookie, or with an unknown or garbled one", () => {
    expect(getWorkspaceId(withCookie())).toBe(DEFAULT_WORKSPACE_ID);
    expect(getWorkspaceId(withCookie("workspace=someone-elses-team"))).toBe(DEFAULT_WORKSPACE_ID);
    expect(getWorkspaceId(withCookie("workspace=%E0%A4%A"))).toBe(DEFAULT_WORKSPACE_ID);
  });
});
