import { describe, expect, it } from "vitest";
import { DEFAULT_CASE_QUERY, parseCaseQuery } from "./case-query";
import {
  CASE_TABLE_COLUMNS,
  caseTableSearch,
  DEFAULT_CASE_TABLE_VIEW,
  parseCaseTableView,
} from "./case-table-view";

const parse = (text: string) => parseCaseTableView(new URLSearchParams(text));

describe("parseCaseTableView", () => {
  it("shows every column at standard density by default", () => {
    expect(parse("")).toEqual(DEFAULT_CASE_TABLE_VIEW);
  });

  it("shows the listed columns in the table's order, the reference always", () => {
    expect(parse("cols=status&cols=title&cols=nope").columns).toEqual(["reference", "title", "status"]);
    expect(parse("cols=reference").columns).toEqual(["reference"]);
    expect(parse("cols=budget,client").columns).toEqual(["reference", "budget", "client"]);
  });

  it("reads the density and drops one it does not know", () => {
    expect(parse("density=compact").density).toBe("compact");
    expect(parse("density=huge").density).toBe("standard");
  });
});

describe("caseTableSearch", () => {
  it("is empty for the default table", () => {
    expect(caseTableSearch(DEFAULT_CASE_QUERY, DEFAULT_CASE_TABLE_VIEW)).toBe("");
  });

  it("keeps the query and the view, and round-trips", () => {
    const params = "status=open&sort=title&dir=asc&page=2&cols=reference&cols=title&density=comfortable";
    const query = parseCaseQuery(new URLSearchParams(params));
    const view = parse(params);
    const search = caseTableSearch(query, view, { page: 1 });
    expect(search).toBe("?status=open&sort=title&dir=asc&cols=reference&cols=title&density=comfortable");
    const back = new URLSearchParams(search);
    expect(parseCaseQuery(back)).toEqual({ ...query, page: 1 });
    expect(parseCaseTableView(back)).toEqual(view);
  });

  it("leaves out the columns when all are shown", () => {
    const view = { columns: [...CASE_TABLE_COLUMNS], density: "compact" as const };
    expect(caseTableSearch(DEFAULT_CASE_QUERY, view)).toBe("?density=compact");
  });
});
