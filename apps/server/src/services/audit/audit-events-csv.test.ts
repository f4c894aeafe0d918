import { expect, it } from "vitest";
import { csvLine } from "./audit-events-csv.ts";

it("defuses every cell a spreadsheet would run as a formula", () => {
  expect(csvLine(["=SUM(A1)", "+1", "-2", "@cmd", "plain"])).toBe(
    "'=SUM(A1),'+1,'-2,'@cmd,plain\r\n",
  );
});

it("quotes cells holding commas, quotes or line breaks", () => {
  expect(csvLine(['say "hi"', "a,b", "two\nlines"])).toBe('"say ""hi""","a,b","two\nlines"\r\n');
});
