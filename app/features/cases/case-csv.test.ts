import { describe, expect, it } from "vitest";
import { FSI, isolate, PDI } from "~/lib/i18n/bidi";
import { CSV_BOM, csvField, toCsv } from "./case-csv";

describe("csvField", () => {
  it("leaves plain text and numbers alone", () => {
    expect(csvField("Open")).toBe("Open");
    expect(csvField(42)).toBe("42");
    expect(csvField(-3)).toBe("-3");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
  });

  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("Smith, John")).toBe('"Smith, John"');
    expect(csvField('The "big" case')).toBe('"The ""big"" case"');
    expect(csvField("line one\nline two")).toBe('"line one\nline two"');
    expect(csvField("a\r\nb")).toBe('"a\r\nb"');
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1 555")).toBe("'+1 555");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tcmd")).toBe("'\tcmd");
    expect(csvField("a=b")).toBe("a=b");
  });

  it("keeps non-Latin text as it is", () => {
    expect(csvField("قضية")).toBe("قضية");
    expect(csvField("案件, 上海")).toBe('"案件, 上海"');
  });
});

describe("csvField and bidi isolates", () => {
  it("removes the isolates of formatted values, then neutralises what they hid", () => {
    expect(csvField(isolate("$1,000 – $5,000", "ltr"))).toBe('"$1,000 – $5,000"');
    expect(csvField(`${FSI}=1+1${PDI}`)).toBe("'=1+1");
  });
});

describe("toCsv", () => {
  it("writes a BOM, a header and CRLF-separated rows", () => {
    expect(
      toCsv(
        ["Reference", "Title"],
        [
          ["CASE-2026-0001", "Lease, dispute"],
          ["CASE-2026-0002", null],
        ],
      ),
    ).toBe(`${CSV_BOM}Reference,Title\r\nCASE-2026-0001,"Lease, dispute"\r\nCASE-2026-0002,\r\n`);
  });
});
