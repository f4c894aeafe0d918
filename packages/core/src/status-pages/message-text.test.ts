import { describe, expect, it } from "vitest";
import { messageParagraphs } from "./message-text.ts";

describe("reading an account's message for the status page", () => {
  it("keeps paragraphs apart and line breaks within them", () => {
    expect(messageParagraphs("First line\nsecond line\n\n\nNext paragraph\r\n")).toEqual([
      [
        { kind: "text", text: "First line" },
        { kind: "break" },
        { kind: "text", text: "second line" },
      ],
      [{ kind: "text", text: "Next paragraph" }],
    ]);
  });

  it("links web addresses without the sentence's closing punctuation", () => {
    expect(messageParagraphs("See https://example.com/status. Or (http://a.example/x).")).toEqual([
      [
        { kind: "text", text: "See " },
        { kind: "link", href: "https://example.com/status" },
        { kind: "text", text: ". Or (" },
        { kind: "link", href: "http://a.example/x" },
        { kind: "text", text: ")." },
      ],
    ]);
  });

  it("stops an address at quotes and angle brackets", () => {
    expect(messageParagraphs(`"https://acme.test/a"<b>`)).toEqual([
      [
        { kind: "text", text: '"' },
        { kind: "link", href: "https://acme.test/a" },
        { kind: "text", text: '"<b>' },
      ],
    ]);
  });

  it("links nothing but http and https addresses", () => {
    expect(messageParagraphs("javascript:alert(1) ftp://x.test data:text/html,x https://")).toEqual(
      [[{ kind: "text", text: "javascript:alert(1) ftp://x.test data:text/html,x https://" }]],
    );
  });
});
