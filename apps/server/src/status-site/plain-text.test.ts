import { describe, expect, it } from "vitest";
import { plainTextHtml, safeHref } from "./plain-text.ts";

describe("an account's plain text on the public page", () => {
  it("escapes markup so it shows as written", () => {
    expect(plainTextHtml('<img src=x onerror="alert(1)">')).toBe(
      "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>",
    );
  });

  it("keeps paragraphs and line breaks", () => {
    expect(plainTextHtml("one\ntwo\r\n\r\nthree")).toBe("<p>one<br>two</p><p>three</p>");
  });

  it("links web addresses without the sentence's closing punctuation", () => {
    expect(plainTextHtml("Read https://acme.test/notes.")).toBe(
      '<p>Read <a href="https://acme.test/notes" rel="nofollow ugc noopener">https://acme.test/notes</a>.</p>',
    );
  });

  it("links nothing but http and https addresses", () => {
    expect(plainTextHtml("javascript:alert(1) and ftp://x.test")).not.toContain("<a ");
    expect(safeHref("javascript:alert(1)")).toBeUndefined();
    expect(safeHref("https://acme.test/?a=1&b=2")).toBe("https://acme.test/?a=1&amp;b=2");
  });
});
