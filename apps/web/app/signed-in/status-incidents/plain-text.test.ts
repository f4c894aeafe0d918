import { describe, expect, it } from "vitest";
import { linkPieces, paragraphsOf } from "./plain-text.ts";

describe("showing an incident message as visitors will read it", () => {
  it("keeps paragraphs apart and line breaks within them", () => {
    expect(paragraphsOf("First line\nsecond line\n\n\nNext paragraph\r\n")).toEqual([
      ["First line", "second line"],
      ["Next paragraph"],
    ]);
  });

  it("turns web addresses into links without the sentence's closing punctuation", () => {
    expect(linkPieces("See https://example.com/status. Or (http://a.example/x).")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", href: "https://example.com/status" },
      { kind: "text", text: ". Or (" },
      { kind: "link", href: "http://a.example/x" },
      { kind: "text", text: ")." },
    ]);
  });

  it("leaves other schemes and markup as words", () => {
    expect(linkPieces("javascript:alert(1) <b>x</b>")).toEqual([
      { kind: "text", text: "javascript:alert(1) <b>x</b>" },
    ]);
  });
});
