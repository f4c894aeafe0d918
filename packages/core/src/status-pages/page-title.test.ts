import { describe, expect, it } from "vitest";
import { statusPageTitle } from "./page-title.ts";

describe("a status page's title", () => {
  it("adds the word status after a page's name", () => {
    expect(statusPageTitle("Acme")).toBe("Acme status");
    expect(statusPageTitle("Feed & Co")).toBe("Feed & Co status");
  });

  it("does not add the word again when the name already ends with it, whatever its case", () => {
    expect(statusPageTitle("Acme status")).toBe("Acme status");
    expect(statusPageTitle("Acme Status")).toBe("Acme Status");
    expect(statusPageTitle("Status")).toBe("Status");
  });

  it("adds the word when the name only ends with letters that spell it inside another word", () => {
    expect(statusPageTitle("Acme Bestatus")).toBe("Acme Bestatus status");
    expect(statusPageTitle("Acme status board")).toBe("Acme status board status");
  });
});
