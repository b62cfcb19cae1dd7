import { describe, expect, it } from "vitest";
import { ABILITY_NAMES, ACCESS_LEVELS, can, levelsManagedBy } from "~/lib/access";
import { accessMatrix } from "./access-matrix";

describe("the matrix of what each level may do", () => {
  it("has one row per ability of the model and one cell per level, read from can()", () => {
    const matrix = accessMatrix();
    expect(matrix.map((row) => row.ability)).toEqual(ABILITY_NAMES);
    for (const row of matrix) {
      expect(Object.keys(row.allowed)).toEqual([...ACCESS_LEVELS]);
      for (const level of ACCESS_LEVELS) expect(row.allowed[level]).toBe(can(level, row.ability));
    }
  });

  it("shows the permission page to admins and super users only", () => {
    const row = accessMatrix().find((entry) => entry.ability === "seesPermissionPage");
    expect(row?.allowed).toEqual({
      user: false,
      lawyer: false,
      lawyer_admin: false,
      admin: true,
      super_user: true,
    });
  });
});

describe("who gives which level (the database's may_manage_level)", () => {
  it("lets a super user give every level, an admin the levels below admin, others none", () => {
    expect(levelsManagedBy("super_user")).toEqual([...ACCESS_LEVELS]);
    expect(levelsManagedBy("admin")).toEqual(["user", "lawyer", "lawyer_admin"]);
    for (const level of ["user", "lawyer", "lawyer_admin", null] as const)
      expect(levelsManagedBy(level)).toEqual([]);
  });
});
