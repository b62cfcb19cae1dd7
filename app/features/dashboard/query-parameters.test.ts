import { describe, expect, it } from "vitest";
import { listQueryParameters, withNewParameter } from "./query-parameters";

const searchOf = (url: string) => new URL(url, "http://localhost").searchParams;

describe("listQueryParameters", () => {
  it("lists the parameters in order, keeping repeated keys", () => {
    expect(listQueryParameters(searchOf("/dashboard/params?tag=a&page=2&tag=b"))).toEqual([
      { key: "tag", value: "a" },
      { key: "page", value: "2" },
      { key: "tag", value: "b" },
    ]);
  });

  it("decodes percent-encoding and plus signs, and keeps empty values and markup as text", () => {
    expect(
      listQueryParameters(searchOf("/dashboard/params?q=a+b%26c&empty=&html=%3Cb%3Ex%3C%2Fb%3E&flag")),
    ).toEqual([
      { key: "q", value: "a b&c" },
      { key: "empty", value: "" },
      { key: "html", value: "<b>x</b>" },
      { key: "flag", value: "" },
    ]);
  });

  it("gives nothing without a query", () => {
    expect(listQueryParameters(searchOf("/dashboard/params"))).toEqual([]);
    expect(listQueryParameters(searchOf("/dashboard/params?"))).toEqual([]);
  });
});

describe("withNewParameter", () => {
  it("is null when the add form was not submitted", () => {
    expect(withNewParameter(searchOf("?tag=a&tag=b"))).toBeNull();
    expect(withNewParameter(searchOf(""))).toBeNull();
  });

  it("appends the new parameter after the others, keeping repeated keys", () => {
    const next = withNewParameter(searchOf("?tag=a&newParamKey=tag&newParamValue=b+c&page=2"));
    expect(next?.toString()).toBe("tag=a&page=2&tag=b+c");
  });

  it("trims the key, keeps the value as typed, and allows an empty value", () => {
    expect(withNewParameter(searchOf("?newParamKey=%20sort%20&newParamValue=%20asc"))?.toString()).toBe(
      "sort=+asc",
    );
    expect(withNewParameter(searchOf("?newParamKey=flag&newParamValue="))?.toString()).toBe("flag=");
  });

  it("drops the form's fields and adds nothing when the key is blank", () => {
    expect(withNewParameter(searchOf("?tag=a&newParamKey=+&newParamValue=x"))?.toString()).toBe("tag=a");
    expect(withNewParameter(searchOf("?newParamValue=x"))?.toString()).toBe("");
  });
});
