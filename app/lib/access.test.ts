import { describe, expect, it } from "vitest";
import { ACCESS_LEVELS, accessLevelOf, can, levelsThat, levelsWithout, requireAbility } from "./access";

describe("the access-level model (spec §6, domain: Access levels)", () => {
  it("gives each ability to exactly the levels the domain names", () => {
    expect(levelsThat("opensCases")).toEqual(["user"]);
    expect(levelsThat("proposes")).toEqual(["lawyer", "lawyer_admin"]);
    expect(levelsThat("managesFirm")).toEqual(["lawyer_admin"]);
    expect(levelsThat("runsPipeline")).toEqual(["lawyer", "lawyer_admin", "admin", "super_user"]);
    expect(levelsThat("seesLawyerProfiles")).toEqual(["lawyer", "lawyer_admin", "admin", "super_user"]);
    expect(levelsThat("managesProfiles")).toEqual(["lawyer_admin", "admin", "super_user"]);
    expect(levelsThat("seesPermissionPage")).toEqual(["admin", "super_user"]);
    expect(levelsThat("seesTemplatePages")).toEqual(["admin", "super_user"]);
    expect(levelsThat("managesTasks")).toEqual(["lawyer", "lawyer_admin", "admin", "super_user"]);
    expect(levelsThat("isAdmin")).toEqual(["admin", "super_user"]);
  });

  it("splits the levels in two by an ability", () => {
    for (const ability of ["opensCases", "isAdmin", "proposes"] as const) {
      expect([...levelsThat(ability), ...levelsWithout(ability)].toSorted()).toEqual(
        [...ACCESS_LEVELS].toSorted(),
      );
    }
    expect(levelsWithout("isAdmin")).toEqual(["user", "lawyer", "lawyer_admin"]);
  });

  it("gives no ability without a level", () => {
    expect(can(null, "opensCases")).toBe(false);
    expect(can(undefined, "isAdmin")).toBe(false);
  });

  it("reads a stored level, and anything else as a client's", () => {
    expect(accessLevelOf("lawyer_admin")).toBe("lawyer_admin");
    for (const value of [null, undefined, "", "root", "ADMIN", 3]) expect(accessLevelOf(value)).toBe("user");
  });

  it("guards a route with 403 for the levels without the ability", () => {
    expect(() => requireAbility({ accessLevel: "admin" }, "seesTemplatePages")).not.toThrow();
    let thrown: unknown = null;
    try {
      requireAbility({ accessLevel: "lawyer" }, "seesTemplatePages");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ init: { status: 403 } });
  });
});
